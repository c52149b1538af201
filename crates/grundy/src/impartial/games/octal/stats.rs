//! One-pass statistics of a Grundy sequence, as researchers quote them: the largest value and
//! where it first appears, the rare mask with the number of rare heaps and the last one, and a
//! checksum to compare runs (our own, and the one other octal tools print), and the histogram
//! of values. Memory is O(number of distinct values), not O(heaps): the rare
//! count comes from per-(value, parity) counts by [`best_mask`], and the last rare heap from
//! the last heap seen for each (value, parity).
//!
//! Past a certified period the values repeat, so [`StatsBuilder::push_repeated`] adds any
//! number of repetitions of a block in O(block): counts and last heaps scale, and the running
//! sums have a closed form. Only the FNV checksum has no shortcut (each byte XORs then
//! multiplies, neither linear over the integers nor over bits): it is computed value by value
//! up to [`STREAMED_CHECKSUM_HEAPS`] repeated heaps and given up past them, so that
//! `octal-stats kayles --to 10^15` answers at once instead of running for weeks.

use super::checkpoint::Fnv64;
use super::classes::{best_mask, count_index, ClassMask};
use super::sequence::Outcome;
use super::Value;
use crate::error::GameError;
use crate::theory::period::Period;

/// Repeated heaps that the FNV checksum is still computed over value by value (a few seconds);
/// past them it is left out (`checksum: null`).
pub const STREAMED_CHECKSUM_HEAPS: u64 = 1 << 31;

/// Accumulates statistics of `G(0), G(1), …` fed in order.
#[derive(Clone, Debug)]
pub struct StatsBuilder {
    /// Parity of every split removal, when they share one (allows the position variant).
    split_parity: Option<u64>,
    len: u64,
    largest: (Value, u64),
    counts: Vec<u64>,
    last_seen: Vec<u64>,
    /// `None` once repeated heaps past [`STREAMED_CHECKSUM_HEAPS`] were added.
    checksum: Option<Fnv64>,
    sums: RunningSums,
}

/// The checksum other octal tools (ogsolve) print, so that a run can be checked against them:
/// `c0 = Σ G(n) mod 2^16`, `c1 = Σ (running c0) mod 2^16`, shown as `(c1 << 16) | c0`.
#[derive(Clone, Copy, Debug, Default)]
struct RunningSums {
    c0: u16,
    c1: u16,
}

impl RunningSums {
    fn update(&mut self, v: Value) {
        self.c0 = self.c0.wrapping_add(v);
        self.c1 = self.c1.wrapping_add(self.c0);
    }

    /// `times` repetitions of `block` at once. One pass adds `S = Σ v` to `c0` and
    /// `L·c0 + T` to `c1` (`L` values, `T` the sum of the block's prefix sums), so `q` passes
    /// add `q·S` to `c0` and `q·L·c0 + L·S·q(q − 1)/2 + q·T` to `c1`, all mod 2^16.
    fn repeat(&mut self, block: &[Value], times: u64) {
        let (mut sum, mut prefix_sums) = (0u16, 0u16);
        for &v in block {
            sum = sum.wrapping_add(v);
            prefix_sums = prefix_sums.wrapping_add(sum);
        }
        let modulo = |x: u128| (x % 65536) as u16;
        let (q, len) = (times as u128, block.len() as u128);
        let c1 = self.c1 as u128
            + modulo(q * len) as u128 * self.c0 as u128
            + modulo(len * sum as u128) as u128 * modulo(q * q.saturating_sub(1) / 2) as u128
            + modulo(q) as u128 * prefix_sums as u128;
        self.c1 = modulo(c1);
        self.c0 = modulo(self.c0 as u128 + modulo(q) as u128 * sum as u128);
    }

    /// Uppercase, eight hex digits, as those tools print it (`1369632A`).
    fn finish(self) -> String {
        format!("{:08X}", (u32::from(self.c1) << 16) | u32::from(self.c0))
    }
}

/// The statistics of `G(0..len)`. Field names are the `--json` interface of `octal-stats`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// The canonical spec, e.g. `octal:0.6`.
    pub game: String,
    /// Number of heaps covered: `G(0..heaps)`.
    pub heaps: u64,
    /// The largest value in the table.
    pub largest_value: u64,
    /// The first heap with the largest value.
    pub largest_first_at: u64,
    /// The mask minimising the rare heaps, e.g. `0x1ee` (`+pos`: position-parity variant).
    pub rare_mask: String,
    /// How many heaps (heap 0 included) are rare under `rare_mask`.
    pub rare_count: u64,
    /// The last rare heap (`null` when none is rare).
    pub last_rare: Option<u64>,
    /// FNV-1a 64 of the values as 2-byte little-endian integers, in hex; `null` when more
    /// than [`STREAMED_CHECKSUM_HEAPS`] heaps past the table come from a certified period
    /// (FNV has no shortcut for repeated values; module docs).
    pub checksum: Option<String>,
    /// The running-sum checksum of other octal tools (ogsolve): `(c1 << 16) | c0` in
    /// uppercase hex, `c0 = Σ G mod 2^16`, `c1 = Σ running c0 mod 2^16`, over `G(0..heaps)`.
    pub ogsolve_checksum: String,
    /// `histogram[v]`: how many heaps `1..heaps` have value `v` (heap 0 left out, as papers
    /// count), up to the largest value.
    pub histogram: Vec<u64>,
    /// The certified period, when one was found on the way.
    pub period: Option<Period>,
}

