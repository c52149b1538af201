//! Three-way splits (hexadecimal digits `8`–`f`) by pair-XOR bitsets.
//!
//! The naive solver enumerates the `~m²/12` triples `a + b + c = m` of every heap: O(n³) in
//! all. Here the solver keeps, for every size `m`, the bitset
//! `P(m) = {G(a) ⊕ G(b) : a + b = m, a, b ≥ 1}`, so that the values of the three-way splits of
//! `m` are `⋃_c G(c) ⊕ P(m − c)` (any part may be the single one; every triple is covered).
//! Grouping the sizes `c` by their value `g` turns this into `⋃_g g ⊕ Q_g` with
//! `Q_g = ⋃_{G(c) = g} P(m − c)`: one word-wise OR of a bitset per part size (which the
//! compiler vectorises); then `g ⊕ ·` is a permutation of words (the high bits of `g`) and one
//! of bits within words (its low six bits), done once per residue `g mod 64`. That is
//! O(n · 2^bits / 64) word operations per heap instead of the O(n²) triples. `P(m)` costs O(m) once,
//! when `G(m − 1)` is known; two-way splits read it directly.

use super::rules::MoveRules;
use super::{checked_value, SequenceSolver, Value, ValueTable, Values};
use crate::error::GameError;
use crate::limits::Budget;

/// The pair-XOR bitset solver for games with three-way splits (see the module docs).
pub struct ThreeWaySolver<'r> {
    rules: &'r MoveRules,
    values: Vec<Value>,
    /// Every value so far is `< 2^bits`; bitsets have `words = ⌈2^bits / 64⌉` words.
    bits: u32,
    words: usize,
    /// `P(m)` at `pairs[m * words..][..words]`, for every `m ≤ values.len()`.
    pairs: Vec<u64>,
    /// Scratch: `Q_g` at `by_value[g * words..][..words]` (left all zero after each heap),
    /// the values `g` that occur (`seen[g]`, in the order of `used`), and the `Q_g` gathered
    /// by `g mod 64` and shifted by words.
    by_value: Vec<u64>,
    seen: Vec<bool>,
    used: Vec<usize>,
    by_low: Vec<u64>,
    /// Scratch: the option values of the current heap.
    options: Vec<u64>,
    /// What the pair bitsets may take, and which limit set it (for the refusal).
    budget: Budget,
}

