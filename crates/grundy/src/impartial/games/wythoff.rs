//! Wythoff's game: a queen at `a,b` moves left, down, or diagonally down-left (take from one
//! heap, or the same number from both); whoever cannot move loses.
//!
//! - **One queen**: the P-positions are `(⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k)` and their mirrors
//!   (Wythoff 1907). We compute `⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2` in exact integer arithmetic (no
//!   floating point: `√(5k²)` is irrational for `k > 0`, so flooring it first changes nothing),
//!   which answers outcome and every winning move for coordinates up to 2^62. Every positive
//!   integer lies in exactly one P-position (Beatty), so a queen has at most three winning moves:
//!   to the P-position sharing its row, its column, or its diagonal. Misère play (one queen)
//!   swaps `(0,0), (1,2), (2,1)` for `(0,1), (1,0), (2,2)` and keeps every other P-position.
//! - **Sums of queens** need Grundy values, which have no closed form: a table by the
//!   definition, each cell the mex of its row, column and diagonal (kept as value bitsets, so
//!   a side-`L` table costs `O(L³/64)`), for coordinates below [`MAX_TABLE_SIDE`].

use crate::error::GameError;
use crate::impartial::family::{ComponentReport, Play};
use crate::impartial::games::cells::{format_cell, Cell, Square, CELLS_TO_GIVE};
use crate::impartial::ruleset::{
    options_worth, solve_with, GameValue, Misere, Reply, Ruleset, Solved, Winner,
};
use crate::impartial::ImpartialGame;
use crate::numeric::integer::isqrt;
use crate::numeric::Nimber;
use std::sync::RwLock;

/// Largest coordinate of the exact rule (so that `5k²` fits in 128 bits).
pub const MAX_EXACT: u64 = 1 << 62;

/// Grundy tables cover coordinates below this (a 2048² table takes about 0.2 s and 16 MiB).
pub const MAX_TABLE_SIDE: u64 = 2048;

/// `⌊kφ⌋`, exactly.
pub fn floor_phi(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// Whether `(a, b)` is a normal-play P-position.
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (low, high) = (a.min(b), a.max(b));
    floor_phi(high - low) == low
}

/// Whether `(a, b)` is a misère P-position.
pub fn is_misere_p_position(a: u64, b: u64) -> bool {
    if a.max(b) <= 2 {
        matches!((a, b), (0, 1) | (1, 0) | (2, 2))
    } else {
        is_p_position(a, b)
    }
}

/// The other coordinate of the P-position containing `c` (0 for 0).
pub fn partner(c: u64) -> u64 {
    if c == 0 {
        return 0;
    }
    // c = a_k for k ≈ c/φ, or c = a_k + k for k ≈ c/φ²; the estimates are off by at most one.
    let c128 = c as u128;
    let root = isqrt(5 * c128 * c128);
    let near_a = ((root - c128) / 2) as u64; // ⌊c/φ⌋
    let near_b = c - near_a; // ≈ c/φ²
    for k in near_a.saturating_sub(1)..=near_a + 1 {
        if floor_phi(k) == c {
            return c + k;
        }
    }
    for k in near_b.saturating_sub(1)..=near_b + 1 {
        if floor_phi(k) + k == c {
            return c - k;
        }
    }
    unreachable!("every positive integer is ⌊kφ⌋ or ⌊kφ²⌋ for some k (Beatty)")
}

/// Wythoff's game by its definition, for the generic solver: the judge of every fast path
/// here (one queen's P-positions, the Grundy table).
pub struct Queen;

impl ImpartialGame for Queen {
    type Position = Cell;

    fn options(&self, &(a, b): &Cell) -> Vec<Vec<Cell>> {
        options(a, b).into_iter().map(|c| vec![c]).collect()
    }
}

/// Whether `to` is an option of `from`.
fn is_option(from: Cell, to: Cell) -> bool {
    let ((a, b), (x, y)) = (from, to);
    (x == a && y < b) || (y == b && x < a) || (x < a && a - x == b.wrapping_sub(y))
}

