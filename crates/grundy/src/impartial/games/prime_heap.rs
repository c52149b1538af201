//! The prime-heap game (`prime-heap:K`): a move takes 1..K tokens from one heap, and the
//! player who moves wins **at once** if after the move *some* heap has prime size; a player
//! who cannot move (every heap empty) loses. The win condition looks at all heaps together,
//! so this is not a sum of independent games: the POSITION list is the heaps of one game, and
//! the ruleset answers for the whole list ([`Ruleset::solve`], [`Ruleset::is_over`]).
//!
//! The rule (proved below by the dead-zone argument and checked against the literal game by
//! brute force in the tests). Let `p(n)` be the largest prime strictly below `n` (none for
//! `n ≤ 2`). The player to move wins iff
//! 1. some heap can be moved onto a prime: `n ≥ 3` and `n − p(n) ≤ K` (a *threat*); else
//! 2. some heap is prime and another heap is non-empty (move the other one); else
//! 3. the XOR over heaps of `v(n) = (n − p(n)) mod (K+1)` is non-zero (`v(n) = n mod (K+1)`
//!    for `n ≤ 2`).
//!
//! Why 3: outside cases 1–2 nobody may leave a heap in `(p, p+K]` (the opponent moves it onto
//! `p`), so each heap lives in its prime gap above `p + K` and is a take-1..K heap on `n − p`
//! whose terminal state is `p + K + 1`. Edge cases, all confirmed by brute force: heaps 0 and
//! 1 are plain take-1..K heaps; a heap of 2 is prime (case 2 when another heap is non-empty)
//! and alone it is worth `2 mod (K+1)` (K = 1: 2 → 1 → 0, the mover loses); a prime heap
//! alone is worth `(n − p(n)) mod (K+1)` with `p(n)` the prime *below* it; no heaps or only
//! empty heaps: the mover loses.
//!
//! The source (a POJ problem and its blog post) says "if several heaps are prime the mover
//! wins": one prime heap and any other non-empty heap suffice; and its sizes `2 < n < 2^32`
//! hide the small cases above, which grundy accepts (sizes 0 to 2^64−1).

use crate::error::GameError;
use crate::impartial::count::{count_by_outcome, mul_mod, Outcome};
use crate::impartial::family::{ComponentReport, Layout};
use crate::impartial::heap::{MAX_ENUMERATED_OPTIONS, MAX_LISTED_OPTIONS};
use crate::impartial::ruleset::{GameValue, Heap, Reply, Ruleset, Solved, Winner};
use crate::numeric::number::parse_u64_expr;
use crate::numeric::primes::{is_prime, next_prime_at_least, prev_prime};
use crate::numeric::Nimber;
use crate::theory::period::HeapSequence;

/// Largest number of move targets whose primality `solve` tests to list winning moves.
pub const MAX_SCANNED_TARGETS: u64 = 1 << 22;

/// The prime-heap game with moves of 1..K tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrimeHeap {
    k: u64,
}

/// What decides a position, in the order the rule checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Heap `heap` can be moved onto the prime `prime`: the mover wins at once.
    Threat {
        /// The heap (0-based).
        heap: usize,
        /// The prime it can reach.
        prime: u64,
    },
    /// Heap `heap` is prime and another heap is non-empty: moving that one wins at once.
    PrimeStays {
        /// The prime heap (0-based).
        heap: usize,
    },
    /// Neither: the XOR of the heaps' values decides.
    Nim {
        /// The XOR of the heaps' values.
        total: u64,
    },
}

impl PrimeHeap {
    /// `prime-heap:K`; `K ≥ 1`.
    pub fn new(k: u64) -> Result<PrimeHeap, GameError> {
        if k == 0 {
            return Err(GameError::bad_spec(
                "prime-heap:0",
                "K must be at least 1 (a move takes 1..K tokens)",
            ));
        }
        Ok(PrimeHeap { k })
    }

    /// Parses the text after `prime-heap:`.
    pub fn parse(args: &str, spec: &str) -> Result<PrimeHeap, GameError> {
        if args.is_empty() {
            return Err(GameError::bad_spec(
                spec,
                "expected `prime-heap:K`, K the most tokens a move may take (e.g. `prime-heap:7`)",
            ));
        }
        let k = parse_u64_expr(args)
            .map_err(|reason| GameError::bad_spec(spec, format!("K {reason}")))?;
        PrimeHeap::new(k).map_err(|_| {
            GameError::bad_spec(spec, "K must be at least 1 (a move takes 1..K tokens)")
        })
    }

