//! One-pass statistics of a Grundy sequence, as researchers quote them: the largest value and
//! where it first appears, the rare mask with the number of rare heaps and the last one, and a
//! checksum to compare runs. Memory is O(number of distinct values), not O(heaps): the rare
//! count comes from per-(value, parity) counts by [`best_mask`], and the last rare heap from
//! the last heap seen for each (value, parity).

use super::checkpoint::Fnv64;
use super::classes::{best_mask, count_index, ClassMask};
use super::Value;
use crate::theory::period::Period;
use serde::Serialize;

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
}

/// The statistics of `G(0..len)`. Field names are the `--json` interface of `octal-stats`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub game: String,
    /// Number of heaps covered: `G(0..heaps)`.
    pub heaps: u64,
    pub largest_value: u64,
    pub largest_first_at: u64,
    /// The mask minimising the rare heaps, e.g. `0x1ee` (`+pos`: position-parity variant).
    pub rare_mask: String,
    pub rare_count: u64,
    /// The last rare heap (`null` when none is rare).
    pub last_rare: Option<u64>,
    /// FNV-1a 64 of the values as 2-byte little-endian integers, in hex.
    pub checksum: String,
    /// The certified period, when one was found on the way.
    pub period: Option<Period>,
}

impl StatsBuilder {
    pub fn new(split_parity: Option<u64>) -> StatsBuilder {
        StatsBuilder {
            split_parity,
            len: 0,
            largest: (0, 0),
            counts: vec![0; 2],
            last_seen: vec![0; 2],
            checksum: Fnv64::default(),
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
        self.len += 1;
    }

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
            period,
        }
    }

    fn is_rare_index(&self, classes: ClassMask, index: usize) -> bool {
        classes.class(index as u64 >> 1, index as u64 & 1) == 0
    }
}

impl Stats {
    /// The human form, one fact a line.
    pub fn describe(&self) -> String {
        let mut text = format!(
            "game: {}\nheaps: {} (G(0..={}))\nlargest value: {}, first at heap {}\nrare mask: {} ({} rare heaps, last at {})\nchecksum: fnv1a64 {}",
            self.game,
            self.heaps,
            self.heaps.saturating_sub(1),
            self.largest_value,
            self.largest_first_at,
            self.rare_mask,
            self.rare_count,
            self.last_rare.map_or("none".to_string(), |n| n.to_string()),
            self.checksum,
        );
        if let Some(p) = self.period {
            text.push_str(&format!(
                "\nperiod: preperiod {}, period {} (certified)",
                p.preperiod, p.period
            ));
        }
        text
    }
}
