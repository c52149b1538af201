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
//! - [`certify`]: the theorems that turn a finite check into a proof, and the wording of their
//!   reasons;
//! - [`arithmetic`]: arithmetic periodicity (saltus > 0) through the sequence of differences;
//! - [`pattern`]: a small library of other hypotheses (P-positions periodic, smallest prime
//!   factor, odious/evil, Beatty), each labelled observed or certified;
//! - [`census`]: (preperiod, period) of every subtraction set ⊆ {1..K}, with a bit-parallel
//!   kernel.
//!
//! Only ordinary periods are ever certified: no theorem in [`PeriodRule`] covers a saltus.

pub mod arithmetic;
pub mod census;
pub mod certify;
pub mod pattern;
pub mod search;

pub use certify::is_certified;
pub use search::{search, Budget, SearchResult, Stop};

use crate::family::PeriodRule;

/// `G(n + period) = G(n) + saltus` for all `n ≥ preperiod`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Period {
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
}

impl Period {
    /// `G(n)` for any `n`, from a table that covers at least `preperiod + period` values.
    pub fn extend(&self, table: &[u64], n: u64) -> u64 {
        if n < table.len() as u64 {
            return table[n as usize];
        }
        let (i, p) = (self.preperiod, self.period);
        let cycles = (n - i) / p;
        let base = i + (n - i) % p;
        table[base as usize] + cycles * self.saltus
    }
}

/// What `grundy period --json` prints. Field names are a public interface.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PeriodReport {
    /// `null` (with `period` and `saltus`) when no period was observed.
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
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
pub fn observed_preperiod(values: &[u64], p: usize) -> usize {
    (0..values.len().saturating_sub(p))
        .rev()
        .find(|&n| values[n + p] != values[n])
        .map_or(0, |n| n + 1)
}

/// The certified ordinary period with the smallest `p`, if the table proves one. Its
/// preperiod is then the true smallest preperiod (see [`search::smallest_certified`]).
pub fn find_certified(values: &[u64], rule: PeriodRule) -> Option<Period> {
    search::smallest_certified(values, rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::table::heap_table;
    use crate::families::subtraction::Subtraction;

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
}
