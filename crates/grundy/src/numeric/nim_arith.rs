//! Nim-multiplication: the nimbers below 2^64 form the field GF(2^64) under nim-addition (XOR)
//! and Conway's nim-multiplication `⊗`, defined by
//! `a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }`.
//!
//! Three implementations, each tested against the one above it:
//! 1. The mex definition itself (tiny values only; the test oracle, in the tests below).
//! 2. [`reference_mul`] — the recursive tower rule. For a Fermat 2-power `F = 2^(2^k)`,
//!    `F ⊗ F = F ⊕ F/2` and products of smaller nimbers stay below `F`, so with
//!    `a = a₁F ⊕ a₀`: `a ⊗ b = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)F ⊕ (a₀b₀ ⊕ a₁b₁ ⊗ F/2)`. Slow, obviously right.
//! 3. [`NimMultiplier`] — the fast path. GF(2^16) is small enough for discrete log/exp tables
//!    (generator 258), so a 16-bit product is `exp[log a + log b]`. Two Karatsuba levels
//!    (64 → 32 → 16 bits, three half-size products each instead of four) give nine 16-bit
//!    products; the two multiplications by the constants `2^15` and `2^31` that the tower rule
//!    needs are folded into the same lookups as a third log term, so a 64-bit product is 18 log
//!    lookups and 10 exp lookups with no data-dependent branch (zero has a sentinel log that
//!    lands in a zero-filled tail of the exp table).
//!
//! Hand-written because this is the hot loop of `grundy nim-mul` (Library Checker's
//! `nim_product_64`), where we must beat the best C++ technique; no crate provides it.
//!
//! Field operations on [`Nimber`]: `*` (the product), [`Nimber::inverse`] (by norms down the
//! quadratic tower, `NimMultiplier::inverse`), `Nimber::checked_div`, `Nimber::pow`,
//! [`Nimber::sqrt`]. [`nim_mul_u128`] extends the product to GF(2^128).

use crate::numeric::nimber::Nimber;
use std::ops::{Mul, MulAssign};
use std::sync::OnceLock;

/// Order of the multiplicative group of GF(2^16).
const GROUP_ORDER: u32 = 65_535;
/// A generator of GF(2^16)^× in nim arithmetic (the smallest one; checked by a test).
const GENERATOR: u16 = 258;
/// Log of 0: far enough past every real sum of three logs that any index containing it falls in
/// the zero tail of the exp table.
const ZERO_LOG: u32 = 3 * GROUP_ORDER;
/// Exp table length: real indices reach 3·65534; with up to two zero factors (the third factor
/// is always a non-zero constant) they reach 2·ZERO_LOG + 65534.
const EXP_LEN: usize = 2 * ZERO_LOG as usize + GROUP_ORDER as usize;

/// `h = 2^15 = F/2` for `F = 2^16`: `F ⊗ F = F ⊕ h`.
const HALF_16: u64 = 1 << 15;

/// Discrete log/exp tables of GF(2^16) and the logs of the constants the tower rule needs.
struct Tables {
    log: Box<[u32]>,
    exp: Box<[u16]>,
    /// log(2^15) and log(2^15 ⊗ 2^15).
    log_h: u32,
    log_h2: u32,
}

impl Tables {
    fn build() -> Tables {
        // Multiplying by the generator is GF(2)-linear: tabulate it per byte of the argument.
        let mut times_g = [[0u16; 256]; 2];
        for (half, table) in times_g.iter_mut().enumerate() {
            for (byte, entry) in table.iter_mut().enumerate() {
                let x = (byte as u128) << (8 * half);
                *entry = reference_mul(x, GENERATOR as u128, 16) as u16;
            }
        }
        let mut log = vec![ZERO_LOG; 1 << 16].into_boxed_slice();
        let mut exp = vec![0u16; EXP_LEN].into_boxed_slice();
        let mut x: u16 = 1;
        for i in 0..GROUP_ORDER {
            log[x as usize] = i;
            for period in 0..3 {
                exp[(i + period * GROUP_ORDER) as usize] = x;
            }
            x = times_g[0][(x & 0xff) as usize] ^ times_g[1][(x >> 8) as usize];
        }
        let log_h = log[HALF_16 as usize];
        let h2 = reference_mul(HALF_16 as u128, HALF_16 as u128, 16) as usize;
        Tables {
            log_h,
            log_h2: log[h2],
            log,
            exp,
        }
    }
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

/// The logs of the three 16-bit Karatsuba inputs of a 32-bit value `(x₁, x₀)`: `x₀, x₁, x₀ ⊕ x₁`.
#[derive(Clone, Copy)]
struct Logs32 {
    low: u32,
    high: u32,
    mixed: u32,
}

/// The fast 64-bit nim-multiplier (log/exp tables + Karatsuba). Cheap to copy; the tables are
/// built once per process (about a millisecond) and shared.
#[derive(Clone, Copy)]
///
/// ```
/// use grundy::numeric::nim_arith::NimMultiplier;
/// let m = NimMultiplier::new();
/// assert_eq!(m.mul(2, 3), 1); // *2 · *3 = *1 in the field of nimbers
/// let inverse = m.inverse(2).expect("non-zero nimbers are invertible");
/// assert_eq!(m.mul(2, inverse), 1);
/// ```
pub struct NimMultiplier {
    tables: &'static Tables,
}

impl Default for NimMultiplier {
    fn default() -> Self {
        NimMultiplier::new()
    }
}

impl NimMultiplier {
    /// Builds the GF(2^16) log/exp tables (once per multiplier; reuse it in loops).
    pub fn new() -> NimMultiplier {
        NimMultiplier { tables: tables() }
    }

