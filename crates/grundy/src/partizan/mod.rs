//! # Partizan games: canonical forms of short games
//!
//! In a partizan game Left and Right have different moves, so a position's value is not a
//! nimber but a *game* in Conway's sense, `{left options | right options}`. Every short game
//! equals exactly one *canonical form* (no dominated and no reversible options); this module
//! computes it and everything read off it.
//!
//! ## Design
//! - **Hash-consing** (`table`): each distinct canonical form is stored once and a [`Game`]
//!   is its `u32` id, so `==` is an id comparison, games are `Copy`, and sums, negatives and
//!   comparisons are cached by id. The table is append-only and shared by all threads: reads
//!   take no lock, writes lock one of 64 shards. Nothing is ever freed — the price of ids that
//!   stay valid forever; a process holds the values it has met (about 100 bytes each).
//! - **Closed forms** (`nui`): values `x + n·↑ + *m` (numbers, nimbers, ups and their sums)
//!   are stored by those coordinates. Their sums, negatives and comparisons need no search,
//!   and their options are built only on request, so the integer 2^40 or `Game::nimber(1000)`
//!   is one node (the notation reads literals only up to `2^32` and `*256`: [`notation`]).
//! - **Simplification** (`canonical`): dominated options deleted, reversible ones bypassed;
//!   the simplest-number rule for `{a|b}` with numbers `a < b`; number avoidance in sums and
//!   comparisons (`compare`).
//! - **Notation** ([`notation`]): CGSuite's (and cgt-tools') text, parsed and printed;
//!   printing then parsing gives the same game.
//! - **Invariants** ([`invariants`], [`thermograph`]): stops, mean, temperature, thermograph,
//!   cooling and heating, atomic weight, reduced canonical form, birthday.
//! - **Judges** ([`brute`], [`enumerate`]): a brute-force evaluator straight from the
//!   definitions (no simplification) that the property tests hold the engine to, and the
//!   games born by day `n` (1, 4, 22, 1474).
//!
//! ```
//! use grundy::partizan::{Game, Relation};
//! let g: Game = "{0|^}".parse().unwrap();
//! assert_eq!(g.to_string(), "^^*");
//! let up: Game = "^".parse().unwrap();
//! assert_eq!(up.compare(Game::zero()), Relation::Greater);
//! assert_eq!((g - g), Game::zero());
//! ```

pub mod brute;
mod canonical;
mod compare;
pub mod enumerate;
pub mod games;
pub mod invariants;
pub mod notation;
mod nui;
mod table;
pub mod thermograph;

pub use crate::numeric::dyadic::Dyadic;
pub use invariants::Summary;
pub use table::{interned_count, Game};
pub use thermograph::{Thermograph, Wall};

use crate::GameError;
use nui::Nui;
use std::fmt;

/// How two games compare.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Relation {
    /// `G = H`.
    Equal,
    /// `G < H`.
    Less,
    /// `G > H`.
    Greater,
    /// Neither `≤` nor `≥` (`‖`).
    Confused,
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Relation::Equal => "=",
            Relation::Less => "<",
            Relation::Greater => ">",
            Relation::Confused => "||",
        })
    }
}

/// Who wins: `L` (Left, whoever starts), `R` (Right), `P` (the second player), `N` (the
/// first player).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Left wins, whoever starts.
    L,
    /// Right wins, whoever starts.
    R,
    /// The second player wins.
    P,
    /// The first player wins.
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

