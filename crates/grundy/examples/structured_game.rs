//! A structured game — positions of any hashable type — solved by the generic solver.
//!
//! The game: Cram on a small board. A move covers two empty, adjacent cells with a domino;
//! who cannot move loses. A position is the set of covered cells (a bitmask). Known facts the
//! example checks: on an even × even board the second player wins (answer every move by its
//! point reflection); on an even × odd board the first player wins (cover the two central
//! cells, then reflect).
//!
//! Run: `cargo run --release -p grundy --example structured_game`

use grundy::{GameError, ImpartialGame, Solver};

/// An empty `rows × cols` Cram board (at most 64 cells).
struct Cram {
    rows: u32,
    cols: u32,
}

impl ImpartialGame for Cram {
    /// Covered cells, bit `r * cols + c`.
    type Position = u64;

    fn options(&self, &covered: &u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let free = |cell: u32| covered & (1 << cell) == 0;
        for r in 0..self.rows {
            for c in 0..self.cols {
                let cell = r * self.cols + c;
                let right = (c + 1 < self.cols).then_some(cell + 1);
                let below = (r + 1 < self.rows).then_some(cell + self.cols);
                for other in [right, below].into_iter().flatten() {
                    if free(cell) && free(other) {
                        // One option, a single position (no split into a sum).
                        out.push(vec![covered | 1 << cell | 1 << other]);
                    }
                }
            }
        }
        out
    }
}

fn main() -> Result<(), GameError> {
    for (rows, cols) in [(2, 2), (3, 4), (4, 4), (3, 5)] {
        let game = Cram { rows, cols };
        let mut solver = Solver::new(&game);
        let value = solver.grundy(&0)?;
        let moves = solver.winning_moves(&[0])?;
        println!(
            "Cram {rows}×{cols}: G = {value}, {} winning first moves ({} positions solved)",
            moves.len(),
            solver.solved()
        );
        let even_by_even = rows % 2 == 0 && cols % 2 == 0;
        let even_by_odd = (rows * cols) % 2 == 0 && !even_by_even;
        assert_eq!(value.is_zero(), even_by_even, "{rows}×{cols}");
        if even_by_odd {
            assert!(!moves.is_empty());
        }
    }
    // A sum of boards: the nim-sum of their values decides it.
    let small = Cram { rows: 2, cols: 3 };
    let mut solver = Solver::new(&small);
    let total = solver.sum_value(&[0, 0])?;
    assert!(total.is_zero(), "two equal games cancel");
    println!("2×3 + 2×3: G = {total}, the second player wins");
    Ok(())
}
