//! Counting positions by outcome: how many N-tuples of heap sizes, each taken from a set
//! `SET`, are second-player wins (P-positions) — the "Hard Nim" problem (BZOJ 4589).
//!
//! A tuple is a P-position iff the XOR of its Grundy values is 0. With `f(v)` = how many sizes
//! in `SET` have Grundy value `v`, the number of N-tuples with XOR `x` is the N-fold XOR
//! convolution `f^{*N}(x)`. The Walsh–Hadamard transform `Ĥ` turns XOR convolution into a
//! pointwise product, and `f^{*N}(0) = 2^{-k} Σ_y Ĥf(y)^N` for a table of size `2^k` above the
//! largest value — one transform, modular powers, no inverse transform: O(k·2^k + d·log N).
//!
//! The transform is computed exactly in `i64` (every `|Ĥf(y)| ≤ |SET|`), so it can be sorted
//! and each of its `d ≤ min(2^k, 2|SET| + 1)` distinct values raised to the N-th power once,
//! weighted by how often it occurs — for 5133 primes below 5·10^4 that is 6× fewer powers
//! than one per entry.
//!
//! The modulus `M` (any 1 ≤ M < 2^64) may be even, where `2^{-k}` does not exist. So
//! `M = 2^e · m` with `m` odd is split: modulo `m` the division is by an inverse; modulo `2^e`
//! the sum is computed exactly modulo 2^128 (wrapping `u128` arithmetic), where
//! `Σ_y Ĥf(y)^N = 2^k · answer`, so the answer modulo `2^e` is that sum shifted right by `k`
//! (valid as `e + k ≤ 128`). The two residues are joined by the Chinese remainder theorem.

use crate::error::GameError;
use crate::impartial::family::Family;
use crate::limits::check_memory;
use crate::numeric::number::parse_u64_expr;
use crate::numeric::primes::primes_up_to;

/// Largest number of heap sizes in a set (each needs its Grundy value).
pub(crate) const MAX_SET_SIZE: u128 = 100_000_000;

/// Which positions to count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Outcome {
    /// Second-player wins: XOR of the Grundy values is 0.
    #[default]
    Second,
    /// First-player wins: everything else.
    First,
}

/// A finite set of heap sizes, sorted and without repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeSet(Vec<u64>);

impl SizeSet {
    /// Parses comma-separated items: `A..B` (or `A..=B`), `primes<=M`, single numbers (`10^6`
    /// etc. allowed). Refuses empty sets and sets above `MAX_SET_SIZE` elements.
    pub fn parse(text: &str) -> Result<SizeSet, GameError> {
        // The set lists heap sizes, positions of the game, not the game: its errors are
        // position errors (they once read "invalid game `zz`: `zz` `zz` is not …"), and the
        // number's own message names the token, as for a heap position.
        let bad = |reason: String| GameError::BadPosition {
            text: text.to_string(),
            reason: format!(
                "{reason} (heap sizes: `A..B`, `primes<=M` or numbers, comma-separated)"
            ),
        };
        let number =
            |t: &str| parse_u64_expr(t).map_err(|reason| bad(format!("heap size {reason}")));
        let mut pieces: Vec<Vec<u64>> = Vec::new();
        let mut total: u128 = 0;
        for item in text.split(',').map(str::trim) {
            let piece = if let Some(limit) = item.strip_prefix("primes<=") {
                let limit = number(limit)?;
                // π(M) > M / ln M: refuse before sieving when that alone is too many.
                if limit > 2 && limit as f64 / (limit as f64).ln() > MAX_SET_SIZE as f64 {
                    return Err(GameError::TooLarge(format!(
                        "primes<={limit} holds more than {MAX_SET_SIZE} heap sizes"
                    )));
                }
                primes_up_to(limit)?
            } else if let Some((lo, hi)) = item.split_once("..") {
                let (lo, hi) = (number(lo)?, number(hi.strip_prefix('=').unwrap_or(hi))?);
                if lo > hi {
                    return Err(bad(format!("range {lo}..{hi} is empty")));
                }
                let len = (hi - lo) as u128 + 1;
                if total + len > MAX_SET_SIZE {
                    return Err(GameError::TooLarge(format!(
                        "the set of heap sizes would have more than {MAX_SET_SIZE} elements (range {lo}..{hi} alone has {len})"
                    )));
                }
                // Held twice while the pieces are joined.
                check_memory(&format!("a set of {len} heap sizes"), (total + len) * 16)?;
                (lo..=hi).collect()
            } else if item.is_empty() {
                return Err(bad(
                    "empty item (expected `A..B`, `primes<=M` or a number)".into()
                ));
            } else {
                vec![number(item)?]
            };
            total += piece.len() as u128;
            if total > MAX_SET_SIZE {
                return Err(GameError::TooLarge(format!(
                    "the set of heap sizes has more than {MAX_SET_SIZE} elements"
                )));
            }
            pieces.push(piece);
        }
        let mut sizes: Vec<u64> = pieces.concat();
        sizes.sort_unstable();
        sizes.dedup();
        if sizes.is_empty() {
            return Err(bad("the set of heap sizes is empty".into()));
        }
        Ok(SizeSet(sizes))
    }

