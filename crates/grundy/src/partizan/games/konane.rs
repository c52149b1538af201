//! Konane, in Clobber's notation (`x` Left, `o` Right, `.` empty, rows separated by `|`): a
//! stone jumps over an orthogonally adjacent enemy stone onto the empty cell beyond, removing
//! it, and may go on jumping in the same direction. Each number of jumps is a separate move.
//!
//! Jumps land on empty cells, so stones that do not touch may still interact: `xo.o` lets `x`
//! jump twice. Regions are found by *reach*: the cells a group's stones could ever stand on
//! playing alone (an over-approximation: "a stone on `c` jumps an enemy that may stand on
//! `c+d` onto `c+2d`", for as many jumps as the group has stones to lose). Groups whose reaches touch (share or neighbour a cell)
//! are merged and their reach recomputed, until no two touch; then no stone of one group can
//! ever jump, land beside or land on a stone of another, so the position is their sum. A group
//! of one colour can never move and is dropped; each is cropped to its reach's bounding box
//! (the reach is closed, so no jump is lost at the new edges). A region is looked up under the
//! smallest of its 16 images (the eight symmetries of the board keep the value; swapping
//! colours negates it).

use super::clobber::{format_stones, parse_stones, side_index, step, steps};
use super::grid::{self, Dims};
use super::{PartizanRules, Side};
use crate::error::GameError;
use std::fmt;
use std::str::FromStr;

/// A Konane board: Left's stones (`x`) and Right's (`o`) as masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Konane {
    dims: Dims,
    stones: [u64; 2],
}

/// The cells the stones of a group (`x`, `o`) could ever occupy playing alone, as
/// (Left's, Right's): an `x` on `c` may land on `c+2d` when an `o` may stand on `c+d`, and
/// dually. Every jump removes a stone, so a group of `k` stones sees at most `k − 1` jumps:
/// `k − 1` rounds of that closure hold every stone at every time.
fn reach(dims: Dims, x: u64, o: u64) -> u64 {
    let steps = steps(dims);
    let (mut xs, mut os) = (x, o);
    for _ in 1..(x | o).count_ones() {
        let (mut nx, mut no) = (xs, os);
        for &(shift, allowed) in &steps {
            // `c+2d` for `c` in one colour whose `c+d` may hold the other colour.
            let land =
                |me: u64, them: u64| shifted(shifted(me & allowed, shift) & them & allowed, shift);
            nx |= land(xs, os);
            no |= land(os, xs);
        }
        if (nx, no) == (xs, os) {
            break;
        }
        (xs, os) = (nx, no);
    }
    xs | os
}

/// `mask` moved one step of `shift` (the caller keeps only cells allowed to take it).
fn shifted(mask: u64, shift: i32) -> u64 {
    if shift >= 0 {
        mask << shift
    } else {
        mask >> -shift
    }
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

    fn components(&self) -> Vec<Konane> {
        let [x, o] = self.stones;
        let mut groups: Vec<(u64, u64)> = self
            .dims
            .regions(x | o)
            .into_iter()
            .map(|g| (g, reach(self.dims, x & g, o & g)))
            .collect();
        // Merge groups whose reaches touch until none do (each merge shrinks the list).
        'merging: loop {
            for i in 0..groups.len() {
                let near = groups[i].1 | self.dims.neighbours(groups[i].1);
                if let Some(j) = (i + 1..groups.len()).find(|&j| groups[j].1 & near != 0) {
                    let (g, _) = groups.swap_remove(j);
                    let merged = groups[i].0 | g;
                    groups[i] = (merged, reach(self.dims, x & merged, o & merged));
                    continue 'merging;
                }
            }
            break;
        }
        groups
            .into_iter()
            .filter(|&(g, _)| g & x != 0 && g & o != 0)
            .map(|(g, r)| {
                let (dims, stones) = self.dims.crop(r, [x & g, o & g]);
                Konane { dims, stones }
            })
            .collect()
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
