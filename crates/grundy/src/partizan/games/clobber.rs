//! Clobber: `x` stones are Left's, `o` stones Right's, `.` empty, rows separated by `|`. A move
//! takes one of your stones onto an orthogonally adjacent enemy stone, which is removed.
//!
//! Stones only ever move onto stones, so a position is the sum of its 4-connected groups of
//! stones; a group of one colour is dead (0) and dropped. Regions are looked up under the
//! smallest of their 16 images: the eight symmetries of the rectangle keep the value, and
//! swapping the colours negates it.

use super::grid::{self, Dims};
use super::{PartizanRules, Side};
use crate::error::GameError;
use std::fmt;
use std::str::FromStr;

/// A Clobber board: Left's and Right's stones as masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clobber {
    dims: Dims,
    /// Left's stones (`x`) and Right's stones (`o`).
    stones: [u64; 2],
}

/// The four orthogonal steps as (shift, cells that may take it), for a board.
pub(super) fn steps(dims: Dims) -> [(i32, u64); 4] {
    let w = dims.width as u32;
    let inner = dims.not_last_column();
    let full = dims.full();
    // Cells with a row below them, and with a row above them.
    let (down, up) = match w {
        64 => (0, 0),
        _ => (full >> w, full & !((1u64 << w) - 1)),
    };
    [
        (1, inner),
        (-1, (inner << 1) & full),
        (w as i32, down),
        (-(w as i32), up),
    ]
}

/// `cell` moved one step of `shift` (the caller checks the step stays on the board).
pub(super) fn step(cell: u32, shift: i32) -> u32 {
    (cell as i32 + shift) as u32
}

pub(super) fn side_index(side: Side) -> (usize, usize) {
    match side {
        Side::Left => (0, 1),
        Side::Right => (1, 0),
    }
}

impl PartizanRules for Clobber {
    fn moves(&self, side: Side) -> Vec<Clobber> {
        let (me, them) = side_index(side);
        let mut out = Vec::new();
        for (shift, allowed) in steps(self.dims) {
            for from in grid::bits(self.stones[me] & allowed) {
                let to = step(from, shift);
                if self.stones[them] >> to & 1 == 1 {
                    let mut stones = self.stones;
                    stones[me] = stones[me] & !(1 << from) | 1 << to;
                    stones[them] &= !(1 << to);
                    out.push(Clobber {
                        dims: self.dims,
                        stones,
                    });
                }
            }
        }
        out
    }

    fn components(&self) -> Vec<Clobber> {
        let [x, o] = self.stones;
        self.dims
            .regions(x | o)
            .into_iter()
            .filter(|g| g & x != 0 && g & o != 0)
            .map(|g| {
                let (dims, stones) = self.dims.crop(g, [x & g, o & g]);
                Clobber { dims, stones }
            })
            .collect()
    }

    fn normalise(&self) -> (Clobber, bool) {
        let [x, o] = self.stones;
        let (d, s, _) = grid::smallest_image(self.dims, [x, o], |_| true);
        let (dn, sn, _) = grid::smallest_image(self.dims, [o, x], |_| true);
        if (dn, sn) < (d, s) {
            (
                Clobber {
                    dims: dn,
                    stones: sn,
                },
                true,
            )
        } else {
            (Clobber { dims: d, stones: s }, false)
        }
    }
}

/// The `x`/`o`/`.` board notation of Clobber and Konane.
pub(super) fn parse_stones(text: &str) -> Result<(Dims, [u64; 2]), GameError> {
    grid::parse::<2>(
        text,
        &[
            ('.', None),
            ('x', Some(0)),
            ('X', Some(0)),
            ('o', Some(1)),
            ('O', Some(1)),
        ],
    )
}

pub(super) fn format_stones(dims: Dims, [x, o]: [u64; 2]) -> String {
    grid::format(dims, |b| match (x >> b & 1, o >> b & 1) {
        (1, _) => 'x',
        (_, 1) => 'o',
        _ => '.',
    })
}

impl FromStr for Clobber {
    type Err = GameError;
    /// Rows of `x`, `o` and `.` separated by `|`, or a size `RxC` for the board Clobber starts
    /// from: full, in a checkerboard with `x` in the top-left corner.
    fn from_str(text: &str) -> Result<Clobber, GameError> {
        if let Some(dims) = grid::parse_size(text) {
            let dims = dims?;
            let x = grid::checkerboard(dims);
            return Ok(Clobber {
                dims,
                stones: [x, dims.full() & !x],
            });
        }
        let (dims, stones) = parse_stones(text)?;
        Ok(Clobber { dims, stones })
    }
}

impl fmt::Display for Clobber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_stones(self.dims, self.stones))
    }
}