    /// The most tokens one move takes.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// `v(n) = (n − p(n)) mod (K+1)`, or `n mod (K+1)` when no prime is below `n`.
    fn reduce(&self, distance: u64) -> u64 {
        (distance as u128 % (self.k as u128 + 1)) as u64
    }

    /// A prime a heap of `n` can be moved onto (the largest one below `n`), if `n − p ≤ K`.
    pub fn threat(&self, n: u64) -> Option<u64> {
        prev_prime(n).filter(|&p| n - p <= self.k)
    }

    /// The heap's value in the reduced game, `v(n)` (see the module docs).
    pub fn heap_value(&self, n: u64) -> u64 {
        self.reduce(n - prev_prime(n).unwrap_or(0))
    }

    /// Decides a position by the rule: one walk down to the prime below each heap gives both
    /// its threat and its value.
    pub fn decide(&self, heaps: &[u64]) -> Decision {
        let mut total = 0;
        for (heap, &n) in heaps.iter().enumerate() {
            let below = prev_prime(n);
            match below {
                Some(prime) if n - prime <= self.k => return Decision::Threat { heap, prime },
                _ => total ^= self.reduce(n - below.unwrap_or(0)),
            }
        }
        let nonempty = heaps.iter().filter(|&&n| n > 0).count();
        if nonempty >= 2 {
            if let Some(heap) = heaps.iter().position(|&n| is_prime(n)) {
                return Decision::PrimeStays { heap };
            }
        }
        Decision::Nim { total }
    }

    /// Who wins the game of `heaps`, by the rule (module docs), without listing moves.
    pub fn winner(&self, heaps: &[u64]) -> Winner {
        PrimeHeap::winner_of(self.decide(heaps))
    }

    fn winner_of(decision: Decision) -> Winner {
        match decision {
            Decision::Threat { .. } | Decision::PrimeStays { .. } => Winner::First,
            Decision::Nim { total } => Winner::from_grundy(Nimber(total)),
        }
    }

    /// Every winning move `(heap, new size)`: moves that leave some heap prime, and moves to a
    /// position the opponent loses by the rule (no prime heap, no threat, XOR 0). Refuses when
    /// that would test more than [`MAX_SCANNED_TARGETS`] targets or list more than
    /// `MAX_ENUMERATED_OPTIONS` moves (the enumeration bound all heap games share).
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<(usize, u64)>, GameError> {
        let prime: Vec<bool> = heaps.iter().map(|&n| is_prime(n)).collect();
        let prime_heaps = prime.iter().filter(|&&p| p).count();
        // A heap is safe to leave standing when it is not prime and is no threat.
        let safe: Vec<bool> = heaps
            .iter()
            .zip(&prime)
            .map(|(&n, &p)| !p && self.threat(n).is_none())
            .collect();
        let unsafe_heaps = safe.iter().filter(|&&s| !s).count();
        let total = heaps.iter().fold(0, |acc, &n| acc ^ self.heap_value(n));
        let mut moves = Vec::new();
        let mut scanned: u64 = 0;
        for (i, &n) in heaps.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let lo = n.saturating_sub(self.k);
            let others_prime = prime_heaps > usize::from(prime[i]);
            if others_prime {
                // Another heap stays prime whatever this move does.
                if (moves.len() as u128 + (n - lo) as u128) > MAX_ENUMERATED_OPTIONS {
                    return Err(too_many_moves(moves.len() as u128 + (n - lo) as u128));
                }
                moves.extend((lo..n).rev().map(|m| (i, m)));
                continue;
            }
            let mut mine = Vec::new();
            // Moves onto a prime, found by walking the primes down through the window.
            scanned = scanned.saturating_add(n - lo);
            if scanned > MAX_SCANNED_TARGETS {
                return Err(GameError::TooLarge(format!(
                    "listing the winning moves would test more than {MAX_SCANNED_TARGETS} move targets for primality (K = {} is large); ask `batch` for the outcome only",
                    self.k
                )));
            }
            let mut below = prev_prime(n);
            while let Some(p) = below.filter(|&p| p >= lo) {
                mine.push(p);
                below = prev_prime(p);
            }
            // The one move (if any) to a position the opponent loses by the rule.
            let others_safe = unsafe_heaps == usize::from(!safe[i]);
            if others_safe {
                if let Some(m) = self.losing_target(n, total ^ self.heap_value(n)) {
                    mine.push(m);
                }
            }
            mine.sort_unstable_by(|a, b| b.cmp(a));
            if moves.len() as u128 + mine.len() as u128 > MAX_ENUMERATED_OPTIONS {
                return Err(too_many_moves(moves.len() as u128 + mine.len() as u128));
            }
            moves.extend(mine.into_iter().map(|m| (i, m)));
        }
        Ok(moves)
    }

    /// The size `m` in `[n−K, n−1]` that is safe (not prime, no threat) and has value `want`,
    /// if one exists; there is at most one (see the module docs: such `m` lie in one prime gap,
    /// in a run of at most K sizes whose values are distinct mod K+1).
    fn losing_target(&self, n: u64, want: u64) -> Option<u64> {
        let lo = n.saturating_sub(self.k);
        if want > self.k {
            return None;
        }
        // Heaps 0 and 1 are safe with value m.
        if want <= 1 && want >= lo && want < n {
            return Some(want);
        }
        // Safe m ≥ 3 has no prime in [lo, m]: it lies above q = p(lo) + K and below the next prime.
        let q = prev_prime(lo)?;
        let first = lo.max(q.checked_add(self.k)?.checked_add(1)?).max(3);
        let last = match next_prime_at_least(lo) {
            Some(r) => (n - 1).min(r - 1),
            None => n - 1,
        };
        if first > last {
            return None;
        }
        // m ≡ q + want (mod K+1), the least such m ≥ first.
        let modulus = self.k as u128 + 1;
        let residue = (q as u128 + want as u128) % modulus;
        let m = first as u128 + (residue + modulus - first as u128 % modulus) % modulus;
        (m <= last as u128).then_some(m as u64)
    }
}

