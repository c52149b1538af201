//! Konane, in Clobber's notation (`x` Left, `o` Right, `.` empty, rows separated by `|`): a
//! stone jumps over an orthogonally adjacent enemy stone onto the empty cell beyond, removing
//! it, and may go on jumping in the same direction. Each number of jumps is a separate move.
//!
//! Jumps land on empty cells, so stones far apart still interact: a position is not split
//! into regions. It is looked up under the smallest of its 16 images (the eight symmetries of
//! the board keep the value; swapping colours negates it).

use super::clobber::{format_stones, parse_stones, side_index, step, steps};
use super::grid::{self, Dims};
use super::{PartizanRules, Side};
use crate::error::GameError;
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Konane {
    dims: Dims,
    stones: [u64; 2],
}

impl PartizanRules for Konane {
    fn moves(&self, side: Side) -> Vec<Konane> {
        let (me, them) = side_index(side);
        let all = self.stones[0] | self.stones[1];
        let steps = steps(self.dims);
        let mut out = Vec::new();
        for from in grid::bits(self.stones[me]) {
            for &(shift, allowed) in &steps {
                let mut stones = self.stones;
                let mut at = from;
                // One jump needs two steps on the board: over an enemy, onto a cell empty at
                // the start (cells behind the stone do not matter, so `all` stays valid).
                while allowed >> at & 1 == 1
                    && stones[them] >> step(at, shift) & 1 == 1
                    && allowed >> step(at, shift) & 1 == 1
                    && all >> step(at, 2 * shift) & 1 == 0
                {
                    stones[them] &= !(1 << step(at, shift));
                    stones[me] &= !(1 << at);
                    at = step(at, 2 * shift);
                    stones[me] |= 1 << at;
                    out.push(Konane {
                        dims: self.dims,
                        stones,
                    });
                }
            }
        }
        out
    }

    fn normalise(&self) -> (Konane, bool) {
        let [x, o] = self.stones;
        let (d, s, _) = grid::smallest_image(self.dims, [x, o], |_| true);
        let (dn, sn, _) = grid::smallest_image(self.dims, [o, x], |_| true);
        if (dn, sn) < (d, s) {
            (
                Konane {
                    dims: dn,
                    stones: sn,
                },
                true,
            )
        } else {
            (Konane { dims: d, stones: s }, false)
        }
    }
}

impl FromStr for Konane {
    type Err = GameError;
    fn from_str(text: &str) -> Result<Konane, GameError> {
        let (dims, stones) = parse_stones(text)?;
        Ok(Konane { dims, stones })
    }
}

impl fmt::Display for Konane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_stones(self.dims, self.stones))
    }
}
