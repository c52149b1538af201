//! The smallest prime factor of any u64: trial division by the primes below 2^10, then
//! Miller–Rabin, then Pollard's rho (Brent's variant, products batched between gcds) to split
//! what is left into primes, of which the least is the answer.

use super::miller_rabin::is_prime;
use super::montgomery::Montgomery;
use crate::numeric::integer::gcd;

/// Trial division bound: after it, a composite cofactor has no factor below 2^10.
const TRIAL_BOUND: u64 = 1 << 10;

/// The smallest prime factor of `n ≥ 2` (`None` for 0 and 1).
pub fn smallest_prime_factor(n: u64) -> Option<u64> {
    if n < 2 {
        return None;
    }
    if n % 2 == 0 {
        return Some(2);
    }
    let mut d = 3;
    while d < TRIAL_BOUND {
        if d * d > n {
            return Some(n);
        }
        if n % d == 0 {
            return Some(d);
        }
        d += 2;
    }
    Some(least_prime_factor_without_small(n))
}

/// Least prime factor of odd `n` with no factor below [`TRIAL_BOUND`].
fn least_prime_factor_without_small(n: u64) -> u64 {
    if is_prime(n) {
        return n;
    }
    let d = pollard_brent(n);
    least_prime_factor_without_small(d).min(least_prime_factor_without_small(n / d))
}

/// A non-trivial factor of the odd composite `n` (not a prime power of a small prime: those
/// are removed by trial division first).
fn pollard_brent(n: u64) -> u64 {
    let m = Montgomery::new(n);
    const BATCH: u64 = 128;
    for c in 1.. {
        let c = m.form(c);
        let step = |x: u64| m.add(m.mul(x, x), c);
        let (mut x, mut y, mut saved) = (0, m.form(2), 0);
        let mut product = m.one();
        let mut g = 1;
        let mut round = 1;
        while g == 1 {
            x = y;
            for _ in 0..round {
                y = step(y);
            }
            let mut done = 0;
            while done < round && g == 1 {
                saved = y;
                for _ in 0..BATCH.min(round - done) {
                    y = step(y);
                    product = m.mul(product, x.abs_diff(y));
                }
                // Montgomery form is multiplication by 2^64, a unit mod n: gcds are unchanged.
                g = gcd(product, n);
                done += BATCH;
            }
            round *= 2;
        }
        if g == n {
            // The batch overshot: retrace it one step at a time.
            loop {
                saved = step(saved);
                g = gcd(x.abs_diff(saved), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    unreachable!("some constant c splits every odd composite")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn by_trial_division(n: u64) -> u64 {
        (2..)
            .find(|d| n % d == 0 || d * d > n)
            .map_or(n, |d| if n % d == 0 { d } else { n })
    }

    #[test]
    fn hard_semiprimes() {
        assert_eq!(smallest_prime_factor(0), None);
        assert_eq!(smallest_prime_factor(1), None);
        assert_eq!(smallest_prime_factor(2), Some(2));
        assert_eq!(
            smallest_prime_factor(4_294_967_291 * 4_294_967_279),
            Some(4_294_967_279)
        );
        assert_eq!(smallest_prime_factor(1_000_003 * 999_983), Some(999_983));
        assert_eq!(smallest_prime_factor(1_031 * 1_033 * 1_039), Some(1_031));
        assert_eq!(smallest_prime_factor(1_031u64.pow(6)), Some(1_031));
        assert_eq!(
            smallest_prime_factor(18_446_744_073_709_551_557),
            Some(18_446_744_073_709_551_557)
        );
        assert_eq!(smallest_prime_factor(u64::MAX), Some(3));
        assert_eq!(
            smallest_prime_factor(3_825_123_056_546_413_051),
            Some(149_491)
        );
    }

    proptest! {
        #[test]
        fn agrees_with_trial_division(n in 2u64..2_000_000_000) {
            prop_assert_eq!(smallest_prime_factor(n), Some(by_trial_division(n)));
        }

        #[test]
        fn products_of_two_large_primes(a in 1_100u64..3_000_000, b in 1_100u64..3_000_000) {
            let (p, q) = (super::super::next_prime_at_least(a).unwrap(), super::super::next_prime_at_least(b).unwrap());
            prop_assert_eq!(smallest_prime_factor(p * q), Some(p.min(q)));
        }
    }
}
