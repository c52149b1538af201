//! Games played on cells `x,y` — a Wythoff queen, a coin on a chessboard — where a POSITION
//! list is a sum of cells: the typed position [`Square`], its parsing and printing.

use crate::error::GameError;
use crate::numeric::number::parse_u64_expr;
use std::fmt;
use std::str::FromStr;

/// A cell `(x, y)`.
pub type Cell = (u64, u64);

/// The typed position of a cell game: one cell `x,y` (a queen, a coin). Which cells are on
/// the board is the ruleset's check, not the syntax's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub Cell);

impl FromStr for Square {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Square, GameError> {
        parse_cell(text).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_cell(self.0))
    }
}

/// What to type when no cell is given.
pub const CELLS_TO_GIVE: &str = "list one cell `x,y` per component";

/// Parses `x,y` (each a non-negative integer, `10^18` style accepted).
pub fn parse_cell(text: &str) -> Result<Cell, GameError> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| GameError::bad_position(text, "expected a cell `x,y`, e.g. `3,5`"))?;
    let coordinate = |t: &str| {
        parse_u64_expr(t)
            .map_err(|reason| GameError::bad_position(text, format!("coordinate {reason}")))
    };
    Ok((coordinate(x)?, coordinate(y)?))
}

/// `x,y`.
pub fn format_cell((x, y): Cell) -> String {
    format!("{x},{y}")
}

/// The check every cell family's sums must pass: the family's solution against the generic
/// solver on the definition (`game`).
#[cfg(test)]
pub(crate) fn assert_sum_matches_solver<R, G>(
    family: &crate::impartial::text::Text<R>,
    game: &G,
    cells: &[Cell],
) where
    R: crate::impartial::ruleset::Ruleset<Position = Square>,
    G: crate::impartial::ImpartialGame<Position = Cell>,
{
    use crate::impartial::family::{Family, Move, Play};
    let texts: Vec<String> = cells.iter().map(|&c| format_cell(c)).collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let s = family.solve(&refs, Play::Normal).unwrap();
    let mut solver = crate::impartial::Solver::new(game);
    let expected: Vec<Move> = solver
        .winning_moves(cells)
        .unwrap()
        .into_iter()
        .map(|(component, o)| Move {
            component,
            to: format_cell(o[0]),
        })
        .collect();
    assert_eq!(s.winning_moves, expected, "{cells:?}");
    assert_eq!(
        s.grundy,
        Some(solver.sum_value(cells).unwrap().0),
        "{cells:?}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_parse_and_print() {
        assert_eq!(parse_cell("3,5").unwrap(), (3, 5));
        assert_eq!(
            parse_cell(" 10^18 , 0").unwrap(),
            (1_000_000_000_000_000_000, 0)
        );
        assert_eq!(format_cell((7, 2)), "7,2");
        for bad in ["3", "3,", ",5", "a,b", "-1,2", "1,2,3"] {
            assert!(parse_cell(bad).is_err(), "{bad}");
        }
        assert_eq!("3,5".parse::<Square>().unwrap(), Square((3, 5)));
        assert_eq!(Square((7, 2)).to_string(), "7,2");
        let err = "3".parse::<Square>().unwrap_err().to_string();
        assert!(
            err.contains("`3`") && err.contains("expected a cell"),
            "{err}"
        );
    }
}