impl StatsBuilder {
    /// An empty builder; `split_parity` allows the position-parity variant of the mask.
    pub fn new(split_parity: Option<u64>) -> StatsBuilder {
        StatsBuilder {
            split_parity,
            len: 0,
            largest: (0, 0),
            counts: vec![0; 2],
            last_seen: vec![0; 2],
            checksum: Some(Fnv64::default()),
            sums: RunningSums::default(),
        }
    }

    fn parity_bit(&self, n: u64) -> u64 {
        (n ^ self.split_parity.unwrap_or(0)) & 1
    }

    /// Counts value `v` at heap `n` (first seen there) `times` times, the last of them at
    /// heap `last` (of the same parity): what [`StatsBuilder::push`] and
    /// [`StatsBuilder::push_repeated`] share.
    fn count(&mut self, v: Value, n: u64, times: u64, last: u64) {
        if v > self.largest.0 {
            self.largest = (v, n);
        }
        let index = count_index(v as u64, self.parity_bit(n));
        if index >= self.counts.len() {
            let size = (index + 1).next_power_of_two();
            self.counts.resize(size, 0);
            self.last_seen.resize(size, 0);
        }
        self.counts[index] += times;
        self.last_seen[index] = last;
    }

    /// Records `G(n) = v`; `n` must be the number of values recorded so far.
    pub fn push(&mut self, v: Value) {
        let n = self.len;
        self.count(v, n, 1, n);
        if let Some(checksum) = &mut self.checksum {
            checksum.update(&v.to_le_bytes());
        }
        self.sums.update(v);
        self.len += 1;
    }

    /// Records `times` repetitions of `block` as the next values, in O(`block.len()`) but for
    /// the checksum (module docs). The caller keeps the heap count below 2^64.
    pub fn push_repeated(&mut self, block: &[Value], times: u64) {
        if block.len() % 2 == 1 {
            // Counts are per (value, parity of the heap): an even block keeps the parities.
            let doubled: Vec<Value> = block.iter().chain(block).copied().collect();
            self.push_repeated(&doubled, times / 2);
            if times % 2 == 1 {
                block.iter().for_each(|&v| self.push(v));
            }
            return;
        }
        if block.is_empty() || times == 0 {
            return;
        }
        let (start, len) = (self.len, block.len() as u64);
        let last_pass = start + (times - 1) * len;
        for (i, &v) in block.iter().enumerate() {
            self.count(v, start + i as u64, times, last_pass + i as u64);
        }
        if times.saturating_mul(len) > STREAMED_CHECKSUM_HEAPS {
            self.checksum = None;
        } else if let Some(checksum) = &mut self.checksum {
            for _ in 0..times {
                block.iter().for_each(|v| checksum.update(&v.to_le_bytes()));
            }
        }
        self.sums.repeat(block, times);
        self.len += times * len;
    }

    /// The statistics of `G(0..=to)` from a finished run: the table's values one by one,
    /// then, past the table, whole periods at once (so `to` may be far past any table).
    pub fn of_outcome(
        split_parity: Option<u64>,
        game: &str,
        to: u64,
        outcome: &Outcome,
    ) -> Result<Stats, GameError> {
        if to == u64::MAX {
            return Err(GameError::TooLarge(
                "statistics count heaps in 64 bits: G(0..=2^64 − 1) is 2^64 heaps; ask for fewer"
                    .into(),
            ));
        }
        let mut builder = StatsBuilder::new(split_parity);
        let table = outcome.values.len() as u64;
        let unfinished = || {
            GameError::Unsupported(format!(
            "the run of `{game}` stopped at heap {table} with no certified period, short of {to}"
        ))
        };
        let values = outcome.values.view();
        for n in 0..=to.min(table.saturating_sub(1)) {
            builder.push(values.get(n as usize));
        }
        if to >= table {
            let period = outcome.period.ok_or_else(unfinished)?;
            // Heaps `table..=to` repeat the period's last full cycle in the table.
            let cycle: Vec<Value> = (table..table + period.period)
                .map(|n| {
                    outcome
                        .value(n)
                        .expect("a certified period covers every heap")
                })
                .collect();
            let rest = to - table + 1;
            builder.push_repeated(&cycle, rest / period.period);
            for n in to - rest % period.period + 1..=to {
                builder.push(
                    outcome
                        .value(n)
                        .expect("a certified period covers every heap"),
                );
            }
        }
        Ok(builder.finish(game, outcome.period))
    }