impl<'r> ThreeWaySolver<'r> {
    /// A solver that continues from `values` = `G(0..values.len())`.
    pub fn new(rules: &'r MoveRules, values: Vec<Value>) -> ThreeWaySolver<'r> {
        let bits = values
            .iter()
            .map(|&v| u16::BITS - v.leading_zeros())
            .max()
            .unwrap_or(0)
            .max(1);
        let mut solver = ThreeWaySolver {
            rules,
            values,
            bits,
            words: 0,
            pairs: Vec::new(),
            by_value: Vec::new(),
            seen: Vec::new(),
            used: Vec::new(),
            by_low: Vec::new(),
            options: Vec::new(),
            budget: Budget::current(),
        };
        solver.rebuild();
        solver
    }

    /// Sizes the bitsets for `bits` and recomputes every `P(m)`.
    fn rebuild(&mut self) {
        self.words = (1usize << self.bits).div_ceil(64);
        self.pairs = vec![0; (self.values.len() + 1) * self.words];
        for m in 0..=self.values.len() {
            self.fill_pairs(m);
        }
        self.by_value = vec![0; (1 << self.bits) * self.words];
        self.seen = vec![false; 1 << self.bits];
        self.by_low = vec![0; 64 * self.words];
        self.options = vec![0; self.words];
    }

    /// Computes `P(m)` (needs `G(1..m)`).
    fn fill_pairs(&mut self, m: usize) {
        let words = self.words;
        let set = &mut self.pairs[m * words..(m + 1) * words];
        set.fill(0);
        for a in 1..=m / 2 {
            let v = self.values[a] ^ self.values[m - a];
            set[(v >> 6) as usize] |= 1 << (v & 63);
        }
    }

    /// The mex of the options of heap `n = values.len()`.
    fn mex_of_options(&mut self) -> Result<Value, GameError> {
        let n = self.values.len();
        let words = self.words;
        // The pair bitsets grow by `words` words a heap (and are rebuilt wider when the values
        // need another bit): refuse before they outgrow memory, with the figure.
        let needed = (n as u64 + 2) * (2 * words as u64) * 8;
        if !self.budget.fits(needed as u128) {
            return Err(GameError::TooLarge(format!(
                "G({n}) of a game with three-way splits needs the pair bitsets of every smaller heap, about {} ({} bytes a heap, twice that while widening); the budget allows {}",
                crate::limits::human_bytes(needed as u128),
                words * 8,
                self.budget.describe()
            )));
        }
        let (rules, values) = (self.rules, &self.values);
        let options = &mut self.options;
        options.fill(0);
        let set = |options: &mut [u64], v: Value| options[(v >> 6) as usize] |= 1 << (v & 63);
        if rules.whole.contains(&(n as u64)) {
            set(options, 0);
        }
        for &k in rules.take.iter().filter(|&&k| n as u64 > k) {
            set(options, values[n - k as usize]);
        }
        for &k in rules.split.iter().filter(|&&k| n as u64 >= k + 2) {
            let rest = n - k as usize;
            if rules.parts_differ(k) {
                for a in 1..=(rest - 1) / 2 {
                    set(options, values[a] ^ values[rest - a]);
                }
            } else {
                let pairs = &self.pairs[rest * words..(rest + 1) * words];
                for (o, &p) in options.iter_mut().zip(pairs) {
                    *o |= p;
                }
            }
        }
        for &k in rules.split3.iter().filter(|&&k| n as u64 >= k + 3) {
            let rest = n - k as usize;
            self.used.clear();
            for (c, &g) in values.iter().enumerate().take(rest - 1).skip(1) {
                let g = g as usize;
                if !self.seen[g] {
                    self.seen[g] = true;
                    self.used.push(g);
                }
                let q = &mut self.by_value[g * words..(g + 1) * words];
                let p = &self.pairs[(rest - c) * words..(rest - c + 1) * words];
                for (q, &p) in q.iter_mut().zip(p) {
                    *q |= p;
                }
            }
            // g ⊕ Q_g: the high bits of g permute words (free), so the Q_g are gathered by
            // the low six bits first and each of the 64 groups is bit-permuted once.
            self.by_low.fill(0);
            for &g in &self.used {
                let q = &mut self.by_value[g * words..(g + 1) * words];
                let low = &mut self.by_low[(g & 63) * words..(g & 63) * words + words];
                for (w, word) in q.iter_mut().enumerate() {
                    low[w ^ (g >> 6)] |= std::mem::take(word);
                }
                self.seen[g] = false;
            }
            for (l, low) in self.by_low.chunks(words).enumerate() {
                for (o, &word) in options.iter_mut().zip(low) {
                    *o |= xor_bits(word, l as u32);
                }
            }
        }
        // Every option value is a XOR of values < 2^bits, so the mex is at most 2^bits.
        let mex = options
            .iter()
            .enumerate()
            .find(|(_, &w)| w != u64::MAX)
            .map_or(words * 64, |(w, &word)| {
                w * 64 + (!word).trailing_zeros() as usize
            })
            .min(1 << self.bits);
        checked_value(n as u64, mex as u64)
    }
}

/// Sampling stops once it has run this long (or reached the heaps asked for).
const SAMPLE_TIME: std::time::Duration = std::time::Duration::from_millis(60);

/// Estimated seconds to compute `G(0..=to)` of a game with three-way splits: the solver is
/// timed on a prefix (doubling it until it has run 60 ms), then extrapolated. Heap
/// `n` costs O(n · 2^bits / 64) word operations, so the last doubling's time per
/// `n · words` unit, times `Σ n · words` over the heaps left (at the sample's value width:
/// wider values later make it an underestimate, by at most the factor they widen), is the
/// rest. The sample costs at most about twice that.
///
/// A run whose pair bitsets cannot fit the memory budget even at one word a heap is refused
/// first, before any sampling: otherwise how far the timed sample gets before the budget
/// stops it would depend on the machine's speed, and a slow machine would print an
/// estimate for a run that is refused anyway.
pub fn estimate_seconds(rules: &MoveRules, to: u64) -> Result<f64, GameError> {
    let least = (to as u128).saturating_add(2) * 2 * 8;
    let budget = Budget::current();
    if !budget.fits(least) {
        return Err(GameError::TooLarge(format!(
            "G(0..={to}) of a game with three-way splits needs the pair bitsets of every smaller heap, at least {} (16 bytes a heap, more once values pass 63); the budget allows {}",
            crate::limits::human_bytes(least),
            budget.describe()
        )));
    }
    let started = std::time::Instant::now();
    let mut solver = ThreeWaySolver::new(rules, Vec::new());
    let len = to.saturating_add(1);
    let mut stage = 256u64.min(len);
    loop {
        let from = solver.values.len() as u64;
        let stage_started = std::time::Instant::now();
        solver.extend_to(stage, &mut |_| Ok(()))?;
        let stage_time = stage_started.elapsed().as_secs_f64();
        if stage >= len || started.elapsed() >= SAMPLE_TIME {
            // Σ n over from..stage, and over stage..len (as reals: `to` may be huge).
            let span = |a: u64, b: u64| (b as f64 * b as f64 - a as f64 * a as f64) / 2.0;
            let per_unit = stage_time / span(from, stage).max(1.0);
            return Ok(started.elapsed().as_secs_f64() + per_unit * span(stage, len));
        }
        stage = (stage * 2).min(len);
    }
}

/// The word whose bit `i ⊕ s` is bit `i` of `word` (`s < 64`): a XOR of bit positions is a
/// swap of blocks of `2^j` bits for every bit `j` of `s`.
#[inline]
fn xor_bits(mut word: u64, s: u32) -> u64 {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (j, low) in LOW.iter().enumerate() {
        if s >> j & 1 == 1 {
            let shift = 1 << j;
            word = ((word & low) << shift) | ((word >> shift) & low);
        }
    }
    word
}

impl SequenceSolver for ThreeWaySolver<'_> {
    fn next_value(&mut self) -> Result<Value, GameError> {
        self.mex_of_options()
    }

