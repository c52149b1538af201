//! Misère play of sums (whoever cannot move *wins*): the Anti-SG game and the SJ theorem, with
//! the exact condition under which grundy relies on it.
//!
//! # The rule
//! For a sum with normal-play Grundy values `g₁, …, g_k` and nim-sum `t`, the **SJ rule** says
//! the player to move wins misère play iff `(t ≠ 0 and some gᵢ > 1)` or `(t = 0 and every
//! gᵢ ≤ 1)`. Bouton's rule for misère Nim is the case `gᵢ = heap size`.
//!
//! # When it is correct
//! **The rule is correct for every sum of positions of a game `H` iff every non-terminal
//! position of `H` with Grundy value 0 has an option of Grundy value 1.**
//!
//! *Proof.* Let `W` be the positions the rule calls first-player wins. Terminal sums (all parts
//! terminal, so all `gᵢ = 0`) are in `W`, as misère requires. Outside `W` every move enters
//! `W`: (a) all `gᵢ ≤ 1` with `t ≠ 0`: a part moves from 1 to 0 (all ≤ 1, `t = 0`), or from 0
//! to 1 (same), or to some `g ≥ 2` (then `t = g` or `1 ⊕ g`, non-zero, with a part `> 1`);
//! (b) `t = 0` with a part `> 1`: there are at least two such parts (one alone would make
//! `t ≠ 0`), so after any move one remains and `t ≠ 0`. From `W` there is a move out of `W`:
//! (c) `t ≠ 0` with two parts `> 1`: the Nim move to `t = 0` keeps one of them; with exactly
//! one part `> 1` (value `≥ 2`, so it has options of values 0 and 1 by the mex rule), move it to
//! 0 or 1 so that the number of 1s is odd; (d) `t = 0`, all `gᵢ ≤ 1`, not terminal: move a
//! part from 1 to 0; if all parts are 0, some non-terminal part must move to value **1** —
//! a move to `g ≥ 2` stays in `W`. That last step is exactly the condition. Conversely, if a
//! non-terminal `x` with `G(x) = 0` has no option of value 1, the rule says the mover wins `x`
//! alone, yet every option (a single part of value `≥ 2`) is in `W`: by induction on the
//! first such `x`, the rule is wrong there. ∎
//!
//! Only reachable positions matter, so for a sum of heaps the condition is needed for heaps up
//! to the largest one. grundy uses the rule for Nim (`nim.rs`, where 0 is the only P-position)
//! and subtraction games: proved for `S = {a..b}` (a non-terminal P-position has `n mod (a+b)
//! < a` and `n ≥ a+b`; removing `b` leaves residue in `[a, 2a)`, value 1) and for `G(n) = n mod
//! k` (remove `k−1 ∈ S`), and checked on the table for every other set, refusing with the
//! offending heap where it fails (no subtraction set tried — thousands of random finite sets,
//! the infinite ones here — has failed it, but the check costs one pass over the table, so
//! grundy checks rather than assumes). The condition fails for Wythoff's game (at `3,5`) and
//! the chessboard coin game (at `1,5`), so their sums refuse misère play; Moore's Nim has its
//! own misère rule (`moore.rs`). Heap families without a misère theory keep the refusal of
//! [`HeapRules::misere_outcome`](crate::impartial::heap::HeapRules::misere_outcome).

use crate::error::GameError;
use crate::limits::MAX_CACHED_TABLE;
use crate::limits::{check_memory, table_bytes};
use crate::outcome::Winner;
use std::fmt;
use std::sync::RwLock;

/// The SJ rule on the components' normal-play Grundy values (see the module doc for when it
/// is valid).
pub(crate) fn sj_outcome(values: &[u64]) -> Winner {
    let total = values.iter().fold(0, |a, &v| a ^ v);
    let some_large = values.iter().any(|&v| v > 1);
    if (total != 0) == some_large {
        Winner::First
    } else {
        Winner::Second
    }
}

/// The first heap `n < values.len()` that breaks the SJ condition: `G(n) = 0`, `n` not
/// terminal, and no option of value 1.
pub(crate) fn sj_counterexample(
    values: &[u64],
    is_terminal: &dyn Fn(u64) -> bool,
    reaches_one: &dyn Fn(u64, &[u64]) -> bool,
) -> Option<u64> {
    (0..values.len() as u64)
        .find(|&n| values[n as usize] == 0 && !is_terminal(n) && !reaches_one(n, values))
}

