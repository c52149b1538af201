//! The impartial world: both players have the same moves, and a position's value is a nimber
//! (its Grundy value); a sum's value is the nim-sum of its parts.
//!
//! - `game`: the [`ImpartialGame`] trait and the heap-game view.
//! - `solver`: the generic memoised, iterative solver (the brute-force reference).
//! - [`table`]: dense bottom-up Grundy sequences of heap games.
//! - [`heap`]: what a heap game supplies ([`heap::HeapRules`]) and its adapter to [`family::Family`].
//! - [`games`]: the families, one file each.
//! - [`ruleset`]: the typed face of a structured game ([`ruleset::Ruleset`]: typed positions,
//!   options, values, and capabilities such as a misère theory).
//! - [`text`]: the one text adapter [`text::Text`], any ruleset as a [`family::Family`].
//! - [`family`]: the text interface the CLI and Python talk to, and the report types.
//! - [`explain`], [`play`], [`count`]: derivations, the game against the engine, counting by outcome.

pub mod count;
pub mod explain;
pub mod family;
pub(crate) mod game;
pub mod games;
pub mod heap;
pub mod play;
pub mod ruleset;
pub(crate) mod solver;
pub mod table;
pub mod text;

pub use game::{HeapGame, Heaps, ImpartialGame};
pub use solver::Solver;
