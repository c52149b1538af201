//! Census of subtraction games: `(preperiod, period)` of every set `S ⊆ {1..K}`.
//!
//! A set is a bitmask (bit `s−1` set ⇔ `s ∈ S`), so a census is a range of integers that any
//! batch scheduler can split: shard `I/N` takes every `N`-th set of the enumeration, starting
//! at the `I`-th (striping balances cheap and expensive sets across shards).
//!
//! The kernel is hand-written because it runs 2^K times: values of a set with `m` elements are
//! at most `m ≤ 64`, so the options' values of heap `n` are OR-ed into one `u64` and the mex is
//! one `trailing_ones`, with the table kept as bytes. The table grows in place and is searched
//! for a certified period at doubling checkpoints (`smallest_certified`, the
//! finite-subtraction certificate), so no value is computed twice. The generic path
//! (`families::subtraction` through [`crate::theory::period::search`]) is the reference it is tested
//! against.

use crate::error::GameError;
use crate::theory::period::search::smallest_certified;
use crate::theory::period::PeriodRule;

/// The largest `K` a census accepts (sets are `u64` masks; values stay below 64).
pub(crate) const MAX_ELEMENT_LIMIT: u32 = 63;

/// The most sets one census may enumerate.
pub(crate) const MAX_SETS: u128 = 1 << 36;

/// One line of a census.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CensusRow {
    /// The subtraction set, ascending.
    pub set: Vec<u64>,
    /// `null` when no period was certified within `checked_to`.
    pub preperiod: Option<u64>,
    /// The certified period; `null` as for `preperiod`.
    pub period: Option<u64>,
    /// The last heap size computed.
    pub checked_to: u64,
}

/// Which sets a census covers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// `K`: sets are subsets of `{1..K}`.
    pub max_element: u32,
    /// Only sets of this many elements, if given.
    pub size: Option<u32>,
    /// This shard's index (from 0) and the number of shards.
    pub shard: (u64, u64),
}

impl Selection {
    /// Checks the parameters and refuses censuses too large to enumerate.
    pub fn new(max_element: u32, size: Option<u32>, shard: (u64, u64)) -> Result<Self, GameError> {
        let bad = |reason: String| Err(GameError::Unsupported(format!("census: {reason}")));
        if max_element == 0 || max_element > MAX_ELEMENT_LIMIT {
            return bad(format!(
                "--max-element {max_element} is outside 1..={MAX_ELEMENT_LIMIT}"
            ));
        }
        if let Some(size) = size {
            if size == 0 || size > max_element {
                return bad(format!("--size {size} is outside 1..={max_element}"));
            }
        }
        if shard.1 == 0 || shard.0 >= shard.1 {
            return bad(format!(
                "shard {}/{} must be I/N with 0 ≤ I < N",
                shard.0, shard.1
            ));
        }
        let selection = Selection {
            max_element,
            size,
            shard,
        };
        let total = selection.total_sets();
        if total > MAX_SETS {
            return Err(GameError::TooLarge(format!(
                "a census of {total} subtraction sets; at most {MAX_SETS} (use --size or a smaller --max-element)"
            )));
        }
        Ok(selection)
    }

    /// How many sets the whole census (all shards) covers.
    pub(crate) fn total_sets(&self) -> u128 {
        let k = self.max_element as u128;
        match self.size {
            None => (1u128 << k) - 1,
            Some(m) => binomial(k, m as u128),
        }
    }

    /// How many sets this shard covers.
    pub fn shard_sets(&self) -> u128 {
        let (index, count) = (self.shard.0 as u128, self.shard.1 as u128);
        let total = self.total_sets();
        total / count + u128::from(index < total % count)
    }

    /// The masks of this shard, in enumeration order.
    pub fn masks(&self) -> impl Iterator<Item = u64> {
        let (index, count) = self.shard;
        let limit = 1u128 << self.max_element;
        let size = self.size;
        let first = size.map_or(1u64, |m| ((1u128 << m) - 1) as u64);
        std::iter::successors(Some(first), move |&mask| {
            let next = match size {
                None => mask as u128 + 1,
                Some(_) => next_same_popcount(mask),
            };
            (next < limit).then_some(next as u64)
        })
        .skip(index as usize)
        .step_by(count as usize)
    }
}

