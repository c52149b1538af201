//! Games played on cells `x,y` — a Wythoff queen, a coin on a chessboard — where a POSITION
//! list is a sum of cells: parsing, and the normal-play solution of a sum from each family's
//! values and options.

use crate::error::GameError;
use crate::impartial::family::{
    component_at, parse_components, solve_components, ComponentReport, OptionReport, Solution,
};
use crate::numeric::number::parse_u64_expr;
use crate::numeric::Nimber;

/// A cell `(x, y)`.
pub type Cell = (u64, u64);

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

/// Parses every POSITION argument as a cell; at least one is required.
pub fn parse_cells(positions: &[&str]) -> Result<Vec<Cell>, GameError> {
    parse_components(positions, "list one cell `x,y` per component", parse_cell)
}

/// `x,y`.
pub fn format_cell((x, y): Cell) -> String {
    format!("{x},{y}")
}

/// What a cell family provides for sums under normal play.
pub trait CellRules {
    /// The Grundy value of one cell (refusing cells the family cannot evaluate).
    fn cell_value(&self, cell: Cell) -> Result<Nimber, GameError>;

    /// Every option of a cell (one cell each).
    fn cell_options(&self, cell: Cell) -> Vec<Cell>;
}

/// The sum of `cells` under normal play: values, nim-sum, and every winning move (each option
/// whose value is the nim-sum of the other components).
pub fn solve_sum(
    rules: &dyn CellRules,
    cells: &[Cell],
    method: String,
) -> Result<Solution, GameError> {
    let values = cells
        .iter()
        .map(|&c| rules.cell_value(c))
        .collect::<Result<Vec<_>, _>>()?;
    solve_components(
        cells,
        &values,
        |&cell| format_cell(cell),
        |&cell, target| {
            let mut moves = Vec::new();
            for option in rules.cell_options(cell) {
                if rules.cell_value(option)? == target {
                    moves.push(format_cell(option));
                }
            }
            Ok(moves)
        },
        method,
    )
}

/// The options of one cell with their values (`explain`, `play`); each option is one cell.
pub fn cell_option_reports(
    rules: &dyn CellRules,
    cell: Cell,
) -> Result<Vec<OptionReport>, GameError> {
    rules
        .cell_options(cell)
        .into_iter()
        .map(|option| {
            let grundy = rules.cell_value(option)?.0;
            Ok(OptionReport {
                position: format_cell(option),
                parts: vec![ComponentReport {
                    position: format_cell(option),
                    grundy: Some(grundy),
                }],
                grundy,
            })
        })
        .collect()
}

/// Moves one cell of a sum to `to` (`x,y`) when `is_option(from, to)`; errors say why not.
pub fn apply_cell_move(
    positions: &[&str],
    component: usize,
    to: &str,
    is_option: impl Fn(Cell, Cell) -> Result<bool, GameError>,
) -> Result<Vec<String>, GameError> {
    let cells = parse_cells(positions)?;
    let from = component_at(positions, component)?;
    let target = parse_cell(to)?;
    if !is_option(cells[component], target)? {
        return Err(GameError::bad_position(
            to,
            format!("not reachable from `{}` in one move", from.trim()),
        ));
    }
    let mut next: Vec<String> = cells.iter().map(|&c| format_cell(c)).collect();
    next[component] = format_cell(target);
    Ok(next)
}

/// The check every cell family's sums must pass: the family's solution against the generic
/// solver on the definition (`game`).
#[cfg(test)]
pub(crate) fn assert_sum_matches_solver<G>(
    family: &dyn crate::impartial::family::Family,
    game: &G,
    cells: &[Cell],
) where
    G: crate::impartial::ImpartialGame<Position = Cell>,
{
    let texts: Vec<String> = cells.iter().map(|&c| format_cell(c)).collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let s = family
        .solve(&refs, crate::impartial::family::Play::Normal)
        .unwrap();
    let mut solver = crate::impartial::Solver::new(game);
    let expected: Vec<crate::impartial::family::Move> = solver
        .winning_moves(cells)
        .unwrap()
        .into_iter()
        .map(|(component, o)| crate::impartial::family::Move {
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
        assert!(parse_cells(&[]).is_err());
    }
}
