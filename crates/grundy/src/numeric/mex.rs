//! `mex` (minimum excludant): the least non-negative integer not in a set.
//!
//! Option values of a position are small and dense, so a reusable bitset beats hashing:
//! inserting is one OR, and the mex is found a word at a time with `trailing_ones`.

/// A reusable bitset for computing `mex` many times without reallocating.
///
/// Memory is bounded by the number of values inserted, not by their size: a set of `k`
/// values has `mex <= k`, so a value above both the count so far and `DIRECT_LIMIT` is
/// parked in a short list and only enters the bitset once enough values have been inserted
/// for it to matter. One huge option value (2^63) therefore costs one word, not 2^57.
/// Values below `DIRECT_LIMIT` always go straight to the bitset (at most 512 bytes), so
/// the hot loops of the tables, whose values are small, never touch the parked list.
///
/// ```
/// use grundy::numeric::MexSet;
/// let mut seen = MexSet::new();
/// for v in [0, 1, 3, 1 << 60] {
///     seen.insert(v);
/// }
/// assert_eq!(seen.mex(), 2);
/// seen.clear();
/// assert_eq!(seen.mex(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct MexSet {
    words: Vec<u64>,
    /// Highest word index touched since the last clear (so `clear` is O(touched)).
    touched: usize,
    /// Values inserted since the last clear (the mex is at most this).
    count: u64,
    /// Values above `count` and [`DIRECT_LIMIT`] when inserted, not yet in the bitset.
    parked: Vec<u64>,
    /// The least parked value (`u64::MAX` when none): `mex` looks at the list only once
    /// `count` has reached it.
    parked_min: u64,
}

/// Values below this always enter the bitset directly (64 words): the price of the bound
/// on memory is paid only by sets holding a value this large.
pub(crate) const DIRECT_LIMIT: u64 = 1 << 12;

impl Default for MexSet {
    fn default() -> MexSet {
        MexSet {
            words: Vec::new(),
            touched: 0,
            count: 0,
            parked: Vec::new(),
            parked_min: u64::MAX,
        }
    }
}

impl MexSet {
    /// An empty set (nothing allocated until the first insert).
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Adds `value`; the bitset grows to at most `max(count, DIRECT_LIMIT) / 64 + 1` words.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        self.count += 1;
        if value >= DIRECT_LIMIT && value > self.count {
            self.parked.push(value);
            self.parked_min = self.parked_min.min(value);
        } else {
            self.set_bit(value);
        }
    }

    #[inline]
    fn set_bit(&mut self, value: u64) {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
        self.touched = self.touched.max(word + 1);
    }

    /// Whether `value` was inserted since the last clear.
    #[inline]
    pub fn contains(&self, value: u64) -> bool {
        let word = (value / 64) as usize;
        (word < self.touched && self.words[word] & (1 << (value % 64)) != 0)
            || self.parked.contains(&value)
    }

    /// The least value not inserted.
    #[inline]
    pub fn mex(&mut self) -> u64 {
        if self.parked_min <= self.count {
            // Parked values that could now be the mex (at most `count`) join the bitset.
            let mut parked = std::mem::take(&mut self.parked);
            parked.retain(|&v| {
                let keep = v > self.count;
                if !keep {
                    self.set_bit(v);
                }
                keep
            });
            self.parked_min = parked.iter().copied().min().unwrap_or(u64::MAX);
            self.parked = parked;
        }
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
        self.count = 0;
        self.parked.clear();
        self.parked_min = u64::MAX;
    }
}

/// The mex of a collection of values. For hot loops keep a [`MexSet`] and reuse it.
///
/// ```
/// assert_eq!(grundy::mex([0, 1, 3]), 2);
/// assert_eq!(grundy::mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut set = MexSet::new();
    for v in values {
        set.insert(v);
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

        /// Huge values mixed in anywhere: same answer, and the bitset stays as small as the
        /// number of values (the regression: `insert(2^63)` used to allocate 2^57 words).
        #[test]
        fn huge_values_cost_nothing(values in proptest::collection::vec(prop_oneof![0u64..100, (1u64 << 40)..], 0..80)) {
            let expected = (0..).find(|m| !values.contains(m)).unwrap();
            let mut set = MexSet::new();
            for &v in &values { set.insert(v); }
            prop_assert!(set.words.len() <= (values.len() / 64 + 2).max(DIRECT_LIMIT as usize / 64));
            prop_assert_eq!(set.mex(), expected);
            for &v in &values { prop_assert!(set.contains(v)); }
        }
    }

    #[test]
    fn huge_value_then_the_values_below_it() {
        let mut set = MexSet::new();
        set.insert(u64::MAX);
        set.insert(1 << 40);
        assert!(
            set.words.is_empty(),
            "nothing allocated for 2^64 − 1 and 2^40"
        );
        set.insert(3);
        for v in 0..3 {
            set.insert(v);
        }
        assert_eq!(set.mex(), 4);
        let mut set = MexSet::new();
        set.insert(100);
        for v in 0..100 {
            set.insert(v);
        }
        assert_eq!(set.mex(), 101);
        // Above DIRECT_LIMIT: parked until the count reaches it, then it counts.
        set.clear();
        set.insert(DIRECT_LIMIT);
        for v in 0..DIRECT_LIMIT {
            set.insert(v);
        }
        assert_eq!(set.mex(), DIRECT_LIMIT + 1);
        set.clear();
        assert_eq!(set.mex(), 0);
    }
}