/// Every option of `(a, b)`: left, down, diagonal (nearest first).
fn options(a: u64, b: u64) -> Vec<Cell> {
    let mut out: Vec<Cell> = (0..a).rev().map(|x| (x, b)).collect();
    out.extend((0..b).rev().map(|y| (a, y)));
    out.extend((1..=a.min(b)).map(|d| (a - d, b - d)));
    out
}

/// Every move of one queen to a P-position of the given convention.
pub fn winning_moves_of_one(a: u64, b: u64, play: Play) -> Vec<Cell> {
    let mut candidates = vec![(partner(b), b), (a, partner(a))];
    let (low, high) = (a.min(b), a.max(b));
    let k = high - low;
    let (x, y) = (floor_phi(k), floor_phi(k) + k);
    candidates.push(if a <= b { (x, y) } else { (y, x) });
    if play == Play::Misere {
        candidates.extend([(0, 1), (1, 0), (2, 2)]);
    }
    let is_p = |(x, y): Cell| match play {
        Play::Normal => is_p_position(x, y),
        Play::Misere => is_misere_p_position(x, y),
    };
    let mut moves: Vec<Cell> = candidates
        .into_iter()
        .filter(|&c| is_option((a, b), c) && is_p(c))
        .collect();
    moves.sort_unstable();
    moves.dedup();
    moves
}

/// Grundy values of the cells `0..side × 0..side`, row-major, by the definition.
pub fn grundy_table(side: u64) -> Result<Vec<u32>, GameError> {
    let l = side as usize;
    // Values are at most a + b < 2·side.
    let words = (2 * l).div_ceil(64).max(1);
    crate::limits::check_memory(
        &format!("a Wythoff table of side {side}"),
        (l * l * 4 + 4 * l * words * 8) as u128,
    )?;
    let mut values = vec![0u32; l * l];
    let mut rows = vec![0u64; l * words];
    let mut cols = vec![0u64; l * words];
    let mut diags = vec![0u64; 2 * l * words]; // indexed by b − a + l
    for a in 0..l {
        for b in 0..l {
            let (r, c, d) = (a * words, b * words, (b + l - a) * words);
            let mut mex = 0;
            for w in 0..words {
                let present = rows[r + w] | cols[c + w] | diags[d + w];
                if present != u64::MAX {
                    mex = w * 64 + present.trailing_ones() as usize;
                    break;
                }
            }
            values[a * l + b] = mex as u32;
            let (word, bit) = (mex / 64, 1u64 << (mex % 64));
            rows[r + word] |= bit;
            cols[c + word] |= bit;
            diags[d + word] |= bit;
        }
    }
    Ok(values)
}

/// `wythoff`: the family, with a Grundy table grown on demand for sums.
#[derive(Default)]
pub struct Wythoff {
    /// `(side, values)` of the largest table built so far.
    table: RwLock<(u64, Vec<u32>)>,
}

impl Wythoff {
    /// The family, with no table yet (the first sum grows one).
    pub fn new() -> Wythoff {
        Wythoff::default()
    }

    fn check_exact(cell: Cell) -> Result<(), GameError> {
        if cell.0 > MAX_EXACT || cell.1 > MAX_EXACT {
            return Err(GameError::bad_position(
                &format_cell(cell),
                "Wythoff coordinates are limited to 2^62 = 4611686018427387904",
            ));
        }
        Ok(())
    }

    /// Refuses a cell at or beyond [`MAX_TABLE_SIDE`], where neither the table nor a list of
    /// the cell's options (`a + b + min(a, b)` of them) is built.
    fn check_table_side((a, b): Cell) -> Result<(), GameError> {
        if a.max(b) + 1 > MAX_TABLE_SIDE {
            return Err(GameError::TooLarge(format!(
                "the Grundy value of Wythoff position {a},{b} needs a table beyond coordinate {}; Grundy values (needed for sums) are tabulated below {MAX_TABLE_SIDE} (one queen is solved exactly at any size, and a queen on an edge, x,0 or 0,y, has the value x or y)",
                MAX_TABLE_SIDE - 1
            )));
        }
        Ok(())
    }

