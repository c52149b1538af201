//! # grundy — an engine for impartial combinatorial games
//!
//! Given a game, grundy tells who wins, why, and how: Grundy values, outcomes, every winning
//! move, and the structure behind them.
//!
//! Layers (data flows top to bottom, nothing flows back up):
//! - [`registry`]: the one list of game names and the one spec parser;
//! - [`impartial`]: the impartial world — the trait, the generic solver, heap tables, the
//!   families (`impartial::games`), the text adapter `Family` and its report types;
//! - [`theory`]: periodicity and its certificates, misère theory;
//! - [`graph`]: graph algorithms the graph games share;
//! - [`numeric`]: nimbers, `mex`, nim arithmetic, primes, number parsing;
//! - [`limits`], [`error`]: resource limits and the one error type.
//!
//! ```
//! use grundy::{Play, Winner};
//! let game = grundy::parse_spec("subtraction:1,3,4").unwrap();
//! let solution = game.solve(&["10", "20", "30"], Play::Normal).unwrap();
//! // G(10) ⊕ G(20) ⊕ G(30) = 1 ⊕ 2 ⊕ 0 = 3: the first player wins.
//! assert_eq!(solution.winner, Winner::First);
//! assert_eq!(solution.grundy, Some(3));
//! ```

pub mod error;
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
pub use impartial::family::{
    ComponentReport, Family, GameValue, Move, OptionReport, Play, Solution, Winner,
};
pub use impartial::heap::{HeapFamily, HeapRules};
pub use impartial::{HeapGame, Heaps, ImpartialGame, Solver};
pub use numeric::{mex, Nimber};
pub use registry::{parse_spec, CATALOGUE};
pub use theory::period::{
    search, Budget, HeapSequence, Period, PeriodReport, PeriodRule, SearchResult,
};