    #[inline(always)]
    fn logs32(&self, x: u32) -> Logs32 {
        let log = &self.tables.log;
        let (low, high) = (x & 0xffff, x >> 16);
        Logs32 {
            low: log[low as usize],
            high: log[high as usize],
            mixed: log[(low ^ high) as usize],
        }
    }

    #[inline(always)]
    fn exp(&self, index: u32) -> u32 {
        self.tables.exp[index as usize] as u32
    }

    /// 32-bit product from the limb logs: `(qm ⊕ q00)·2^16 ⊕ (q00 ⊕ q11 ⊗ 2^15)`.
    #[inline(always)]
    fn mul32(&self, a: Logs32, b: Logs32) -> u32 {
        let q00 = self.exp(a.low + b.low);
        let q11_h = self.exp(a.high + b.high + self.tables.log_h);
        let qm = self.exp(a.mixed + b.mixed);
        ((qm ^ q00) << 16) | (q00 ^ q11_h)
    }

    /// `(a ⊗ b) ⊗ 2^31` for 32-bit `a, b`. With `P = HI·F ⊕ LO` as in [`Self::mul32`] and
    /// `2^31 = F ⊗ h`: `P ⊗ F ⊗ h = (qm·h ⊕ q11·h²)·F ⊕ (qm ⊕ q00)·h²`.
    #[inline(always)]
    fn mul32_times_2_31(&self, a: Logs32, b: Logs32) -> u32 {
        let (log_h, log_h2) = (self.tables.log_h, self.tables.log_h2);
        let mixed = a.mixed + b.mixed;
        let qm_h = self.exp(mixed + log_h);
        let q11_h2 = self.exp(a.high + b.high + log_h2);
        let qm_h2 = self.exp(mixed + log_h2);
        let q00_h2 = self.exp(a.low + b.low + log_h2);
        ((qm_h ^ q11_h2) << 16) | (qm_h2 ^ q00_h2)
    }

    /// `a ⊗ b` in GF(2^64).
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        let (a0, a1) = (a as u32, (a >> 32) as u32);
        let (b0, b1) = (b as u32, (b >> 32) as u32);
        let (la0, la1, lam) = (self.logs32(a0), self.logs32(a1), self.logs32(a0 ^ a1));
        let (lb0, lb1, lbm) = (self.logs32(b0), self.logs32(b1), self.logs32(b0 ^ b1));
        let p00 = self.mul32(la0, lb0) as u64;
        let pm = self.mul32(lam, lbm) as u64;
        let p11_times_2_31 = self.mul32_times_2_31(la1, lb1) as u64;
        ((pm ^ p00) << 32) | (p00 ^ p11_times_2_31)
    }
}

impl NimMultiplier {
    /// `a ⊗ b` for 16-bit `a, b`.
    #[inline(always)]
    fn mul16(&self, a: u32, b: u32) -> u32 {
        let log = &self.tables.log;
        self.exp(log[a as usize] + log[b as usize])
    }

    /// `a⁻¹` for 16-bit `a ≠ 0`: `exp(65535 − log a)`.
    #[inline(always)]
    fn inverse16(&self, a: u32) -> u32 {
        self.exp(GROUP_ORDER - self.tables.log[a as usize])
    }

