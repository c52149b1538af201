//! Certified periods of a 16-bit value table.
//!
//! Same search as [`crate::period::find_certified`] (smallest period first, preperiod by a
//! backward scan, certificate by [`is_certified`]), but on the solvers' `u16` table: copying a
//! table of 2^28 values to `u64` for the shared function would take 2 GiB just to look.

use super::Value;
use crate::family::PeriodRule;
use crate::period::{is_certified, Period};

/// One past the last `n` with `values[n + p] ≠ values[n]` (0 if none).
fn observed_preperiod(values: &[Value], p: usize) -> usize {
    let (head, tail) = (&values[..values.len() - p], &values[p..]);
    head.iter()
        .zip(tail)
        .rposition(|(a, b)| a != b)
        .map_or(0, |n| n + 1)
}

/// The certified ordinary period with the smallest `p`, if the table proves one under `rule`.
pub fn find_certified(values: &[Value], rule: PeriodRule) -> Option<Period> {
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

/// `G(n)` for any `n` from a table that proves `period`.
pub fn extend(values: &[Value], period: Period, n: u64) -> Value {
    if n < values.len() as u64 {
        return values[n as usize];
    }
    let offset = (n - period.preperiod) % period.period;
    values[(period.preperiod + offset) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_shared_period_finder() {
        let rule = PeriodRule::GuySmith { max_removal: 2 };
        for table in [
            vec![0u16, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2],
            vec![5, 5, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1],
            vec![1, 2, 3, 4, 5, 6],
        ] {
            let wide: Vec<u64> = table.iter().map(|&v| v as u64).collect();
            assert_eq!(
                find_certified(&table, rule),
                crate::period::find_certified(&wide, rule)
            );
        }
        let p = find_certified(&[0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2], rule).unwrap();
        assert_eq!(extend(&[0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2], p, 1000), 1);
    }
}
