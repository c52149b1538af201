//! The rare-value ("sparse space") solver for games with one- and two-heap options.
//!
//! With a [`ClassMask`] splitting values into rare and common classes (see [`super::classes`]),
//! `G(n)` is found as follows:
//! 1. mark the values of the whole/take options and of every split `(r, n − k − r)` with `r` a
//!    rare heap: these include **every** common value among the options (a common XOR needs
//!    one rare and one common part), at a cost of O(#rare) per heap;
//! 2. the *candidate* is the least common value not marked: the least common value missing
//!    from the options, exactly;
//! 3. `G(n)` is the candidate unless some rare value below it is missing too. Rare values are
//!    plentiful among the options (common ⊕ common), so a scan over all splits, stopping as
//!    soon as every rare value below the candidate has been seen, usually stops after a few
//!    pairs. Only when one is really missing (then `n` is a new rare heap) does the scan run
//!    to the end.
//!
//! The mask only affects speed, never values: any mask gives the mex. It is re-chosen (by the
//! Walsh–Hadamard count in [`best_mask`]) when the number of rare heaps has grown by an eighth
//! or the values need another bit, and adopted when it is clearly better; the list of rare
//! heaps is then rebuilt in one pass. The whole state is a function of the values, which is
//! what makes checkpoints small (the values alone) and resumed runs identical.

use super::classes::{best_mask, count_index, ClassMask};
use super::rules::MoveRules;
use super::{checked_value, SequenceSolver, Value};
use crate::error::GameError;

/// Pairs scanned from one end before switching to the other, in step 3.
const SCAN_CHUNK: usize = 64;

/// Number of distinct 16-bit values (and of their XORs).
const VALUE_RANGE: usize = 1 << 16;

pub struct RareValueSolver<'r> {
    rules: &'r MoveRules,
    values: Vec<Value>,
    /// `q`: the parity of every split removal, when they share one (position-parity variant).
    split_parity: Option<u64>,
    classes: ClassMask,
    /// Every value so far is `< 2^bits`.
    bits: u32,
    /// Heaps per (value, parity bit), see [`count_index`].
    counts: Vec<u64>,
    /// Rare heaps `r ≥ 1` in increasing order, and their values (two arrays: the hot loop
    /// streams both).
    rare_heaps: Vec<u64>,
    rare_values: Vec<Value>,
    /// Number of rare heaps (including heap 0 when rare) when the mask was last chosen.
    rare_at_last_choice: u64,
    /// `parity(v & mask)` for every `v < 2^(bits+1)`.
    value_parity: Vec<u8>,
    /// `hit[v] == stamp` ⇔ value `v` is known among the options of the current heap. Indexed
    /// by a XOR of two 16-bit values, so the index is always in range (no bounds checks).
    hit: Box<[u16; VALUE_RANGE]>,
    stamp: u16,
    /// Rare values below the candidate not yet seen, during the scan of step 3.
    missing: Box<[u16; VALUE_RANGE]>,
    missing_list: Vec<u16>,
}

