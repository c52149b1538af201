//! `mex` (minimum excludant): the least non-negative integer not in a set.
//!
//! Option values of a position are small and dense, so a reusable bitset beats hashing:
//! inserting is one OR, and the mex is found a word at a time with `trailing_ones`.

/// A reusable bitset for computing `mex` many times without reallocating.
///
/// Values at or above the capacity the caller cares about are simply ignored by [`mex`]
/// semantics: a set of `k` values always has `mex <= k`, so values `> k` never matter.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Highest word index touched since the last clear (so `clear` is O(touched)).
    touched: usize,
}

impl MexSet {
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Adds `value`. Values beyond `limit` (when given by the caller) can be skipped by the
    /// caller for speed; correctness never needs them unless the set has more elements.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
        self.touched = self.touched.max(word + 1);
    }

    #[inline]
    pub fn contains(&self, value: u64) -> bool {
        let word = (value / 64) as usize;
        word < self.words.len() && self.words[word] & (1 << (value % 64)) != 0
    }

    /// The least value not inserted.
    #[inline]
    pub fn mex(&self) -> u64 {
        for (i, w) in self.words[..self.touched].iter().enumerate() {
            if *w != u64::MAX {
                return i as u64 * 64 + w.trailing_ones() as u64;
            }
        }
        self.touched as u64 * 64
    }

    /// Empties the set, keeping its allocation.
    #[inline]
    pub fn clear(&mut self) {
        self.words[..self.touched].fill(0);
        self.touched = 0;
    }
}

/// The mex of a collection of values. For hot loops keep a [`MexSet`] and reuse it.
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let values = values.into_iter();
    let mut set = MexSet::new();
    // A set of k values has mex <= k, so larger values cannot change the answer; skipping
    // them keeps the bitset small even when some option has a huge value.
    let (lower, _) = values.size_hint();
    let mut items = Vec::with_capacity(lower);
    items.extend(values);
    let bound = items.len() as u64;
    for v in items {
        if v <= bound {
            set.insert(v);
        }
    }
    set.mex()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_cases() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex(0..64), 64);
        assert_eq!(mex(0..130), 130);
        assert_eq!(mex([0, u64::MAX]), 1);
    }

    proptest! {
        #[test]
        fn mex_matches_definition(values in proptest::collection::vec(0u64..200, 0..100)) {
            let expected = (0..).find(|m| !values.contains(m)).unwrap();
            prop_assert_eq!(mex(values.iter().copied()), expected);
            let mut set = MexSet::new();
            set.insert(500);
            set.clear();
            for &v in &values { set.insert(v); }
            prop_assert_eq!(set.mex(), expected);
        }
    }
}
