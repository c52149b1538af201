//! π(n), the number of primes `≤ n`, for n far beyond any sieve.
//!
//! - `n < 2^20`: binary search in a table of the primes below 2^20 (built once).
//! - otherwise Lucy_Hedgehog's method: with `S(v)` = count of numbers in `2..=v` not struck
//!   out yet, only the O(√n) values `v = ⌊n/i⌋` matter, and sieving by each prime `p ≤ √n`
//!   updates them by `S(v) −= S(⌊v/p⌋) − π(p−1)`. Time O(n^{3/4}), memory O(√n) (two arrays
//!   of √n numbers). Hand-written because the inner loop must avoid 64-bit divisions (a quotient
//!   by `p` is a float multiply with an exact integer correction) to reach 10^12 in about a
//!   second.

use crate::engine::limits::check_memory;
use crate::error::GameError;
use std::sync::OnceLock;

/// Largest `n` for which [`prime_pi`] answers; beyond it Lucy's O(n^{3/4}) takes minutes.
pub const PRIME_PI_LIMIT: u64 = 10_000_000_000_000; // 10^13

/// Below this bound π comes from a table of primes.
const TABLE_LIMIT: u64 = 1 << 20;

fn small_primes() -> &'static [u32] {
    static PRIMES: OnceLock<Vec<u32>> = OnceLock::new();
    PRIMES.get_or_init(|| {
        super::primes_up_to(TABLE_LIMIT)
            .expect("a 1 MiB sieve always fits")
            .into_iter()
            .map(|p| p as u32)
            .collect()
    })
}

/// π(n) for `n ≤ PRIME_PI_LIMIT`; refuses larger `n` with the reason.
pub fn prime_pi(n: u64) -> Result<u64, GameError> {
    if n < TABLE_LIMIT {
        return Ok(small_primes().partition_point(|&p| p as u64 <= n) as u64);
    }
    if n > PRIME_PI_LIMIT {
        return Err(GameError::TooLarge(format!(
            "counting the primes up to {n} (Lucy's method, O(n^3/4)) is beyond grundy's limit of 10^13 (about 10 s)"
        )));
    }
    lucy(n)
}

/// `⌊√n⌋` exactly.
pub fn isqrt(n: u64) -> u64 {
    let mut r = ((n as f64).sqrt() as u64).min(u32::MAX as u64);
    while r * r > n {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|s| s <= n) {
        r += 1;
    }
    r
}

/// Lucy_Hedgehog's prime count (see the module docs). `n ≤ PRIME_PI_LIMIT < 2^53`, so quotients
/// are exact after the float estimate is corrected by at most one.
fn lucy(n: u64) -> Result<u64, GameError> {
    let r = isqrt(n) as usize;
    check_memory(&format!("counting primes up to {n}"), (r as u128 + 1) * 20)?;
    // small[v] = S(v) for v ≤ r; large[i] = S(⌊n/i⌋) for 1 ≤ i ≤ r; quotient[i] = ⌊n/i⌋.
    // small holds counts ≤ √n < 2^32: u32 halves the footprint of its random reads.
    let mut small: Vec<u32> = (0..=r as u32).map(|v| v.saturating_sub(1)).collect();
    let quotient: Vec<u64> = (0..=r as u64)
        .map(|i| n.checked_div(i).unwrap_or(0))
        .collect();
    let mut large: Vec<u64> = quotient.iter().map(|&q| q.saturating_sub(1)).collect();
    for p in 2..=r {
        if small[p] == small[p - 1] {
            continue; // p is not prime
        }
        let below32 = small[p - 1]; // π(p − 1)
        let below = below32 as u64;
        let p64 = p as u64;
        let square = p64 * p64;
        let last = r.min((n / square) as usize);
        // Entries i·p ≤ r read `large`; the rest read `small` at ⌊⌊n/i⌋/p⌋.
        let direct = last.min(r / p);
        for i in 1..=direct {
            large[i] -= large[i * p] - below;
        }
        let inverse = 1.0 / p as f64;
        for i in direct + 1..=last {
            let v = quotient[i];
            let mut q = (v as f64 * inverse) as u64;
            if q * p64 > v {
                q -= 1;
            } else if (q + 1) * p64 <= v {
                q += 1;
            }
            large[i] -= (small[q as usize] - below32) as u64;
        }
        // small[v] for v ≥ p², descending so that small[⌊v/p⌋] is still the old value; v runs
        // over whole blocks with the same quotient, so no division is needed.
        let mut q = r / p;
        while q >= p {
            let update = small[q] - below32;
            let start = q * p;
            let end = (start + p - 1).min(r);
            for entry in &mut small[start..=end] {
                *entry -= update;
            }
            q -= 1;
        }
    }
    Ok(large[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::primes::primes_up_to;

    #[test]
    fn known_values() {
        // OEIS A006880: π(10^k).
        let expected = [
            0u64, 4, 25, 168, 1229, 9592, 78498, 664579, 5761455, 50847534,
        ];
        for (k, &count) in expected.iter().enumerate() {
            assert_eq!(prime_pi(10u64.pow(k as u32)).unwrap(), count, "10^{k}");
            assert_eq!(
                lucy(10u64.pow(k as u32).max(4)).unwrap(),
                count.max(2),
                "lucy 10^{k}"
            );
        }
        assert_eq!(prime_pi(10_000_000_000).unwrap(), 455_052_511);
        assert_eq!(prime_pi(1 << 32).unwrap(), 203_280_221);
        assert!(prime_pi(PRIME_PI_LIMIT + 1).is_err());
    }

    #[test]
    fn lucy_agrees_with_the_sieve_everywhere_small() {
        let primes = primes_up_to(300_000).unwrap();
        for n in (4..300_000u64)
            .step_by(97)
            .chain([4, 5, 8, 9, 24, 25, 26, 48, 49, 50])
        {
            let expected = primes.partition_point(|&p| p <= n) as u64;
            assert_eq!(lucy(n).unwrap(), expected, "n = {n}");
        }
        for n in 0..2000 {
            assert_eq!(
                prime_pi(n).unwrap(),
                primes.partition_point(|&p| p <= n) as u64
            );
        }
    }

    #[test]
    fn isqrt_is_exact() {
        for n in [
            0u64,
            1,
            3,
            4,
            15,
            16,
            17,
            u64::MAX,
            (1 << 32) * (1 << 31) - 1,
        ] {
            let r = isqrt(n) as u128;
            assert!(r * r <= n as u128 && (r + 1) * (r + 1) > n as u128, "{n}");
        }
    }

    /// Slow (about a second in release): π(10^12) = 37607912018 (OEIS A006880).
    #[test]
    #[ignore]
    fn pi_of_ten_to_the_twelve() {
        assert_eq!(prime_pi(1_000_000_000_000).unwrap(), 37_607_912_018);
    }
}