impl Selection {
    /// Whether this shard enumerates `mask`: a non-empty subset of `{1..K}` of the right
    /// size whose index in the enumeration (`mask − 1`, or its colex rank among the sets of
    /// that size) falls in this shard. Used to refuse resuming from another run's rows.
    pub fn contains(&self, mask: u64) -> bool {
        self.position(mask).is_some()
    }

    /// The place of `mask` among this shard's sets (0 for the first `masks()` yields), or
    /// `None` if the shard does not enumerate it: resuming keeps one bit per place
    /// ([`Done`]), not the rows.
    pub fn position(&self, mask: u64) -> Option<u64> {
        if mask == 0 || (mask as u128) >> self.max_element != 0 {
            return None;
        }
        let index = match self.size {
            None => mask as u128 - 1,
            Some(m) if mask.count_ones() != m => return None,
            // Colex rank: Σ C(position of the j-th lowest bit, j + 1).
            Some(_) => (0..64)
                .filter(|bit| mask >> bit & 1 == 1)
                .enumerate()
                .map(|(j, bit)| binomial(bit as u128, j as u128 + 1))
                .sum(),
        };
        let (shard, shards) = (self.shard.0 as u128, self.shard.1 as u128);
        (index % shards == shard).then_some((index / shards) as u64)
    }

    /// `count` sets of this census drawn at random (a fixed seed: the same sample each run),
    /// to time before starting. Shards stripe the enumeration, so any shard's sets cost alike.
    pub fn sample(&self, count: usize) -> Vec<u64> {
        let k = self.max_element;
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| match self.size {
                None => loop {
                    let mask = next() & (u64::MAX >> (64 - k));
                    if mask != 0 {
                        break mask;
                    }
                },
                Some(m) => {
                    // m distinct elements of {1..K}, by rejection.
                    let mut mask = 0u64;
                    while mask.count_ones() < m {
                        mask |= 1 << (next() % k as u64);
                    }
                    mask
                }
            })
            .collect()
    }
}

/// The sets of a shard already computed, one bit per place ([`Selection::position`]): what a
/// resumed census must remember of its output file (2^30 rows fit in 128 MiB).
#[derive(Clone, Debug)]
pub struct Done {
    bits: Vec<u64>,
    count: u64,
}

impl Done {
    /// An empty set for `selection`'s shard, refused (with the figure) past the memory budget.
    pub fn new(selection: &Selection) -> Result<Done, GameError> {
        let places = selection.shard_sets();
        let words = places.div_ceil(64);
        crate::limits::check_memory("the resume bitset of a census", words * 8)?;
        Ok(Done {
            bits: vec![0; words as usize],
            count: 0,
        })
    }

    /// Marks `position`; `false` if it was already marked.
    pub fn insert(&mut self, position: u64) -> bool {
        let (word, bit) = ((position / 64) as usize, position % 64);
        let fresh = self.bits[word] >> bit & 1 == 0;
        self.bits[word] |= 1 << bit;
        self.count += u64::from(fresh);
        fresh
    }

    /// Whether `position` is marked.
    pub fn contains(&self, position: u64) -> bool {
        self.bits
            .get((position / 64) as usize)
            .is_some_and(|w| w >> (position % 64) & 1 == 1)
    }