    /// The sizes, ascending and distinct.
    pub fn sizes(&self) -> &[u64] {
        &self.0
    }
}

/// The Grundy value of every size in the set, for a game whose positions are single heaps.
///
/// The heaps stay integers all the way: the family's
/// [`HeapSequence::values_at`](crate::theory::period::HeapSequence::values_at) answers them
/// in one call, by its fastest route (the gcd game's sieve over the whole set, closed forms,
/// one table or a certified period), rather than one parsed string per heap.
pub(crate) fn grundy_values(family: &dyn Family, set: &SizeSet) -> Result<Vec<u64>, GameError> {
    let Some(sequence) = family.sequence() else {
        return Err(GameError::Unsupported(format!(
            "`{}` is not a heap game; `count` needs positions that are single heap sizes",
            family.spec()
        )));
    };
    if let Some(n) = set.sizes().iter().find(|&&n| sequence.wins_at_once(n)) {
        return Err(GameError::Unsupported(format!(
            "heap {n} of `{}` has no Grundy value (the player to move wins at once), so its tuples are not sums; `count` has no rule for them",
            family.spec()
        )));
    }
    sequence.values_at(set.sizes())
}

/// `grundy count`: the number of `heaps`-tuples of sizes from `set` with the given outcome,
/// modulo `modulus`. A family whose tuples are not sums counts by its own rule
/// ([`Family::count_second_player_wins`]); the others by the nim-sum of their values.
///
/// ```
/// use grundy::impartial::count::{count_positions, Outcome, SizeSet};
/// // "Hard Nim": 3 heaps, each a prime ≤ 7; 6 of the 64 triples are second-player wins.
/// let nim = grundy::parse_spec("nim")?;
/// let primes = SizeSet::parse("primes<=7")?;
/// assert_eq!(count_positions(nim.as_ref(), &primes, 3, 1_000_000_007, Outcome::Second)?, 6);
/// assert_eq!(count_positions(nim.as_ref(), &primes, 3, 1_000_000_007, Outcome::First)?, 58);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub fn count_positions(
    family: &dyn Family,
    set: &SizeSet,
    heaps: u64,
    modulus: u64,
    outcome: Outcome,
) -> Result<u64, GameError> {
    check_modulus(modulus)?;
    let Some(second) = family.count_second_player_wins(set.sizes(), heaps, modulus) else {
        let values = grundy_values(family, set)?;
        return count_by_outcome(&values, heaps, modulus, outcome);
    };
    let second = second?;
    Ok(match outcome {
        Outcome::Second => second,
        Outcome::First => {
            let total = pow_mod(set.sizes().len() as u64 % modulus, heaps, modulus);
            ((total as u128 + modulus as u128 - second as u128) % modulus as u128) as u64
        }
    })
}

/// Counts are given modulo some `M ≥ 1` (they grow like |SET|^N): 0 is refused.
fn check_modulus(modulus: u64) -> Result<(), GameError> {
    if modulus == 0 {
        return Err(GameError::Unsupported(
            "modulus 0: counts grow like |SET|^N, so they are given modulo some M ≥ 1".into(),
        ));
    }
    Ok(())
}