    /// `a⁻¹` for 32-bit `a ≠ 0`, by the norm of the quadratic extension (see [`Self::inverse`]).
    fn inverse32(&self, a: u32) -> u32 {
        let (a0, a1) = (a & 0xffff, a >> 16);
        let log_a1 = self.tables.log[a1 as usize];
        let norm =
            self.exp(2 * log_a1 + self.tables.log_h) ^ self.mul16(a0, a0) ^ self.mul16(a0, a1);
        let norm_inverse = self.inverse16(norm);
        (self.mul16(a1, norm_inverse) << 16) | self.mul16(a0 ^ a1, norm_inverse)
    }

    /// `a⁻¹` in GF(2^64); `None` for 0. GF(2^2n) is a quadratic extension of GF(2^n) by the
    /// Fermat power `T = 2^n`, a root of `X² + X + T/2`; the conjugate of `a = a₁T ⊕ a₀` is
    /// `a₁T ⊕ (a₀ ⊕ a₁)`, and their product, the norm `a₁²·T/2 ⊕ a₀² ⊕ a₀a₁`, lies in GF(2^n).
    /// So `a⁻¹ = conjugate ⊗ norm⁻¹`, recursing down to GF(2^16), where the log table inverts:
    /// a handful of products instead of the 127 of Fermat's `a^(2^64−2)` (checked in the tests).
    pub fn inverse(&self, a: u64) -> Option<u64> {
        if a == 0 {
            return None;
        }
        let (a0, a1) = (a as u32, (a >> 32) as u32);
        let (l0, l1) = (self.logs32(a0), self.logs32(a1));
        let norm = self.mul32_times_2_31(l1, l1) ^ self.mul32(l0, l0) ^ self.mul32(l0, l1);
        let norm_inverse = self.logs32(self.inverse32(norm));
        let high = self.mul32(l1, norm_inverse) as u64;
        let low = self.mul32(self.logs32(a0 ^ a1), norm_inverse) as u64;
        Some((high << 32) | low)
    }
}

/// `a ⊗ b` in GF(2^128): one more tower level over [`NimMultiplier::mul`], with Karatsuba
/// (`H = 2^64`, `H ⊗ H = H ⊕ 2^63`).
pub fn nim_mul_u128(a: u128, b: u128) -> u128 {
    let m = NimMultiplier::new();
    let (a0, a1) = (a as u64, (a >> 64) as u64);
    let (b0, b1) = (b as u64, (b >> 64) as u64);
    let p00 = m.mul(a0, b0);
    let p11 = m.mul(a1, b1);
    let pm = m.mul(a0 ^ a1, b0 ^ b1);
    (((pm ^ p00) as u128) << 64) | (p00 ^ m.mul(p11, 1 << 63)) as u128
}