    /// How many places are marked.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether no place is marked.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

/// The next larger integer with the same number of 1 bits (Gosper's hack), in u128 so that
/// the last mask of `K = 63` does not overflow.
fn next_same_popcount(mask: u64) -> u128 {
    let x = mask as u128;
    let lowest = x & x.wrapping_neg();
    let ripple = x + lowest;
    ripple | (((x ^ ripple) >> 2) / lowest)
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The elements of the set with mask `mask`.
pub fn set_of(mask: u64) -> Vec<u64> {
    (0..64)
        .filter(|bit| mask >> bit & 1 == 1)
        .map(|bit| bit + 1)
        .collect()
}

/// The mask of a set of elements in `1..=64` (`None` otherwise).
pub fn mask_of(set: &[u64]) -> Option<u64> {
    set.iter().try_fold(0u64, |mask, &s| {
        (1..=64).contains(&s).then(|| mask | 1 << (s - 1))
    })
}

/// `(preperiod, period)` of the subtraction game of `mask`, computing at most `max_len` values.
pub fn subtraction_period(mask: u64, max_len: usize) -> CensusRow {
    const FIRST_CHECKPOINT: usize = 64;
    let set = set_of(mask);
    let max_removal = *set.last().expect("census masks are non-zero");
    let rule = PeriodRule::FiniteSubtraction { max_removal };
    let mut values: Vec<u8> = Vec::with_capacity(FIRST_CHECKPOINT);
    let mut checkpoint = FIRST_CHECKPOINT.min(max_len);
    loop {
        for n in values.len()..checkpoint {
            let mut seen = 0u64;
            for &s in set.iter().take_while(|&&s| s as usize <= n) {
                seen |= 1 << values[n - s as usize];
            }
            values.push(seen.trailing_ones() as u8);
        }
        if let Some(period) = smallest_certified(&values, rule) {
            return CensusRow {
                set,
                preperiod: Some(period.preperiod),
                period: Some(period.period),
                checked_to: values.len() as u64 - 1,
            };
        }
        if checkpoint >= max_len {
            return CensusRow {
                set,
                preperiod: None,
                period: None,
                checked_to: values.len().saturating_sub(1) as u64,
            };
        }
        checkpoint = (checkpoint * 2).min(max_len);
    }
}

/// Totals of a census: how many sets have each period, and the record holders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CensusSummary {
    /// Sets per period (`None`: not certified within the per-set budget).
    pub per_period: std::collections::BTreeMap<Option<u64>, u64>,
    /// The longest periods: `(period, preperiod, set)`, longest first.
    pub longest_periods: Vec<(u64, u64, Vec<u64>)>,
    /// The longest preperiods: `(preperiod, period, set)`, longest first.
    pub longest_preperiods: Vec<(u64, u64, Vec<u64>)>,
}

impl CensusSummary {
    /// How many record holders are kept.
    pub(crate) const RECORDS: usize = 10;

    /// Counts one row (each set once: the caller skips repeated rows).
    pub fn add(&mut self, row: &CensusRow) {
        *self.per_period.entry(row.period).or_default() += 1;
        if let (Some(i), Some(p)) = (row.preperiod, row.period) {
            Self::keep(&mut self.longest_periods, (p, i, row.set.clone()));
            Self::keep(&mut self.longest_preperiods, (i, p, row.set.clone()));
        }
    }

    /// Inserts `record` into a list kept sorted longest first, shortest sets first on ties.
    fn keep(list: &mut Vec<(u64, u64, Vec<u64>)>, record: (u64, u64, Vec<u64>)) {
        let key = |r: &(u64, u64, Vec<u64>)| {
            (std::cmp::Reverse(r.0), std::cmp::Reverse(r.1), r.2.clone())
        };
        let at = list.partition_point(|r| key(r) < key(&record));
        if at < Self::RECORDS {
            list.insert(at, record);
            list.truncate(Self::RECORDS);
        }
    }

    /// The number of sets counted.
    pub fn sets(&self) -> u64 {
        self.per_period.values().sum()
    }
}

#[cfg(test)]
mod tests {
    /// `contains` is exactly membership in `masks()`, for every selection of small K.
    #[test]
    fn contains_is_membership_in_the_enumeration() {
        for k in 1..=7u32 {
            for size in std::iter::once(None).chain((1..=k).map(Some)) {
                for shard in [(0, 1), (0, 3), (1, 3), (2, 3), (4, 5)] {
                    let selection = Selection::new(k, size, shard).unwrap();
                    let listed: std::collections::HashSet<u64> = selection.masks().collect();
                    for mask in 0..(1u64 << (k + 1)) {
                        assert_eq!(
                            selection.contains(mask),
                            listed.contains(&mask),
                            "K={k} size={size:?} shard={shard:?} mask={mask:b}"
                        );
                    }
                }
            }
        }
    }

    use super::*;

    /// `position` numbers a shard's sets 0, 1, 2, … in the order `masks()` yields them, and a
    /// `Done` bitset remembers exactly the positions inserted.
    #[test]
    fn positions_number_the_shard_and_done_remembers_them() {
        for (k, size, shard) in [(6, None, (0, 1)), (7, Some(3), (1, 3)), (5, None, (2, 4))] {
            let selection = Selection::new(k, size, shard).unwrap();
            let mut done = Done::new(&selection).unwrap();
            for (place, mask) in selection.masks().enumerate() {
                assert_eq!(selection.position(mask), Some(place as u64));
                if place % 3 == 0 {
                    assert!(done.insert(place as u64));
                    assert!(!done.insert(place as u64));
                }
            }
            for place in 0..selection.shard_sets() as u64 {
                assert_eq!(done.contains(place), place % 3 == 0);
            }
            assert_eq!(done.len(), selection.shard_sets().div_ceil(3) as u64);
            for mask in selection.sample(50) {
                let whole = Selection::new(k, size, (0, 1)).unwrap();
                assert!(whole.contains(mask), "{mask:b}");
            }
        }
    }
    use crate::impartial::games::subtraction::Subtraction;
    use crate::impartial::heap::HeapFamily;
    use crate::theory::period::search::{search, Budget};
    use proptest::prelude::*;

