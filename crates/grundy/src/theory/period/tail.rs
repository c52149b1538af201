//! What the table shows without any theorem: tail runs and observed periods.
//!
//! **Tail runs.** For a table `G(0..len)` and a shift `p`, let `run[p]` be the number of
//! consecutive `n`, counting down from the last one (`len−1−p`), with `G(n+p) = G(n)`. Then the
//! observed preperiod of `p` is `len − p − run[p]` (one past the last mismatch). Reversing the
//! table turns "`G(n+p) = G(n)` from the end backwards" into "the suffix at `p` agrees with the
//! whole string", so `run` is exactly the Z-function of the reversed table: O(len) for all `p`
//! together, where testing each `p` separately from the end costs O(len · p) in the worst case
//! (sequences where wrong shifts match for long stretches). The Z-function is computed on
//! demand (`TailRuns`) and stops at the first good `p`, so in the common case (wrong shifts
//! fail within a few values of the end) it costs what the backward scan costs.

use crate::theory::period::Period;

/// The Z-function of the reversed table, computed left to right **on demand**: it yields
/// `(p, run[p])` for `p = 1, 2, …` and uses only earlier entries, so a search that stops at
/// the first good `p` pays for the shifts it looked at (plus the comparisons that extend the
/// match box), not for the whole table. The table is read backwards instead of copied.
pub(crate) struct TailRuns<'a, T> {
    values: &'a [T],
    z: Vec<u32>,
    /// The match box `[left, right)`: reversed[left..right] = reversed[0..right-left].
    left: usize,
    right: usize,
}

impl<'a, T: Eq> TailRuns<'a, T> {
    /// Tail runs of `values`, computed on demand as shifts are asked for.
    pub(crate) fn new(values: &'a [T]) -> Self {
        assert!(
            values.len() <= u32::MAX as usize,
            "tables searched for periods stay below 2^32 entries (Budget::LIMIT)"
        );
        let z = if values.is_empty() {
            Vec::new()
        } else {
            vec![values.len() as u32]
        };
        TailRuns {
            values,
            z,
            left: 0,
            right: 0,
        }
    }
}

impl<T: Eq> Iterator for TailRuns<'_, T> {
    type Item = (usize, u32);

    fn next(&mut self) -> Option<(usize, u32)> {
        let len = self.values.len();
        let i = self.z.len();
        if i == 0 || i >= len {
            return None;
        }
        let at = |j: usize| &self.values[len - 1 - j];
        let mut k = if i < self.right {
            (self.right - i).min(self.z[i - self.left] as usize)
        } else {
            0
        };
        while i + k < len && at(k) == at(i + k) {
            k += 1;
        }
        if i + k > self.right {
            self.left = i;
            self.right = i + k;
        }
        self.z.push(k as u32);
        Some((i, k as u32))
    }
}

/// The observed preperiod of shift `p` from its tail run.
pub(crate) fn preperiod_of(len: usize, p: usize, run: u32) -> usize {
    len - p - run as usize
}

/// Whether a periodic stretch of `run + p` values (the last `run` of them checked against the
/// previous period) is convincing enough to *report* as observed: at least three periods and
/// half the table.
pub(crate) fn is_convincing(len: usize, p: usize, run: u32) -> bool {
    let run = run as usize;
    run >= 2 * p && 2 * (run + p) >= len
}

/// The smallest convincingly observed ordinary period (not a proof).
pub fn observed_ordinary<T: Eq>(values: &[T]) -> Option<Period> {
    let len = values.len();
    TailRuns::new(values)
        .find(|&(p, run)| is_convincing(len, p, run))
        .map(|(p, run)| Period {
            preperiod: preperiod_of(len, p, run) as u64,
            period: p as u64,
            saltus: 0,
        })
}
