//! Toads and Frogs on a strip such as `TT..FF` (`t`/`f` accepted): a toad `T` is Left's and
//! moves one square right onto an empty square, or jumps over one frog onto the empty square
//! beyond; a frog `F` is Right's and does the same leftwards.
//!
//! A block `TTFF` can never move again, and nothing crosses it, so the strip splits there into
//! independent pieces; frogs at the left end and toads at the right end are dead and dropped.
//! Reversing a strip and swapping toads with frogs swaps the players, which negates the value:
//! the table stores the smaller of the two.

use super::{PartizanRules, Side};
use crate::error::GameError;
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Cell {
    Empty,
    Toad,
    Frog,
}

/// A Toads-and-Frogs strip.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ToadsFrogs {
    cells: Vec<Cell>,
}

impl ToadsFrogs {
    /// Reversed with toads and frogs swapped: the negative.
    fn mirrored(&self) -> ToadsFrogs {
        let cells = self
            .cells
            .iter()
            .rev()
            .map(|c| match c {
                Cell::Toad => Cell::Frog,
                Cell::Frog => Cell::Toad,
                Cell::Empty => Cell::Empty,
            })
            .collect();
        ToadsFrogs { cells }
    }

    /// Without the dead frogs at the left end and the dead toads at the right end.
    fn trimmed(cells: &[Cell]) -> ToadsFrogs {
        let start = cells
            .iter()
            .position(|&c| c != Cell::Frog)
            .unwrap_or(cells.len());
        let end = cells
            .iter()
            .rposition(|&c| c != Cell::Toad)
            .map_or(0, |i| i + 1);
        ToadsFrogs {
            cells: cells[start..end.max(start)].to_vec(),
        }
    }
}

impl PartizanRules for ToadsFrogs {
    fn heap_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<Cell>()
    }

    fn moves(&self, side: Side) -> Vec<ToadsFrogs> {
        self.lazy_moves(side).collect()
    }

    fn lazy_moves(&self, side: Side) -> impl Iterator<Item = ToadsFrogs> + '_ {
        let (mine, other) = match side {
            Side::Left => (Cell::Toad, Cell::Frog),
            Side::Right => (Cell::Frog, Cell::Toad),
        };
        let n = self.cells.len() as isize;
        let dir: isize = if side == Side::Left { 1 } else { -1 };
        let at = move |i: isize| (0..n).contains(&i).then(|| self.cells[i as usize]);
        (0..n).filter_map(move |i| {
            if at(i) != Some(mine) {
                return None;
            }
            let to = match (at(i + dir), at(i + 2 * dir)) {
                (Some(Cell::Empty), _) => i + dir,
                (Some(c), Some(Cell::Empty)) if c == other => i + 2 * dir,
                _ => return None,
            };
            let mut cells = self.cells.clone();
            cells.swap(i as usize, to as usize);
            Some(ToadsFrogs { cells })
        })
    }

    fn components(&self) -> Vec<ToadsFrogs> {
        use Cell::{Frog, Toad};
        let mut pieces = Vec::new();
        let mut start = 0;
        let mut i = 0;
        while i + 4 <= self.cells.len() {
            if self.cells[i..i + 4] == [Toad, Toad, Frog, Frog] {
                pieces.push(ToadsFrogs::trimmed(&self.cells[start..i]));
                start = i + 4;
                i += 4;
            } else {
                i += 1;
            }
        }
        pieces.push(ToadsFrogs::trimmed(&self.cells[start..]));
        pieces.retain(|p| !p.cells.is_empty());
        pieces
    }

    fn normalise(&self) -> (ToadsFrogs, bool) {
        let mirrored = self.mirrored();
        if mirrored < *self {
            (mirrored, true)
        } else {
            (self.clone(), false)
        }
    }
}

impl FromStr for ToadsFrogs {
    type Err = GameError;
    fn from_str(text: &str) -> Result<ToadsFrogs, GameError> {
        let cells = text
            .trim()
            .chars()
            .enumerate()
            .map(|(i, ch)| match ch {
                '.' => Ok(Cell::Empty),
                'T' | 't' => Ok(Cell::Toad),
                'F' | 'f' => Ok(Cell::Frog),
                _ => Err(GameError::bad_position(
                    text,
                    format!(
                        "`{ch}` at square {}: expected `T` (toad), `F` (frog) or `.` (empty)",
                        i + 1
                    ),
                )),
            })
            .collect::<Result<Vec<Cell>, _>>()?;
        if cells.is_empty() {
            return Err(GameError::bad_position(
                text,
                "empty strip: write squares such as `TT..FF`",
            ));
        }
        Ok(ToadsFrogs { cells })
    }
}

impl fmt::Display for ToadsFrogs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = self
            .cells
            .iter()
            .map(|c| match c {
                Cell::Empty => '.',
                Cell::Toad => 'T',
                Cell::Frog => 'F',
            })
            .collect();
        f.write_str(&text)
    }
}
