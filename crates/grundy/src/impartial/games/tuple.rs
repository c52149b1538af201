//! Games whose position is one tuple of counts rather than a sum — Moore's Nim (heaps) and
//! staircase Nim (coins per step): parsing and printing the tuple, and the report shape.
//!
//! A move of such a game may change several entries at once, so a move names the first
//! entry it changes in `component` and writes the **whole new position** in `to` (entries
//! separated by spaces, as typed on the command line); `components` lists the entries.

use crate::error::GameError;
use crate::impartial::family::ComponentReport;
use crate::impartial::heap::parse_heap;
use std::fmt;
use std::str::FromStr;

/// The typed position of a tuple game: its entries in order (`3 1 4 1`). Read from one text
/// with entries separated by spaces or commas; written with spaces. `T` is wider than `u64`
/// where a move may push an entry past 2^64−1 (staircase: coins piling onto one step).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tuple<T = u64>(pub Vec<T>);

impl<T: Entry> FromStr for Tuple<T> {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Self, GameError> {
        Ok(Tuple(parse_tuple(&[text])?))
    }
}

/// A count a tuple holds, read from one word: `u64` (heaps, read as every heap is, `10^6`
/// included), or `u128` where moves pile counts past 2^64−1 and the piled position must be
/// typeable again (staircase: a hint's move, `play`'s next position).
pub trait Entry: Copy + Eq + fmt::Display {
    /// Reads one entry, refusing what the type cannot hold with a one-line reason.
    fn parse_entry(text: &str) -> Result<Self, GameError>;
}

impl Entry for u64 {
    fn parse_entry(text: &str) -> Result<u64, GameError> {
        parse_heap(text)
    }
}

impl Entry for u128 {
    fn parse_entry(text: &str) -> Result<u128, GameError> {
        if text.len() > 19 && text.bytes().all(|b| b.is_ascii_digit()) {
            return text
                .parse()
                .map_err(|_| GameError::bad_position(text, "count exceeds 2^128−1".to_string()));
        }
        parse_heap(text).map(u128::from)
    }
}

impl<T: fmt::Display> fmt::Display for Tuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_tuple(&self.0))
    }
}

/// Parses the POSITION arguments; a single argument may also hold the whole tuple separated
/// by commas or spaces (as `grundy value` receives it).
pub fn parse_tuple<T: Entry>(positions: &[&str]) -> Result<Vec<T>, GameError> {
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
    entries.into_iter().map(T::parse_entry).collect()
}

/// `3 1 4 1`.
pub fn format_tuple<T: ToString>(entries: &[T]) -> String {
    let parts: Vec<String> = entries.iter().map(ToString::to_string).collect();
    parts.join(" ")
}

/// The entry a move from `from` to `to` is reported under: the first one that differs.
pub fn first_change<T: PartialEq>(from: &[T], to: &[T]) -> usize {
    from.iter().zip(to).position(|(a, b)| a != b).unwrap_or(0)
}

/// The `to` of a move in a tuple game, as typed in `play` or reported by `solve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target<T = u64> {
    /// The whole new position (`3 3 3` or `3,3,3`).
    Whole(Vec<T>),
    /// One number: the new value of the entry moved in.
    Entry(T),
}

/// Reads `to` against the current `entries`: as many entries as the position is the whole new
/// position, one number is the entry's new value (with one entry the two agree).
pub fn parse_target<T: Entry>(entries: &[T], to: &str) -> Result<Target<T>, GameError> {
    let next = parse_tuple(&[to])?;
    match next.len() {
        n if n == entries.len() => Ok(Target::Whole(next)),
        1 => Ok(Target::Entry(next[0])),
        n => Err(GameError::bad_position(
            to,
            format!(
                "a move is the whole new position ({} entries, e.g. `{}`) or one entry's new value; this has {n}",
                entries.len(),
                entries.iter().map(T::to_string).collect::<Vec<_>>().join(",")
            ),
        )),
    }
}

/// The error for a whole position that is not an option of `from`.
pub fn not_an_option<T: ToString>(to: &str, from: &[T], rule: &str) -> GameError {
    GameError::bad_position(
        to,
        format!(
            "not reachable from `{}` in one move ({rule})",
            format_tuple(from)
        ),
    )
}

/// One report per entry, with a value where the family assigns one to entries.
pub fn entry_reports<T: fmt::Display>(
    entries: &[T],
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
        assert_eq!(parse_tuple::<u64>(&["3", "1", "4"]).unwrap(), [3, 1, 4]);
        assert_eq!(parse_tuple::<u64>(&["3,1, 4 1"]).unwrap(), [3, 1, 4, 1]);
        assert!(parse_tuple::<u64>(&[]).is_err());
        assert!(parse_tuple::<u64>(&[" , "]).is_err());
        assert!(parse_tuple::<u64>(&["3", "-1"]).is_err());
        // Wide entries: past 2^64−1 only where the tuple holds u128.
        let past = "18446744073709551616";
        assert!(parse_tuple::<u64>(&[past]).is_err());
        assert_eq!(
            parse_tuple::<u128>(&[past, "2^10"]).unwrap(),
            [1 << 64, 1024]
        );
        let err = parse_tuple::<u128>(&["999999999999999999999999999999999999999999"]).unwrap_err();
        assert!(err.to_string().contains("2^128−1"), "{err}");
        assert_eq!(format_tuple(&[3u64, 1, 4]), "3 1 4");
        assert_eq!(first_change(&[3u64, 1, 4], &[3, 0, 2]), 1);
        assert_eq!("3,1 4".parse::<Tuple>().unwrap(), Tuple(vec![3, 1, 4]));
        assert_eq!(Tuple(vec![3u128, 1]).to_string(), "3 1");
        let err = "3 x".parse::<Tuple>().unwrap_err().to_string();
        assert!(err.contains("`x`") && err.contains("heap size"), "{err}");
    }
}