/// The number of `heaps`-tuples of the sizes whose Grundy values are `values` (one per size)
/// with the given outcome, modulo `modulus` (see the module docs for the method).
pub fn count_by_outcome(
    values: &[u64],
    heaps: u64,
    modulus: u64,
    outcome: Outcome,
) -> Result<u64, GameError> {
    check_modulus(modulus)?;
    if values.is_empty() {
        return Err(GameError::Unsupported(
            "the set of heap sizes is empty".into(),
        ));
    }
    if modulus == 1 {
        return Ok(0);
    }
    let largest = values.iter().max().copied().unwrap_or(0);
    let bits = 64 - largest.leading_zeros();
    let size = 1u128 << bits;
    check_memory(
        &format!(
            "a Walsh–Hadamard table over the Grundy values (the largest, {largest}, needs 2^{bits} = {size} entries)"
        ),
        size * 8,
    )?;
    let transform = sorted_transform(values, bits);
    let mut runs: Vec<(i64, u64)> = Vec::new();
    for &v in &transform {
        match runs.last_mut() {
            Some((last, count)) if *last == v => *count += 1,
            _ => runs.push((v, 1)),
        }
    }
    let twos = modulus.trailing_zeros();
    let odd = modulus >> twos;
    let second_odd = if odd > 1 {
        sum_of_powers_mod_odd(&runs, bits, heaps, odd)
    } else {
        0
    };
    let second_two = if twos > 0 {
        sum_of_powers_mod_power_of_two(&runs, bits, heaps, twos)
    } else {
        0
    };
    let second = crt(second_odd, odd, second_two, twos);
    Ok(match outcome {
        Outcome::Second => second,
        Outcome::First => {
            let total = pow_mod(values.len() as u64 % modulus, heaps, modulus);
            ((total as u128 + modulus as u128 - second as u128) % modulus as u128) as u64
        }
    })
}

