//! Arithmetic periodicity: `G(n + p) = G(n) + s` with saltus `s > 0` for all `n ≥ i`.
//!
//! With differences `d(n) = G(n+1) − G(n)`, `G(n+p) − G(n)` is constant for `n ≥ i` exactly
//! when `d` is periodic with period `p` from `i`; the constant is `s = G(i+p) − G(i)`. And the
//! smallest such `i` for `G` is the smallest for `d` (if `G(i−1+p) − G(i−1)` were also `s`,
//! then `d(i−1+p) = d(i−1)`). So the ordinary finder, run on `d`, finds arithmetic periods.
//!
//! No theorem in grundy certifies a saltus (finite subtraction sets and finite octal games
//! have bounded values), so these are always reported as observed.

use crate::theory::period::tail::{is_convincing, TailRuns};
use crate::theory::period::Period;

/// The smallest convincingly observed period with saltus `s > 0` (not a proof).
pub(crate) fn observed_arithmetic(values: &[u64]) -> Option<Period> {
    // i128: differences of u64 values are exact there.
    let diffs: Vec<i128> = values
        .windows(2)
        .map(|w| w[1] as i128 - w[0] as i128)
        .collect();
    let len = diffs.len();
    TailRuns::new(&diffs)
        .filter(|&(p, run)| is_convincing(len, p, run))
        .find_map(|(p, run)| {
            let i = len - p - run as usize;
            let saltus = values[i + p] as i128 - values[i] as i128;
            (saltus > 0).then_some(Period {
                preperiod: i as u64,
                period: p as u64,
                saltus: saltus as u64,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    use proptest::prelude::*;

    proptest! {
        /// Built from a random preperiod and a random period block with positive saltus: what
        /// is found satisfies the definition on the whole table, its preperiod is minimal, and
        /// its period is no longer than the one built in.
        #[test]
        fn found_periods_satisfy_the_definition(
            head in proptest::collection::vec(0u64..50, 0..20),
            block in proptest::collection::vec(0u64..5, 1..8),
            saltus in 1u64..4,
        ) {
            let p0 = block.len();
            let mut values = head.clone();
            for cycle in 0..(60 / p0 + 6) as u64 {
                values.extend(block.iter().map(|&b| b + cycle * saltus));
            }
            let found = observed_arithmetic(&values).unwrap();
            let (i, p, s) = (found.preperiod as usize, found.period as usize, found.saltus);
            prop_assert!(p <= p0);
            prop_assert!((i..values.len() - p).all(|n| values[n + p] == values[n] + s));
            prop_assert!(i == 0 || values[i - 1 + p] != values[i - 1] + s);
        }
    }

    #[test]
    fn nim_is_arithmetic_periodic_with_saltus_1() {
        let values: Vec<u64> = (0..100).collect();
        assert_eq!(
            observed_arithmetic(&values),
            Some(Period {
                preperiod: 0,
                period: 1,
                saltus: 1
            })
        );
    }

    #[test]
    fn preperiod_and_saltus_by_definition() {
        // 7 5 9 then 0 1 | 3 4 | 6 7 … : G(n+2) = G(n) + 3 from n = 3.
        let mut values = vec![7, 5, 9];
        for k in 0..40 {
            values.extend([3 * k, 3 * k + 1]);
        }
        let p = observed_arithmetic(&values).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (3, 2, 3));
        for n in p.preperiod as usize..values.len() - 2 {
            assert_eq!(values[n + 2], values[n] + 3);
        }
        assert_ne!(values[4], values[2] + 3);
        // An ordinary periodic sequence has no positive saltus.
        assert_eq!(observed_arithmetic(&[1, 2].repeat(30)), None);
    }
}
