//! Periodicity of heap sequences: find `(preperiod, period, saltus)`, *prove* it where a theorem
//! allows ([`PeriodRule`]), and say plainly when it is only observed.
//!
//! `G(n + p) = G(n) + s` for all `n ≥ i`: `p` is the period, `i` the preperiod (the smallest
//! such `i`), `s` the saltus (0 for ordinary periodicity, as in CGSuite's triple).
//!
//! Files, one algorithm each:
//! - [`search`]: the linear-time finder. For every shift `p` at once it measures how far back
//!   from the end of the table `G(n+p) = G(n)` holds (the Z-function of the reversed table), so
//!   the observed preperiod of every candidate period costs O(1) after one O(N) pass; and the
//!   driver that grows the table geometrically until a certificate holds or a budget
//!   (`max`, wall-clock time) runs out.
//! - `certify`: the theorems that turn a finite check into a proof, and the wording of their
//!   reasons;
//! - `arithmetic`: arithmetic periodicity (saltus > 0) through the sequence of differences;
//! - [`pattern`]: a small library of other hypotheses (P-positions periodic, smallest prime
//!   factor, odious/evil, Beatty), each labelled observed or certified;
//! - [`census`]: (preperiod, period) of every subtraction set ⊆ {1..K}, with a bit-parallel
//!   kernel.
//!
//! Only ordinary periods are ever certified: no theorem in [`PeriodRule`] covers a saltus.

pub(crate) mod arithmetic;
pub mod census;
pub(crate) mod certify;
pub mod pattern;
pub(crate) mod search;
pub mod tail;

pub use certify::is_certified;
pub use search::{round_bytes, search, Budget, SearchResult, Stop};

pub use certify::PeriodRule;

use crate::error::GameError;
use crate::limits::{check_memory, table_bytes};
use crate::numeric::Nimber;

/// `G(n + period) = G(n) + saltus` for all `n ≥ preperiod`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
///
/// ```
/// use grundy::Period;
/// // subtraction:1,3,4 repeats 0,1,0,1,2,3,2 from the start.
/// let table = [0, 1, 0, 1, 2, 3, 2];
/// let period = Period { preperiod: 0, period: 7, saltus: 0 };
/// assert_eq!(period.extend(&table, 1_000_000), 1); // 10^6 ≡ 1 (mod 7)
/// ```
pub struct Period {
    /// The first heap from which the sequence repeats.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
    /// What each block adds to the values (0: ordinary periodicity).
    pub saltus: u64,
}

impl Period {
    /// `G(n)` for any `n`, from a table that covers at least `preperiod + period` values.
    pub fn extend(&self, table: &[u64], n: u64) -> u64 {
        let (base, cycles) = self.fold(table.len(), n);
        table[base] + cycles * self.saltus
    }

    /// Where `n` falls in a table of `table_len ≥ preperiod + period` values: the index of the
    /// value it repeats (`n` itself inside the table) and how many periods lie between them.
    /// Tables of any value type share it; an ordinary period (saltus 0) needs only the index.
    pub fn fold(&self, table_len: usize, n: u64) -> (usize, u64) {
        if n < table_len as u64 {
            return (n as usize, 0);
        }
        let (i, p) = (self.preperiod, self.period);
        ((i + (n - i) % p) as usize, (n - i) / p)
    }
}

/// What `grundy period --json` prints. Field names are a public interface.
///
/// ```
/// use grundy::{search, Budget, PeriodReport};
/// let game = grundy::parse_spec("subtraction:2,5").unwrap();
/// let found = search(game.sequence().unwrap(), Budget { start: 63, max: 1 << 10, time: None }).unwrap();
/// let report = PeriodReport::new(&game.spec(), &found);
/// // A finite subtraction set: the period is proved by the subtraction bound.
/// assert!(report.certified);
/// assert_eq!(report.period, Some(7));
/// assert!(!report.reason.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PeriodReport {
    /// `null` (with `period` and `saltus`) when no period was observed.
    pub preperiod: Option<u64>,
    /// The period, certified or observed (`status` says which); `null` when none.
    pub period: Option<u64>,
    /// The saltus of the period; `null` when none.
    pub saltus: Option<u64>,
    /// Proved for every `n` by the family's [`PeriodRule`].
    pub certified: bool,
    /// The table `G(0..=checked_to)` that was examined.
    pub checked_to: u64,
    /// Why it is proved, or why not.
    pub reason: String,
}