    /// `G(a, b)`: on an edge `max(a, b)` at any size (a queen there moves along the edge only,
    /// so it is a Nim heap); elsewhere from the table, refusing coordinates at or above
    /// [`MAX_TABLE_SIDE`].
    pub fn grundy(&self, (a, b): Cell) -> Result<Nimber, GameError> {
        if a.min(b) == 0 {
            return Ok(Nimber(a.max(b)));
        }
        Wythoff::check_table_side((a, b))?;
        let need = a.max(b) + 1;
        {
            let table = self.table.read().unwrap_or_else(|e| e.into_inner());
            if table.0 >= need {
                return Ok(Nimber(table.1[(a * table.0 + b) as usize] as u64));
            }
        }
        let side = need.next_power_of_two().clamp(64, MAX_TABLE_SIDE);
        let values = grundy_table(side)?;
        let value = values[(a * side + b) as usize];
        *self.table.write().unwrap_or_else(|e| e.into_inner()) = (side, values);
        Ok(Nimber(value as u64))
    }

    /// One queen, exactly at any size: the P-positions of `play` and the moves onto them.
    fn solve_one(&self, (a, b): Cell, play: Play) -> Solved<Square> {
        let is_p = match play {
            Play::Normal => is_p_position(a, b),
            Play::Misere => is_misere_p_position(a, b),
        };
        let grundy = match play {
            Play::Misere => None,
            Play::Normal if is_p => Some(0),
            Play::Normal => self.grundy((a, b)).ok().map(|v| v.0),
        };
        Solved {
            winner: if is_p { Winner::Second } else { Winner::First },
            grundy,
            winning_moves: winning_moves_of_one(a, b, play)
                .into_iter()
                .map(|c| Reply {
                    component: 0,
                    to: vec![Square(c)],
                })
                .collect(),
            components: vec![ComponentReport {
                position: format_cell((a, b)),
                grundy,
            }],
            method: format!(
                "exact {}P-positions (⌊kφ⌋, ⌊kφ²⌋) in integer arithmetic{}",
                if play == Play::Misere { "misère " } else { "" },
                match (play, grundy) {
                    (Play::Normal, None) => "; the Grundy value is tabulated only below 2048",
                    (Play::Normal, Some(_)) if a.min(b) == 0 && !is_p => {
                        "; on an edge the queen moves along it only, so its Grundy value is its distance to the corner"
                    }
                    _ => "",
                }
            ),
            moves_omitted: None,
            one_winning_move: None,
        }
    }
}

impl Ruleset for Wythoff {
    type Position = Square;

    fn spec(&self) -> String {
        "wythoff".to_string()
    }

    fn what_to_give(&self) -> &'static str {
        CELLS_TO_GIVE
    }

    fn check(&self, queen: &Square) -> Result<(), GameError> {
        Wythoff::check_exact(queen.0)
    }

    /// 0 at a P-position at any size; otherwise from the table.
    fn value(&self, &Square((a, b)): &Square) -> Result<GameValue, GameError> {
        if is_p_position(a, b) {
            return Ok(GameValue::Finite(Nimber::ZERO));
        }
        Ok(GameValue::Finite(self.grundy((a, b))?))
    }

    /// Left, down, diagonal (nearest first); within the table, which bounds the list too (a
    /// queen at a,b has a + b + min(a, b) options).
    fn options(&self, &Square((a, b)): &Square) -> Result<Vec<Vec<Square>>, GameError> {
        Wythoff::check_table_side((a, b))?;
        Ok(options(a, b).into_iter().map(|c| vec![Square(c)]).collect())
    }

    fn has_moves(&self, queen: &Square) -> Result<bool, GameError> {
        Ok(queen.0 != (0, 0))
    }

    /// Checked directly, at any size.
    fn is_option(&self, from: &Square, to: &[Square]) -> Result<bool, GameError> {
        Ok(matches!(to, [to] if is_option(from.0, to.0)))
    }

    fn method(&self) -> String {
        "Grundy values by table (mex of row, column and diagonal)".into()
    }

    /// One queen exactly; a sum by values, where a queen on an edge at `x` (a Nim heap) has
    /// one move to each smaller value, along the edge, at any size.
    fn solve(&self, sum: &[Square]) -> Result<Solved<Square>, GameError> {
        match sum {
            [one] => Ok(self.solve_one(one.0, Play::Normal)),
            _ => solve_with(self, sum, |&Square((a, b)), target| {
                if a.min(b) > 0 {
                    return options_worth(self, &Square((a, b)), target);
                }
                let along_edge = |t: u64| if a == 0 { (0, t) } else { (t, 0) };
                Ok(if target.0 < a.max(b) {
                    vec![vec![Square(along_edge(target.0))]]
                } else {
                    Vec::new()
                })
            }),
        }
    }

    fn outcome(&self, sum: &[Square]) -> Result<Winner, GameError> {
        match sum {
            [Square((a, b))] => Ok(if is_p_position(*a, *b) {
                Winner::Second
            } else {
                Winner::First
            }),
            _ => Ok(self.solve(sum)?.winner),
        }
    }

    fn misere(&self) -> Option<&dyn Misere<Square>> {
        Some(self)
    }
}

