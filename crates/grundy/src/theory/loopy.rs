//! Loopy impartial games (cycles allowed): Smith's generalised Sprague–Grundy function and
//! its sum rules, for any game graph given as `n` positions and a list of moves.
//!
//! Smith's generalised Sprague–Grundy function γ. Each position gets a finite value
//! or `∞(K)`, `K` the finite values among its followers. Computed by Fraenkel's labelling, one
//! round per value `i = 0, 1, …`, each round a retrograde analysis over the still-unlabelled
//! positions:
//! - label `u` with `i` when no follower of `u` is labelled `i` and every follower that is
//!   unlabelled or `∞` has a follower labelled `i` (so any escape from `i` can be reversed);
//! - at the end of the round, an unlabelled position with no follower labelled `i` can never
//!   reach value `> i` (it lacks `i` among its options): it is `∞`.
//!
//! On an acyclic graph γ is the ordinary Grundy function. Sums (Smith): all finite → XOR;
//! two or more `∞` → `∞(∅)`, a draw; one `∞(K)` and the rest XOR-ing to `a` → `∞(K ⊕ a)`,
//! a first-player win iff `a ∈ K`, else a draw. The P-positions of a sum are exactly the
//! finite sums of XOR 0, so the winning moves are the moves to those: the winner then wins
//! in finitely many moves (reversing any escape to a larger value or to ∞), never by
//! endless play.
//!
//! The brute-force reference (tests) is a retrograde outcome analysis of the sum graph.

use crate::error::GameError;
use crate::graph::buckets::Buckets;
use crate::limits::check_memory;
use crate::numeric::Nimber;
use crate::outcome::{GameValue, Winner};

const UNLABELLED: u64 = u64::MAX;
const INFINITE: u64 = u64::MAX - 1;

/// Followers (or, `reversed`, predecessors) of every position, with multiplicity.
fn arcs(n: usize, moves: &[(u32, u32)], reversed: bool) -> Buckets<u32> {
    Buckets::new(
        n,
        moves
            .iter()
            .map(move |&(u, v)| if reversed { (v, u) } else { (u, v) }),
    )
}

/// γ of every position of the game graph with `n` positions and the given moves.
///
/// ```
/// use grundy::theory::loopy::{generalized_values, outcome};
/// use grundy::{GameValue, Nimber, Winner};
/// // 0 ↔ 1 is a cycle with an exit 1 → 2, and 2 is terminal.
/// let values = generalized_values(3, &[(0, 1), (1, 0), (1, 2)])?;
/// assert_eq!(values[2], GameValue::Finite(Nimber(0)));
/// assert_eq!(values[1], GameValue::Finite(Nimber(1)));
/// assert_eq!(outcome(&values[0]), Winner::Second);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub fn generalized_values(n: usize, moves: &[(u32, u32)]) -> Result<Vec<GameValue>, GameError> {
    check_memory("the game graph", n as u128 * 40 + moves.len() as u128 * 16)?;
    let followers = arcs(n, moves, false);
    let predecessors = arcs(n, moves, true);
    let mut label = vec![UNLABELLED; n];
    // Followers not (yet) labelled with a finite value, per position.
    let mut open: Vec<u32> = (0..n as u32)
        .map(|v| followers.of(v as usize).len() as u32)
        .collect();
    // Per round: `pending[u]` open followers of `u` not yet known to reach a position labelled
    // with this round's value; `reaches[u] == round + 1` when `u` has a follower so labelled.
    let mut pending = vec![0u32; n];
    let mut reaches = vec![0u64; n];
    let mut unlabelled: Vec<u32> = (0..n as u32).collect();
    let mut round = 0u64;
    let mut ready = Vec::new();
    while !unlabelled.is_empty() {
        let mark = round + 1;
        for &u in &unlabelled {
            pending[u as usize] = open[u as usize];
            if open[u as usize] == 0 {
                ready.push(u);
            }
        }
        while let Some(u) = ready.pop() {
            if reaches[u as usize] == mark {
                continue;
            }
            label[u as usize] = round;
            for &p in predecessors.of(u as usize) {
                open[p as usize] -= 1;
                if reaches[p as usize] == mark {
                    continue;
                }
                reaches[p as usize] = mark;
                if label[p as usize] < INFINITE {
                    continue; // a finite value below `round`: not open for anyone
                }
                // `p` can be answered by a move to value `round`: it no longer blocks its
                // predecessors from taking that value.
                for &q in predecessors.of(p as usize) {
                    if label[q as usize] == UNLABELLED && reaches[q as usize] != mark {
                        pending[q as usize] -= 1;
                        if pending[q as usize] == 0 {
                            ready.push(q);
                        }
                    }
                }
            }
        }
        unlabelled.retain(|&u| {
            if label[u as usize] != UNLABELLED {
                return false;
            }
            if reaches[u as usize] != mark {
                label[u as usize] = INFINITE;
                return false;
            }
            true
        });
        round += 1;
    }
    Ok((0..n as u32)
        .map(|u| match label[u as usize] {
            INFINITE => {
                let mut reachable: Vec<u64> = followers
                    .of(u as usize)
                    .iter()
                    .map(|&w| label[w as usize])
                    .filter(|&l| l < INFINITE)
                    .collect();
                reachable.sort_unstable();
                reachable.dedup();
                GameValue::Infinite { reachable }
            }
            finite => GameValue::Finite(Nimber(finite)),
        })
        .collect())
}