impl PeriodReport {
    /// Describes a search of the sequence of `spec`.
    pub fn new(spec: &str, result: &SearchResult) -> PeriodReport {
        let best = result.best();
        let reason = match &result.certified {
            Some(period) => certify::proof(result.rule, period),
            None => certify::not_proved(result.rule, spec, result.checked_to(), best.as_ref()),
        };
        PeriodReport {
            preperiod: best.map(|p| p.preperiod),
            period: best.map(|p| p.period),
            saltus: best.map(|p| p.saltus),
            certified: result.certified.is_some(),
            checked_to: result.checked_to(),
            reason,
        }
    }
}

/// The smallest preperiod for ordinary period `p` observed in `values`: one past the last
/// `n` with `values[n + p] ≠ values[n]` (0 if none). This is the O(N) definition, kept as the
/// reference the Z-function search is tested against.
pub(crate) fn observed_preperiod<T: Eq>(values: &[T], p: usize) -> usize {
    let head = &values[..values.len().saturating_sub(p)];
    let tail = &values[p.min(values.len())..];
    head.iter()
        .zip(tail)
        .rposition(|(a, b)| a != b)
        .map_or(0, |n| n + 1)
}

/// The certified ordinary period with the smallest `p`, if the table proves one. Its
/// preperiod is then the true smallest preperiod (see `search::smallest_certified`).
///
/// ```
/// use grundy::theory::period::find_certified;
/// use grundy::{Period, PeriodRule};
/// let table = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2];
/// let rule = PeriodRule::FiniteSubtraction { max_removal: 4 };
/// assert_eq!(find_certified(&table, rule), Some(Period { preperiod: 0, period: 7, saltus: 0 }));
/// // Without a theorem nothing is proved, however regular the table looks.
/// assert_eq!(find_certified(&table, PeriodRule::None), None);
/// ```
pub fn find_certified<T: Eq>(values: &[T], rule: PeriodRule) -> Option<Period> {
    search::smallest_certified(values, rule)
}

/// What [`find_certified`] finds, by the definition: try `p = 1, 2, …`, each with
/// `observed_preperiod`. O(N·p) in the worst case where the Z-function search is O(N), but
/// it allocates nothing, which the 2^28-value octal tables need (the search's tail runs take
/// 4 bytes a value, twice the table); and it is the reference the search is tested against.
pub fn find_certified_by_scan<T: Eq>(values: &[T], rule: PeriodRule) -> Option<Period> {
    if rule == PeriodRule::None {
        return None;
    }
    (1..values.len()).find_map(|p| {
        let i = observed_preperiod(values, p);
        is_certified(rule, values.len(), i, p).then_some(Period {
            preperiod: i as u64,
            period: p as u64,
            saltus: 0,
        })
    })
}

