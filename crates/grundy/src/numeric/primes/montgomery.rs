//! Montgomery arithmetic modulo an odd number: [`Montgomery`] for any u64, [`Montgomery32`]
//! for moduli below 2^32, behind one trait so Miller–Rabin is written once.
//!
//! Hand-written because it is the inner loop of Miller–Rabin and Pollard's rho: a `u128 %`
//! is a library call of ~40 cycles, a Montgomery product is three multiplications. Below
//! 2^32 those are single-µop 64-bit multiplications instead of 128-bit ones, which matters
//! once two exponentiations run interleaved and the multiplier, not latency, is the limit.

/// Montgomery arithmetic modulo one odd `n > 1`; residues are passed as u64 whatever the
/// word size.
pub(crate) trait MontgomeryArithmetic {
    fn with_modulus(n: u64) -> Self;
    fn modulus(&self) -> u64;
    /// `1` in Montgomery form.
    fn unit(&self) -> u64;
    /// Montgomery form of `a` (any u64); for setup, not inner loops.
    fn form_of(&self, a: u64) -> u64;
    /// Product of two residues in Montgomery form.
    fn product(&self, a: u64, b: u64) -> u64;
    /// `2a mod n` (either form).
    fn double(&self, a: u64) -> u64;

    /// `base^exponent`, base and result in Montgomery form.
    #[inline]
    fn power(&self, mut base: u64, mut exponent: u64) -> u64 {
        let mut acc = self.unit();
        while exponent > 0 {
            if exponent & 1 == 1 {
                acc = self.product(acc, base);
            }
            base = self.product(base, base);
            exponent >>= 1;
        }
        acc
    }
}

impl MontgomeryArithmetic for Montgomery {
    fn with_modulus(n: u64) -> Montgomery {
        Montgomery::new(n)
    }
    fn modulus(&self) -> u64 {
        self.n
    }
    #[inline]
    fn unit(&self) -> u64 {
        self.one()
    }
    fn form_of(&self, a: u64) -> u64 {
        self.form(a)
    }
    #[inline]
    fn product(&self, a: u64, b: u64) -> u64 {
        self.mul(a, b)
    }
    #[inline]
    fn double(&self, a: u64) -> u64 {
        self.add(a, a)
    }
}

/// Arithmetic modulo odd `n < 2^32`, residues in Montgomery form `a·2^32 mod n`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Montgomery32 {
    n: u32,
    /// `n^{-1} mod 2^32`.
    inverse: u32,
    /// `2^32 mod n`.
    one: u32,
}

impl MontgomeryArithmetic for Montgomery32 {
    fn with_modulus(n: u64) -> Montgomery32 {
        debug_assert!(n % 2 == 1 && n > 1 && n < 1 << 32);
        let n = n as u32;
        // Newton's iteration: 3 correct bits (n is its own inverse mod 8) → 48 ≥ 32.
        let mut inverse = n;
        for _ in 0..4 {
            inverse = inverse.wrapping_mul(2u32.wrapping_sub(n.wrapping_mul(inverse)));
        }
        let one = ((1u64 << 32) % n as u64) as u32;
        Montgomery32 { n, inverse, one }
    }
    fn modulus(&self) -> u64 {
        self.n as u64
    }
    #[inline]
    fn unit(&self) -> u64 {
        self.one as u64
    }
    fn form_of(&self, a: u64) -> u64 {
        ((a % self.n as u64) << 32) % self.n as u64
    }
    /// `a·b·2^-32 mod n`: `t = a·b < n·2^32`, and `t − m·n` has a zero low word.
    #[inline]
    fn product(&self, a: u64, b: u64) -> u64 {
        let t = a * b;
        let m = (t as u32).wrapping_mul(self.inverse);
        let mn_high = ((m as u64 * self.n as u64) >> 32) as u32;
        let (difference, borrow) = ((t >> 32) as u32).overflowing_sub(mn_high);
        (if borrow {
            difference.wrapping_add(self.n)
        } else {
            difference
        }) as u64
    }
    #[inline]
    fn double(&self, a: u64) -> u64 {
        let twice = a << 1; // a < n < 2^32: no overflow
        if twice >= self.n as u64 {
            twice - self.n as u64
        } else {
            twice
        }
    }
}

