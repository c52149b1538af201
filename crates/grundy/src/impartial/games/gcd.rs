//! The gcd game: from a heap of `x` take `y` tokens, `1 ≤ y ≤ x`, with `gcd(x, y) = 1`.
//!
//! Closed form (checked against the definition below): `G(0) = 0`, `G(1) = 1`, `G(x) = 0` for
//! even `x`, and for odd `x ≥ 3`, `G(x) = π(spf(x))`, the index of the smallest prime factor
//! of `x` among the primes (3 → 2, 5 → 3, 7 → 4, …); for an odd prime that is `π(x)` itself.
//!
//! How values are found:
//! - one heap: the smallest prime factor by trial division / Pollard's rho, then π of it by
//!   a table (below 2^20) or Lucy's prime count (up to 10^14, memoised);
//! - many heaps (`batch`, `solve`): one segmented odd-only sieve to the largest heap
//!   (`odd_spf_sieve`), answering the heaps block by block; the prime count of a prime heap
//!   is the running count of primes in earlier blocks plus a rank inside its block;
//! - `table`: the same sieve, streamed.

use crate::error::GameError;
use crate::impartial::heap::HeapRules;
use crate::impartial::HeapGame;
use crate::numeric::integer::gcd;
use crate::numeric::primes::{odd_spf_sieve, prime_pi, smallest_prime_factor};
use crate::numeric::Nimber;
use std::collections::HashMap;
use std::sync::Mutex;

/// The gcd game. Holds a memo of prime counts of large primes (each costs up to seconds).
#[derive(Debug, Default)]
pub struct Gcd {
    large_prime_counts: Mutex<HashMap<u64, u64>>,
}

impl HeapGame for Gcd {
    /// The definition: heap `x` moves to `x − y` for every `1 ≤ y ≤ x` coprime to `x`.
    fn heap_options(&self, x: u64, visit: &mut dyn FnMut(&[u64])) {
        for y in 1..=x {
            if gcd(x, y) == 1 {
                visit(&[x - y]);
            }
        }
    }
}

/// Largest heap the batch sieve covers; larger heaps go one by one.
const SIEVE_MAX: u64 = 1 << 33;

impl Gcd {
    /// The game, its sieve tables not yet built (they grow with the largest heap asked).
    pub fn new() -> Gcd {
        Gcd::default()
    }

    /// π(p), memoised above the table range.
    fn prime_index(&self, p: u64) -> Result<u64, GameError> {
        if p < 1 << 20 {
            return prime_pi(p);
        }
        let mut memo = self
            .large_prime_counts
            .lock()
            .expect("memo lock is never poisoned: no panics while held");
        if let Some(&count) = memo.get(&p) {
            return Ok(count);
        }
        let count = prime_pi(p)?;
        memo.insert(p, count);
        Ok(count)
    }

    /// `G(x)` by the closed form, or the reason it cannot be computed (π of a huge prime).
    pub fn value_of(&self, x: u64) -> Result<u64, GameError> {
        match x {
            0 => Ok(0),
            1 => Ok(1),
            _ if x % 2 == 0 => Ok(0),
            _ => {
                let spf = smallest_prime_factor(x).expect("x ≥ 3 has a prime factor");
                self.prime_index(spf).map_err(|e| {
                    GameError::TooLarge(format!(
                        "G({x}) = π({spf}) for the prime {spf}: {}",
                        e.to_string().trim_start_matches("refused: ")
                    ))
                })
            }
        }
    }

