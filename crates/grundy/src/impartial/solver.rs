//! The generic solver: Grundy values, outcomes and every winning move of any
//! [`ImpartialGame`] by the definition `G(p) = mex { G(q1) ⊕ … ⊕ G(qk) : (q1 + … + qk) an option of p }`.
//!
//! It is the brute-force reference that every closed form and fast path is tested against, so
//! it favours obviously-correct over clever. Two properties matter in practice:
//! - **iterative**: an explicit stack replaces recursion, so a take-1 chain of 10^7 positions
//!   does not overflow the call stack;
//! - **memoised** in a hash map; a frame stores only its position and how far through its
//!   options it has got (options are regenerated on resumption), so deep chains stay at a few
//!   dozen bytes per position. The price is O(deg²) option generation for a position with deg
//!   options, which is fine for a reference.
//!
//! A position met again while it is still on the stack means the game is loopy; that is an
//! error here ([`GameError::Cyclic`]), not an infinite loop.

use crate::error::GameError;
use crate::impartial::game::ImpartialGame;
use crate::numeric::mex::MexSet;
use crate::numeric::nimber::Nimber;
use std::collections::{HashMap, HashSet};

/// A winning move of a sum: the index of the component and the option (a sum) it moves to.
pub(crate) type SumMove<P> = (usize, Vec<P>);

/// Memoised solver for one game. Reuse it across queries to share the memo table.
///
/// ```
/// use grundy::{HeapGame, Heaps, Nimber, Solver};
/// struct Nim;
/// impl HeapGame for Nim {
///     fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
///         (0..n).for_each(|m| visit(&[m]));
///     }
/// }
/// let game = Heaps(&Nim);
/// let mut solver = Solver::new(&game);
/// assert_eq!(solver.sum_value(&[1, 2, 4])?, Nimber(7));
/// // The only winning move of 1 + 2 + 4 is 4 → 3.
/// assert_eq!(solver.winning_moves(&[1, 2, 4])?, [(2, vec![3])]);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub struct Solver<'g, G: ImpartialGame> {
    game: &'g G,
    memo: HashMap<G::Position, Nimber>,
}

impl<'g, G: ImpartialGame> Solver<'g, G> {
    /// A solver for `game` with an empty memo.
    pub fn new(game: &'g G) -> Self {
        Solver {
            game,
            memo: HashMap::new(),
        }
    }

    /// A solver for `game` that starts from the values of an earlier solver of the same
    /// game ([`Solver::into_memo`]): a caller that cannot keep the solver itself (it borrows
    /// the game) keeps its work across calls this way.
    ///
    /// ```
    /// use grundy::{HeapGame, Heaps, Nimber, Solver};
    /// struct Nim;
    /// impl HeapGame for Nim {
    ///     fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
    ///         (0..n).for_each(|m| visit(&[m]));
    ///     }
    /// }
    /// let game = Heaps(&Nim);
    /// let mut first = Solver::new(&game);
    /// assert_eq!(first.grundy(&100)?, Nimber(100));
    /// let again = Solver::with_memo(&game, first.into_memo());
    /// assert_eq!(again.solved(), 101);
    /// # Ok::<(), grundy::GameError>(())
    /// ```
    pub fn with_memo(game: &'g G, memo: HashMap<G::Position, Nimber>) -> Self {
        Solver { game, memo }
    }

    /// The values solved so far, for [`Solver::with_memo`].
    pub fn into_memo(self) -> HashMap<G::Position, Nimber> {
        self.memo
    }

    /// Number of positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `position`.
    pub fn grundy(&mut self, position: &G::Position) -> Result<Nimber, GameError> {
        if let Some(&v) = self.memo.get(position) {
            return Ok(v);
        }
        // Each frame: a position and the index of the first option not yet known to be solved.
        let mut stack: Vec<(G::Position, usize)> = vec![(position.clone(), 0)];
        let mut on_stack: HashSet<G::Position> = HashSet::from([position.clone()]);
        let mut seen = MexSet::new();
        while let Some((top, next)) = stack.last().cloned() {
            let options = self.game.options(&top);
            // Find the first component of an option (from `next` on) that is not solved yet.
            let pending = options.iter().enumerate().skip(next).find_map(|(i, sum)| {
                sum.iter()
                    .find(|q| !self.memo.contains_key(*q))
                    .map(|q| (i, q.clone()))
            });
            match pending {
                Some((i, child)) => {
                    stack
                        .last_mut()
                        .expect("stack is non-empty inside the loop")
                        .1 = i;
                    if !on_stack.insert(child.clone()) {
                        return Err(GameError::Cyclic(format!("{child:?}")));
                    }
                    stack.push((child, 0));
                }
                None => {
                    seen.clear();
                    for sum in &options {
                        seen.insert(Nimber::sum(sum.iter().map(|q| self.memo[q])).0);
                    }
                    self.memo.insert(top.clone(), Nimber(seen.mex()));
                    if self.memo.len() % 65536 == 0 {
                        crate::progress::report("positions", self.memo.len() as u64, 0);
                    }
                    on_stack.remove(&top);
                    stack.pop();
                }
            }
        }
        Ok(self.memo[position])
    }

