//! Games whose position is one tuple of counts rather than a sum — Moore's Nim (heaps) and
//! staircase Nim (coins per step): parsing and printing the tuple, and the report shape.
//!
//! A move of such a game may change several entries at once, so a [`Move`] names the first
//! entry it changes in `component` and writes the **whole new position** in `to` (entries
//! separated by spaces, as typed on the command line); `components` lists the entries.

use crate::error::GameError;
use crate::families::heap::parse_heap;
use crate::family::{ComponentReport, Move};

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
