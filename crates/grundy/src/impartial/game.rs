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
pub trait ImpartialGame {
    /// A single component; hashable so the solver can memoise it.
    type Position: Clone + Eq + Hash + Debug;

    /// Every option of `position`, each a sum of positions of this game.
    fn options(&self, position: &Self::Position) -> Vec<Vec<Self::Position>>;
}

/// A game whose positions are single heaps `n ≥ 0` and whose options are sums of heaps that
/// are all **strictly smaller** than `n` (this is what lets [`crate::impartial::table`] fill the
/// Grundy sequence bottom-up with no recursion and no hashing).
pub trait HeapGame {
    /// Calls `visit` once per option of heap `n`, with the heaps of that option.
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64]));
}

/// Views a [`HeapGame`] as an [`ImpartialGame`] on `u64` positions, so that the generic solver
/// can serve as the reference for heap games too.
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
