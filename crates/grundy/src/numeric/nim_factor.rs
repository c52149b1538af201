//! One factorisation of a nimber with both factors under a prefix rule: given `x`, `y` and
//! `s ≠ 0`, find `a ⊗ b = s` with `x ⊕ a < x` and `y ⊕ b < y`.
//!
//! This is a move of Turning Corners: from the head `(x, y)` the move to corners `x' < x`,
//! `y' < y` changes the head's value `x ⊗ y` by `(x ⊕ x') ⊗ (y ⊕ y')`, so a move to the value
//! `t` is a factorisation of `s = x ⊗ y ⊕ t` with `a = x ⊕ x'`, `b = y ⊕ y'`. One exists for
//! every `t < x ⊗ y` (the mex definition of `⊗`). Trying every `a` costs `x` nim-divisions,
//! too many past about 2^26; this search goes down the quadratic tower instead.
//!
//! `x ⊕ a < x` says that the highest bit of `a` is a bit of `x`. With `F = 2^half` (a Fermat
//! power) and every number split as `a = a₁F ⊕ a₀`, the tower rule
//! `a ⊗ b = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)F ⊕ (a₀b₀ ⊕ a₁b₁ ⊗ F/2)` splits the search by which high
//! halves are zero:
//! - `a₁ = b₁ = 0`: `s₁ = 0` and `a₀ ⊗ b₀ = s₀`, the same problem on the low halves;
//! - `a₁ = 0 ≠ b₁`: `a₀ ⊗ b₁ = s₁` is the same problem on `(x₀, y₁)`, and `b₀ = s₀ / a₀` is
//!   free of any rule (the highest bit of `b` is in `b₁`); dually for `a₁ ≠ 0 = b₁`;
//! - both nonzero: for chosen `a₁`, `b₁` (any with the right highest bit), the low halves solve
//!   `a₁b₀ ⊕ b₁a₀ = c`, `a₀b₀ = d` with no rule on them, a quadratic `a₁b₀² ⊕ cb₀ ⊕ b₁d = 0`
//!   in GF(2^half): a square root when `c = 0`, else `z² ⊕ z = e` after scaling, which is
//!   GF(2)-linear in `z` and is solved by elimination; it has a solution for half of all `e`,
//!   so a few choices of `a₁`, `b₁` are tried.
//!
//! The first three cases are exact and the last tries up to 256 pairs (`MAX_HIGH_PAIRS`), so the
//! search could miss a factorisation that only the last case has with other high halves; the
//! tests find none missed. Every answer is checked before it is returned. Below 2^8 the
//! search tries every `a`.

use crate::numeric::nim_arith::NimMultiplier;
use crate::numeric::Nimber;

/// Widths at or below this are searched by trying every `a` (at most 255 divisions).
const BASE_WIDTH: u32 = 8;

/// Most pairs of high halves the both-nonzero case tries at one level.
const MAX_HIGH_PAIRS: usize = 256;

/// `a ≠ 0` whose highest bit is a bit of `x`, so that `x ⊕ a < x`.
fn below(x: u64, a: u64) -> bool {
    a != 0 && x ^ a < x
}

/// Some `(a, b)` with `a ⊗ b = s`, `x ⊕ a < x` and `y ⊕ b < y` (module docs), or `None`.
pub fn factor_below(x: u64, y: u64, s: u64) -> Option<(u64, u64)> {
    let m = NimMultiplier::new();
    let (a, b) = Search {
        m: &m,
        base_width: BASE_WIDTH,
    }
    .solve(x, y, s, 64)?;
    (m.mul(a, b) == s && below(x, a) && below(y, b)).then_some((a, b))
}

struct Search<'a> {
    m: &'a NimMultiplier,
    /// [`BASE_WIDTH`], or less in tests, to exercise the tower on small numbers.
    base_width: u32,
}

impl Search<'_> {
    fn div(&self, a: u64, b: u64) -> u64 {
        let quotient = Nimber(a).checked_div(Nimber(b));
        quotient.expect("divisors here are nonzero").0
    }

    /// The search on `width`-bit numbers (`width` a power of two; the subfield GF(2^width)).
    fn solve(&self, x: u64, y: u64, s: u64, width: u32) -> Option<(u64, u64)> {
        if x == 0 || y == 0 || s == 0 {
            return None;
        }
        if width <= self.base_width {
            return (1..1u64 << width)
                .filter(|&a| below(x, a))
                .map(|a| (a, self.div(s, a)))
                .find(|&(_, b)| below(y, b));
        }
        let half = width / 2;
        let low = |v: u64| v & ((1u64 << half) - 1);
        let (x1, x0, y1, y0, s1, s0) = (x >> half, low(x), y >> half, low(y), s >> half, low(s));
        if s1 == 0 {
            if let Some(found) = self.solve(x0, y0, s0, half) {
                return Some(found);
            }
        }
        if let Some((a0, b1)) = self.solve(x0, y1, s1, half) {
            return Some((a0, b1 << half | self.div(s0, a0)));
        }
        if let Some((a1, b0)) = self.solve(x1, y0, s1, half) {
            return Some((a1 << half | self.div(s0, b0), b0));
        }
        self.both_high(x1, y1, s1, s0, half)
    }

    /// The case `a₁ ≠ 0 ≠ b₁` (module docs), trying a few high halves of each.
    fn both_high(&self, x1: u64, y1: u64, s1: u64, s0: u64, half: u32) -> Option<(u64, u64)> {
        let m = self.m;
        let f_half = 1u64 << (half - 1);
        let a1s = high_candidates(x1);
        let b1s = high_candidates(y1);
        let pairs = a1s
            .iter()
            .flat_map(|&a1| b1s.iter().map(move |&b1| (a1, b1)));
        for (a1, b1) in pairs.take(MAX_HIGH_PAIRS) {
            let p = m.mul(a1, b1);
            let c = s1 ^ p;
            let d = s0 ^ m.mul(p, f_half);
            let (a0, b0) = if d == 0 {
                (0, self.div(c, a1))
            } else if c == 0 {
                // The root of an element of GF(2^half) lies in it (squaring maps the
                // subfield onto itself).
                let b0 = Nimber(self.div(m.mul(b1, d), a1)).sqrt().0;
                (self.div(d, b0), b0)
            } else {
                let e = self.div(m.mul(m.mul(a1, b1), d), m.mul(c, c));
                let Some(z) = artin_schreier(m, e, half) else {
                    continue;
                };
                let b0 = m.mul(self.div(c, a1), z);
                (self.div(d, b0), b0)
            };
            return Some((a1 << half | a0, b1 << half | b0));
        }
        None
    }
}