fn too_many_moves(count: u128) -> GameError {
    GameError::TooLarge(format!(
        "there are at least {count} winning moves, more than the {MAX_ENUMERATED_OPTIONS} grundy lists"
    ))
}

fn sizes(sum: &[Heap]) -> Vec<u64> {
    sum.iter().map(|h| h.0).collect()
}

impl Ruleset for PrimeHeap {
    type Position = Heap;

    fn spec(&self) -> String {
        format!("prime-heap:{}", self.k)
    }

    fn layout(&self) -> Layout {
        Layout::Heaps
    }

    fn what_to_give(&self) -> &'static str {
        "list the heap sizes of the game"
    }

    /// One heap alone: no Grundy value when it can reach a prime (the mover wins at once,
    /// as `solve` says), else its value `(n − p) mod (K+1)` in the reduced game, which is
    /// non-zero exactly when the player to move wins.
    fn value(&self, &Heap(n): &Heap) -> Result<GameValue, GameError> {
        Ok(match self.threat(n) {
            Some(prime) => GameValue::WinsAtOnce {
                why: format!("{n} → {prime} leaves a prime"),
            },
            None => GameValue::Finite(Nimber(self.heap_value(n))),
        })
    }

    /// Take 1..K tokens: the sizes `n − 1` down to `n − K`.
    fn options(&self, &Heap(n): &Heap) -> Result<Vec<Vec<Heap>>, GameError> {
        let lo = n.saturating_sub(self.k);
        if (n - lo) as u128 > MAX_LISTED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "a heap of {n} has {} moves; too many to list one by one",
                n - lo
            )));
        }
        Ok((lo..n).rev().map(|m| vec![Heap(m)]).collect())
    }

    /// The game is decided by its rule (a move onto a prime wins at once), not by the mex of
    /// per-heap options: there is no derivation to list.
    fn options_refusal(&self, heap: &Heap) -> Option<GameError> {
        Some(GameError::Unsupported(format!(
            "heap {heap} of `{}` is one heap of one game, decided by the prime rule (see `method`), not by a mex of its options",
            self.spec()
        )))
    }

    fn has_moves(&self, heap: &Heap) -> Result<bool, GameError> {
        Ok(heap.0 > 0)
    }

    fn is_option(&self, &Heap(n): &Heap, to: &[Heap]) -> Result<bool, GameError> {
        Ok(matches!(to, [Heap(m)] if *m < n && n - m <= self.k))
    }

    fn illegal_move(&self, from: &Heap, to: &str) -> GameError {
        GameError::bad_position(
            to,
            format!(
                "a move takes 1 to {} tokens from the heap of {from}",
                self.k
            ),
        )
    }

    fn solve(&self, sum: &[Heap]) -> Result<Solved<Heap>, GameError> {
        let heaps = sizes(sum);
        let decision = self.decide(&heaps);
        let winning_moves = match decision {
            Decision::Nim { total: 0 } => Vec::new(),
            _ => self.winning_moves(&heaps)?,
        };
        let (grundy, method) = match decision {
            Decision::Threat { heap, prime } => (
                None,
                format!(
                    "heap {heap} ({}) can be moved onto the prime {prime}: the player to move wins at once",
                    heaps[heap]
                ),
            ),
            Decision::PrimeStays { heap } => (
                None,
                format!(
                    "heap {heap} ({}) is prime and another heap is non-empty: moving another heap wins at once",
                    heaps[heap]
                ),
            ),
            Decision::Nim { total } => (
                Some(total),
                format!(
                    "no heap can reach a prime in one move and no prime heap can be left standing; leaving a heap within K of the prime below it loses, so each heap is a take-1..{} heap on n − p (p the largest prime below n): XOR of (n − p) mod {}",
                    self.k,
                    self.k as u128 + 1
                ),
            ),
        };
        let decided_by_values = grundy.is_some();
        Ok(Solved {
            winner: PrimeHeap::winner_of(decision),
            grundy,
            winning_moves: winning_moves
                .into_iter()
                .map(|(component, to)| Reply {
                    component,
                    to: vec![Heap(to)],
                })
                .collect(),
            components: heaps
                .iter()
                .map(|&n| ComponentReport {
                    position: n.to_string(),
                    grundy: decided_by_values.then(|| self.heap_value(n)),
                })
                .collect(),
            method,
            moves_omitted: None,
            one_winning_move: None,
        })
    }

    fn outcome(&self, sum: &[Heap]) -> Result<Winner, GameError> {
        Ok(self.winner(&sizes(sum)))
    }

    /// The player who leaves a prime heap has won; otherwise play ends with every heap empty.
    fn is_over(&self, sum: &[Heap]) -> Result<bool, GameError> {
        Ok(sum.iter().any(|h| is_prime(h.0)) || sum.iter().all(|h| h.0 == 0))
    }

    fn misere_refusal(&self) -> GameError {
        GameError::Unsupported(
            "misère play of `prime-heap` is not defined: the game is won by making a heap prime, not by the last move".into(),
        )
    }

    fn sequence(&self) -> Option<&dyn HeapSequence> {
        Some(self)
    }

    /// A tuple is one game, not a sum (see the module docs): it is a second-player win iff
    /// no heap is a threat, no prime heap stands beside a non-empty heap, and the XOR of the
    /// values `v` is 0. So the count is the nim-sum count over the safe non-prime sizes, plus
    /// the tuples of one safe prime `p` with `v(p) = 0` and every other heap empty (`N` of
    /// them per such `p`, when 0 is an allowed size or `N = 1`).
    fn count_second_player_wins(
        &self,
        sizes: &[u64],
        heaps: u64,
        modulus: u64,
    ) -> Option<Result<u64, GameError>> {
        let mut values = Vec::new();
        let mut lone_primes = 0u64;
        for &n in sizes {
            if self.threat(n).is_some() {
                continue;
            }
            let v = self.heap_value(n);
            if !is_prime(n) {
                values.push(v);
            } else if v == 0 {
                lone_primes += 1;
            }
        }
        let sums = if values.is_empty() {
            // Only the empty tuple (N = 0) is left: every heap empty, the mover loses.
            u64::from(heaps == 0) % modulus
        } else {
            match count_by_outcome(&values, heaps, modulus, Outcome::Second) {
                Ok(c) => c,
                Err(e) => return Some(Err(e)),
            }
        };
        let others_empty = heaps == 1 || sizes.first() == Some(&0);
        let lone = if heaps >= 1 && others_empty {
            mul_mod(heaps % modulus, lone_primes % modulus, modulus)
        } else {
            0
        };
        Some(Ok(((sums as u128 + lone as u128) % modulus as u128) as u64))
    }
}