/// Arithmetic modulo odd `n`, on residues kept in Montgomery form `a·2^64 mod n`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Montgomery {
    n: u64,
    /// `n^{-1} mod 2^64`.
    inverse: u64,
    /// `2^128 mod n`, to enter Montgomery form.
    r2: u64,
    /// `2^64 mod n`: 1 in Montgomery form.
    one: u64,
}

impl Montgomery {
    /// `n` must be odd (and > 1).
    pub(crate) fn new(n: u64) -> Montgomery {
        debug_assert!(n % 2 == 1 && n > 1);
        // Newton's iteration doubles the correct low bits each step: 1 → 64 bits in 6 steps
        // (starting from n, which is its own inverse mod 8: 3 bits).
        let mut inverse = n;
        for _ in 0..5 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inverse)));
        }
        let one = n.wrapping_neg() % n; // 2^64 mod n
        let r2 = (one as u128 * one as u128 % n as u128) as u64;
        Montgomery {
            n,
            inverse,
            r2,
            one,
        }
    }

    /// `t · 2^-64 mod n`, for `t < n · 2^64`.
    #[inline]
    fn reduce(&self, t: u128) -> u64 {
        let m = (t as u64).wrapping_mul(self.inverse);
        let mn_high = ((m as u128 * self.n as u128) >> 64) as u64;
        let t_high = (t >> 64) as u64;
        // t ≡ m·n (mod 2^64), so the low words cancel and only the high words differ.
        let (difference, borrow) = t_high.overflowing_sub(mn_high);
        if borrow {
            difference.wrapping_add(self.n)
        } else {
            difference
        }
    }

    /// Montgomery form of `a` (any u64).
    #[inline]
    pub(crate) fn form(&self, a: u64) -> u64 {
        self.reduce((a % self.n) as u128 * self.r2 as u128)
    }

    /// Back from Montgomery form (the tests' check of the round trip).
    #[cfg(test)]
    fn plain(&self, a: u64) -> u64 {
        self.reduce(a as u128)
    }

    /// Product of two residues in Montgomery form.
    #[inline]
    pub(crate) fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(a as u128 * b as u128)
    }

    /// Sum of two residues (either form).
    #[inline]
    pub(crate) fn add(&self, a: u64, b: u64) -> u64 {
        let (sum, carry) = a.overflowing_add(b);
        if carry || sum >= self.n {
            sum.wrapping_sub(self.n)
        } else {
            sum
        }
    }

    /// `1` in Montgomery form.
    #[inline]
    pub(crate) fn one(&self) -> u64 {
        self.one
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn products_match_u128(n in (1u64..).prop_map(|n| n | 1).prop_filter("n > 1", |&n| n > 1), a: u64, b: u64) {
            let m = Montgomery::new(n);
            let expected = (a as u128 % n as u128 * (b as u128 % n as u128) % n as u128) as u64;
            prop_assert_eq!(m.plain(m.mul(m.form(a), m.form(b))), expected);
            prop_assert_eq!(m.plain(m.add(m.form(a), m.form(b))), ((a as u128 % n as u128 + b as u128 % n as u128) % n as u128) as u64);
            prop_assert_eq!(m.plain(m.power(m.form(a), 5)), (0..5).fold(1u128, |acc, _| acc * (a % n) as u128 % n as u128) as u64);
        }
    }

    proptest! {
        #[test]
        fn products_32_match_u64(n in (3u64..1 << 32).prop_map(|n| n | 1), a in 0u64..1 << 32, b in 0u64..1 << 32, e in 0u64..1000) {
            let m = Montgomery32::with_modulus(n);
            let wide = Montgomery::new(n);
            let expected = a % n * (b % n) % n;
            let product = m.product(m.form_of(a), m.form_of(b));
            // Leave Montgomery form by multiplying with a plain 1.
            prop_assert_eq!(m.product(product, 1), expected);
            let power = m.power(m.form_of(a), e);
            prop_assert_eq!(m.product(power, 1), wide.plain(wide.power(wide.form(a), e)));
            prop_assert_eq!(m.product(m.double(m.form_of(a)), 1), 2 * (a % n) % n);
        }
    }

    #[test]
    fn extremes() {
        let m = Montgomery::new(u64::MAX);
        assert_eq!(
            m.plain(m.mul(m.form(u64::MAX - 1), m.form(2))),
            u64::MAX - 2
        );
        assert_eq!(m.plain(m.one()), 1);
    }
}