/// The recursive tower rule on `width`-bit nimbers (`width` a power of two ≤ 128): the slow,
/// obviously-right reference for the fast path.
pub fn reference_mul(a: u128, b: u128, width: u32) -> u128 {
    if width == 1 {
        return a & b;
    }
    let half = width / 2;
    let mask = (1u128 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let high_product = reference_mul(a1, b1, half);
    let high = reference_mul(a1, b0, half) ^ reference_mul(a0, b1, half) ^ high_product;
    let low = reference_mul(a0, b0, half) ^ reference_mul(high_product, 1 << (half - 1), half);
    (high << half) | low
}

impl Mul for Nimber {
    type Output = Nimber;
    /// The nim-product.
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(NimMultiplier::new().mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Nimber {
    /// `*1`, the identity of nim-multiplication.
    pub const ONE: Nimber = Nimber(1);

    /// `self^exponent` under nim-multiplication (`x^0 = 1`, also for `x = 0`).
    pub fn pow(self, mut exponent: u64) -> Nimber {
        let m = NimMultiplier::new();
        let (mut base, mut acc) = (self.0, 1u64);
        while exponent > 0 {
            if exponent & 1 == 1 {
                acc = m.mul(acc, base);
            }
            base = m.mul(base, base);
            exponent >>= 1;
        }
        Nimber(acc)
    }

    /// The nim-reciprocal: `x ⊗ x⁻¹ = 1`; `None` for `*0` (see [`NimMultiplier::inverse`]).
    pub fn inverse(self) -> Option<Nimber> {
        NimMultiplier::new().inverse(self.0).map(Nimber)
    }

    /// `self ⊗ rhs⁻¹`; `None` when dividing by `*0`.
    pub(crate) fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        rhs.inverse().map(|r| self * r)
    }

    /// The unique nim square root: squaring is the Frobenius automorphism of GF(2^64), whose
    /// inverse is `x ↦ x^(2^63)`.
    pub fn sqrt(self) -> Nimber {
        self.pow(1 << 63)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The issue's table of `a ⊗ b` for `a, b < 16`, rows of hex digits.
    const TABLE_16: [&str; 16] = [
        "0000000000000000",
        "0123456789abcdef",
        "02318ab9cefd4675",
        "0312cfde47568b9a",
        "048c62eabf37d951",
        "05af278d369c14be",
        "06bde85371ca9f24",
        "079ead34f86152cb",
        "08c4b37fd5196ea2",
        "09e7f6185cb2a34d",
        "0af539c61be428d7",
        "0bd67ca1924fe538",
        "0c48d1956a2eb7f3",
        "0d6b94f2e3857a1c",
        "0e795b2ca4d3f186",
        "0f5a1e4b2d783c69",
    ];

    /// `a ⊗ b` by the mex definition, for all `a, b < n` at once (`O(n^4)`: a test oracle only).
    fn mex_definition_table(n: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = crate::numeric::MexSet::new();
                for a2 in 0..a {
                    for b2 in 0..b {
                        seen.insert(table[a2][b] ^ table[a][b2] ^ table[a2][b2]);
                    }
                }
                table[a][b] = seen.mex();
            }
        }
        table
    }

    /// `a ⊗ b` by the mex definition for one small pair (see [`mex_definition_table`]).
    fn mex_definition_mul(a: u64, b: u64) -> u64 {
        let n = a.max(b) as usize + 1;
        mex_definition_table(n)[a as usize][b as usize]
    }

    fn reference64(a: u64, b: u64) -> u64 {
        reference_mul(a as u128, b as u128, 64) as u64
    }

    #[test]
    fn table_of_the_issue_matches_every_implementation() {
        let by_mex = mex_definition_table(16);
        let m = NimMultiplier::new();
        for (a, row) in TABLE_16.iter().enumerate() {
            for (b, digit) in row.chars().enumerate() {
                let expected = digit.to_digit(16).unwrap() as u64;
                assert_eq!(by_mex[a][b], expected, "mex definition {a}⊗{b}");
                assert_eq!(reference64(a as u64, b as u64), expected, "{a}⊗{b}");
                assert_eq!(m.mul(a as u64, b as u64), expected, "fast {a}⊗{b}");
            }
        }
    }

    #[test]
    fn reference_matches_the_mex_definition_below_64() {
        let by_mex = mex_definition_table(64);
        for a in 0..64 {
            for b in 0..64 {
                assert_eq!(reference64(a, b), by_mex[a as usize][b as usize], "{a}⊗{b}");
            }
        }
        assert_eq!(mex_definition_mul(5, 6), 8);
    }

    #[test]
    fn generator_is_primitive_and_tables_are_consistent() {
        let t = tables();
        // exp hits every non-zero element exactly once per period, and log inverts it.
        let mut seen = vec![false; 1 << 16];
        for i in 0..GROUP_ORDER {
            let x = t.exp[i as usize];
            assert!(x != 0 && !seen[x as usize], "generator order divides {i}");
            seen[x as usize] = true;
            assert_eq!(t.log[x as usize], i);
        }
        assert_eq!(t.log[0], ZERO_LOG);
        assert!(t.exp[ZERO_LOG as usize..].iter().all(|&x| x == 0));
    }

    #[test]
    fn inverse_of_every_16_bit_value_and_of_every_limb_pattern() {
        let m = NimMultiplier::new();
        for a in 1..1u64 << 16 {
            assert_eq!(m.mul(a, m.inverse(a).unwrap()), 1, "{a}");
        }
        // Each combination of zero and non-zero 16-bit limbs.
        for pattern in 1..16u64 {
            let a = (0..4).fold(0, |acc, limb| {
                acc | if pattern >> limb & 1 == 1 {
                    0xbeefu64 << (16 * limb)
                } else {
                    0
                }
            });
            assert_eq!(m.mul(a, m.inverse(a).unwrap()), 1, "{a:#x}");
        }
    }

    #[test]
    fn fermat_powers_square_to_three_halves() {
        let m = NimMultiplier::new();
        for k in 0..6 {
            let f = 1u64 << (1u32 << k);
            assert_eq!(m.mul(f, f), f ^ (f >> 1), "F = 2^{}", 1 << k);
        }
        assert_eq!(nim_mul_u128(1 << 64, 1 << 64), (1u128 << 64) | (1 << 63));
    }

    #[test]
    fn field_operations_on_examples() {
        assert_eq!(Nimber(2) * Nimber(3), Nimber(1));
        assert_eq!(Nimber(2).inverse(), Some(Nimber(3)));
        assert_eq!(Nimber(0).inverse(), None);
        assert_eq!(Nimber(7).checked_div(Nimber(0)), None);
        assert_eq!(
            Nimber(8).checked_div(Nimber(2)),
            Some(Nimber(8) * Nimber(3))
        );
        // 2 ⊗ 2 = 3, so sqrt(3) = 2; 4 ⊗ 4 = 6.
        assert_eq!(Nimber(3).sqrt(), Nimber(2));
        assert_eq!(Nimber(6).sqrt(), Nimber(4));
        assert_eq!(Nimber(0).pow(0), Nimber::ONE);
        // Lagrange: the multiplicative group has order 2^64 − 1.
        assert_eq!(Nimber(u64::MAX).pow(u64::MAX), Nimber::ONE);
    }

    /// Long oracle run (`cargo test --release -p grundy -- --ignored`): 200 000 pseudo-random
    /// pairs, dense and sparse, against the recursive reference (about 20 s).
    #[test]
    #[ignore]
    fn fast_matches_reference_on_many_pairs() {
        let m = NimMultiplier::new();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for i in 0..200_000u32 {
            let (mut a, mut b) = (next(), next());
            if i % 2 == 1 {
                // Sparse operands: random 16-bit limbs zeroed.
                let mask = next();
                for limb in 0..4 {
                    if mask >> limb & 1 == 1 {
                        a &= !(0xffff << (16 * limb));
                    }
                    if mask >> (limb + 4) & 1 == 1 {
                        b &= !(0xffff << (16 * limb));
                    }
                }
            }
            assert_eq!(m.mul(a, b), reference64(a, b), "{a} ⊗ {b}");
        }
    }

    fn any_u64() -> impl Strategy<Value = u64> {
        // Mix uniformly random words with sparse ones (limbs of zero exercise the sentinel).
        prop_oneof![
            any::<u64>(),
            any::<u64>().prop_map(|x| x & 0xffff_0000_ffff_0000),
            any::<u64>().prop_map(|x| x & 0x0000_ffff_0000_00ff),
            0u64..256,
            (0u32..64).prop_map(|k| 1u64 << k),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn fast_matches_reference(a in any_u64(), b in any_u64()) {
            prop_assert_eq!(NimMultiplier::new().mul(a, b), reference64(a, b));
        }

        #[test]
        fn u128_matches_reference(a in any::<u128>(), b in any::<u128>()) {
            prop_assert_eq!(nim_mul_u128(a, b), reference_mul(a, b, 128));
        }

        #[test]
        fn field_laws(a in any_u64(), b in any_u64(), c in any_u64()) {
            let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
            prop_assert_eq!(a * b, b * a);
            prop_assert_eq!((a * b) * c, a * (b * c));
            prop_assert_eq!(a * (b ^ c), (a * b) ^ (a * c));
            prop_assert_eq!(a * Nimber::ONE, a);
            prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
        }

        #[test]
        fn inverse_division_sqrt_pow(a in any_u64(), b in any_u64(), e in 0u64..1000, f in 0u64..1000) {
            let (a, b) = (Nimber(a), Nimber(b));
            if let Some(inv) = a.inverse() {
                prop_assert_eq!(a * inv, Nimber::ONE);
                // Fermat: the group has order 2^64 − 1.
                prop_assert_eq!(a.pow(u64::MAX - 1), inv);
                prop_assert_eq!((b * a).checked_div(a), Some(b));
            } else {
                prop_assert!(a.is_zero());
            }
            let root = a.sqrt();
            prop_assert_eq!(root * root, a);
            prop_assert_eq!(a.pow(e) * a.pow(f), a.pow(e + f));
            prop_assert_eq!(a.pow(3), a * a * a);
        }

        #[test]
        fn u128_field_laws(a in any::<u128>(), b in any::<u128>(), c in any::<u128>()) {
            prop_assert_eq!(nim_mul_u128(a, b), nim_mul_u128(b, a));
            prop_assert_eq!(nim_mul_u128(nim_mul_u128(a, b), c), nim_mul_u128(a, nim_mul_u128(b, c)));
            prop_assert_eq!(nim_mul_u128(a, b ^ c), nim_mul_u128(a, b) ^ nim_mul_u128(a, c));
        }
    }
}