impl Game {
    /// The canonical form of `{left | right}`.
    ///
    /// # Panics
    /// When a number in the result leaves [`Dyadic`]'s range (e.g. `{0|x}` with `x` a
    /// `2^-62`-sized fraction); [`Game::try_from_options`] returns that as an error instead.
    pub fn from_options(left: &[Game], right: &[Game]) -> Game {
        Game::try_from_options(left, right).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The canonical form of `{left | right}`, or `GameError::TooLarge` when a number in it
    /// leaves [`Dyadic`]'s range: what every path from user input uses.
    pub fn try_from_options(left: &[Game], right: &[Game]) -> Result<Game, GameError> {
        canonical::from_options(left, right)
    }

    /// `self + other`, or `GameError::TooLarge` when a number in the sum leaves
    /// [`Dyadic`]'s range (the `+` operator panics there instead).
    pub fn try_add(self, other: Game) -> Result<Game, GameError> {
        canonical::add(self, other)
    }

    /// `self − other`, fallible like [`Game::try_add`].
    pub fn try_sub(self, other: Game) -> Result<Game, GameError> {
        canonical::add(self, canonical::neg(other)?)
    }

    /// `−self`, or `GameError::TooLarge` for the one number whose negative has no 64-bit
    /// numerator (`−2^63`).
    pub fn try_neg(self) -> Result<Game, GameError> {
        canonical::neg(self)
    }

    /// The game `0`, the second-player win every sum is measured against.
    pub fn zero() -> Game {
        Game::number(Dyadic::ZERO)
    }

    /// The integer `n` (Left has `n` free moves, or Right `−n`).
    pub fn integer(n: i64) -> Game {
        Game::number(Dyadic::integer(n))
    }

    /// The number `d` as a game.
    ///
    /// # Panics
    /// For a numerator of `−2^63` (its negative does not fit): use [`Game::try_number_up_star`].
    pub fn number(d: Dyadic) -> Game {
        Game::number_up_star(d, 0, 0)
    }

    /// `*n`, for any `n`: a closed form, one node whose options are built only when asked.
    /// Text is bounded tighter, so a value built here may print what the notation refuses:
    ///
    /// ```
    /// use grundy::partizan::{notation::MAX_UP_OR_NIM, Game};
    /// let big = Game::nimber(1000);
    /// assert_eq!(big + Game::nimber(24), Game::nimber(1000 ^ 24));
    /// assert_eq!(big.to_string(), "*1000");
    /// assert!("*1000".parse::<Game>().is_err());
    /// assert_eq!(format!("*{MAX_UP_OR_NIM}").parse::<Game>()?, Game::nimber(256));
    /// # Ok::<(), grundy::GameError>(())
    /// ```
    pub fn nimber(n: u32) -> Game {
        Game::number_up_star(Dyadic::ZERO, 0, n)
    }

    /// `n·↑` (`n < 0` for multiples of down).
    pub fn up_multiple(n: i64) -> Game {
        Game::number_up_star(Dyadic::ZERO, n, 0)
    }

    /// `x + n·↑ + *m`, in closed form.
    ///
    /// # Panics
    /// When `−x` or `−n` does not fit in 64 bits; [`Game::try_number_up_star`] returns an error.
    pub fn number_up_star(x: Dyadic, ups: i64, nim: u32) -> Game {
        Game::try_number_up_star(x, ups, nim).unwrap_or_else(|e| panic!("{e}"))
    }

    /// `x + n·↑ + *m`, or `GameError::TooLarge` when its negative would not fit in 64 bits.
    pub fn try_number_up_star(x: Dyadic, ups: i64, nim: u32) -> Result<Game, GameError> {
        canonical::nui_game(Nui {
            number: x,
            ups,
            nim,
        })
    }

    /// `(x, n, m)` when `self = x + n·↑ + *m`.
    pub fn as_number_up_star(self) -> Option<(Dyadic, i64, u32)> {
        table::node(self).nui.map(|v| (v.number, v.ups, v.nim))
    }

    /// Left options of the canonical form (in id order).
    pub fn left_options(self) -> Vec<Game> {
        table::options(self).0.to_vec()
    }

    /// Right options of the canonical form (in id order).
    pub fn right_options(self) -> Vec<Game> {
        table::options(self).1.to_vec()
    }

    /// `-self` (also `impl Neg`; the inherent method is part of the engine's contract).
    /// Panics where [`Game::try_neg`] is an error.
    #[allow(clippy::should_implement_trait)]
    pub fn neg(self) -> Game {
        self.try_neg().unwrap_or_else(|e| panic!("{e}"))
    }

    /// `self ≤ other`.
    pub fn le(self, other: Game) -> bool {
        compare::le(self, other)
    }

    /// How `self` compares with `other` (`=`, `<`, `>` or confused).
    pub fn compare(self, other: Game) -> Relation {
        match (compare::le(self, other), compare::le(other, self)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    /// Who wins: the comparison with 0.
    pub fn outcome(self) -> Outcome {
        match self.compare(Game::zero()) {
            Relation::Equal => Outcome::P,
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Confused => Outcome::N,
        }
    }

    /// Whether the game equals a number.
    pub fn is_number(self) -> bool {
        self.as_number().is_some()
    }

    fn closed_form(self) -> Option<Nui> {
        table::node(self).nui
    }

    /// The number `self` equals, if it is one.
    pub fn as_number(self) -> Option<Dyadic> {
        table::node(self)
            .nui
            .filter(|v| v.is_number())
            .map(|v| v.number)
    }
}

/// Panics where [`Game::try_neg`] is an error.
impl std::ops::Neg for Game {
    type Output = Game;
    fn neg(self) -> Game {
        Game::neg(self)
    }
}

/// Panics where [`Game::try_add`] is an error (a number past 64-bit coordinates).
impl std::ops::Add for Game {
    type Output = Game;
    fn add(self, other: Game) -> Game {
        self.try_add(other).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// Panics where [`Game::try_sub`] is an error.
impl std::ops::Sub for Game {
    type Output = Game;
    fn sub(self, other: Game) -> Game {
        self.try_sub(other).unwrap_or_else(|e| panic!("{e}"))
    }
}

impl std::iter::Sum for Game {
    fn sum<I: Iterator<Item = Game>>(iter: I) -> Game {
        iter.fold(Game::zero(), |a, b| a + b)
    }
}