impl<'r> RareValueSolver<'r> {
    /// A solver that continues from `values` = `G(0..values.len())` (empty to start afresh).
    pub fn new(rules: &'r MoveRules, values: Vec<Value>) -> RareValueSolver<'r> {
        debug_assert!(
            rules.split3.is_empty(),
            "three-way splits use the naive solver"
        );
        let bits = values
            .iter()
            .map(|&v| u16::BITS - v.leading_zeros())
            .max()
            .unwrap_or(0)
            .max(1);
        let mut solver = RareValueSolver {
            rules,
            split_parity: rules.split_parity(),
            classes: ClassMask::ALL_RARE,
            bits,
            counts: vec![0; 2 << bits],
            rare_heaps: Vec::new(),
            rare_values: Vec::new(),
            rare_at_last_choice: 0,
            value_parity: Vec::new(),
            hit: Box::new([0; VALUE_RANGE]),
            stamp: 0,
            missing: Box::new([0; VALUE_RANGE]),
            missing_list: Vec::new(),
            values,
        };
        for n in 0..solver.values.len() {
            let parity_bit = solver.parity_bit(n as u64);
            solver.counts[count_index(solver.values[n] as u64, parity_bit)] += 1;
        }
        solver.resize_value_arrays();
        solver.choose_mask(true);
        solver
    }

    /// The current class mask (for statistics and tests).
    pub fn classes(&self) -> ClassMask {
        self.classes
    }

    /// `(n ⊕ q) mod 2`, the position's share of its class.
    #[inline]
    fn parity_bit(&self, n: u64) -> u64 {
        (n ^ self.split_parity.unwrap_or(0)) & 1
    }

    fn resize_value_arrays(&mut self) {
        let size = 2usize << self.bits;
        self.counts.resize(size, 0);
        self.value_parity = (0..size as u64)
            .map(|v| self.classes.class(v, 0) as u8)
            .collect();
    }

    /// Re-chooses the mask; adopts it when it is clearly better (or when `force`), then
    /// rebuilds the rare list.
    fn choose_mask(&mut self, force: bool) {
        let total = self.values.len() as u64;
        let (best, best_rare) = best_mask(&self.counts, total, self.split_parity.is_some());
        let current_rare = self.rare_heaps.len() as u64 + self.is_rare_heap_zero() as u64;
        if force || best_rare * 8 < current_rare * 7 {
            self.classes = best;
            self.value_parity = (0..self.value_parity.len() as u64)
                .map(|v| best.class(v, 0) as u8)
                .collect();
            self.rare_heaps.clear();
            self.rare_values.clear();
            for (n, &v) in self.values.iter().enumerate().skip(1) {
                if best.class(v as u64, self.parity_bit(n as u64)) == 0 {
                    self.rare_heaps.push(n as u64);
                    self.rare_values.push(v);
                }
            }
            self.rare_at_last_choice = best_rare;
        } else {
            self.rare_at_last_choice = current_rare;
        }
    }

    fn is_rare_heap_zero(&self) -> bool {
        !self.values.is_empty()
            && self
                .classes
                .class(self.values[0] as u64, self.parity_bit(0))
                == 0
    }

    fn next_stamp(&mut self) -> u16 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.hit.fill(0);
            self.missing.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// `G(n)` for `n = values.len()`, by steps 1–3 of the module docs.
    fn find_value(&mut self) -> Result<Value, GameError> {
        let n = self.values.len() as u64;
        let stamp = self.next_stamp();
        // Class of value v at heap n: value_parity[v] ^ flip; 1 is common.
        let flip = (self.parity_bit(n) & self.classes.position as u64) as u8;
        let rules = self.rules;
        let values = &self.values[..];

        // Step 1: whole and take moves, and splits with a rare part.
        let hit = &mut self.hit;
        for &k in &rules.whole {
            if n == k {
                hit[0] = stamp;
            }
        }
        for &k in &rules.take {
            if n > k {
                hit[values[(n - k) as usize] as usize] = stamp;
            }
        }
        for &k in &rules.split {
            if n < k + 2 {
                continue;
            }
            mark_rare_splits(
                values,
                &self.rare_heaps,
                &self.rare_values,
                n - k,
                rules.parts_differ(k),
                &mut self.hit,
                stamp,
            );
        }

        // Step 2: the candidate, and the rare values below it still to be found.
        self.missing_list.clear();
        let limit = self.value_parity.len().min(VALUE_RANGE);
        let mut candidate = limit;
        for (v, &h) in self.hit[..limit].iter().enumerate() {
            if h != stamp {
                if self.value_parity[v] ^ flip == 1 {
                    candidate = v;
                    break;
                }
                self.missing_list.push(v as u16);
            }
        }

        // Step 3: look for the missing rare values among all splits.
        let mut remaining = self.missing_list.len();
        if remaining > 0 {
            let missing = &mut self.missing;
            for &v in &self.missing_list {
                missing[v as usize] = stamp;
            }
            for &k in &rules.split {
                if n >= k + 2 && remaining > 0 {
                    remaining = find_missing(
                        values,
                        n - k,
                        rules.parts_differ(k),
                        missing,
                        stamp,
                        remaining,
                    );
                }
            }
            if remaining > 0 {
                let rare_value = self
                    .missing_list
                    .iter()
                    .find(|&&v| self.missing[v as usize] == stamp)
                    .expect("`remaining` counts marked entries of the missing list");
                candidate = *rare_value as usize;
            }
        }
        checked_value(n, candidate as u64)
    }

    /// Records `G(n) = v` for `n = values.len()`: counts, rare list, mask.
    fn record(&mut self, v: Value) {
        let n = self.values.len() as u64;
        let parity_bit = self.parity_bit(n);
        let rare = self.classes.class(v as u64, parity_bit) == 0;
        self.values.push(v);
        let grew = u16::BITS - v.leading_zeros() > self.bits;
        if grew {
            self.bits = u16::BITS - v.leading_zeros();
            self.resize_value_arrays();
        }
        self.counts[count_index(v as u64, parity_bit)] += 1;
        if rare && n >= 1 {
            self.rare_heaps.push(n);
            self.rare_values.push(v);
        }
        if grew || self.rare_heaps.len() as u64 >= self.rare_at_last_choice.max(16) * 9 / 8 {
            self.choose_mask(false);
        }
    }
}

/// Step 1's inner loop: marks `G(r) ⊕ G(rest − r)` for every rare heap `1 ≤ r < rest`.
/// Kept out of line so that its pointers stay in registers.
#[inline(never)]
fn mark_rare_splits(
    values: &[Value],
    rare_heaps: &[u64],
    rare_values: &[Value],
    rest: u64,
    distinct_parts: bool,
    hit: &mut [u16; VALUE_RANGE],
    stamp: u16,
) {
    let count = rare_heaps.partition_point(|&r| r < rest);
    let rare = rare_heaps[..count].iter().zip(rare_values);
    if distinct_parts {
        for (&r, &g) in rare.filter(|&(&r, _)| 2 * r != rest) {
            hit[(g ^ values[(rest - r) as usize]) as usize] = stamp;
        }
    } else {
        for (&r, &g) in rare {
            hit[(g ^ values[(rest - r) as usize]) as usize] = stamp;
        }
    }
}

/// Step 3: scans the splits `a + b = rest` (`1 ≤ a ≤ b`, `a < b` for distinct parts) until the
/// `remaining` values marked in `missing` have all been seen, unmarking them; returns how many
/// are still missing.
///
/// The range of `a` is scanned in chunks alternately from both ends: small parts paired with
/// the newest heaps, and near-equal halves, meet different values, which finds every missing
/// value after about a third fewer pairs than one direction (measured on 0.6).
#[inline(never)]
fn find_missing(
    values: &[Value],
    rest: u64,
    distinct_parts: bool,
    missing: &mut [u16; VALUE_RANGE],
    stamp: u16,
    mut remaining: usize,
) -> usize {
    let rest = rest as usize;
    let pairs = if distinct_parts {
        (rest - 1) / 2
    } else {
        rest / 2
    };
    let (mut front, mut back) = (1, pairs + 1);
    let mut from_front = true;
    while front < back {
        let (low, high) = if from_front {
            let end = (front + SCAN_CHUNK).min(back);
            (std::mem::replace(&mut front, end), end)
        } else {
            let start = back.saturating_sub(SCAN_CHUNK).max(front);
            (start, std::mem::replace(&mut back, start))
        };
        from_front = !from_front;
        // a runs over low..high; its partner b = rest − a over rest−low down to rest−high+1.
        let small = &values[low..high];
        let large = &values[rest + 1 - high..=rest - low];
        let last = small.len() - 1;
        for (i, &x) in small.iter().enumerate() {
            let v = (x ^ large[last - i]) as usize;
            if missing[v] == stamp {
                missing[v] = 0;
                remaining -= 1;
                if remaining == 0 {
                    return 0;
                }
            }
        }
    }
    remaining
}

impl SequenceSolver for RareValueSolver<'_> {
    fn next_value(&mut self) -> Result<Value, GameError> {
        self.find_value()
    }

