//! Toppling Dominoes: a row such as `LRRLRRL` of blue (`L`, Left's), red (`R`, Right's) and
//! green (`G`, either player's) dominoes. A move topples one of your dominoes to the left or
//! to the right: it and every domino on that side fall and leave the game.
//!
//! A row with no dominoes left is written `0`. One row is one region (the rows of a sum are its components). A row read backwards is the
//! same game, and swapping blue with red negates it; the table stores the smallest of the
//! four.

use super::{MoveSite, PartizanRules, Side};
use crate::error::GameError;
use crate::partizan::Game;
use std::fmt;
use std::str::FromStr;

/// A row of Toppling Dominoes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TopplingDominoes {
    /// `b'L'`, `b'R'` or `b'G'`, left to right.
    row: Vec<u8>,
}

fn swapped(row: &[u8]) -> Vec<u8> {
    row.iter()
        .map(|&c| match c {
            b'L' => b'R',
            b'R' => b'L',
            g => g,
        })
        .collect()
}

impl TopplingDominoes {
    /// The dominoes `side` may topple: its own colour and green.
    fn toppleable(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        let mine = if side == Side::Left { b'L' } else { b'R' };
        (0..self.row.len()).filter(move |&i| self.row[i] == mine || self.row[i] == b'G')
    }
}

impl PartizanRules for TopplingDominoes {
    fn heap_bytes(&self) -> usize {
        self.row.capacity()
    }

    /// A row of `n` blue dominoes is the integer `n`: Left's moves leave `k` blue dominoes
    /// for every `k < n` and Right has none, so by induction it is `{0, …, n-1 | } = n`; red is
    /// the negative. Without this a row of 5000 goes 5000 moves deep and is refused.
    fn shortcut(&self) -> Option<Game> {
        let first = *self.row.first()?;
        if first == b'G' || self.row.iter().any(|&c| c != first) {
            return None;
        }
        let n = i64::try_from(self.row.len()).ok()?;
        Some(Game::integer(if first == b'L' { n } else { -n }))
    }

    fn moves(&self, side: Side) -> Vec<TopplingDominoes> {
        self.lazy_moves(side).collect()
    }

    /// Each domino toppled to the left (the dominoes right of it stay), then to the right.
    fn lazy_moves(&self, side: Side) -> impl Iterator<Item = TopplingDominoes> + '_ {
        self.toppleable(side)
            .flat_map(|i| [i + 1..self.row.len(), 0..i])
            .map(|kept| TopplingDominoes {
                row: self.row[kept].to_vec(),
            })
    }

    /// The domino toppled, and which way: the two moves of one domino differ only in that.
    fn move_sites(&self, side: Side) -> Option<Vec<MoveSite>> {
        let mut out = Vec::new();
        for i in self.toppleable(side) {
            for way in ["left", "right"] {
                out.push(MoveSite {
                    at: i,
                    label: format!("topple domino {i} to the {way}"),
                });
            }
        }
        Some(out)
    }

    fn components(&self) -> Vec<TopplingDominoes> {
        if self.row.is_empty() {
            Vec::new()
        } else {
            vec![self.clone()]
        }
    }

    fn normalise(&self) -> (TopplingDominoes, bool) {
        let reversed: Vec<u8> = self.row.iter().rev().copied().collect();
        let candidates = [
            (swapped(&self.row), true),
            (swapped(&reversed), true),
            (reversed, false),
            (self.row.clone(), false),
        ];
        let (row, negated) = candidates.into_iter().min().expect("four candidates");
        (TopplingDominoes { row }, negated)
    }
}

impl FromStr for TopplingDominoes {
    type Err = GameError;
    fn from_str(text: &str) -> Result<TopplingDominoes, GameError> {
        if text.trim() == super::EMPTY {
            return Ok(TopplingDominoes { row: Vec::new() });
        }
        let row = text
            .trim()
            .chars()
            .enumerate()
            .map(|(i, ch)| match ch.to_ascii_uppercase() {
                c @ ('L' | 'R' | 'G') => Ok(c as u8),
                _ => Err(GameError::bad_position(
                    text,
                    format!(
                        "`{ch}` at domino {}: expected `L` (blue), `R` (red) or `G` (green)",
                        i + 1
                    ),
                )),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        if row.is_empty() {
            return Err(GameError::bad_position(
                text,
                "no dominoes: write a row such as `LRRLG` (`0` when none is left)",
            ));
        }
        Ok(TopplingDominoes { row })
    }
}

impl fmt::Display for TopplingDominoes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.row.is_empty() {
            return f.write_str(super::EMPTY);
        }
        f.write_str(std::str::from_utf8(&self.row).expect("L, R and G are ASCII"))
    }
}