/// `table prime-heap:K`: the values `v(0), v(1), …` of single heaps in the reduced game;
/// `table` prints `none` for the heaps that can reach a prime (no Grundy value).
impl HeapSequence for PrimeHeap {
    fn wins_at_once(&self, n: u64) -> bool {
        self.threat(n).is_some()
    }

    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        let mut below = 0; // largest prime < n, or 0 while there is none
        for n in 0..=to {
            sink(n, Nimber(self.reduce(n - below)))?;
            if is_prime(n) {
                below = n;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::text::Text;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The literal game: after a move that leaves some heap prime, the mover has won; who
    /// cannot move loses. Memoised on sorted heaps.
    struct BruteForce {
        k: u64,
        memo: HashMap<Vec<u64>, bool>,
    }

    impl BruteForce {
        fn new(k: u64) -> BruteForce {
            BruteForce {
                k,
                memo: HashMap::new(),
            }
        }

        fn after(heaps: &[u64], i: usize, m: u64) -> Vec<u64> {
            let mut next = heaps.to_vec();
            next[i] = m;
            next
        }

        /// Whether the move (i → m) wins for the player making it.
        fn move_wins(&mut self, heaps: &[u64], i: usize, m: u64) -> bool {
            let next = BruteForce::after(heaps, i, m);
            next.iter().any(|&h| is_prime(h)) || !self.mover_wins(&next)
        }

        fn mover_wins(&mut self, heaps: &[u64]) -> bool {
            let mut key = heaps.to_vec();
            key.sort_unstable();
            if let Some(&w) = self.memo.get(&key) {
                return w;
            }
            let mut wins = false;
            'search: for i in 0..key.len() {
                for take in 1..=self.k.min(key[i]) {
                    if self.move_wins(&key.clone(), i, key[i] - take) {
                        wins = true;
                        break 'search;
                    }
                }
            }
            self.memo.insert(key, wins);
            wins
        }

        fn winning_moves(&mut self, heaps: &[u64]) -> Vec<(usize, u64)> {
            let mut moves = Vec::new();
            for i in 0..heaps.len() {
                for take in 1..=self.k.min(heaps[i]) {
                    if self.move_wins(heaps, i, heaps[i] - take) {
                        moves.push((i, heaps[i] - take));
                    }
                }
            }
            moves
        }
    }

    fn game(k: u64) -> PrimeHeap {
        PrimeHeap::new(k).unwrap()
    }

    #[test]
    fn rule_matches_brute_force_exhaustively() {
        for k in 1..=4 {
            let rule = game(k);
            let mut brute = BruteForce::new(k);
            for a in 0..=40 {
                assert_eq!(
                    rule.winner(&[a]) == Winner::First,
                    brute.mover_wins(&[a]),
                    "K={k} {a}"
                );
                for b in 0..=a {
                    let heaps = [a, b];
                    assert_eq!(
                        rule.winner(&heaps) == Winner::First,
                        brute.mover_wins(&heaps),
                        "K={k} {heaps:?}"
                    );
                    for c in (0..=b).step_by(3) {
                        let heaps = [a, b, c];
                        assert_eq!(
                            rule.winner(&heaps) == Winner::First,
                            brute.mover_wins(&heaps),
                            "K={k} {heaps:?}"
                        );
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn winning_moves_match_brute_force(k in 1u64..5, heaps in proptest::collection::vec(0u64..40, 1..4)) {
            let rule = game(k);
            let mut brute = BruteForce::new(k);
            let mut expected = brute.winning_moves(&heaps);
            let mut got = rule.winning_moves(&heaps).unwrap();
            expected.sort_unstable();
            got.sort_unstable();
            prop_assert_eq!(&got, &expected);
            prop_assert_eq!(rule.winner(&heaps) == Winner::First, !expected.is_empty());
        }

        #[test]
        fn larger_k_and_heaps(k in 1u64..30, heaps in proptest::collection::vec(0u64..130, 1..3)) {
            let rule = game(k);
            let mut brute = BruteForce::new(k);
            prop_assert_eq!(rule.winner(&heaps) == Winner::First, brute.mover_wins(&heaps));
            let mut expected = brute.winning_moves(&heaps);
            let mut got = rule.winning_moves(&heaps).unwrap();
            expected.sort_unstable();
            got.sort_unstable();
            prop_assert_eq!(got, expected);
        }
    }

    /// Every `N`-tuple over `sizes`, in order.
    fn tuples(sizes: &[u64], n: u32) -> Vec<Vec<u64>> {
        (0..n).fold(vec![Vec::new()], |acc, _| {
            acc.iter()
                .flat_map(|t| {
                    sizes.iter().map(move |&s| {
                        let mut next = t.clone();
                        next.push(s);
                        next
                    })
                })
                .collect()
        })
    }

    /// The regression of issue 12: `count` XORed the per-heap values as if a tuple were a
    /// sum, and called (9, 9) a second-player win for K = 3. Now every count is checked
    /// against enumerating the tuples and playing each one in the literal game.
    #[test]
    fn count_matches_brute_force_enumeration_of_tuples() {
        let family = game(3);
        let (second, first) = (
            family
                .count_second_player_wins(&[9], 2, 1000)
                .unwrap()
                .unwrap(),
            3,
        );
        assert_eq!(
            second, 0,
            "(9, 9): either heap moves onto 7 and wins at once"
        );
        assert_eq!(first, 3);
        let sets: [&[u64]; 6] = [
            &[9],
            &[0, 1, 2, 3],
            &[0, 2, 5, 11, 12, 20],
            &[1, 4, 6, 8, 10, 24, 25, 26],
            &[2, 7, 23, 24, 27, 28, 30, 31],
            &[0, 1, 8, 9, 10, 14, 15, 16, 22, 23, 36],
        ];
        for k in 1..=4 {
            let family = game(k);
            let mut brute = BruteForce::new(k);
            for sizes in sets {
                for n in 0..=3 {
                    let all = tuples(sizes, n);
                    let expected = all.iter().filter(|t| !brute.mover_wins(t)).count() as u64;
                    for modulus in [1, 7, 1 << 20] {
                        let got = family
                            .count_second_player_wins(sizes, n.into(), modulus)
                            .unwrap()
                            .unwrap();
                        assert_eq!(got, expected % modulus, "K={k} {sizes:?} N={n} M={modulus}");
                    }
                }
            }
        }
    }

    /// `value` of one heap agrees with `solve` of that heap: no value exactly when `solve`
    /// says the mover wins at once, else the same number (issue 12: `value prime-heap:3 9`
    /// printed 2).
    #[test]
    fn value_agrees_with_solve() {
        for k in 1..=5 {
            let family = Text(game(k));
            for n in 0..200u64 {
                let text = n.to_string();
                let solved = family.solve(&[&text], Play::Normal).unwrap();
                match family.value(&text).unwrap() {
                    GameValue::Finite(v) => assert_eq!(solved.grundy, Some(v.0), "K={k} {n}"),
                    GameValue::WinsAtOnce { why } => {
                        assert_eq!(solved.grundy, None, "K={k} {n}");
                        assert_eq!(solved.winner, Winner::First);
                        assert!(why.contains(" → "), "{why}");
                    }
                    other => panic!("K={k} {n}: {other:?}"),
                }
                assert_eq!(
                    HeapSequence::wins_at_once(family.rules(), n),
                    solved.grundy.is_none()
                );
            }
        }
        assert_eq!(
            Text(game(3)).value("9").unwrap().to_string(),
            "no Grundy value: the player to move wins at once (9 → 7 leaves a prime)"
        );
    }

    #[test]
    fn edge_cases_by_brute_force() {
        // Documented in the module docs; each is also covered by the exhaustive test.
        let mut brute = BruteForce::new(1);
        assert!(!brute.mover_wins(&[2])); // 2 → 1 → 0: the mover loses
        assert!(!brute.mover_wins(&[0, 0]));
        assert!(brute.mover_wins(&[1]));
        assert!(brute.mover_wins(&[2, 1])); // move the 1, the 2 stays prime
        assert_eq!(game(1).winner(&[2]), Winner::Second);
        assert_eq!(game(2).winner(&[2]), Winner::First); // 2 → 0
        assert_eq!(game(1).winner(&[0]), Winner::Second);
        // A prime heap alone: 127 with K = 3 (113 below it): value 14 mod 4 = 2, first wins,
        // and the winning move is to 125 (value 12 mod 4 = 0), not onto a prime.
        assert_eq!(game(3).winner(&[127]), Winner::First);
        assert_eq!(game(3).winning_moves(&[127]).unwrap(), [(0, 125)]);
        // From 128 (K = 3): onto the prime 127 at once, or to 125, a lost position.
        assert_eq!(game(3).winning_moves(&[128]).unwrap(), [(0, 127), (0, 125)]);
    }

    /// The claims of the source blog post (POJ problem: heaps 2 < n < 2^32), checked against
    /// the literal game.
    #[test]
    fn source_claims_against_brute_force() {
        for k in 1..=4 {
            let mut brute = BruteForce::new(k);
            let rule = game(k);
            // "If several heaps are prime the mover wins": true, and one prime heap with any
            // other heap already suffices (every heap is non-empty there).
            for a in 3..=40 {
                for b in 3..=40 {
                    if is_prime(a) || is_prime(b) {
                        assert!(brute.mover_wins(&[a, b]), "K={k} {a} {b}");
                    }
                }
            }
            // "p is the largest prime strictly below n" and "p + k + 1 has value 0, p + k + 2
            // value 1 (not 2: states within k above p are dead, not worth 1)".
            for p in [23u64, 31, 113] {
                if !(p + 1..=p + k + 2).any(is_prime) {
                    assert_eq!(rule.heap_value(p + k + 1), 0);
                    assert_eq!(rule.heap_value(p + k + 2), 1);
                    assert!(!brute.mover_wins(&[p + k + 1]));
                    assert!(brute.mover_wins(&[p + k + 2]));
                }
            }
        }
    }

    #[test]
    fn decisions_and_reports() {
        let g = game(7);
        assert_eq!(g.decide(&[24]), Decision::Threat { heap: 0, prime: 23 });
        assert_eq!(
            g.decide(&[100, 31]),
            Decision::Threat { heap: 0, prime: 97 }
        );
        // 1130 and 1140 lie in the gap 1129..1151: no threats for K = 7.
        assert_eq!(g.decide(&[1140, 1151]), Decision::PrimeStays { heap: 1 });
        assert_eq!(
            g.decide(&[1140, 1139]),
            Decision::Nim {
                total: (11 % 8) ^ (10 % 8)
            }
        );
        let s = Text(g).solve(&["1140", "1139"], Play::Normal).unwrap();
        assert_eq!(s.grundy, Some(1));
        assert_eq!(s.components[0].grundy, Some(3));
        let s = Text(g).solve(&["24", "1140"], Play::Normal).unwrap();
        assert_eq!(s.grundy, None);
        assert!(s.method.contains("onto the prime 23"), "{}", s.method);
        assert!(s.components.iter().all(|c| c.grundy.is_none()));
    }

    #[test]
    fn huge_heaps_and_huge_k() {
        let g = game(7);
        // The largest prime below 2^64 is 2^64 − 59: 2^64 − 1 is 58 above it.
        assert_eq!(g.heap_value(u64::MAX), 58 % 8);
        assert_eq!(g.winner(&[u64::MAX]), Winner::First);
        let big = game(u64::MAX);
        assert_eq!(big.heap_value(u64::MAX), 58);
        assert_eq!(
            big.decide(&[u64::MAX]),
            Decision::Threat {
                heap: 0,
                prime: 18_446_744_073_709_551_557
            }
        );
        assert!(matches!(
            big.winning_moves(&[u64::MAX]),
            Err(GameError::TooLarge(_))
        ));
        // Every move of the 10^6 heap wins (the 5 stays prime): listed in full.
        assert_eq!(
            game(1_000_000)
                .winning_moves(&[5, 1_000_000])
                .unwrap()
                .len(),
            1_000_000 + 2
        );
    }

    #[test]
    fn parsing_and_errors() {
        assert_eq!(PrimeHeap::parse("7", "prime-heap:7").unwrap().k(), 7);
        assert_eq!(PrimeHeap::parse("2^64-1", "x").unwrap().k(), u64::MAX);
        for bad in ["", "0", "-1", "x", "2^64"] {
            assert!(PrimeHeap::parse(bad, "prime-heap").is_err(), "{bad}");
        }
        let g = Text(game(3));
        assert!(g.solve(&[], Play::Normal).is_err());
        assert!(g.solve(&["7"], Play::Misere).is_err());
        let mut out = String::new();
        let err = g
            .batch("5 6\n7 x\n", Play::Normal, &mut out)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 2:"), "{err}");
    }

    #[test]
    fn table_streams_the_heap_values() {
        let g = game(2);
        let values = g.values(12).unwrap();
        // p(n): -,-,-,2,3,3,5,5,7,7,7,7,11 → (n − p) mod 3
        assert_eq!(values, [0, 1, 2, 1, 1, 2, 1, 2, 1, 2, 0, 1, 1]);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(g.heap_value(n as u64), v);
        }
    }
}