    fn push(&mut self, v: Value) -> Result<(), GameError> {
        self.values.push(v);
        let bits = u16::BITS - v.leading_zeros();
        if bits > self.bits {
            self.bits = bits;
            self.rebuild();
        } else {
            self.pairs.resize(self.pairs.len() + self.words, 0);
            self.fill_pairs(self.values.len());
        }
        Ok(())
    }

    fn values(&self) -> Values<'_> {
        Values::Wide(&self.values)
    }

    fn into_values(self: Box<Self>) -> ValueTable {
        ValueTable::Wide(self.values)
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive::NaiveSolver;
    use super::super::OctalCode;
    use super::*;
    use proptest::prelude::*;

    fn solve(solver: &mut dyn SequenceSolver, len: u64) -> Vec<Value> {
        solver.extend_to(len, &mut |_| Ok(())).unwrap();
        solver.values().to_vec()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Pair-XOR bitsets and the naive enumeration of triples agree on random hexadecimal
        /// codes (with at least one three-way digit), from scratch and resumed.
        #[test]
        fn agrees_with_naive(
            d0 in prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
            digits in proptest::collection::vec(0u8..16, 1..4),
            len in 1u64..160,
            cut in 0usize..160,
        ) {
            let tail: String = digits.iter().map(|&d| char::from_digit(d as u32, 16).unwrap()).collect();
            let code = format!("{}.{tail}", char::from_digit(d0 as u32, 16).unwrap());
            let rules = OctalCode::parse(&code, &code).unwrap().rules();
            let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), len);
            let fast = solve(&mut ThreeWaySolver::new(&rules, Vec::new()), len);
            prop_assert_eq!(&fast, &naive, "{}", code);
            let cut = cut.min(naive.len());
            let resumed = solve(&mut ThreeWaySolver::new(&rules, naive[..cut].to_vec()), len);
            prop_assert_eq!(&resumed, &naive, "{} resumed at {}", code, cut);
        }

        /// `xor_bits` moves bit i to bit i ⊕ s.
        #[test]
        fn xor_bits_permutes_positions(word in any::<u64>(), s in 0u32..64) {
            let expected = (0..64).filter(|&i| word >> i & 1 == 1).fold(0u64, |acc, i| acc | 1 << (i ^ s));
            prop_assert_eq!(xor_bits(word, s), expected);
        }
    }

    /// The estimate of a run is within a factor of 3 of its time (on this machine, for a
    /// run of about a second: 0.8 to 2000 heaps), and a tiny run is estimated at once.
    ///
    /// Both figures are wall-clock times taken a second apart, so a loaded machine can stretch
    /// one and not the other (a 60 ms sample descheduled for 100 ms). An estimate is judged
    /// against the run timed right after it, up to five times: a right estimator passes on a
    /// quiet pair, and a wrong one (by 3× or more) fails all five.
    #[test]
    fn the_estimate_is_near_the_time() {
        let rules = OctalCode::parse("0.8", "0.8").unwrap().rules();
        let mut pairs = Vec::new();
        for _ in 0..5 {
            let estimate = estimate_seconds(&rules, 2000).unwrap();
            let started = std::time::Instant::now();
            solve(&mut ThreeWaySolver::new(&rules, Vec::new()), 2001);
            let took = started.elapsed().as_secs_f64();
            pairs.push((estimate, took));
            if estimate > took / 3.0 && estimate < took * 3.0 {
                break;
            }
        }
        let &(estimate, took) = pairs.last().unwrap();
        assert!(
            estimate > took / 3.0 && estimate < took * 3.0,
            "(estimated s, took s): {pairs:?}"
        );
        // The quickest of five: one call descheduled for 50 ms does not decide it.
        let tiny = (0..5)
            .map(|_| estimate_seconds(&rules, 10).unwrap())
            .fold(f64::INFINITY, f64::min);
        assert!(tiny < 0.05, "{tiny}");
    }

    /// A code with three-way splits from every removal, to 3000 heaps: both solvers agree.
    #[test]
    fn agrees_with_naive_on_0_fff() {
        let rules = OctalCode::parse("0.fff", "0.fff").unwrap().rules();
        let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), 1500);
        let fast = solve(&mut ThreeWaySolver::new(&rules, Vec::new()), 1500);
        assert_eq!(fast, naive);
    }
}