    /// The statistics of every value pushed so far; `game` and `period` are copied in.
    pub fn finish(&self, game: &str, period: Option<Period>) -> Stats {
        let (classes, rare_count) = best_mask(&self.counts, self.len, self.split_parity.is_some());
        let last_rare = (0..self.counts.len())
            .filter(|&index| self.counts[index] > 0 && self.is_rare_index(classes, index))
            .map(|index| self.last_seen[index])
            .max();
        Stats {
            game: game.to_string(),
            heaps: self.len,
            largest_value: self.largest.0 as u64,
            largest_first_at: self.largest.1,
            rare_mask: classes.describe(),
            rare_count,
            last_rare,
            checksum: self.checksum.map(|c| format!("{:016x}", c.finish())),
            ogsolve_checksum: self.sums.finish(),
            histogram: self.histogram(),
            period,
        }
    }

    /// Heaps `1..len` by value, from the per-(value, parity) counts; heap 0 (value 0, a heap
    /// with no moves) is taken out.
    fn histogram(&self) -> Vec<u64> {
        if self.len == 0 {
            return Vec::new();
        }
        let mut histogram: Vec<u64> = (0..=self.largest.0 as u64)
            .map(|v| self.counts[count_index(v, 0)] + self.counts[count_index(v, 1)])
            .collect();
        histogram[0] -= 1;
        histogram
    }

    fn is_rare_index(&self, classes: ClassMask, index: usize) -> bool {
        classes.class(index as u64 >> 1, index as u64 & 1) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The running sums and the histogram against their definitions, computed in u64 on
        /// the whole sequence.
        #[test]
        fn checksum_and_histogram_follow_their_definitions(
            tail in proptest::collection::vec(any::<u16>(), 0..300),
            small in any::<bool>(),
        ) {
            let tail: Vec<Value> = tail.iter().map(|&v| if small { v % 8 } else { v }).collect();
            let values: Vec<Value> = std::iter::once(0).chain(tail).collect();
            let mut builder = StatsBuilder::new(None);
            values.iter().for_each(|&v| builder.push(v));
            let stats = builder.finish("test", None);

            let c0 = |k: usize| values[..=k].iter().map(|&v| v as u64).sum::<u64>() % 65536;
            let c1 = (0..values.len()).map(c0).sum::<u64>() % 65536;
            let expected = format!("{:08X}", (c1 << 16) | c0(values.len() - 1));
            prop_assert_eq!(&stats.ogsolve_checksum, &expected);

            let largest = *values.iter().max().unwrap() as usize;
            let counted: Vec<u64> = (0..=largest)
                .map(|v| values[1..].iter().filter(|&&g| g as usize == v).count() as u64)
                .collect();
            prop_assert_eq!(stats.histogram, counted);
        }
    }

    proptest! {
        /// A repeated block gives the statistics of its values pushed one by one (checksum
        /// included), for odd and even blocks, starting heaps of either parity and both mask
        /// variants; and the running sums of `a` then `b` repetitions are those of `a + b`.
        #[test]
        fn repeated_blocks_agree_with_their_values_one_by_one(
            prefix in proptest::collection::vec(0u16..40, 0..20),
            block in proptest::collection::vec(0u16..40, 1..12),
            times in 0u64..30,
            more in 0u64..1 << 40,
            split_parity in proptest::option::of(0u64..2),
        ) {
            let mut fast = StatsBuilder::new(split_parity);
            let mut slow = StatsBuilder::new(split_parity);
            for &v in &prefix {
                fast.push(v);
                slow.push(v);
            }
            fast.push_repeated(&block, times);
            for _ in 0..times {
                block.iter().for_each(|&v| slow.push(v));
            }
            prop_assert_eq!(fast.finish("t", None), slow.finish("t", None));

            let mut once = RunningSums::default();
            once.repeat(&block, times + more);
            let mut twice = RunningSums::default();
            twice.repeat(&block, times);
            twice.repeat(&block, more);
            prop_assert_eq!((once.c0, once.c1), (twice.c0, twice.c1));
        }
    }

    #[test]
    fn past_the_streamed_heaps_the_checksum_is_left_out() {
        let mut builder = StatsBuilder::new(None);
        builder.push(0);
        builder.push_repeated(&[1, 2], 1000);
        assert!(builder.finish("t", None).checksum.is_some());
        builder.push_repeated(&[1, 2], STREAMED_CHECKSUM_HEAPS / 2 + 1);
        let stats = builder.finish("t", None);
        assert_eq!(stats.checksum, None);
        let pairs = STREAMED_CHECKSUM_HEAPS / 2 + 1001;
        assert_eq!(stats.heaps, 2 * pairs + 1);
        assert_eq!(stats.histogram, [0, pairs, pairs]);
        assert_eq!((stats.largest_value, stats.largest_first_at), (2, 2));
    }

    #[test]
    fn nothing_pushed_has_an_empty_histogram() {
        let stats = StatsBuilder::new(None).finish("test", None);
        assert!(stats.histogram.is_empty());
        assert_eq!(stats.ogsolve_checksum, "00000000");
    }
}
