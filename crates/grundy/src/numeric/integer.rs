//! Integer helpers: the greatest common divisor and exact integer square roots, written once
//! for every family and algorithm that needs them.

/// `gcd(a, b)` by Euclid's algorithm (`gcd(0, 0) = 0`).
#[inline]
pub(crate) fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `⌊√x⌋` for any `u128`, exactly (Newton's method from a float guess, then corrected).
#[inline]
pub(crate) fn isqrt(x: u128) -> u128 {
    let mut r = (x as f64).sqrt() as u128;
    // The float is within a relative 2^-52; one Newton step brings it within one.
    if r > 0 {
        r = (r + x / r) / 2;
    }
    while r.checked_mul(r).map_or(true, |sq| sq > x) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= x) {
        r += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn isqrt_is_exact(x in any::<u128>()) {
            let r = isqrt(x);
            prop_assert!(r * r <= x);
            prop_assert!((r + 1).checked_mul(r + 1).map_or(true, |sq| sq > x));
        }

        #[test]
        fn gcd_divides_both_and_is_the_largest(a in 0u64..5000, b in 0u64..5000) {
            let g = gcd(a, b);
            let largest = (1..=a.max(b)).rev().find(|d| a % d == 0 && b % d == 0).unwrap_or(0);
            prop_assert_eq!(g, largest);
        }
    }

    #[test]
    fn isqrt_at_the_edges() {
        for n in [
            0u128,
            1,
            3,
            4,
            15,
            16,
            17,
            u64::MAX as u128,
            u128::MAX,
            (1 << 32) * (1 << 31) - 1,
        ] {
            let r = isqrt(n);
            assert!(
                r * r <= n && (r + 1).checked_mul(r + 1).map_or(true, |sq| sq > n),
                "{n}"
            );
        }
    }
}