/// The Walsh–Hadamard transform of the value histogram (size `2^bits`), exactly, sorted.
fn sorted_transform(values: &[u64], bits: u32) -> Vec<i64> {
    let mut table = vec![0i64; 1 << bits];
    for &v in values {
        table[v as usize] += 1;
    }
    let mut half = 1;
    while half < table.len() {
        for block in table.chunks_exact_mut(2 * half) {
            let (left, right) = block.split_at_mut(half);
            for (a, b) in left.iter_mut().zip(right) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    table.sort_unstable();
    table
}

/// `f^{*N}(0) mod m` for odd `m > 1`: `2^{-k} Σ count · value^N`.
fn sum_of_powers_mod_odd(runs: &[(i64, u64)], bits: u32, heaps: u64, m: u64) -> u64 {
    let sum = runs.iter().fold(0u64, |acc, &(value, count)| {
        let residue = (value as i128).rem_euclid(m as i128) as u64;
        let term = mul_mod(count % m, pow_mod(residue, heaps, m), m);
        ((acc as u128 + term as u128) % m as u128) as u64
    });
    // 2 is invertible modulo odd m: 2^{-1} = (m + 1) / 2.
    let half = (m / 2 + 1) % m;
    mul_mod(sum, pow_mod(half, bits as u64, m), m)
}

/// `f^{*N}(0) mod 2^e`, by exact arithmetic modulo 2^128 (see the module docs).
fn sum_of_powers_mod_power_of_two(runs: &[(i64, u64)], bits: u32, heaps: u64, e: u32) -> u64 {
    let sum = runs.iter().fold(0u128, |acc, &(value, count)| {
        acc.wrapping_add((count as u128).wrapping_mul(wrapping_pow(value as i128 as u128, heaps)))
    });
    ((sum >> bits) & ((1u128 << e) - 1)) as u64
}

/// The `x < 2^64` with `x ≡ r_odd (mod odd)` and `x ≡ r_two (mod 2^twos)`.
fn crt(r_odd: u64, odd: u64, r_two: u64, twos: u32) -> u64 {
    if twos == 0 {
        return r_odd;
    }
    if odd == 1 {
        return r_two;
    }
    // x = r_two + 2^twos · t with t ≡ (r_odd − r_two) · 2^{-twos} (mod odd).
    let half = (odd / 2 + 1) % odd;
    let difference = (r_odd as u128 + odd as u128 - (r_two % odd) as u128) % odd as u128;
    let t = mul_mod(difference as u64, pow_mod(half, twos as u64, odd), odd);
    r_two + (t << twos)
}

pub(crate) fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    // Below 2^32 the product fits in 64 bits, and a 64-bit remainder is several times cheaper
    // than the 128-bit one (the common moduli 10^9+7, 998244353 take this path).
    if m <= 1 << 32 {
        a * b % m
    } else {
        (a as u128 * b as u128 % m as u128) as u64
    }
}

fn pow_mod(mut base: u64, mut exponent: u64, m: u64) -> u64 {
    let mut acc = 1 % m;
    base %= m;
    while exponent > 0 {
        if exponent & 1 == 1 {
            acc = mul_mod(acc, base, m);
        }
        base = mul_mod(base, base, m);
        exponent >>= 1;
    }
    acc
}

fn wrapping_pow(mut base: u128, mut exponent: u64) -> u128 {
    let mut acc = 1u128;
    while exponent > 0 {
        if exponent & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exponent >>= 1;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::GameValue;
    use crate::registry::parse_spec;
    use proptest::prelude::*;

    fn count(spec: &str, heaps: u64, sizes: &str, modulus: u64, outcome: Outcome) -> u64 {
        let family = parse_spec(spec).unwrap();
        let values = grundy_values(family.as_ref(), &SizeSet::parse(sizes).unwrap()).unwrap();
        count_by_outcome(&values, heaps, modulus, outcome).unwrap()
    }

    /// Counts by enumerating every tuple (exact, then reduced).
    fn brute_force(values: &[u64], heaps: u32, modulus: u64, outcome: Outcome) -> u64 {
        let mut counts = [0u128; 2];
        let tuples = (values.len() as u64).pow(heaps);
        for mut index in 0..tuples {
            let mut x = 0;
            for _ in 0..heaps {
                x ^= values[(index % values.len() as u64) as usize];
                index /= values.len() as u64;
            }
            counts[(x != 0) as usize] += 1;
        }
        let wanted = counts[(outcome == Outcome::First) as usize];
        (wanted % modulus as u128) as u64
    }

    #[test]
    fn hard_nim_examples() {
        const P: u64 = 1_000_000_007;
        assert_eq!(count("nim", 3, "primes<=7", P, Outcome::Second), 6);
        assert_eq!(count("nim", 4, "primes<=13", P, Outcome::Second), 120);
        assert_eq!(count("nim", 3, "primes<=7", P, Outcome::First), 64 - 6);
        assert_eq!(count("nim", 0, "1..3", P, Outcome::Second), 1);
        assert_eq!(count("nim", 2, "1..3", 1, Outcome::Second), 0);
    }

    #[test]
    fn large_requests_are_fast_enough_and_consistent() {
        // N = 10^9 over the primes below 5·10^4; the first/second split adds up to |SET|^N.
        let set = SizeSet::parse("primes<=50000").unwrap();
        let values = set.sizes().to_vec();
        for modulus in [1_000_000_007, 998_244_353, 1 << 63, u64::MAX, 6 * (1 << 40)] {
            let second =
                count_by_outcome(&values, 1_000_000_000, modulus, Outcome::Second).unwrap();
            let first = count_by_outcome(&values, 1_000_000_000, modulus, Outcome::First).unwrap();
            let total = pow_mod(values.len() as u64, 1_000_000_000, modulus);
            assert_eq!(
                ((second as u128 + first as u128) % modulus as u128) as u64,
                total
            );
        }
    }

    #[test]
    fn set_forms_and_errors() {
        assert_eq!(
            SizeSet::parse("3..5,1,primes<=7").unwrap().sizes(),
            [1, 2, 3, 4, 5, 7]
        );
        assert_eq!(SizeSet::parse("2..=3").unwrap().sizes(), [2, 3]);
        assert_eq!(
            SizeSet::parse("10^18").unwrap().sizes(),
            [1_000_000_000_000_000_000]
        );
        for bad in ["", "5..3", "primes<=1", "primes<=0", "x", "1,,2", "1..2^64"] {
            assert!(
                matches!(SizeSet::parse(bad), Err(GameError::BadPosition { .. })),
                "{bad}"
            );
        }
        // The token once came twice, under "invalid game": `count nim --sizes 1..zz`.
        let e = SizeSet::parse("1..zz").unwrap_err().to_string();
        assert!(
            e.starts_with("invalid position `1..zz`: heap size `zz` is not a non-negative integer")
                && !e.contains("`zz` `zz`")
                && e.contains("`primes<=M`"),
            "{e}"
        );
        assert!(matches!(
            SizeSet::parse("0..10^12"),
            Err(GameError::TooLarge(_))
        ));
        assert!(count_by_outcome(&[1], 1, 0, Outcome::Second).is_err());
        // A Grundy value near 2^64 would need a 2^64-entry table: refused, not allocated.
        assert!(matches!(
            count_by_outcome(&[u64::MAX], 2, 7, Outcome::Second),
            Err(GameError::TooLarge(_))
        ));
    }

    #[test]
    fn any_heap_game_through_its_table() {
        // subtraction:1,3,4 has G = 0,1,0,1,2,3,2 on 0..6; compare with brute force over it.
        let values = [0, 1, 0, 1, 2, 3, 2];
        for heaps in 0..4 {
            assert_eq!(
                count(
                    "subtraction:1,3,4",
                    heaps as u64,
                    "0..6",
                    1_000_000_007,
                    Outcome::Second
                ),
                brute_force(&values, heaps, 1_000_000_007, Outcome::Second)
            );
        }
    }

    /// Counts every `heaps`-tuple of `sizes` by asking the family for the outcome of each.
    fn enumerate(family: &dyn Family, sizes: &[u64], heaps: u32) -> [u64; 2] {
        let mut counts = [0u64; 2];
        let total = (sizes.len() as u64).pow(heaps);
        for mut index in 0..total {
            let mut tuple = Vec::new();
            for _ in 0..heaps {
                tuple.push(sizes[(index % sizes.len() as u64) as usize].to_string());
                index /= sizes.len() as u64;
            }
            let refs: Vec<&str> = tuple.iter().map(String::as_str).collect();
            let winner = if refs.is_empty() {
                crate::Winner::Second
            } else {
                family.outcome(&refs, crate::Play::Normal).unwrap()
            };
            counts[(winner == crate::Winner::First) as usize] += 1;
        }
        counts
    }

    #[test]
    fn huge_heaps_are_counted_without_a_huge_table() {
        // subtraction:1,3,4 has period 7 (G = 0,1,0,1,2,3,2) and 10^6 ≡ 1 (mod 7), so
        // 10^18 ≡ 1 has value 1 and 10^18 − 1 ≡ 0 has value 0: no table of 10^18 values.
        let family = parse_spec("subtraction:1,3,4").unwrap();
        let set = SizeSet::parse("10^18-1,10^18").unwrap();
        assert_eq!(grundy_values(family.as_ref(), &set).unwrap(), [0, 1]);
        // The gcd game answers the whole set through its sieve (`bulk_values`), as `value` does
        // heap by heap.
        let gcd = parse_spec("gcd").unwrap();
        let set = SizeSet::parse("1..8").unwrap();
        let values = grundy_values(gcd.as_ref(), &set).unwrap();
        for (&n, &v) in set.sizes().iter().zip(&values) {
            assert_eq!(
                GameValue::Finite(crate::Nimber(v)),
                gcd.value(&n.to_string()).unwrap()
            );
        }
        let graph = parse_spec("wythoff").unwrap();
        assert!(matches!(
            grundy_values(graph.as_ref(), &set),
            Err(GameError::Unsupported(_))
        ));
    }

    proptest! {
        /// `count_positions` (typed heaps, bulk values) against enumerating the tuples and
        /// asking each one's outcome, for families answering by closed form, sieve, table
        /// and witness search.
        #[test]
        fn count_positions_matches_enumerating_outcomes(
            spec in proptest::sample::select(vec!["nim", "gcd", "subtraction:1,3,4", "subtraction:squares", "kayles", "grundys-game"]),
            sizes in proptest::collection::btree_set(0u64..40, 1..5),
            heaps in 0u32..4,
            first in any::<bool>(),
        ) {
            let family = parse_spec(spec).unwrap();
            let sizes: Vec<u64> = sizes.into_iter().collect();
            let text: Vec<String> = sizes.iter().map(u64::to_string).collect();
            let set = SizeSet::parse(&text.join(",")).unwrap();
            let outcome = if first { Outcome::First } else { Outcome::Second };
            let expected = enumerate(family.as_ref(), &sizes, heaps)[first as usize];
            prop_assert_eq!(
                count_positions(family.as_ref(), &set, heaps.into(), 1 << 40, outcome).unwrap(),
                expected
            );
        }

        #[test]
        fn matches_enumeration(
            values in proptest::collection::vec(0u64..40, 1..7),
            heaps in 0u32..5,
            modulus in prop_oneof![1u64..50, any::<u64>().prop_map(|m| m.max(1)), (0u32..64).prop_map(|k| 1u64 << k)],
            first in any::<bool>(),
        ) {
            let outcome = if first { Outcome::First } else { Outcome::Second };
            prop_assert_eq!(
                count_by_outcome(&values, heaps as u64, modulus, outcome).unwrap(),
                brute_force(&values, heaps, modulus, outcome)
            );
        }
    }
}