    /// Values of the odd heaps `x ≥ 3` listed in `which` (indices into `heaps`, all
    /// `≤ limit`), by one segmented sieve to `limit`, written into `out`.
    fn sieve_values(
        heaps: &[u64],
        which: &[u32],
        limit: u64,
        out: &mut [u64],
    ) -> Result<(), GameError> {
        let block_of = |x: u64| (x / 2 / odd_spf_sieve::BLOCK as u64) as usize;
        let blocks = block_of(limit) + 1;
        // Counting sort of the heaps by block, so that each block answers its own heaps.
        let mut starts = vec![0u32; blocks + 1];
        for &i in which {
            starts[block_of(heaps[i as usize]) + 1] += 1;
        }
        for b in 0..blocks {
            starts[b + 1] += starts[b];
        }
        let mut fill = starts.clone();
        let mut order = vec![0u32; which.len()];
        for &i in which {
            let b = block_of(heaps[i as usize]);
            order[fill[b] as usize] = i;
            fill[b] += 1;
        }
        const CHUNK: usize = 16;
        let mut zeros_before_chunk = vec![0u32; odd_spf_sieve::BLOCK / CHUNK + 1];
        // Primes below the current block: 2, plus the odd primes of earlier blocks.
        let mut primes_before: u64 = 1;
        let mut block = 0;
        odd_spf_sieve::for_each_block(limit, &mut |first, entries| {
            let mine = &order[starts[block] as usize..starts[block + 1] as usize];
            // Entry 0 marks a prime, except for x = 1 at the very start.
            let not_prime_one = u32::from(first == 1);
            let mut ranks_ready = false;
            for &i in mine {
                let offset = ((heaps[i as usize] - first) / 2) as usize;
                let entry = entries[offset];
                out[i as usize] = if entry != 0 {
                    entry as u64
                } else {
                    if !ranks_ready {
                        let mut total = 0;
                        for (c, chunk) in entries.chunks(CHUNK).enumerate() {
                            zeros_before_chunk[c] = total;
                            total += chunk.iter().filter(|&&e| e == 0).count() as u32;
                        }
                        ranks_ready = true;
                    }
                    let chunk = offset / CHUNK;
                    let within = entries[chunk * CHUNK..=offset]
                        .iter()
                        .filter(|&&e| e == 0)
                        .count() as u32;
                    primes_before + (zeros_before_chunk[chunk] + within - not_prime_one) as u64
                };
            }
            primes_before +=
                (entries.iter().filter(|&&e| e == 0).count() as u32 - not_prime_one) as u64;
            block += 1;
            Ok(())
        })
    }
}

impl HeapRules for Gcd {
    fn spec(&self) -> String {
        "gcd".to_string()
    }

    fn option_count(&self, x: u64) -> u128 {
        x as u128
    }

    /// `None` only where the value needs π of a prime beyond 10^14 ([`Gcd::value_of`] says so).
    fn closed_form(&self, x: u64) -> Option<Nimber> {
        self.value_of(x).ok().map(Nimber)
    }