    #[test]
    fn enumeration_covers_every_set_once_across_shards() {
        for size in [None, Some(3)] {
            let whole = Selection::new(8, size, (0, 1)).unwrap();
            let mut all: Vec<u64> = whole.masks().collect();
            assert_eq!(all.len() as u128, whole.total_sets());
            let mut sharded = Vec::new();
            for i in 0..3 {
                let shard = Selection::new(8, size, (i, 3)).unwrap();
                let masks: Vec<u64> = shard.masks().collect();
                assert_eq!(masks.len() as u128, shard.shard_sets());
                sharded.extend(masks);
            }
            sharded.sort_unstable();
            all.sort_unstable();
            assert_eq!(sharded, all);
            if let Some(m) = size {
                assert!(all.iter().all(|x| x.count_ones() == m));
            }
        }
        assert_eq!(Selection::new(8, None, (0, 1)).unwrap().total_sets(), 255);
        assert_eq!(
            Selection::new(16, Some(3), (0, 1)).unwrap().total_sets(),
            560
        );
        assert!(Selection::new(8, None, (3, 3)).is_err());
        assert!(Selection::new(8, Some(9), (0, 1)).is_err());
        assert!(Selection::new(0, None, (0, 1)).is_err());
        assert!(Selection::new(63, None, (0, 1)).is_err());
        // K = 63 with a small size enumerates to the last mask without overflow.
        let top = Selection::new(63, Some(1), (0, 1)).unwrap();
        assert_eq!(top.masks().last(), Some(1 << 62));
    }

    #[test]
    fn masks_and_sets_round_trip() {
        assert_eq!(set_of(0b1101), [1, 3, 4]);
        assert_eq!(mask_of(&[1, 3, 4]), Some(0b1101));
        assert_eq!(mask_of(&[0]), None);
        assert_eq!(mask_of(&[65]), None);
    }

    #[test]
    fn textbook_periods() {
        let row = subtraction_period(mask_of(&[1, 3, 4]).unwrap(), 1 << 16);
        assert_eq!((row.preperiod, row.period), (Some(0), Some(7)));
        let row = subtraction_period(mask_of(&[2, 5, 7]).unwrap(), 1 << 16);
        assert_eq!((row.preperiod, row.period), (Some(0), Some(22)));
    }

    #[test]
    fn summary_counts_and_records() {
        let mut summary = CensusSummary::default();
        let selection = Selection::new(6, None, (0, 1)).unwrap();
        for mask in selection.masks() {
            summary.add(&subtraction_period(mask, 1 << 12));
        }
        assert_eq!(summary.sets(), 63);
        assert_eq!(summary.per_period.get(&None), None);
        // {1}: period 2 (n mod 2); {6}: period 12 (⌊(n mod 12)/6⌋).
        assert!(summary.per_period[&Some(2)] >= 1);
        assert!(summary.longest_periods[0].0 >= 12);
        assert_eq!(
            Some(summary.longest_periods[0].0),
            *summary.per_period.keys().last().unwrap()
        );
        let text = summary.render();
        assert!(
            text.contains("2: ") && text.contains("longest periods"),
            "{text}"
        );
        assert!(summary.longest_periods.len() <= CensusSummary::RECORDS);
        assert!(summary.longest_periods.windows(2).all(|w| w[0].0 >= w[1].0));
    }

    proptest! {
        /// The bit-parallel kernel agrees with the generic search over the family's table.
        #[test]
        fn kernel_matches_generic_search(mask in 1u64..(1 << 10)) {
            let row = subtraction_period(mask, 1 << 16);
            let set: Vec<String> = row.set.iter().map(u64::to_string).collect();
            let spec = set.join(",");
            let family = HeapFamily::new(Subtraction::parse(&spec, &spec).unwrap());
            let found = search(&family, Budget { start: 63, max: 1 << 16, time: None }).unwrap();
            let generic = found.certified.unwrap();
            prop_assert_eq!(row.preperiod, Some(generic.preperiod));
            prop_assert_eq!(row.period, Some(generic.period));
        }
    }
}
