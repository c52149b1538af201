//! The engine: what every game family builds on.
//!
//! - [`game`]: the [`ImpartialGame`](game::ImpartialGame) trait and the heap-game view.
//! - [`solver`]: the generic memoised, iterative solver (the brute-force reference).
//! - [`table`]: dense bottom-up Grundy sequences of heap games.
//! - [`nimber`], [`mex`]: values and the minimum excludant.
//! - [`nim_arith`]: nim-multiplication and the field GF(2^64) (inverse, division, powers, roots).
//! - [`limits`]: memory estimates and refusals.

pub mod buckets;
pub mod game;
pub mod limits;
pub mod matching;
pub mod mex;
pub mod nim_arith;
pub mod nimber;
pub mod number;
pub mod primes;
pub mod solver;
pub mod table;

pub use game::{HeapGame, Heaps, ImpartialGame};
pub use mex::{mex, MexSet};
pub use nimber::Nimber;
pub use solver::Solver;