/// A heap game's values `G(0..len)` with the first SJ counterexample among them, grown on
/// demand and kept, so that a misère batch builds and checks its table once. It is a cache:
/// clones start empty and it takes no part in equality.
#[derive(Default)]
pub(crate) struct VerifiedValues {
    state: RwLock<Checked>,
}

#[derive(Default)]
struct Checked {
    values: Vec<u64>,
    counterexample: Option<u64>,
}

impl Checked {
    /// The heaps' values, if the table covers them; an error if the condition fails below.
    fn answer(&self, heaps: &[u64], max: u64, spec: &str) -> Option<Result<Vec<u64>, GameError>> {
        if let Some(c) = self.counterexample.filter(|&c| c <= max) {
            return Some(Err(GameError::Unsupported(format!(
                "misère play of `{spec}` has no theory in grundy for heaps ≥ {c}: heap {c} has Grundy value 0 and moves, but no move to value 1, so the Anti-SG/SJ rule fails"
            ))));
        }
        ((max as u128) < self.values.len() as u128)
            .then(|| Ok(heaps.iter().map(|&n| self.values[n as usize]).collect()))
    }
}

impl VerifiedValues {
    /// The heaps' values, after checking the SJ condition on every heap up to the largest.
    /// `table(to)` gives `G(0..=to)`; `is_terminal` and `reaches_one` describe the game.
    pub(crate) fn values_for(
        &self,
        heaps: &[u64],
        spec: &str,
        table: &dyn Fn(u64) -> Result<Vec<u64>, GameError>,
        is_terminal: &dyn Fn(u64) -> bool,
        reaches_one: &dyn Fn(u64, &[u64]) -> bool,
    ) -> Result<Vec<u64>, GameError> {
        let max = heaps.iter().copied().max().unwrap_or(0);
        if let Some(answer) = self.read().answer(heaps, max, spec) {
            return answer;
        }
        if max >= MAX_CACHED_TABLE {
            return Err(GameError::TooLarge(format!(
                "misère play of `{spec}` needs the table of Grundy values to heap {max} to check the Anti-SG/SJ condition; tables stop at {MAX_CACHED_TABLE}"
            )));
        }
        let len = self.read().values.len() as u64;
        let to = max.max(2 * len).clamp(1023, MAX_CACHED_TABLE - 1);
        check_memory(
            &format!("misère play of `{spec}`: the table of G(0..={to})"),
            table_bytes(to + 1, 8),
        )?;
        let values = table(to)?;
        let counterexample = sj_counterexample(&values, is_terminal, reaches_one);
        let mut state = self.state.write().unwrap_or_else(|e| e.into_inner());
        *state = Checked {
            values,
            counterexample,
        };
        state
            .answer(heaps, max, spec)
            .expect("the table now covers the largest heap")
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Checked> {
        self.state.read().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clone for VerifiedValues {
    fn clone(&self) -> Self {
        VerifiedValues::default()
    }
}

impl PartialEq for VerifiedValues {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for VerifiedValues {}

impl fmt::Debug for VerifiedValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VerifiedValues({} values)", self.read().values.len())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::impartial::games::subtraction::Subtraction;
    use crate::impartial::table::heap_table;
    use crate::impartial::HeapGame;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Misère outcome of a sum of heaps by the definition: the mover wins iff the sum is
    /// terminal or some move leaves the opponent losing. Heaps are kept sorted.
    pub fn brute_force_misere<G: HeapGame + ?Sized>(
        game: &G,
        heaps: &[u64],
        memo: &mut HashMap<Vec<u64>, bool>,
    ) -> Winner {
        fn wins<G: HeapGame + ?Sized>(
            game: &G,
            heaps: Vec<u64>,
            memo: &mut HashMap<Vec<u64>, bool>,
        ) -> bool {
            if let Some(&w) = memo.get(&heaps) {
                return w;
            }
            let mut successors = Vec::new();
            for (i, &n) in heaps.iter().enumerate() {
                game.heap_options(n, &mut |option| {
                    let mut next = heaps.clone();
                    next.remove(i);
                    next.extend_from_slice(option);
                    next.sort_unstable();
                    successors.push(next);
                });
            }
            let result =
                successors.is_empty() || successors.into_iter().any(|s| !wins(game, s, memo));
            memo.insert(heaps, result);
            result
        }
        let mut sorted = heaps.to_vec();
        sorted.sort_unstable();
        if wins(game, sorted, memo) {
            Winner::First
        } else {
            Winner::Second
        }
    }

    fn counterexample_of(game: &Subtraction, to: u64) -> Option<u64> {
        let values = heap_table(game, to).unwrap();
        let options = |n: u64| {
            let mut out = Vec::new();
            game.heap_options(n, &mut |o| out.push(o[0]));
            out
        };
        sj_counterexample(&values, &|n| options(n).is_empty(), &|n, v| {
            options(n).iter().any(|&m| v[m as usize] == 1)
        })
    }

    #[test]
    fn bouton_is_the_sj_rule_on_heap_sizes() {
        assert_eq!(sj_outcome(&[1, 1]), Winner::First);
        assert_eq!(sj_outcome(&[1]), Winner::Second);
        assert_eq!(sj_outcome(&[]), Winner::First);
        assert_eq!(sj_outcome(&[2, 2]), Winner::Second);
        assert_eq!(sj_outcome(&[3, 1]), Winner::First);
    }

    proptest! {
        /// Where the condition holds the rule matches the definition; where it fails, the
        /// counterexample heap alone is misjudged (so the condition is also necessary).
        #[test]
        fn sj_rule_is_exact_where_the_condition_holds(
            set in proptest::collection::btree_set(1u64..7, 1..4),
            heaps in proptest::collection::vec(0u64..13, 1..4),
        ) {
            let game = Subtraction::from_intervals(set.iter().map(|&s| (s, s)).collect(), "t").unwrap();
            let values = heap_table(&game, 16).unwrap();
            let mut memo = HashMap::new();
            match counterexample_of(&game, 16) {
                None => {
                    let gs: Vec<u64> = heaps.iter().map(|&h| values[h as usize]).collect();
                    prop_assert_eq!(sj_outcome(&gs), brute_force_misere(&game, &heaps, &mut memo));
                }
                Some(c) => {
                    prop_assert_eq!(sj_outcome(&[values[c as usize]]), Winner::First);
                    prop_assert_eq!(brute_force_misere(&game, &[c], &mut memo), Winner::Second);
                }
            }
        }
    }

    /// Heaps 0..=3 where heap 3 is a non-terminal P-position whose only option has value 2.
    struct NoMoveToOne;
    impl HeapGame for NoMoveToOne {
        fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
            match n {
                1 => visit(&[0]),
                2 => (0..2).for_each(|m| visit(&[m])),
                3 => visit(&[2]),
                _ => {}
            }
        }
    }

    /// The condition is necessary: where it fails, the rule misjudges the heap alone, and the
    /// cache refuses sums that reach it (naming the heap) while answering smaller ones.
    #[test]
    fn the_condition_is_necessary_and_refusals_name_the_heap() {
        let values = heap_table(&NoMoveToOne, 3).unwrap();
        assert_eq!(values, [0, 1, 2, 0]);
        let options = |n: u64| {
            let mut out = Vec::new();
            NoMoveToOne.heap_options(n, &mut |o| out.push(o[0]));
            out
        };
        let is_terminal = |n: u64| options(n).is_empty();
        let reaches_one = |n: u64, v: &[u64]| options(n).iter().any(|&m| v[m as usize] == 1);
        assert_eq!(
            sj_counterexample(&values, &is_terminal, &reaches_one),
            Some(3)
        );
        let mut memo = HashMap::new();
        assert_eq!(sj_outcome(&[0]), Winner::First);
        assert_eq!(
            brute_force_misere(&NoMoveToOne, &[3], &mut memo),
            Winner::Second
        );

        let cache = VerifiedValues::default();
        let table = |_to: u64| Ok(values.clone());
        let err = cache
            .values_for(&[3, 1], "toy", &table, &is_terminal, &reaches_one)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("heap 3 ") && err.contains("Anti-SG/SJ"),
            "{err}"
        );
        for heaps in [[0, 1], [2, 2], [1, 2]] {
            let got = cache
                .values_for(&heaps, "toy", &table, &is_terminal, &reaches_one)
                .unwrap();
            assert_eq!(
                sj_outcome(&got),
                brute_force_misere(&NoMoveToOne, &heaps, &mut memo)
            );
        }
    }
}
