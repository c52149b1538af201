//! The one trait every impartial game implements, and the heap-game specialisation.
//!
//! An *option* of a position is what a move leaves behind. In take-and-break games a move may
//! split a heap into several, so an option is a **sum** of positions (a `Vec`); most games
//! produce one-element sums. The empty sum is the terminal position.

use std::fmt::Debug;
use std::hash::Hash;

/// An impartial game: both players have the same moves; who cannot move loses (normal play).
///
/// Invariant for the generic solver: play ends (the game graph reachable from any position is
/// finite and acyclic). Loopy games are handled separately (`families::graph`); the solver
/// reports a cycle as an error instead of looping.
///
/// ```
/// use grundy::{ImpartialGame, Nimber, Solver};
/// /// A token on 0..=n that moves down by 1 or 2: G(n) = n mod 3.
/// struct Steps;
/// impl ImpartialGame for Steps {
///     type Position = u32;
///     fn options(&self, &n: &u32) -> Vec<Vec<u32>> {
///         (1..=2.min(n)).map(|d| vec![n - d]).collect()
///     }
/// }
/// let mut solver = Solver::new(&Steps);
/// assert_eq!(solver.grundy(&7)?, Nimber(1));
/// # Ok::<(), grundy::GameError>(())
/// ```
pub trait ImpartialGame {
    /// A single component; hashable so the solver can memoise it.
    type Position: Clone + Eq + Hash + Debug;

    /// Every option of `position`, each a sum of positions of this game.
    fn options(&self, position: &Self::Position) -> Vec<Vec<Self::Position>>;
}

/// A game whose positions are single heaps `n ≥ 0` and whose options are sums of heaps that
/// are all **strictly smaller** than `n` (this is what lets [`crate::impartial::table`] fill the
/// Grundy sequence bottom-up with no recursion and no hashing).
///
/// ```
/// use grundy::impartial::table::heap_table;
/// use grundy::HeapGame;
/// /// Kayles: take one or two adjacent pins from a row, possibly splitting it.
/// struct Kayles;
/// impl HeapGame for Kayles {
///     fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
///         for take in 1..=2.min(n) {
///             for left in 0..=(n - take) / 2 {
///                 visit(&[left, n - take - left]);
///             }
///         }
///     }
/// }
/// assert_eq!(heap_table(&Kayles, 8)?, [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub trait HeapGame {
    /// Calls `visit` once per option of heap `n`, with the heaps of that option.
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64]));
}

/// Views a [`HeapGame`] as an [`ImpartialGame`] on `u64` positions, so that the generic solver
/// can serve as the reference for heap games too.
///
/// ```
/// use grundy::{HeapGame, Heaps, Nimber, Solver};
/// struct TakeOneOrTwo;
/// impl HeapGame for TakeOneOrTwo {
///     fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
///         for take in 1..=2.min(n) {
///             visit(&[n - take]);
///         }
///     }
/// }
/// // The generic solver, on the same rules: G(10) = 10 mod 3.
/// assert_eq!(Solver::new(&Heaps(&TakeOneOrTwo)).grundy(&10)?, Nimber(1));
/// # Ok::<(), grundy::GameError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Heaps<'g, G: ?Sized>(pub &'g G);

impl<G: HeapGame + ?Sized> ImpartialGame for Heaps<'_, G> {
    type Position = u64;

    fn options(&self, &n: &u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        self.0
            .heap_options(n, &mut |heaps| out.push(heaps.to_vec()));
        out
    }
}