/// γ of a sum, by Smith's rules (module docs). (A part the mover wins at once, which no
/// graph produces, makes the whole sum such a position.)
pub fn sum_value(values: &[GameValue]) -> GameValue {
    let mut finite = 0;
    let mut infinite: Vec<&Vec<u64>> = Vec::new();
    for v in values {
        match v {
            GameValue::Finite(n) => finite ^= n.0,
            GameValue::Infinite { reachable } => infinite.push(reachable),
            GameValue::WinsAtOnce { .. } => return v.clone(),
        }
    }
    match infinite.as_slice() {
        [] => GameValue::Finite(Nimber(finite)),
        [reachable] => {
            let mut shifted: Vec<u64> = reachable.iter().map(|k| k ^ finite).collect();
            shifted.sort_unstable();
            GameValue::Infinite { reachable: shifted }
        }
        _ => GameValue::Infinite {
            reachable: Vec::new(),
        },
    }
}

/// Who wins a position of value `value` with the player to move.
pub fn outcome(value: &GameValue) -> Winner {
    match value {
        GameValue::Finite(n) => Winner::from_grundy(*n),
        GameValue::Infinite { reachable } if reachable.contains(&0) => Winner::First,
        GameValue::Infinite { .. } => Winner::Draw,
        GameValue::WinsAtOnce { .. } => Winner::First,
    }
}

