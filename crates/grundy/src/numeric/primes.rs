//! Prime numbers: the sieve that several families share (prime subtraction sets, the
//! prime-heap game, the gcd game, `primes<=M` heap sets), and the number theory of single
//! 64-bit numbers, one algorithm per submodule:
//!
//! - `miller_rabin`: deterministic primality of any u64, nearest primes below/above;
//! - `montgomery`: the modular arithmetic under Miller–Rabin and Pollard's rho;
//! - `factor`: the smallest prime factor of any u64 (trial division, then Pollard–Brent);
//! - `prime_count`: π(n) up to 10^14 (Lucy_Hedgehog/min_25, O(n^{3/4}/log n));
//! - `odd_spf_sieve`: a segmented, odd-only sieve of smallest-prime-factor indices, for
//!   evaluating many heaps at once.

pub(crate) mod factor;
pub(crate) mod miller_rabin;
pub(crate) mod montgomery;
pub(crate) mod odd_spf_sieve;
pub(crate) mod prime_count;

pub use factor::smallest_prime_factor;
pub use miller_rabin::{is_prime, next_prime_at_least, prev_prime};
pub use prime_count::prime_pi;

use crate::error::GameError;
use crate::limits::check_memory;
use std::sync::RwLock;

/// All primes `≤ limit`, by the sieve of Eratosthenes over odd numbers (one byte each).
///
/// ```
/// use grundy::numeric::primes::{is_prime, prev_prime, prime_pi, primes_up_to};
/// assert_eq!(primes_up_to(20)?, [2, 3, 5, 7, 11, 13, 17, 19]);
/// assert!(is_prime(1_000_000_007));
/// assert_eq!(prev_prime(100), Some(97));
/// assert_eq!(prime_pi(1_000_000)?, 78_498);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub fn primes_up_to(limit: u64) -> Result<Vec<u64>, GameError> {
    if limit < 2 {
        return Ok(Vec::new());
    }
    check_memory(&format!("a prime sieve to {limit}"), limit as u128 / 2 + 1)?;
    let half = (limit / 2 + 1) as usize; // index i stands for 2i+1
    let mut composite = vec![false; half];
    let mut i = 1;
    while (2 * i + 1) * (2 * i + 1) <= limit as usize {
        if !composite[i] {
            let p = 2 * i + 1;
            let mut j = p * p / 2;
            while j < half {
                composite[j] = true;
                j += p;
            }
        }
        i += 1;
    }
    let mut primes = vec![2];
    primes.extend(
        (1..half)
            .filter(|&i| !composite[i] && (2 * i + 1) as u64 <= limit)
            .map(|i| 2 * i as u64 + 1),
    );
    Ok(primes)
}

/// Primes sieved so far, shared by every caller of [`any_prime_up_to`] (prime subtraction sets): option enumeration asks for the primes
/// `≤ n` once per heap, and re-sieving each time would make the definition quadratic.
static PRIME_CACHE: RwLock<Vec<u64>> = RwLock::new(Vec::new());

pub(crate) fn any_prime_up_to(n: u64, stop: &mut dyn FnMut(u64) -> bool) -> bool {
    let covered = |cache: &Vec<u64>| cache.last().is_some_and(|&p| p >= n) || n < 2;
    {
        let cache = PRIME_CACHE.read().unwrap_or_else(|e| e.into_inner());
        if covered(&cache) {
            return cache.iter().take_while(|&&p| p <= n).any(|&p| stop(p));
        }
    }
    let limit = n.max(1024).saturating_mul(2);
    match primes_up_to(limit) {
        Ok(mut primes) => {
            // Make sure the cache covers n even if no prime lies in (n, limit].
            if !covered(&primes) {
                primes.push(u64::MAX);
            }
            let stopped = primes.iter().take_while(|&&p| p <= n).any(|&p| stop(p));
            *PRIME_CACHE.write().unwrap_or_else(|e| e.into_inner()) = primes;
            stopped
        }
        // No memory for a sieve that large: slow but exact (Miller–Rabin per number).
        Err(_) => (2..=n).filter(|&m| is_prime(m)).any(stop),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_primes() {
        assert_eq!(primes_up_to(1).unwrap(), Vec::<u64>::new());
        assert_eq!(primes_up_to(2).unwrap(), [2]);
        assert_eq!(
            primes_up_to(30).unwrap(),
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
        );
        assert_eq!(primes_up_to(1_000_000).unwrap().len(), 78_498);
    }
}