    fn push(&mut self, v: Value) {
        self.record(v)
    }

    fn values(&self) -> &[Value] {
        &self.values
    }

    fn into_values(self: Box<Self>) -> Vec<Value> {
        self.values
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive::NaiveSolver;
    use super::super::OctalCode;
    use super::*;
    use crate::impartial::table::heap_table;
    use proptest::prelude::*;

    fn solve(solver: &mut dyn SequenceSolver, len: u64) -> Vec<Value> {
        solver.extend_to(len, &mut |_| Ok(())).unwrap();
        solver.values().to_vec()
    }

    /// Random finite codes (octal digits, optionally a leading 4) of up to four digits.
    fn codes() -> impl Strategy<Value = String> {
        (
            prop_oneof![Just('0'), Just('4')],
            proptest::collection::vec(0u8..8, 1..5),
        )
            .prop_map(|(d0, digits)| {
                let tail: String = digits.iter().map(|d| (b'0' + d) as char).collect();
                format!("{d0}.{tail}")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Rare-value and naive solvers agree on random codes; the naive one agrees with the
        /// engine's table by the definition.
        #[test]
        fn rare_value_agrees_with_naive(code in codes(), len in 1u64..700) {
            let rules = OctalCode::parse(&code, &code).unwrap().rules();
            let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), len);
            let fast = solve(&mut RareValueSolver::new(&rules, Vec::new()), len);
            prop_assert_eq!(&fast, &naive, "{}", code);
            let definition = heap_table(&rules, (len - 1).min(150)).unwrap();
            let short: Vec<u64> = naive.iter().take(definition.len()).map(|&v| v as u64).collect();
            prop_assert_eq!(short, definition);
        }

        /// Resuming from any prefix gives the same values as one uninterrupted run.
        #[test]
        fn resuming_from_a_prefix_changes_nothing(code in codes(), cut in 0usize..400) {
            let rules = OctalCode::parse(&code, &code).unwrap().rules();
            let whole = solve(&mut RareValueSolver::new(&rules, Vec::new()), 400);
            let resumed = solve(&mut RareValueSolver::new(&rules, whole[..cut].to_vec()), 400);
            prop_assert_eq!(resumed, whole);
        }
    }

    /// The automatic choice finds the published mask of 0.16 (0x1e: 53 rare heaps), and the
    /// rare list is exactly the heaps of class 0 under it.
    #[test]
    fn mask_choice_finds_the_sparse_classes_of_0_16() {
        let rules = OctalCode::parse("0.16", "0.16").unwrap().rules();
        let mut solver = RareValueSolver::new(&rules, Vec::new());
        solver.extend_to(30_000, &mut |_| Ok(())).unwrap();
        let classes = solver.classes();
        assert_eq!(classes.mask, 0x1e);
        let q = rules.split_parity().unwrap_or(0);
        let rare: Vec<u64> = (1..30_000u64)
            .filter(|&n| classes.class(solver.values()[n as usize] as u64, (n ^ q) & 1) == 0)
            .collect();
        assert_eq!(solver.rare_heaps, rare);
        assert_eq!(rare.last(), Some(&13935));
    }

    #[test]
    fn grundys_game_distinct_parts_agree() {
        let rules = MoveRules {
            whole: vec![],
            take: vec![],
            split: vec![0],
            split3: vec![],
            distinct: vec![0],
        };
        let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), 3000);
        let fast = solve(&mut RareValueSolver::new(&rules, Vec::new()), 3000);
        assert_eq!(fast, naive);
    }
}