/// Every winning move of the sum of tokens at `starts`: `(token, follower)` pairs that leave
/// a P-position (all tokens finite, XOR 0).
pub fn winning_moves(
    n: usize,
    moves: &[(u32, u32)],
    values: &[GameValue],
    starts: &[u32],
) -> Vec<(usize, u32)> {
    let followers = arcs(n, moves, false);
    let mut out = Vec::new();
    for (i, &s) in starts.iter().enumerate() {
        // The rest of the sum must be finite; the token must move to a value equal to its XOR.
        let rest: Option<u64> = starts
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .try_fold(0, |acc, (_, &t)| {
                values[t as usize].clone().finite().map(|v| acc ^ v.0)
            });
        let Some(target) = rest else { continue };
        let mut seen: Vec<u32> = Vec::new();
        for &w in followers.of(s as usize) {
            if values[w as usize] == GameValue::Finite(Nimber(target)) && !seen.contains(&w) {
                seen.push(w);
                out.push((i, w));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{ImpartialGame, Solver};
    use proptest::prelude::*;

    /// Outcome of every state of the sum of `k` tokens by retrograde analysis of the sum
    /// graph: terminal states lose; a state with a move to a loss wins; a state all of whose
    /// moves lead to wins loses; whatever is left is a draw.
    fn brute_outcomes(n: usize, moves: &[(u32, u32)], k: u32) -> Vec<Winner> {
        let followers = arcs(n, moves, false);
        let states = n.pow(k);
        let decode = |s: usize| -> Vec<u32> { (0..k).map(|i| (s / n.pow(i) % n) as u32).collect() };
        let successors = |s: usize| -> Vec<usize> {
            let tokens = decode(s);
            let mut out = Vec::new();
            for (i, &t) in tokens.iter().enumerate() {
                for &w in followers.of(t as usize) {
                    out.push(s - t as usize * n.pow(i as u32) + w as usize * n.pow(i as u32));
                }
            }
            out
        };
        let mut predecessors = vec![Vec::new(); states];
        let mut undecided: Vec<usize> = (0..states).map(|s| successors(s).len()).collect();
        for s in 0..states {
            for t in successors(s) {
                predecessors[t].push(s);
            }
        }
        let mut result = vec![Winner::Draw; states];
        let mut queue: Vec<usize> = (0..states).filter(|&s| undecided[s] == 0).collect();
        for &s in &queue {
            result[s] = Winner::Second;
        }
        while let Some(s) = queue.pop() {
            for &p in &predecessors[s] {
                if result[p] != Winner::Draw {
                    continue;
                }
                if result[s] == Winner::Second {
                    result[p] = Winner::First;
                    queue.push(p);
                } else {
                    undecided[p] -= 1;
                    if undecided[p] == 0 {
                        result[p] = Winner::Second;
                        queue.push(p);
                    }
                }
            }
        }
        result
    }

    /// Smith's definition, checked position by position: a finite value `g` has every value
    /// below it among its followers and not `g` itself, and every follower of larger or
    /// infinite value can be answered by a move back to `g`; `∞(K)` lists exactly the finite
    /// values of the followers.
    fn satisfies_smiths_definition(
        n: usize,
        moves: &[(u32, u32)],
        values: &[GameValue],
    ) -> Result<(), TestCaseError> {
        let followers = arcs(n, moves, false);
        let finite = |v: u32| values[v as usize].clone().finite().map(|x| x.0);
        for u in 0..n as u32 {
            let options: Vec<Option<u64>> = followers
                .of(u as usize)
                .iter()
                .map(|&w| finite(w))
                .collect();
            match &values[u as usize] {
                GameValue::Finite(g) => {
                    let g = g.0;
                    prop_assert!(
                        !options.contains(&Some(g)),
                        "{} has a follower of its value",
                        u
                    );
                    for j in 0..g {
                        prop_assert!(options.contains(&Some(j)), "{} lacks value {}", u, j);
                    }
                    for &w in followers.of(u as usize) {
                        if !matches!(finite(w), Some(x) if x <= g) {
                            let answers = followers
                                .of(w as usize)
                                .iter()
                                .any(|&x| finite(x) == Some(g));
                            prop_assert!(answers, "{} → {} cannot be reversed to {}", u, w, g);
                        }
                    }
                }
                GameValue::Infinite { reachable } => {
                    let mut expected: Vec<u64> = options.iter().flatten().copied().collect();
                    expected.sort_unstable();
                    expected.dedup();
                    prop_assert_eq!(reachable, &expected);
                }
                GameValue::WinsAtOnce { why } => prop_assert!(false, "{}: {}", u, why),
            }
        }
        Ok(())
    }

    fn game() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..=7).prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..16),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn sums_of_one_to_three_tokens_match_retrograde_analysis(
            (n, moves) in game(),
            k in 1u32..=3,
        ) {
            let values = generalized_values(n, &moves).unwrap();
            satisfies_smiths_definition(n, &moves, &values)?;
            let brute = brute_outcomes(n, &moves, k);
            let followers = arcs(n, &moves, false);
            for s in 0..n.pow(k) {
                let starts: Vec<u32> = (0..k).map(|i| (s / n.pow(i) % n) as u32).collect();
                let parts: Vec<GameValue> = starts.iter().map(|&t| values[t as usize].clone()).collect();
                prop_assert_eq!(outcome(&sum_value(&parts)), brute[s], "tokens {:?}", starts);
                // Winning moves: exactly the moves to brute-force losses.
                let mut expected = Vec::new();
                if brute[s] == Winner::First {
                    for (i, &t) in starts.iter().enumerate() {
                        let mut seen = Vec::new();
                        for &w in followers.of(t as usize) {
                            let next = s - t as usize * n.pow(i as u32) + w as usize * n.pow(i as u32);
                            if brute[next] == Winner::Second && !seen.contains(&w) {
                                seen.push(w);
                                expected.push((i, w));
                            }
                        }
                    }
                }
                let got = if brute[s] == Winner::First {
                    winning_moves(n, &moves, &values, &starts)
                } else {
                    Vec::new()
                };
                prop_assert_eq!(got, expected, "tokens {:?}", starts);
            }
        }

        #[test]
        fn acyclic_graphs_get_grundy_values((n, moves) in game()) {
            // Orient every move downwards: an acyclic graph.
            let dag: Vec<(u32, u32)> = moves
                .into_iter()
                .filter(|&(u, v)| u != v)
                .map(|(u, v)| (u.max(v), u.min(v)))
                .collect();
            struct Dag<'a>(&'a [(u32, u32)]);
            impl ImpartialGame for Dag<'_> {
                type Position = u32;
                fn options(&self, &u: &u32) -> Vec<Vec<u32>> {
                    self.0.iter().filter(|e| e.0 == u).map(|e| vec![e.1]).collect()
                }
            }
            let game = Dag(&dag);
            let mut solver = Solver::new(&game);
            let values = generalized_values(n, &dag).unwrap();
            for u in 0..n as u32 {
                prop_assert_eq!(values[u as usize].clone(), GameValue::Finite(solver.grundy(&u).unwrap()));
            }
        }
    }

    #[test]
    fn known_loopy_values() {
        // 0 ⇄ 1 and 1 → 2 (terminal): 0's only move is to 1, which answers by moving to 2;
        // so 0 is a P-position despite the cycle: γ = (0, 1, 0).
        let values = generalized_values(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
        assert_eq!(
            values,
            [
                GameValue::Finite(Nimber(0)),
                GameValue::Finite(Nimber(1)),
                GameValue::Finite(Nimber(0)),
            ]
        );
        // A lone cycle 0 ⇄ 1: both ∞(∅), a draw; a pass move (self-loop) likewise.
        let values = generalized_values(2, &[(0, 1), (1, 0)]).unwrap();
        assert_eq!(values[0], GameValue::Infinite { reachable: vec![] });
        assert_eq!(outcome(&values[0]), Winner::Draw);
        // A self-loop next to an exit to a terminal: ∞(0), a first-player win.
        let values = generalized_values(2, &[(0, 0), (0, 1)]).unwrap();
        assert_eq!(values[0], GameValue::Infinite { reachable: vec![0] });
        assert_eq!(outcome(&values[0]), Winner::First);
        // ∞(0) + *1 = ∞(1): a draw; two ∞ are a draw.
        let sum = sum_value(&[values[0].clone(), GameValue::Finite(Nimber(1))]);
        assert_eq!(sum, GameValue::Infinite { reachable: vec![1] });
        assert_eq!(outcome(&sum), Winner::Draw);
        assert_eq!(
            outcome(&sum_value(&[values[0].clone(), values[0].clone()])),
            Winner::Draw
        );
    }
}