/// One queen in misère play: its P-positions (module doc). Sums are refused.
impl Misere<Square> for Wythoff {
    fn solve_misere(&self, sum: &[Square]) -> Result<Solved<Square>, GameError> {
        match sum {
            [one] => Ok(self.solve_one(one.0, Play::Misere)),
            _ => Err(GameError::Unsupported(
                "misère play of a sum of Wythoff queens has no theory in grundy (the Anti-SG/SJ condition fails: 3,5 has value 0 but no move to value 1); one queen is solved exactly".into(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::Family;
    use crate::impartial::games::cells::assert_sum_matches_solver;
    use crate::impartial::text::Text;
    use crate::impartial::Solver;
    use proptest::prelude::*;

    #[test]
    fn first_p_positions_are_wythoffs_pairs() {
        let pairs: Vec<Cell> = (0..8).map(|k| (floor_phi(k), floor_phi(k) + k)).collect();
        assert_eq!(
            pairs,
            [
                (0, 0),
                (1, 2),
                (3, 5),
                (4, 7),
                (6, 10),
                (8, 13),
                (9, 15),
                (11, 18)
            ]
        );
    }

    #[test]
    fn table_matches_generic_solver_and_p_rule() {
        let table = grundy_table(40).unwrap();
        let mut solver = Solver::new(&Queen);
        for a in 0..40u64 {
            for b in 0..40u64 {
                let v = table[(a * 40 + b) as usize] as u64;
                assert_eq!(solver.grundy(&(a, b)).unwrap().0, v, "{a},{b}");
                assert_eq!(v == 0, is_p_position(a, b), "{a},{b}");
            }
        }
    }

    #[test]
    fn p_rule_matches_table_on_a_large_square() {
        let table = grundy_table(1024).unwrap();
        for a in 0..1024u64 {
            for b in 0..1024u64 {
                assert_eq!(table[(a * 1024 + b) as usize] == 0, is_p_position(a, b));
            }
        }
    }

    /// A queen on an edge moves along it only: a Nim heap, at any size.
    #[test]
    fn edge_values_are_the_coordinate() {
        // Against the table's whole edge (the mex over the row, column and diagonal).
        let side = 1024u64;
        let table = grundy_table(side).unwrap();
        let game = Wythoff::new();
        for x in 0..side {
            let (row, column) = (table[(x * side) as usize], table[x as usize]);
            assert_eq!(game.grundy((x, 0)).unwrap().0, row as u64);
            assert_eq!(game.grundy((0, x)).unwrap().0, column as u64);
        }
        assert_eq!(game.grundy((5000, 0)).unwrap().0, 5000);
        assert_eq!(game.grundy((0, 1 << 62)).unwrap().0, 1 << 62);
        // Off the edge, the table's bound still holds.
        assert!(game.grundy((5000, 1)).is_err());
        let text = Text(Wythoff::new());
        // G(2,3) = 5. Nim on the edges: 5000 → 4999 ⊕ 5 = 4994; 4999 cannot reach
        // 5000 ⊕ 5 = 5005; and the queen at 2,3 has no option worth 5000 ⊕ 4999 = 15.
        let s = text
            .solve(&["5000,0", "0,4999", "2,3"], Play::Normal)
            .unwrap();
        assert_eq!((s.winner, s.grundy), (Winner::First, Some(5000 ^ 4999 ^ 5)));
        let to: Vec<(usize, &str)> = s
            .winning_moves
            .iter()
            .map(|m| (m.component, m.to.as_str()))
            .collect();
        assert_eq!(to, [(0, "4994,0")]);
        assert!(s.moves_omitted.is_none());
        let s = text.solve(&["0,10^18", "7,0"], Play::Normal).unwrap();
        let to: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, [format!("0,{}", 7u64).as_str()]);
        let one = text.solve(&["5000,0"], Play::Normal).unwrap();
        assert_eq!(one.grundy, Some(5000));
        assert!(
            one.method.contains("distance to the corner"),
            "{}",
            one.method
        );
    }

    /// Exact at 10^18: ⌊10^18·φ⌋ = 1618033988749894848 (φ = 1.6180339887498948482045…).
    #[test]
    fn exact_at_10_18() {
        let k = 1_000_000_000_000_000_000u64;
        let a = floor_phi(k);
        assert_eq!(a, 1_618_033_988_749_894_848);
        assert!(is_p_position(a, a + k) && is_p_position(a + k, a));
        assert!(!is_p_position(a + 1, a + k));
        assert_eq!(partner(a), a + k);
        assert_eq!(partner(a + k), a);
        let game = Text(Wythoff::new());
        let cell = format!("{},{}", a + 5, a + k);
        let s = game.solve(&[&cell], Play::Normal).unwrap();
        assert_eq!(s.winner, Winner::First);
        let to: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert!(to.contains(&format!("{a},{}", a + k).as_str()), "{to:?}");
        assert!(game
            .solve(&["4611686018427387905,1"], Play::Normal)
            .is_err());
    }

    #[test]
    fn misere_single_queen_matches_brute_force() {
        // Misère: the mover wins iff terminal or some option is a misère loss.
        let mut wins: std::collections::HashMap<Cell, bool> = std::collections::HashMap::new();
        for s in 0..80u64 {
            for a in 0..=s.min(39) {
                let b = s - a;
                if b >= 40 {
                    continue;
                }
                let opts = options(a, b);
                let w = opts.is_empty() || opts.iter().any(|o| !wins[o]);
                wins.insert((a, b), w);
            }
        }
        for (&(a, b), &w) in &wins {
            assert_eq!(!w, is_misere_p_position(a, b), "{a},{b}");
            let expected: Vec<Cell> = {
                let mut v: Vec<Cell> = options(a, b).into_iter().filter(|o| !wins[o]).collect();
                v.sort_unstable();
                v
            };
            assert_eq!(
                winning_moves_of_one(a, b, Play::Misere),
                expected,
                "{a},{b}"
            );
        }
    }

    /// Why misère sums of queens are refused: the SJ condition (families::misere) fails at
    /// 3,5 — value 0, not terminal, and no option of value 1.
    #[test]
    fn sj_condition_fails_at_3_5() {
        let table = grundy_table(8).unwrap();
        let value = |(a, b): Cell| table[(a * 8 + b) as usize];
        assert_eq!(value((3, 5)), 0);
        assert!(!options(3, 5).is_empty());
        assert!(options(3, 5).into_iter().all(|c| value(c) != 1));
    }

    proptest! {
        #[test]
        fn partner_is_an_involution_onto_p_positions(c in 0u64..(1 << 61)) {
            let p = partner(c);
            prop_assert!(is_p_position(c, p));
            prop_assert_eq!(partner(p), c);
        }

        #[test]
        fn single_queen_moves_match_solver(a in 0u64..60, b in 0u64..60) {
            let mut solver = Solver::new(&Queen);
            let mut expected: Vec<Cell> = solver
                .winning_moves(&[(a, b)])
                .unwrap()
                .into_iter()
                .map(|(_, o)| o[0])
                .collect();
            expected.sort_unstable();
            prop_assert_eq!(winning_moves_of_one(a, b, Play::Normal), expected);
        }

        #[test]
        fn sums_match_solver(cells in proptest::collection::vec((0u64..25, 0u64..25), 2..4)) {
            assert_sum_matches_solver(&Text(Wythoff::new()), &Queen, &cells);
        }
    }
}
