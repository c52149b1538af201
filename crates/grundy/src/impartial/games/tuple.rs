//! Games whose position is one tuple of counts rather than a sum — Moore's Nim (heaps) and
//! staircase Nim (coins per step): parsing and printing the tuple, and the report shape.
//!
//! A move of such a game may change several entries at once, so a [`Move`] names the first
//! entry it changes in `component` and writes the **whole new position** in `to` (entries
//! separated by spaces, as typed on the command line); `components` lists the entries.

use crate::error::GameError;
use crate::impartial::family::{ComponentReport, Move, OptionReport};
use crate::impartial::heap::parse_heap;

/// Parses the POSITION arguments; a single argument may also hold the whole tuple separated
/// by commas or spaces (as `grundy value` receives it).
pub fn parse_tuple(positions: &[&str]) -> Result<Vec<u64>, GameError> {
    let entries: Vec<&str> = positions
        .iter()
        .flat_map(|p| p.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|e| !e.is_empty())
        .collect();
    if entries.is_empty() {
        return Err(GameError::bad_position(
            &positions.join(" "),
            "no position given: list the entries of the position",
        ));
    }
    entries.into_iter().map(parse_heap).collect()
}

/// `3 1 4 1`.
pub fn format_tuple<T: ToString>(entries: &[T]) -> String {
    let parts: Vec<String> = entries.iter().map(ToString::to_string).collect();
    parts.join(" ")
}

/// The move from `from` to `to`: `component` is the first entry that differs.
pub fn tuple_move<T: PartialEq + ToString>(from: &[T], to: &[T]) -> Move {
    Move {
        component: from.iter().zip(to).position(|(a, b)| a != b).unwrap_or(0),
        to: format_tuple(to),
    }
}

/// The `to` of a move in a tuple game, as typed in `play` or reported by `solve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The whole new position (`3 3 3` or `3,3,3`).
    Whole(Vec<u64>),
    /// One number: the new value of the entry moved in.
    Entry(u64),
}

/// Reads `to` against the current `entries`: as many entries as the position is the whole new
/// position, one number is the entry's new value (with one entry the two agree).
pub fn parse_target(entries: &[u64], to: &str) -> Result<Target, GameError> {
    let next = parse_tuple(&[to])?;
    match next.len() {
        n if n == entries.len() => Ok(Target::Whole(next)),
        1 => Ok(Target::Entry(next[0])),
        n => Err(GameError::bad_position(
            to,
            format!(
                "a move is the whole new position ({} entries, e.g. `{}`) or one entry's new value; this has {n}",
                entries.len(),
                entries.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            ),
        )),
    }
}

/// The option reports of a tuple game: each option the whole new position, with its value.
pub fn tuple_option_reports(options: Vec<(Vec<u64>, u64)>) -> Vec<OptionReport> {
    options
        .into_iter()
        .map(|(next, grundy)| OptionReport {
            position: format_tuple(&next),
            parts: vec![ComponentReport {
                position: format_tuple(&next),
                grundy: Some(grundy),
            }],
            grundy,
        })
        .collect()
}

/// The error for a whole position that is not an option of `from`.
pub fn not_an_option(to: &str, from: &[u64], rule: &str) -> GameError {
    GameError::bad_position(
        to,
        format!(
            "not reachable from `{}` in one move ({rule})",
            format_tuple(from)
        ),
    )
}

/// One report per entry, with a value where the family assigns one to entries.
pub fn entry_reports(
    entries: &[u64],
    value: impl Fn(usize) -> Option<u64>,
) -> Vec<ComponentReport> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| ComponentReport {
            position: e.to_string(),
            grundy: value(i),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuples_parse_print_and_diff() {
        assert_eq!(parse_tuple(&["3", "1", "4"]).unwrap(), [3, 1, 4]);
        assert_eq!(parse_tuple(&["3,1, 4 1"]).unwrap(), [3, 1, 4, 1]);
        assert!(parse_tuple(&[]).is_err());
        assert!(parse_tuple(&[" , "]).is_err());
        assert!(parse_tuple(&["3", "-1"]).is_err());
        assert_eq!(format_tuple(&[3u64, 1, 4]), "3 1 4");
        let m = tuple_move(&[3u64, 1, 4], &[3, 0, 2]);
        assert_eq!((m.component, m.to.as_str()), (1, "3 0 2"));
    }
}
