//! # grundy — an engine for impartial combinatorial games
//!
//! Given a game, grundy tells who wins, why, and how: Grundy values, outcomes, every winning
//! move, and the structure behind them.
//!
//! Layers (data flows top to bottom, nothing flows back up):
//! - [`families`]: one file per game family, plus the registry that parses GAME specs;
//! - [`family`]: the [`Family`](family::Family) trait the CLI talks to, and report types;
//! - [`engine`]: the [`ImpartialGame`](engine::ImpartialGame) trait, the generic solver,
//!   heap tables, nimbers, `mex`, resource limits.
//! - [`count`]: counting N-tuples of heaps by outcome (Walsh–Hadamard).
//!
//! ```
//! use grundy::family::{Play, Winner};
//! let game = grundy::families::parse_spec("subtraction:1,3,4").unwrap();
//! let solution = game.solve(&["10", "20", "30"], Play::Normal).unwrap();
//! // G(10) ⊕ G(20) ⊕ G(30) = 1 ⊕ 2 ⊕ 0 = 3: the first player wins.
//! assert_eq!(solution.winner, Winner::First);
//! assert_eq!(solution.grundy, Some(3));
//! ```

pub mod count;
pub mod engine;
pub mod error;
pub mod explain;
pub mod families;
pub mod family;
pub mod numeric;
pub mod partizan;
pub mod period;
pub mod play;
#[doc(hidden)]
pub mod testdata;

pub use error::GameError;