    fn closed_form_name(&self) -> &'static str {
        "closed form G(even) = 0, G(1) = 1, G(odd x) = π(smallest prime factor of x)"
    }

    fn closed_form_refusal(&self, x: u64) -> Option<GameError> {
        self.value_of(x).err()
    }

    /// One odd-only segmented sieve to the largest heap that is worth sieving; the rest by the
    /// closed form. Measured: sieving to `M` costs ~1.5·M ns; one heap alone costs a prime
    /// count, ~0.5 ms·(M/10^9)^{3/4}, for about one heap in ln M. So the sieve pays off for
    /// `M ≲ (0.003·count)^4`, i.e. `M ≤ count^4 / 10^10`.
    fn bulk_values(&self, heaps: &[u64]) -> Option<Result<Vec<u64>, GameError>> {
        let count = heaps.len() as u64;
        let sieve_bound = SIEVE_MAX
            .min(odd_spf_sieve::LIMIT)
            .min(count.saturating_pow(4) / 10_000_000_000);
        let mut out = vec![0u64; heaps.len()];
        let mut sieved = Vec::new();
        let mut limit = 0;
        for (i, &x) in heaps.iter().enumerate() {
            if x % 2 == 1 && x >= 3 && x <= sieve_bound {
                sieved.push(i as u32);
                limit = limit.max(x);
            } else {
                match self.value_of(x) {
                    Ok(v) => out[i] = v,
                    Err(e) => return Some(Err(e)),
                }
            }
        }
        if !sieved.is_empty() {
            if let Err(e) = Gcd::sieve_values(heaps, &sieved, limit, &mut out) {
                return Some(Err(e));
            }
        }
        Some(Ok(out))
    }

    /// `G(0..=to)` streamed from the odd-only sieve (evens are 0).
    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        // Refused before G(0) is written: a table past the sieve's limit writes nothing.
        odd_spf_sieve::check_limit(to)?;
        sink(0, Nimber(0))?;
        if to == 0 {
            return Ok(());
        }
        let mut primes_before: u64 = 1; // the prime 2
        odd_spf_sieve::for_each_block(to, &mut |first, entries| {
            for (j, &entry) in entries.iter().enumerate() {
                let x = first + 2 * j as u64;
                if x > to {
                    return Ok(());
                }
                let value = match (x, entry) {
                    (1, _) => 1,
                    (_, 0) => {
                        primes_before += 1;
                        primes_before
                    }
                    (_, index) => index as u64,
                };
                sink(x, Nimber(value))?;
                if x < to {
                    sink(x + 1, Nimber(0))?;
                }
            }
            Ok(())
        })
    }

    /// Options of `x` are `m = x − y` with `gcd(x, m) = gcd(x, y) = 1`: stream `G(0..x)` and keep
    /// the `m` of value `target` not divisible by any prime factor of `x`.
    fn options_with_value(
        &self,
        x: u64,
        target: Nimber,
        _value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
    ) -> Result<Vec<Vec<u64>>, GameError> {
        if x == 0 {
            return Ok(Vec::new());
        }
        if x as u128 > crate::impartial::heap::MAX_ENUMERATED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "heap {x} of `gcd` has up to {x} options; listing winning moves would enumerate them all"
            )));
        }
        let mut factors = Vec::new();
        let mut rest = x;
        while let Some(p) = smallest_prime_factor(rest) {
            factors.push(p);
            while rest % p == 0 {
                rest /= p;
            }
        }
        let mut out = Vec::new();
        self.for_each_value(x - 1, &mut |m, v| {
            let coprime = if m == 0 {
                x == 1
            } else {
                factors.iter().all(|&p| m % p != 0)
            };
            if v == target && coprime {
                out.push(vec![m]);
            }
            Ok(())
        })?;
        out.reverse();
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play, Winner};
    use crate::impartial::heap::HeapFamily;
    use crate::impartial::table::heap_table;
    use proptest::prelude::*;

    fn definition_table() -> &'static [u64] {
        static TABLE: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| heap_table(&Gcd::new(), 1500).unwrap())
    }

    #[test]
    fn closed_form_matches_the_definition() {
        let game = Gcd::new();
        for (x, &v) in definition_table().iter().enumerate() {
            assert_eq!(game.value_of(x as u64).unwrap(), v, "x = {x}");
        }
    }

    /// `value` beyond the prime counter's reach names that limit, not a table size.
    #[test]
    fn huge_prime_values_are_refused_with_the_real_reason() {
        let family = crate::registry::parse_spec("gcd").unwrap();
        let err = family
            .value("18446744073709551557")
            .unwrap_err()
            .to_string();
        assert!(err.contains("10^14"), "{err}");
        assert!(!err.contains("needs a table"), "{err}");
        // Even heaps and heaps with a small factor still answer at any size.
        assert_eq!(
            family.value("18446744073709551614").unwrap().to_string(),
            "0"
        );
        assert_eq!(
            family.value("18446744073709551615").unwrap().to_string(),
            "2"
        );
    }

    #[test]
    fn known_values() {
        let game = Gcd::new();
        // 3 → 2, 5 → 3, 7 → 4, 9 = 3² → 2, 15 → 2, 25 → 3, 49 → 4, 2 → 0, 1 → 1.
        let expected = [
            (3, 2),
            (5, 3),
            (7, 4),
            (9, 2),
            (15, 2),
            (25, 3),
            (49, 4),
            (2, 0),
            (1, 1),
        ];
        for (x, v) in expected {
            assert_eq!(game.value_of(x).unwrap(), v, "x = {x}");
        }
        // π(10^10) = 455052511, so the next prime after 10^10 (10^10 + 19) has index +1.
        assert_eq!(game.value_of(10_000_000_019).unwrap(), 455_052_512);
        assert_eq!(game.value_of(10_000_000_019 * 3).unwrap(), 2);
        // A square of a 32-bit prime: spf = 4294967291, π = 203280221.
        assert_eq!(
            game.value_of(4_294_967_291 * 4_294_967_291).unwrap(),
            203_280_221
        );
        // An odd prime beyond 10^14 has no computable value: refused, not guessed.
        let err = game
            .value_of(18_446_744_073_709_551_557)
            .unwrap_err()
            .to_string();
        assert!(err.contains("π(18446744073709551557)"), "{err}");
    }

    #[test]
    fn streamed_table_matches_the_closed_form() {
        let family = HeapFamily::new(Gcd::new());
        let streamed = crate::theory::period::HeapSequence::values(&family, 40_000).unwrap();
        let game = Gcd::new();
        for (x, &v) in streamed.iter().enumerate() {
            assert_eq!(v, game.value_of(x as u64).unwrap(), "x = {x}");
        }
        assert_eq!(&streamed[..definition_table().len()], definition_table());
        assert_eq!(
            crate::theory::period::HeapSequence::values(&family, 0).unwrap(),
            [0]
        );
        assert_eq!(
            crate::theory::period::HeapSequence::values(&family, 2).unwrap(),
            [0, 1, 0]
        );
    }

    /// `table gcd --to 10^15 --output-limit 15E` wrote `0` on stdout before refusing the sieve:
    /// a table past the sieve's limit is refused before any value is streamed.
    #[test]
    fn a_table_past_the_sieve_limit_streams_nothing() {
        let game = Gcd::new();
        let mut streamed = Vec::new();
        let err = game
            .for_each_value(odd_spf_sieve::LIMIT + 1, &mut |n, v| {
                streamed.push((n, v));
                Ok(())
            })
            .unwrap_err();
        assert!(matches!(err, GameError::TooLarge(_)), "{err}");
        assert!(
            err.to_string().contains("smallest-prime-factor sieve"),
            "{err}"
        );
        assert!(streamed.is_empty(), "{streamed:?}");
    }

    proptest! {
        #[test]
        fn bulk_sieve_matches_the_closed_form(
            heaps in proptest::collection::vec(prop_oneof![0u64..100, 0u64..3_000_000, (0u64..1 << 15).prop_map(|x| x * 2 * odd_spf_sieve::BLOCK as u64 / (1 << 15) + 1)], 1..60)
        ) {
            let game = Gcd::new();
            let expected: Vec<u64> = heaps.iter().map(|&x| game.value_of(x).unwrap()).collect();
            let mut which = Vec::new();
            let mut limit = 0;
            for (i, &x) in heaps.iter().enumerate() {
                if x % 2 == 1 && x >= 3 { which.push(i as u32); limit = limit.max(x); }
            }
            let mut out: Vec<u64> = heaps.iter().map(|&x| if x % 2 == 1 && x >= 3 { u64::MAX } else { game.value_of(x).unwrap() }).collect();
            if !which.is_empty() {
                Gcd::sieve_values(&heaps, &which, limit, &mut out).unwrap();
            }
            prop_assert_eq!(&out, &expected);
            prop_assert_eq!(game.bulk_values(&heaps).unwrap().unwrap(), expected);
        }

        #[test]
        fn winning_moves_match_the_generic_solver(heaps in proptest::collection::vec(0u64..120, 1..4)) {
            let family = HeapFamily::new(Gcd::new());
            let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let solution = family.solve(&refs, Play::Normal).unwrap();
            let game = Gcd::new();
            let view = crate::impartial::Heaps(&game);
            let mut solver = crate::impartial::Solver::new(&view);
            let mut expected: Vec<(usize, String)> = solver
                .winning_moves(&heaps)
                .unwrap()
                .into_iter()
                .map(|(i, o)| (i, o[0].to_string()))
                .collect();
            let mut got: Vec<(usize, String)> =
                solution.winning_moves.iter().map(|m| (m.component, m.to.clone())).collect();
            expected.sort();
            got.sort();
            prop_assert_eq!(got, expected);
            let winner = if solver.sum_value(&heaps).unwrap().is_zero() { Winner::Second } else { Winner::First };
            prop_assert_eq!(solution.winner, winner);
        }
    }

    #[test]
    fn batch_uses_one_sieve_and_reports_outcomes() {
        let family = HeapFamily::new(Gcd::new());
        let mut out = String::new();
        // 3 ⊕ 5 ⊕ 7: 2 ⊕ 3 ⊕ 4 = 5 → first; 9 ⊕ 3: 2 ⊕ 2 = 0 → second; 2 4 6 → second.
        family
            .batch("3 5 7\n9 3\n2 4 6\n10000019\n", Play::Normal, &mut out)
            .unwrap();
        assert_eq!(out, "first\nsecond\nsecond\nfirst\n");
    }

    /// The value of the first prime above 10^12 (0.1 s).
    #[test]
    fn first_prime_above_ten_to_the_twelve() {
        // π(10^12) = 37607912018 and 10^12 + 39 is the next prime.
        assert_eq!(
            Gcd::new().value_of(1_000_000_000_039).unwrap(),
            37_607_912_019
        );
    }
}
