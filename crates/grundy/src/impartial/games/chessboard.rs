//! The chessboard coin game (HackerRank "A Chessboard Game"): coins on an `N×N` board with
//! cells `1..=N` in each coordinate; a move takes one coin from `(x, y)` to `(x−2, y+1)`,
//! `(x−2, y−1)`, `(x+1, y−2)` or `(x−1, y−2)`, staying on the board; several coins (any number
//! per cell) form a sum.
//!
//! Every move lowers `x + y` (by 1 or 3), so play ends and the Grundy values fill the board in
//! order of `x + y`, each the mex of at most four options (values ≤ 4, one byte a cell). The
//! table is built once per family and shared by every query.

use crate::error::GameError;
use crate::impartial::games::cells::{format_cell, Cell, Square, CELLS_TO_GIVE};
use crate::impartial::ruleset::{GameValue, Ruleset};
use crate::impartial::ImpartialGame;
use crate::limits::check_memory;
use crate::numeric::Nimber;
use std::sync::OnceLock;

/// The board size when the spec gives none (the HackerRank board).
pub const DEFAULT_SIZE: u64 = 15;

/// Largest board side accepted (a 2^14-side table is 256 MiB and takes seconds).
pub const MAX_SIZE: u64 = 1 << 14;

const STEPS: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

/// `chessboard:N`.
pub struct Chessboard {
    size: u64,
    /// `G(x, y)` at index `(x−1)·N + (y−1)`, built on first use.
    table: OnceLock<Result<Vec<u8>, GameError>>,
}

impl Chessboard {
    /// Parses the text after `chessboard:` (empty for the 15×15 board).
    pub fn parse(args: &str, spec: &str) -> Result<Chessboard, GameError> {
        let size = if args.is_empty() {
            DEFAULT_SIZE
        } else {
            crate::numeric::number::parse_u64_expr(args)
                .map_err(|reason| GameError::bad_spec(spec, format!("board size {reason}")))?
        };
        if size == 0 || size > MAX_SIZE {
            return Err(GameError::bad_spec(
                spec,
                format!("the board size must be between 1 and {MAX_SIZE}"),
            ));
        }
        Ok(Chessboard {
            size,
            table: OnceLock::new(),
        })
    }

    /// The options of a coin at `(x, y)` (in the order of the four steps).
    pub fn coin_options(&self, (x, y): Cell) -> Vec<Cell> {
        let n = self.size as i64;
        STEPS
            .iter()
            .map(|&(dx, dy)| (x as i64 + dx, y as i64 + dy))
            .filter(|&(a, b)| (1..=n).contains(&a) && (1..=n).contains(&b))
            .map(|(a, b)| (a as u64, b as u64))
            .collect()
    }

    fn table(&self) -> Result<&Vec<u8>, GameError> {
        self.table
            .get_or_init(|| self.build_table())
            .as_ref()
            .map_err(Clone::clone)
    }

    fn build_table(&self) -> Result<Vec<u8>, GameError> {
        let n = self.size as usize;
        check_memory(&format!("a {n}×{n} chessboard table"), (n as u128).pow(2))?;
        let mut values = vec![0u8; n * n];
        for sum in 2..=2 * n {
            for x in sum.saturating_sub(n).max(1)..=(sum - 1).min(n) {
                let y = sum - x;
                // Values are at most 4 (four options), so the option set is a byte.
                let mut seen = 0u8;
                for (dx, dy) in STEPS {
                    let (a, b) = (x as i64 + dx, y as i64 + dy);
                    if (1..=n as i64).contains(&a) && (1..=n as i64).contains(&b) {
                        seen |= 1 << values[(a as usize - 1) * n + b as usize - 1];
                    }
                }
                values[(x - 1) * n + y - 1] = seen.trailing_ones() as u8;
            }
        }
        Ok(values)
    }

    fn check_cell(&self, cell: Cell) -> Result<Cell, GameError> {
        let on_board = |c: u64| (1..=self.size).contains(&c);
        if on_board(cell.0) && on_board(cell.1) {
            Ok(cell)
        } else {
            Err(GameError::bad_position(
                &format_cell(cell),
                format!("cells run from 1,1 to {0},{0}", self.size),
            ))
        }
    }

    /// Why misère play is refused, citing this board: a cell of value 0 with a move but no
    /// move to value 1 (where the SJ condition fails), or, on boards where no cell fails it,
    /// only that no misère theory is implemented.
    fn misere_reason(&self) -> Result<String, GameError> {
        let n = self.size;
        let table = self.table()?;
        let value = |(x, y): Cell| table[((x - 1) * n + y - 1) as usize];
        let witness = (1..=n)
            .flat_map(|x| (1..=n).map(move |y| (x, y)))
            .find(|&cell| {
                let options = self.coin_options(cell);
                value(cell) == 0 && !options.is_empty() && options.iter().all(|&o| value(o) != 1)
            });
        let reason = match witness {
            Some(cell) => format!(
                "the Anti-SG/SJ condition fails: on this {n}×{n} board, {} has value 0 but no move to value 1",
                format_cell(cell)
            ),
            None => "the SJ condition holds on this board, but no misère rule for sums of its coins is implemented".to_string(),
        };
        Ok(format!(
            "misère play of `{}` has no theory in grundy ({reason}); only normal play is available",
            self.spec()
        ))
    }
}