/// A game whose positions are heaps `n ≥ 0`, seen as its Grundy sequence `G(0), G(1), …`.
///
/// ```
/// let family = grundy::parse_spec("subtraction:1,3,4")?;
/// let sequence = family.sequence().expect("a heap game");
/// assert_eq!(sequence.values(9)?, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
/// assert_eq!(sequence.values_at(&[10, 3])?, [1, 1]);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub trait HeapSequence: Send + Sync {
    /// `G(0), …, G(to)`, in order, to `sink`. Implementations must check memory before
    /// allocating and should hold no more than they need (finite subtraction sets keep only
    /// a window).
    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError>;

    /// `G(0..=to)` as a vector.
    fn values(&self, to: u64) -> Result<Vec<u64>, GameError> {
        check_memory(
            &format!("a table of G(0..={to})"),
            table_bytes(to.saturating_add(1), 8),
        )?;
        let mut out = Vec::with_capacity(to as usize + 1);
        self.for_each_value(to, &mut |_, v| {
            out.push(v.0);
            Ok(())
        })?;
        Ok(out)
    }

    /// `G(n)` for each of `heaps` (any order, repeats allowed), for callers that need the
    /// values of scattered heaps (`count`). The default tabulates up to the largest heap;
    /// families override it with their fastest route (closed form, bulk sieve, certified
    /// period), so a heap of 10^18 need not mean a table of 10^18 values.
    fn values_at(&self, heaps: &[u64]) -> Result<Vec<u64>, GameError> {
        let Some(&largest) = heaps.iter().max() else {
            return Ok(Vec::new());
        };
        let table = self.values(largest)?;
        Ok(heaps.iter().map(|&n| table[n as usize]).collect())
    }

    /// Which theorem, if any, can certify a period of this sequence.
    fn period_rule(&self) -> PeriodRule {
        PeriodRule::None
    }

    /// The work of computing `G(n)` once the smaller values are known, counted in options
    /// visited by the definition (1 for a heap the family answers by a closed form). It is a
    /// pure function of the rules, so a budget counted in it (`explain`'s certificate search)
    /// gives the same answer on every machine and under any load, unlike a clock. Solvers
    /// faster than the definition (the octal rare-value run) make it an overestimate.
    /// Default: every smaller heap is an option.
    fn value_work(&self, n: u64) -> u128 {
        n as u128 + 1
    }

    /// Whether heap `n` alone has no Grundy value because the player to move wins at once
    /// (prime-heap: the heap can reach a prime), so that `table` agrees with `value` (it
    /// prints `none`, JSON `null`). The sequence then holds the family's auxiliary values
    /// there. Default: every heap has its value.
    fn wins_at_once(&self, _n: u64) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::games::subtraction::Subtraction;
    use crate::impartial::table::heap_table;

    #[test]
    fn subtraction_1_3_4_has_period_7() {
        let g = Subtraction::parse("1,3,4", "t").unwrap();
        let table = heap_table(&g, 100).unwrap();
        let p = find_certified(&table, PeriodRule::FiniteSubtraction { max_removal: 4 }).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        assert_eq!(
            p.extend(&table, 1_000_000_000_000),
            table[(1_000_000_000_000u64 % 7) as usize]
        );
    }

    #[test]
    fn nothing_is_certified_without_a_rule_or_enough_data() {
        let table = vec![0, 1, 0, 1, 0, 1];
        assert_eq!(find_certified(&table, PeriodRule::None), None);
        assert_eq!(
            find_certified(&table, PeriodRule::FiniteSubtraction { max_removal: 10 }),
            None
        );
        assert!(find_certified(&table, PeriodRule::FiniteSubtraction { max_removal: 1 }).is_some());
    }

    /// The octal solvers' `u16` tables are searched in place: same answers as on `u64`.
    #[test]
    fn narrow_tables_give_the_same_periods() {
        let rule = PeriodRule::GuySmith { max_removal: 2 };
        for table in [
            vec![0u16, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2],
            vec![5, 5, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1],
            vec![1, 2, 3, 4, 5, 6],
            vec![],
        ] {
            let wide: Vec<u64> = table.iter().map(|&v| v.into()).collect();
            let expected = find_certified(&wide, rule);
            assert_eq!(find_certified(&table, rule), expected);
            assert_eq!(find_certified_by_scan(&table, rule), expected);
            assert_eq!(find_certified_by_scan(&wide, rule), expected);
        }
        let table = [0u16, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];
        let period = find_certified_by_scan(&table, rule).unwrap();
        assert_eq!((period.preperiod, period.period), (0, 3));
        assert_eq!(table[period.fold(table.len(), 1000).0], 1);
        assert_eq!(period.fold(table.len(), 7), (7, 0));
    }
}
