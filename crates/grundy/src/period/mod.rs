//! Periodicity of heap sequences: find `(preperiod, period)` and *certify* it where a theorem
//! allows ([`PeriodRule`]).
//!
//! Algorithm: for each candidate period `p` (smallest first), scan the table **backwards**
//! from its end until the first `n` with `G(n+p) ≠ G(n)`; the preperiod is the index after it.
//! A wrong `p` usually fails within a few steps of the end, so the whole search costs little
//! more than one pass for the right `p`. The candidate is accepted only when the rule's
//! certificate is satisfied by the data in hand:
//! - finite subtraction set, `k = max S`: `G(n+p) = G(n)` on `k` consecutive `n ≥ i` proves it
//!   (each value depends only on the previous `k`);
//! - octal game, `t` = largest removal (Guy–Smith): it suffices to check
//!   `i ≤ n < 2i + p + t`, i.e. the table must reach index `2i + 2p + t − 1`.

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

/// The smallest preperiod for ordinary period `p` observed in `values`: one past the last
/// `n` with `values[n + p] ≠ values[n]` (0 if none).
pub fn observed_preperiod(values: &[u64], p: usize) -> usize {
    (0..values.len().saturating_sub(p))
        .rev()
        .find(|&n| values[n + p] != values[n])
        .map_or(0, |n| n + 1)
}

/// Whether the data in `values` proves the period `(i, p)` under `rule`.
pub fn is_certified(rule: PeriodRule, len: usize, i: usize, p: usize) -> bool {
    match rule {
        PeriodRule::FiniteSubtraction { max_removal } => {
            // Checked n run over i..len-p; need at least max_removal of them.
            (len - p).saturating_sub(i) as u128 >= max_removal as u128
        }
        PeriodRule::GuySmith { max_removal } => {
            len as u128 >= 2 * i as u128 + 2 * p as u128 + max_removal as u128
        }
        PeriodRule::None => false,
    }
}

/// The certified ordinary period with the smallest `p`, if the table proves one.
pub fn find_certified(values: &[u64], rule: PeriodRule) -> Option<Period> {
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
