//! A segmented sieve over the odd numbers that records, for each odd `x`, the *index* of its
//! smallest prime factor among the primes (3 → 2, 5 → 3, …), block by block.
//!
//! Why this shape: the gcd game needs `π(spf(x))` for odd `x` and `π(x)` for odd primes. Even
//! numbers are skipped (halving the work), indices fit in a `u16` (for `x ≤ 6.4·10^11`), and a
//! block of 2^14 entries (32 KiB) stays in the L1 cache while every base prime strikes it, so
//! the cost is one cached store per (odd multiple, prime ≤ √x) pair instead of the cache
//! misses of a whole-range smallest-prime-factor array.
//!
//! Within a block the base primes strike from the largest down, each overwriting, so the last
//! write — the smallest prime — wins without a compare. Entry `0` means "no prime factor
//! ≤ √x": `x` is 1 or prime.

use crate::error::GameError;
use crate::limits::check_memory;
use crate::numeric::integer::isqrt;

/// Odd numbers per block.
pub(crate) const BLOCK: usize = 1 << 14;

/// Largest limit accepted: base-prime indices must fit in a `u16` (π(821641) = 65535).
pub(crate) const LIMIT: u64 = 800_000 * 800_000;

/// Receives `(first odd number of the block, entries)`.
pub(crate) type BlockVisitor<'a> = dyn FnMut(u64, &[u16]) -> Result<(), GameError> + 'a;

/// The refusal of a sieve past [`LIMIT`], for a caller that must know before it streams
/// anything (a table writes `G(0)` before the sieve's first block).
pub(crate) fn check_limit(limit: u64) -> Result<(), GameError> {
    if limit > LIMIT {
        return Err(GameError::TooLarge(format!(
            "a smallest-prime-factor sieve to {limit} (the limit is {LIMIT})"
        )));
    }
    Ok(())
}

/// Calls `visit(first, entries)` for consecutive blocks covering the odd numbers `1..=limit`:
/// `entries[j]` describes `x = first + 2j` (`0` when `x` is 1 or prime, else `π(spf(x))`).
/// The last block may run past `limit`; entries beyond it are valid too.
pub(crate) fn for_each_block(limit: u64, visit: &mut BlockVisitor<'_>) -> Result<(), GameError> {
    check_limit(limit)?;
    let blocks = limit / 2 / BLOCK as u64 + 1;
    // Sieve the whole last block, so that every entry handed out is valid.
    let root = isqrt(2 * blocks as u128 * BLOCK as u128 - 1) as u64;
    check_memory("the base primes of a segmented sieve", root as u128)?;
    let base: Vec<u64> = super::primes_up_to(root)?.into_iter().skip(1).collect(); // odd primes
    debug_assert!(
        base.len() < u16::MAX as usize,
        "LIMIT keeps indices in a u16"
    );
    // next[k]: the odd-number index (x = 2i + 1) of the next multiple of base[k] to strike,
    // starting at base[k]² (smaller multiples have a smaller factor).
    let mut next: Vec<u64> = base.iter().map(|&p| p * p / 2).collect();
    let mut entries = vec![0u16; BLOCK];
    let mut active = 0; // base primes whose square is within the current block or below
    for block in 0..blocks {
        let start = block * BLOCK as u64;
        let end = start + BLOCK as u64; // odd indices [start, end)
        while active < base.len() && next[active] < end {
            active += 1;
        }
        entries.fill(0);
        for k in (0..active).rev() {
            let p = base[k] as usize;
            let index = (k + 2) as u16; // base[0] = 3 is the 2nd prime
            let mut j = (next[k] - start) as usize;
            while j < BLOCK {
                entries[j] = index;
                j += p;
            }
            next[k] = start + j as u64;
        }
        visit(2 * start + 1, &entries)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::primes::{factor::smallest_prime_factor, prime_count::prime_pi};

    #[test]
    fn entries_match_smallest_prime_factors() {
        let limit = 3 * BLOCK as u64 + 777;
        let mut seen = 0;
        for_each_block(limit, &mut |first, entries| {
            for (j, &e) in entries.iter().enumerate() {
                let x = first + 2 * j as u64;
                let expected = match smallest_prime_factor(x) {
                    None => 0,
                    Some(p) if p == x => 0,
                    Some(p) => prime_pi(p).unwrap() as u16,
                };
                assert_eq!(e, expected, "x = {x}");
                seen += 1;
            }
            Ok(())
        })
        .unwrap();
        assert!(seen as u64 * 2 > limit);
    }

    #[test]
    fn refuses_beyond_u16_indices() {
        assert!(for_each_block(LIMIT + 1, &mut |_, _| Ok(())).is_err());
        // The largest base prime at LIMIT still has a u16 index.
        assert!(prime_pi(isqrt(LIMIT as u128) as u64).unwrap() <= u16::MAX as u64);
    }
}
