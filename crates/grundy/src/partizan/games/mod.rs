//! Partizan games: Left and Right have different moves. One file per game; each gives its
//! position type (`FromStr` + `Display` with precise errors), Left's and Right's moves, and
//! the split of a position into independent regions, through [`PartizanRules`].
//!
//! Conventions shared by all games:
//! - Left is blue/vertical/`x`/toads/`L`, Right is red/horizontal/`o`/frogs/`R`;
//! - a position reached in play is written so that it parses again (`0` where nothing is
//!   left);
//! - [`catalogue::CATALOGUE`] lists every game with its conventions and an example;
//! - the brute-force judge [`brute::wins_moving_first`] plays the rules on the whole position
//!   (no regions, no table), and every fast path is tested against it.

pub mod brute;
pub mod catalogue;
pub mod clobber;
pub mod col;
pub mod cutcake;
pub mod domineering;
pub mod grid;
pub mod hackenbush;
pub mod konane;
pub mod persist;
pub mod search;
pub mod snort;
pub mod solve;
pub mod tinted_graph;
pub mod toads_frogs;
pub mod toppling_dominoes;

#[cfg(test)]
mod tests;

use crate::error::GameError;
use crate::partizan::Game;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// How a position with nothing left is written (Toppling Dominoes, Hackenbush, Snort, Col).
pub const EMPTY: &str = "0";

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Blue, vertical, `x`, toads, `L`.
    Left,
    /// Red, horizontal, `o`, frogs, `R`.
    Right,
}

impl Side {
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// The rules of a partizan game, on its position type.
pub trait PartizanRules:
    Clone + Eq + Hash + Debug + Display + FromStr<Err = GameError> + Send + Sync + 'static
{
    /// The positions `side` can move to, each written as a whole position.
    fn moves(&self, side: Side) -> Vec<Self>;

    /// The moves of [`PartizanRules::moves`], in the same order, built one at a time: the
    /// search values each before building the next, so that an open region holds one move
    /// rather than its whole list (a row of 5000 dominoes has 10^4 moves of up to 5000 cells:
    /// 50 MB a level, 20 GB along a path of 4000 regions). The default builds the list, which
    /// suits positions held inline (bitboards: a few KB a level, and the search does not count
    /// it); games whose positions own heap memory (strips, stalks, graphs) build lazily.
    fn lazy_moves(&self, side: Side) -> impl Iterator<Item = Self> + '_ {
        self.moves(side).into_iter()
    }

    /// How many moves `side` has, without building them (the default builds them). Games
    /// whose move lists can outgrow memory (a cake of 10^18 rows) count them instead, so
    /// that `solve` can refuse the list before walking it.
    fn move_count(&self, side: Side) -> u128 {
        self.moves(side).len() as u128
    }

    /// Independent regions whose sum is this position (regions where nobody can ever move
    /// may be left out). The default: the position is one region.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// A transposition-table key for a region: an equivalent region, and whether it is the
    /// *negative* of this one (players swapped). The default: the region itself.
    fn normalise(&self) -> (Self, bool) {
        (self.clone(), false)
    }

    /// The value of a region by a closed form, when the game has one for it (each is
    /// property-tested against the search). The default: none.
    fn shortcut(&self) -> Option<Game> {
        None
    }

    /// Bytes this position owns on the heap (its cells, edges or pieces), so that the search
    /// counts a 5000-cell strip as 5000 bytes rather than its 24-byte `Vec` header. The
    /// default, for positions held inline (bitboards): none.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Where each of `side`'s moves acts on the written position, in the order of
    /// [`PartizanRules::moves`], for a board a person clicks. `None` (the default): the first
    /// character a move changes shows where it acts (grids, strips, stalks). Games whose
    /// notation renumbers what is left (a coloured vertex leaves the graph) or whose moves at
    /// one place differ by direction say it here.
    fn move_sites(&self, _side: Side) -> Option<Vec<MoveSite>> {
        None
    }
}

/// Where a move acts on the written position: the index of the character it acts on (the
/// vertex coloured, the domino toppled) and a few words naming the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSite {
    /// A character index in the position's `Display` text.
    pub at: usize,
    /// The move in words, such as "topple domino 3 to the left".
    pub label: String,
}
