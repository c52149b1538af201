//! # grundy — an engine for combinatorial games
//!
//! Given a game, grundy tells who wins, why, and how: Grundy values, outcomes, every winning
//! move, and the structure behind them.
//!
//! Layers (data flows top to bottom, nothing flows back up):
//! - [`registry`]: the one list of game names and the one spec parser;
//! - [`impartial`]: the impartial world — the trait, the generic solver, heap tables, the
//!   families (`impartial::games`), the text adapter `Family` and its report types;
//! - [`partizan`]: the partizan world — canonical forms, thermographs, the partizan games;
//! - [`theory`]: periodicity and its certificates, misère theory, loopy games;
//! - [`graph`]: graph algorithms the graph games share;
//! - [`numeric`]: nimbers, `mex`, nim arithmetic, primes, number parsing;
//! - [`limits`], [`GameError`]: resource limits and the one error type.
//!
//! ## The front
//! The crate root re-exports what a program starts from, so that it never needs a module
//! path for the common case:
//! - **by name**: [`parse_spec`] and [`CATALOGUE`] turn a spec such as `subtraction:1,3,4`
//!   into a [`Family`], whose answers are data ([`Solution`], [`Move`], [`OptionReport`],
//!   [`GameValue`], [`Winner`]) under a [`Play`] convention;
//! - **your own game**: implement [`ImpartialGame`] (any hashable position) and ask the
//!   [`Solver`]; or implement [`HeapGame`] + [`HeapRules`] and wrap it in a [`HeapFamily`]
//!   to get tables ([`heap_table`]), certified periods and the whole `Family` interface; or
//!   write a typed [`Ruleset`] (positions with `FromStr + Display`, e.g. [`Heap`]) and wrap it
//!   in [`Text`], read by its [`Layout`];
//! - **periods**: [`search`] a [`HeapSequence`] within a [`Budget`] for a [`Period`] that a
//!   [`PeriodRule`] proves ([`SearchResult`], [`PeriodReport`]);
//! - **values**: [`Nimber`], [`mex`], [`MexSet`]; every failure is a [`GameError`].
//!
//! Everything else public is reached through its room (`grundy::numeric::primes`,
//! `grundy::theory::loopy`, …); internals are `pub(crate)`. With the `serde` feature (on by
//! default) the report types are `Serialize`; their field names are the CLI's `--json`.
//!
//! ```
//! use grundy::{Play, Winner};
//! let game = grundy::parse_spec("subtraction:1,3,4").unwrap();
//! let solution = game.solve(&["10", "20", "30"], Play::Normal).unwrap();
//! // G(10) ⊕ G(20) ⊕ G(30) = 1 ⊕ 2 ⊕ 0 = 3: the first player wins.
//! assert_eq!(solution.winner, Winner::First);
//! assert_eq!(solution.grundy, Some(3));
//! ```

#![warn(missing_docs)]

mod error;
pub mod graph;
pub mod impartial;
pub mod limits;
pub mod numeric;
pub mod outcome;
pub mod partizan;
pub mod progress;
pub mod registry;
pub mod render;
pub mod table_cache;
pub mod theory;

pub use error::GameError;
pub use impartial::family::Layout;
pub use impartial::family::{
    ComponentReport, Family, GameValue, Move, OptionReport, Play, Solution, Winner,
};
pub use impartial::heap::{HeapFamily, HeapRules};
pub use impartial::ruleset::{Heap, Ruleset};
pub use impartial::table::heap_table;
pub use impartial::text::Text;
pub use impartial::{HeapGame, Heaps, ImpartialGame, Solver};
pub use numeric::{mex, MexSet, Nimber};
pub use registry::{parse_spec, CATALOGUE};
pub use theory::period::{
    search, Budget, HeapSequence, Period, PeriodReport, PeriodRule, SearchResult,
};