/// The chessboard game by its definition, for the generic solver: the judge of the table.
impl ImpartialGame for Chessboard {
    type Position = Cell;

    fn options(&self, cell: &Cell) -> Vec<Vec<Cell>> {
        self.coin_options(*cell)
            .into_iter()
            .map(|c| vec![c])
            .collect()
    }
}

impl Ruleset for Chessboard {
    type Position = Square;

    fn spec(&self) -> String {
        format!("chessboard:{}", self.size)
    }

    fn what_to_give(&self) -> &'static str {
        CELLS_TO_GIVE
    }

    fn check(&self, coin: &Square) -> Result<(), GameError> {
        self.check_cell(coin.0).map(|_| ())
    }

    fn value(&self, &Square((x, y)): &Square) -> Result<GameValue, GameError> {
        let n = self.size as usize;
        Ok(GameValue::Finite(Nimber(
            self.table()?[(x as usize - 1) * n + y as usize - 1] as u64,
        )))
    }

    fn options(&self, coin: &Square) -> Result<Vec<Vec<Square>>, GameError> {
        Ok(self
            .coin_options(coin.0)
            .into_iter()
            .map(|c| vec![Square(c)])
            .collect())
    }

    fn method(&self) -> String {
        "Grundy values by table over the board (in order of x + y)".into()
    }

    fn misere_refusal(&self) -> GameError {
        match self.misere_reason() {
            Ok(reason) => GameError::Unsupported(reason),
            Err(e) => e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::games::cells::assert_sum_matches_solver;
    use crate::impartial::text::Text;
    use crate::impartial::Solver;
    use proptest::prelude::*;

    impl Chessboard {
        fn cell_value(&self, cell: Cell) -> Result<Nimber, GameError> {
            Ok(self.value(&Square(cell))?.finite().unwrap())
        }
    }

    fn board(n: u64) -> Chessboard {
        Chessboard::parse(&n.to_string(), "t").unwrap()
    }

    #[test]
    fn table_matches_generic_solver() {
        for n in [1, 2, 3, 8, 15, 20] {
            let game = board(n);
            let mut solver = Solver::new(&game);
            for x in 1..=n {
                for y in 1..=n {
                    assert_eq!(
                        game.cell_value((x, y)).unwrap(),
                        solver.grundy(&(x, y)).unwrap(),
                        "{n}: {x},{y}"
                    );
                }
            }
        }
    }

    /// The HackerRank editorial's rule on the 15×15 board: the coin loses exactly when both
    /// coordinates are 1 or 2 modulo 4.
    #[test]
    fn losing_cells_on_the_standard_board() {
        let game = Chessboard::parse("", "chessboard").unwrap();
        assert_eq!(game.spec(), "chessboard:15");
        for x in 1..=15u64 {
            for y in 1..=15u64 {
                let losing = [1, 2].contains(&(x % 4)) && [1, 2].contains(&(y % 4));
                assert_eq!(
                    game.cell_value((x, y)).unwrap().is_zero(),
                    losing,
                    "{x},{y}"
                );
            }
        }
    }

    /// Why misère play is refused: the SJ condition (families::misere) fails at 1,5 — value 0,
    /// not terminal, and no option of value 1.
    #[test]
    fn sj_condition_fails_at_1_5() {
        let game = board(15);
        assert!(game.cell_value((1, 5)).unwrap().is_zero());
        let options = game.coin_options((1, 5));
        assert!(!options.is_empty());
        assert!(options
            .into_iter()
            .all(|c| game.cell_value(c).unwrap().0 != 1));
    }

    #[test]
    fn bad_input_is_refused() {
        for bad in ["0", "x", "20000"] {
            assert!(Chessboard::parse(bad, bad).is_err(), "{bad}");
        }
        let game = Text(board(15));
        assert!(game.solve(&["0,3"], Play::Normal).is_err());
        assert!(game.solve(&["16,1"], Play::Normal).is_err());
        assert!(game.solve(&["3,3"], Play::Misere).is_err());
    }

    proptest! {
        #[test]
        fn sums_match_solver(coins in proptest::collection::vec((1u64..=15, 1u64..=15), 1..4)) {
            let game = Text(board(15));
            assert_sum_matches_solver(&game, game.rules(), &coins);
        }
    }
}
