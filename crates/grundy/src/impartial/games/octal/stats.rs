//! One-pass statistics of a Grundy sequence, as researchers quote them: the largest value and
//! where it first appears, the rare mask with the number of rare heaps and the last one, and a
//! checksum to compare runs (our own, and the one other octal tools print), and the histogram
//! of values. Memory is O(number of distinct values), not O(heaps): the rare
//! count comes from per-(value, parity) counts by [`best_mask`], and the last rare heap from
//! the last heap seen for each (value, parity).

use super::checkpoint::Fnv64;
use super::classes::{best_mask, count_index, ClassMask};
use super::Value;
use crate::theory::period::Period;

/// Accumulates statistics of `G(0), G(1), …` fed in order.
#[derive(Clone, Debug)]
pub struct StatsBuilder {
    /// Parity of every split removal, when they share one (allows the position variant).
    split_parity: Option<u64>,
    len: u64,
    largest: (Value, u64),
    counts: Vec<u64>,
    last_seen: Vec<u64>,
    checksum: Fnv64,
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
    /// FNV-1a 64 of the values as 2-byte little-endian integers, in hex.
    pub checksum: String,
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
            checksum: Fnv64::default(),
            sums: RunningSums::default(),
        }
    }

    fn parity_bit(&self, n: u64) -> u64 {
        (n ^ self.split_parity.unwrap_or(0)) & 1
    }

    /// Records `G(n) = v`; `n` must be the number of values recorded so far.
    pub fn push(&mut self, v: Value) {
        let n = self.len;
        if v > self.largest.0 {
            self.largest = (v, n);
        }
        let index = count_index(v as u64, self.parity_bit(n));
        if index >= self.counts.len() {
            let size = (index + 1).next_power_of_two();
            self.counts.resize(size, 0);
            self.last_seen.resize(size, 0);
        }
        self.counts[index] += 1;
        self.last_seen[index] = n;
        self.checksum.update(&v.to_le_bytes());
        self.sums.update(v);
        self.len += 1;
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
            checksum: format!("{:016x}", self.checksum.finish()),
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

    #[test]
    fn nothing_pushed_has_an_empty_histogram() {
        let stats = StatsBuilder::new(None).finish("test", None);
        assert!(stats.histogram.is_empty());
        assert_eq!(stats.ogsolve_checksum, "00000000");
    }
}
