//! Montgomery arithmetic modulo an odd 64-bit number.
//!
//! Hand-written because it is the inner loop of Miller–Rabin and Pollard's rho: a `u128 %`
//! is a library call of ~40 cycles, a Montgomery product is three multiplications.

/// Arithmetic modulo odd `n`, on residues kept in Montgomery form `a·2^64 mod n`.
#[derive(Clone, Copy, Debug)]
pub struct Montgomery {
    n: u64,
    /// `n^{-1} mod 2^64`.
    inverse: u64,
    /// `2^128 mod n`, to enter Montgomery form.
    r2: u64,
}

impl Montgomery {
    /// `n` must be odd (and > 1).
    pub fn new(n: u64) -> Montgomery {
        debug_assert!(n % 2 == 1 && n > 1);
        // Newton's iteration doubles the correct low bits each step: 1 → 64 bits in 6 steps
        // (starting from n, which is its own inverse mod 8: 3 bits).
        let mut inverse = n;
        for _ in 0..5 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inverse)));
        }
        let r = (n.wrapping_neg() % n) as u128; // 2^64 mod n
        let r2 = (r * r % n as u128) as u64;
        Montgomery { n, inverse, r2 }
    }

    pub fn modulus(&self) -> u64 {
        self.n
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
    pub fn to_form(&self, a: u64) -> u64 {
        self.reduce((a % self.n) as u128 * self.r2 as u128)
    }

    /// Back from Montgomery form.
    #[inline]
    pub fn from_form(&self, a: u64) -> u64 {
        self.reduce(a as u128)
    }

    /// Product of two residues in Montgomery form.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(a as u128 * b as u128)
    }

    /// Sum of two residues (either form).
    #[inline]
    pub fn add(&self, a: u64, b: u64) -> u64 {
        let (sum, carry) = a.overflowing_add(b);
        if carry || sum >= self.n {
            sum.wrapping_sub(self.n)
        } else {
            sum
        }
    }

    /// `1` in Montgomery form.
    #[inline]
    pub fn one(&self) -> u64 {
        self.n.wrapping_neg() % self.n
    }

    /// `base^exponent`, base and result in Montgomery form.
    #[inline]
    pub fn pow(&self, mut base: u64, mut exponent: u64) -> u64 {
        let mut acc = self.one();
        while exponent > 0 {
            if exponent & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            exponent >>= 1;
        }
        acc
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
            prop_assert_eq!(m.from_form(m.mul(m.to_form(a), m.to_form(b))), expected);
            prop_assert_eq!(m.from_form(m.add(m.to_form(a), m.to_form(b))), ((a as u128 % n as u128 + b as u128 % n as u128) % n as u128) as u64);
            prop_assert_eq!(m.from_form(m.pow(m.to_form(a), 5)), (0..5).fold(1u128, |acc, _| acc * (a % n) as u128 % n as u128) as u64);
        }
    }

    #[test]
    fn extremes() {
        let m = Montgomery::new(u64::MAX);
        assert_eq!(
            m.from_form(m.mul(m.to_form(u64::MAX - 1), m.to_form(2))),
            u64::MAX - 2
        );
        assert_eq!(m.from_form(m.one()), 1);
    }
}
