//! Domineering: players place dominoes on empty cells; **Left places vertical dominoes**,
//! Right horizontal ones (the convention of CGSuite and cgt-tools). Written as rows separated
//! by `|`, `.` empty and `#` blocked: `..#|...|...`.
//!
//! A position is the sum of its 4-connected regions of empty cells (a cell with no empty
//! neighbour can never be covered and is dropped). A region is looked up in the transposition
//! table under the smallest of its eight images: the four mirror images keep the value, and
//! the four transposed ones swap the players (vertical ↔ horizontal), so they negate it.

use super::grid::{self, Dims};
use super::search::Search;
use super::{PartizanRules, Side};
use crate::error::GameError;
use crate::numeric::dyadic::Dyadic;
use crate::partizan::Game;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// A Domineering board: its shape and its empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering {
    dims: Dims,
    /// The empty cells.
    free: u64,
}

impl Domineering {
    /// An empty board of `rows` rows of `columns` cells.
    pub fn empty(rows: u8, columns: u8) -> Result<Domineering, GameError> {
        let text = vec![".".repeat(columns as usize); rows as usize].join("|");
        text.parse()
    }

    /// A board of the given shape whose empty cells are the set bits of `free`.
    pub fn from_mask(dims: Dims, free: u64) -> Domineering {
        Domineering {
            dims,
            free: free & dims.full(),
        }
    }

    /// The board's shape.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The top (Left) or left (Right) cells of every domino `side` can place.
    fn anchors(&self, side: Side) -> (u64, u32) {
        let f = self.free;
        match side {
            Side::Left => {
                let w = self.dims.width as u32;
                (f & (f >> w), w)
            }
            Side::Right => (f & (f >> 1) & self.dims.not_last_column(), 1),
        }
    }
}

/// The temperature of every `rows` × `columns` board that is a single region touching all
/// four sides (the search cgt-tools ships as `domineering exhaustive-search`): the board
/// (isolated cells written `#`) and its temperature, for all 2^(rows·columns) boards in order.
///
/// The boards are cut into contiguous blocks searched in parallel (rayon), each block with its
/// own transposition table — regions repeat mostly within a block, and the engine's interned
/// values are shared by all threads anyway — then put back in order. Most boards are not one
/// spanning region; they are told apart by a few mask operations, with nothing allocated,
/// and equal values (common: 2^20 boards have far fewer values) share one thermograph.
pub fn temperatures(rows: u8, columns: u8) -> Result<Vec<(Domineering, Dyadic)>, GameError> {
    use rayon::prelude::*;
    let dims = Domineering::empty(rows, columns)?.dims;
    if dims.cells() > 30 {
        return Err(GameError::TooLarge(format!(
            "{} boards of {rows}×{columns}; at most 2^30",
            format_args!("2^{}", dims.cells())
        )));
    }
    let total = 1u64 << dims.cells();
    let blocks = (rayon::current_num_threads() as u64 * 2).min(total);
    let per_block = total.div_ceil(blocks);
    let results: Vec<Vec<(Domineering, Dyadic)>> = (0..blocks)
        .into_par_iter()
        .map(|b| {
            let mut search = Search::<Domineering>::default();
            let mut known: HashMap<Game, Dyadic> = HashMap::new();
            let mut out = Vec::new();
            for free in b * per_block..((b + 1) * per_block).min(total) {
                let live = free & dims.neighbours(free);
                if !dims.spans(live) || !dims.connected(live) {
                    continue;
                }
                let region = Domineering { dims, free: live };
                let value = search.value(&region)?;
                let t = match known.get(&value) {
                    Some(&t) => t,
                    None => {
                        let t = value.thermograph()?.temperature;
                        known.insert(value, t);
                        t
                    }
                };
                out.push((region, t));
            }
            Ok(out)
        })
        .collect::<Result<_, GameError>>()?;
    Ok(results.into_iter().flatten().collect())
}

impl PartizanRules for Domineering {
    fn moves(&self, side: Side) -> Vec<Domineering> {
        let (anchors, step) = self.anchors(side);
        grid::bits(anchors)
            .map(|b| Domineering {
                dims: self.dims,
                free: self.free & !(1 << b | 1 << (b + step)),
            })
            .collect()
    }

    fn components(&self) -> Vec<Domineering> {
        let live = self.free & self.dims.neighbours(self.free);
        self.dims
            .regions(live)
            .into_iter()
            .map(|region| {
                let (dims, [free]) = self.dims.crop(region, [region]);
                Domineering { dims, free }
            })
            .collect()
    }

    fn normalise(&self) -> (Domineering, bool) {
        let (dims, [free], s) = grid::smallest_image(self.dims, [self.free], |_| true);
        (Domineering { dims, free }, s & 4 != 0)
    }
}

impl FromStr for Domineering {
    type Err = GameError;
    /// Rows of `.` (empty) and `#` (blocked) separated by `|`, or a size `RxC` for the empty
    /// board.
    fn from_str(text: &str) -> Result<Domineering, GameError> {
        if let Some(dims) = grid::parse_size(text) {
            let dims = dims?;
            return Ok(Domineering {
                dims,
                free: dims.full(),
            });
        }
        let (dims, [free]) = grid::parse::<1>(text, &[('.', Some(0)), ('#', None)])?;
        Ok(Domineering { dims, free })
    }
}

impl fmt::Display for Domineering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = grid::format(
            self.dims,
            |b| {
                if self.free >> b & 1 == 1 {
                    '.'
                } else {
                    '#'
                }
            },
        );
        f.write_str(&text)
    }
}
