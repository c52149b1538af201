//! Cutcake, as CGSuite computes it: `m,n` is a cake of m rows and n columns. Left cuts
//! vertically (splitting n), Right cuts horizontally (splitting m), always along the grid, so
//! each cut splits one piece into two. A position is a sum of pieces, written `m,n+m,n`.
//!
//! Every value is an integer: with 2^a ≤ m < 2^(a+1) and 2^b ≤ n < 2^(b+1), the cake is
//! ⌊n/2^a⌋ − 1 when b > a, −(⌊m/2^b⌋ − 1) when a > b, and 0 when a = b
//! ([`closed_form`], property-tested against the search).

use super::{PartizanRules, Side};
use crate::error::GameError;
use crate::numeric::number::parse_u64_expr;
use crate::partizan::Game;
use std::fmt;
use std::str::FromStr;

/// A sum of cakes, each `(rows, columns)` with both sides in `1..=`[`MAX_SIDE`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cutcake {
    /// (rows, columns) of each piece, sorted.
    pieces: Vec<(u64, u64)>,
}

/// The longest side of a cake: a cake's value is at most a side in magnitude, and values are
/// 64-bit signed integers, so sides stop at `2^63 − 1`.
pub const MAX_SIDE: u64 = i64::MAX as u64;

impl Cutcake {
    /// One cake of `rows` × `columns` (`GameError` for a side of 0 or above [`MAX_SIDE`]).
    pub fn new(rows: u64, columns: u64) -> Result<Cutcake, GameError> {
        format!("{rows},{columns}").parse()
    }

    /// The pieces, sorted, as `(rows, columns)`.
    pub fn pieces(&self) -> &[(u64, u64)] {
        &self.pieces
    }

    fn piece(rows: u64, columns: u64) -> Cutcake {
        Cutcake {
            pieces: vec![(rows, columns)],
        }
    }
}

/// The value of one m × n cake (see the module notes); the search is the definition. Sides
/// are at most [`MAX_SIDE`], so the value fits.
pub fn closed_form(rows: u64, columns: u64) -> i64 {
    let (a, b) = (rows.ilog2(), columns.ilog2());
    match a.cmp(&b) {
        std::cmp::Ordering::Less => (columns >> a) as i64 - 1,
        std::cmp::Ordering::Greater => -((rows >> b) as i64 - 1),
        std::cmp::Ordering::Equal => 0,
    }
}

impl PartizanRules for Cutcake {
    fn heap_bytes(&self) -> usize {
        self.pieces.capacity() * std::mem::size_of::<(u64, u64)>()
    }

    fn moves(&self, side: Side) -> Vec<Cutcake> {
        let mut out = Vec::new();
        for (i, &(m, n)) in self.pieces.iter().enumerate() {
            // Cuts at k and at (length − k) give the same two pieces.
            let length = if side == Side::Left { n } else { m };
            for k in 1..=length / 2 {
                let parts = match side {
                    Side::Left => [(m, k), (m, n - k)],
                    Side::Right => [(k, n), (m - k, n)],
                };
                let mut pieces = self.pieces.clone();
                pieces.remove(i);
                pieces.extend(parts);
                pieces.sort_unstable();
                out.push(Cutcake { pieces });
            }
        }
        out
    }

    fn move_count(&self, side: Side) -> u128 {
        self.pieces
            .iter()
            .map(|&(m, n)| (if side == Side::Left { n } else { m } / 2) as u128)
            .sum()
    }

    fn components(&self) -> Vec<Cutcake> {
        self.pieces
            .iter()
            .map(|&(m, n)| Cutcake::piece(m, n))
            .collect()
    }

    fn shortcut(&self) -> Option<Game> {
        match self.pieces.as_slice() {
            &[(m, n)] => Some(Game::integer(closed_form(m, n))),
            _ => None,
        }
    }

    fn normalise(&self) -> (Cutcake, bool) {
        // Turning a cake a quarter turn swaps the players.
        match self.pieces.as_slice() {
            &[(m, n)] if n < m => (Cutcake::piece(n, m), true),
            _ => (self.clone(), false),
        }
    }
}

impl FromStr for Cutcake {
    type Err = GameError;
    fn from_str(text: &str) -> Result<Cutcake, GameError> {
        let bad = |reason: String| GameError::bad_position(text, reason);
        let mut pieces = text
            .trim()
            .split('+')
            .map(|piece| {
                let (m, n) = piece.split_once(',').ok_or_else(|| {
                    bad(format!(
                        "piece `{piece}`: write a cake as `ROWS,COLUMNS`, e.g. `8,3`"
                    ))
                })?;
                let side = |s: &str, what: &str| {
                    let v =
                        parse_u64_expr(s.trim()).map_err(|e| bad(format!("{what} `{s}` {e}")))?;
                    if v == 0 {
                        return Err(bad(format!(
                            "piece `{piece}` has no {what}; a cake has at least 1 row and 1 column"
                        )));
                    }
                    if v > MAX_SIDE {
                        return Err(bad(format!(
                            "piece `{piece}` has {v} {what}; at most 2^63 − 1 = {MAX_SIDE}"
                        )));
                    }
                    Ok(v)
                };
                Ok((side(m, "rows")?, side(n, "columns")?))
            })
            .collect::<Result<Vec<_>, GameError>>()?;
        pieces.sort_unstable();
        Ok(Cutcake { pieces })
    }
}

impl fmt::Display for Cutcake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .pieces
            .iter()
            .map(|(m, n)| format!("{m},{n}"))
            .collect();
        f.write_str(&parts.join("+"))
    }
}