    /// The value of a sum of positions (Sprague–Grundy: the nim-sum of the parts).
    pub fn sum_value(&mut self, sum: &[G::Position]) -> Result<Nimber, GameError> {
        let mut total = Nimber::ZERO;
        for p in sum {
            total ^= self.grundy(p)?;
        }
        Ok(total)
    }

    /// Every winning move of the sum `components`: pairs `(i, option)` where replacing
    /// component `i` by `option` (itself a sum) leaves a position of value 0.
    /// Empty exactly when the sum is a second-player win.
    pub fn winning_moves(
        &mut self,
        components: &[G::Position],
    ) -> Result<Vec<SumMove<G::Position>>, GameError> {
        let total = self.sum_value(components)?;
        let mut moves = Vec::new();
        if total.is_zero() {
            return Ok(moves);
        }
        for (i, c) in components.iter().enumerate() {
            let target = total ^ self.grundy(c)?;
            for option in self.game.options(c) {
                if self.sum_value(&option)? == target {
                    moves.push((i, option));
                }
            }
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1 or 2 from a heap.
    struct TakeOneOrTwo;
    impl ImpartialGame for TakeOneOrTwo {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<Vec<u64>> {
            [1, 2]
                .iter()
                .filter(|&&k| k <= n)
                .map(|k| vec![n - k])
                .collect()
        }
    }

    /// Two positions that move to each other.
    struct Loop;
    impl ImpartialGame for Loop {
        type Position = bool;
        fn options(&self, &p: &bool) -> Vec<Vec<bool>> {
            vec![vec![!p]]
        }
    }

    #[test]
    fn values_by_definition() {
        let mut s = Solver::new(&TakeOneOrTwo);
        let values: Vec<u64> = (0..9).map(|n| s.grundy(&n).unwrap().0).collect();
        assert_eq!(values, [0, 1, 2, 0, 1, 2, 0, 1, 2]);
    }

    /// Take exactly one token: the deepest possible game graph.
    struct TakeOne;
    impl ImpartialGame for TakeOne {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<Vec<u64>> {
            if n == 0 {
                vec![]
            } else {
                vec![vec![n - 1]]
            }
        }
    }

    #[test]
    fn deep_chain_does_not_overflow_the_stack() {
        let mut s = Solver::new(&TakeOne);
        assert_eq!(s.grundy(&2_000_000).unwrap(), Nimber(0));
        assert_eq!(s.grundy(&2_000_001).unwrap(), Nimber(1));
    }

    /// The issue's depth: a take-1 chain of 10^7 (≈1 GB of memo; run with --ignored).
    #[test]
    #[ignore = "takes ~1 GB and several seconds; run with --ignored"]
    fn chain_of_ten_million() {
        let mut s = Solver::new(&TakeOne);
        assert_eq!(s.grundy(&10_000_000).unwrap(), Nimber(0));
        assert_eq!(s.solved(), 10_000_001);
    }

    #[test]
    fn winning_moves_of_a_sum() {
        let mut s = Solver::new(&TakeOneOrTwo);
        // values 1 ⊕ 2 = 3 ≠ 0: move heap 4 (value 1) to value 2 ⇒ heap 2? 4-2=2 has value 2: yes.
        let moves = s.winning_moves(&[4, 5]).unwrap();
        assert_eq!(moves, vec![(0, vec![2]), (1, vec![4])]);
        assert!(s.winning_moves(&[3, 6]).unwrap().is_empty());
    }

    #[test]
    fn cycles_are_reported() {
        let mut s = Solver::new(&Loop);
        assert!(matches!(s.grundy(&true), Err(GameError::Cyclic(_))));
    }
}