/// Some nonzero high halves whose highest bit is a bit of `x1`: for each bit, it and the
/// three numbers just above it.
fn high_candidates(x1: u64) -> Vec<u64> {
    (0..64)
        .rev()
        .filter(|&k| x1 >> k & 1 == 1)
        .flat_map(|k| (0..4u64.min(1 << k)).map(move |r| 1u64 << k | r))
        .collect()
}

/// A `z` in GF(2^width) with `z ⊗ z ⊕ z = e`, or `None`. The map `z ↦ z² ⊕ z` is GF(2)-linear
/// with kernel `{0, 1}`, so half of all `e` have a solution; it is found by elimination over
/// the images of the `width` bits.
fn artin_schreier(m: &NimMultiplier, e: u64, width: u32) -> Option<u64> {
    // basis[k]: (image with highest bit k, a preimage of it).
    let mut basis: [Option<(u64, u64)>; 64] = [None; 64];
    for i in 0..width {
        let (mut image, mut preimage) = (m.mul(1 << i, 1 << i) ^ 1 << i, 1u64 << i);
        while image != 0 {
            let top = 63 - image.leading_zeros() as usize;
            match basis[top] {
                Some((v, p)) => (image, preimage) = (image ^ v, preimage ^ p),
                None => {
                    basis[top] = Some((image, preimage));
                    break;
                }
            }
        }
    }
    let (mut rest, mut z) = (e, 0u64);
    while rest != 0 {
        let (v, p) = basis[63 - rest.leading_zeros() as usize]?;
        (rest, z) = (rest ^ v, z ^ p);
    }
    Some(z)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: every `a` under the rule, `b = s / a`.
    fn exists_by_trying_every_a(x: u64, y: u64, s: u64) -> bool {
        let m = NimMultiplier::new();
        (1..1u64 << (64 - x.leading_zeros()))
            .filter(|&a| below(x, a))
            .any(|a| below(y, m.mul(s, m.inverse(a).unwrap())))
    }

    fn check(x: u64, y: u64, s: u64, found: Option<(u64, u64)>) -> Result<(), TestCaseError> {
        let m = NimMultiplier::new();
        if let Some((a, b)) = found {
            prop_assert_eq!(m.mul(a, b), s);
            prop_assert!(
                below(x, a) && below(y, b),
                "{} {} {} → {} {}",
                x,
                y,
                s,
                a,
                b
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// On 12-bit numbers, searched down the tower from 2 bits: a factorisation is found
        /// exactly when one exists.
        #[test]
        fn the_tower_search_finds_one_exactly_when_one_exists(
            x in 1u64..4096, y in 1u64..4096, s in 1u64..4096,
        ) {
            let m = NimMultiplier::new();
            let found = Search { m: &m, base_width: 2 }.solve(x, y, s, 16);
            check(x, y, s, found)?;
            prop_assert_eq!(found.is_some(), exists_by_trying_every_a(x, y, s), "{} {} {}", x, y, s);
        }

        /// Turning Corners: every value below the head's is reached, for heads anywhere in
        /// the 64-bit field (where trying every `a` is out of reach).
        #[test]
        fn every_smaller_value_of_a_large_head_is_reached(
            x in 1u64.., y in 1u64.., t_seed in any::<u64>(),
        ) {
            let m = NimMultiplier::new();
            let v = m.mul(x, y);
            let t = t_seed % v;
            let s = v ^ t;
            let found = factor_below(x, y, s);
            check(x, y, s, found)?;
            prop_assert!(found.is_some(), "no move from {},{} to value {}", x, y, t);
        }

        #[test]
        fn artin_schreier_solves_exactly_the_solvable(z in 0u64..1 << 16) {
            let m = NimMultiplier::new();
            let e = m.mul(z, z) ^ z;
            let found = artin_schreier(&m, e, 16).expect("e has the root z");
            prop_assert_eq!(m.mul(found, found) ^ found, e);
        }
    }

    #[test]
    fn the_heads_the_helper_found_without_a_move() {
        // `solve turning-corners 9934233322,311976480` gave no winning move before.
        let m = NimMultiplier::new();
        let (x, y) = (9_934_233_322, 311_976_480);
        let s = m.mul(x, y); // to value 0: the head alone is the whole sum
        let (a, b) = factor_below(x, y, s).expect("a winning move exists");
        assert_eq!(m.mul(a, b), s);
        assert!(x ^ a < x && y ^ b < y);
        // Half of all values have no Artin–Schreier root: 2^16 values, 2^15 solvable.
        let solvable = (0..1u64 << 16)
            .filter(|&e| artin_schreier(&m, e, 16).is_some())
            .count();
        assert_eq!(solvable, 1 << 15);
    }
}
