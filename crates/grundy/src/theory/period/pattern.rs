//! Pattern discovery beyond periods: a small library of hypotheses tested against a table
//! `G(0..=N)`, each reported as **observed** (it fits up to `N`, nothing more) unless a
//! certificate proves it.
//!
//! The hypotheses are the ones competitive programmers read off printed tables:
//! - periodic / arithmetic-periodic (from [`crate::theory::period::search`]);
//! - "depends on n mod m" (periodic from 0), and "G(n) = 0 ⇔ n mod m ∈ R" (the P-positions are
//!   periodic even where the values are not). The P-position pattern of a certified period is
//!   itself certified by `derived_period_is_proved`;
//! - `G(n) = f(smallest prime factor of n)` (the gcd game: `f(p_k) = k`);
//! - odious/evil numbers (Mock Turtles: `G(n)` runs through the odious numbers; P-positions
//!   evil or odious);
//! - Beatty sequences: the P-positions, or the values, are `⌊kα⌋` for one real `α`. This is
//!   decided exactly: the `α` consistent with `z_k = ⌊kα⌋` form the interval
//!   `[max z_k/k, min (z_k+1)/k)`, compared in integers.

use crate::theory::period::search::SearchResult;
use crate::theory::period::tail::observed_ordinary;
use crate::theory::period::{certify, Period};

/// One hypothesis that fits the table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finding {
    /// A stable identifier (see [`HYPOTHESES`]).
    pub hypothesis: &'static str,
    /// The pattern, in words and formulas.
    pub statement: String,
    /// Proved for every `n` (else only observed up to `checked_to`).
    pub certified: bool,
    /// The last heap the hypothesis was checked on.
    pub checked_to: u64,
}

/// Every hypothesis `discover` tests, in the order it reports them.
pub const HYPOTHESES: &[&str] = &[
    "periodic",
    "arithmetic-periodic",
    "depends-on-n-mod-m",
    "p-positions-periodic",
    "smallest-prime-factor",
    "odious-values",
    "evil-values",
    "p-positions-evil",
    "p-positions-odious",
    "beatty-p-positions",
    "beatty-values",
];

/// Tests every hypothesis against the table of a search; returns the ones that fit.
pub fn discover(result: &SearchResult) -> Vec<Finding> {
    let values = &result.values;
    let checked_to = result.checked_to();
    let mut found = Vec::new();
    let mut add = |hypothesis, statement, certified| {
        found.push(Finding {
            hypothesis,
            statement,
            certified,
            checked_to,
        })
    };
    let best = result.best();
    if let Some(p) = best {
        let (i, q, s) = (p.preperiod, p.period, p.saltus);
        if s == 0 {
            let proof = result
                .certified
                .map(|c| format!(" ({})", certify::proof(result.rule, &c)))
                .unwrap_or_default();
            add(
                "periodic",
                format!("G(n+{q}) = G(n) for all n ≥ {i}: preperiod {i}, period {q}{proof}"),
                result.certified.is_some(),
            );
            if i == 0 {
                add(
                    "depends-on-n-mod-m",
                    residue_statement(values, q),
                    result.certified.is_some(),
                );
            }
        } else {
            add(
                "arithmetic-periodic",
                format!(
                    "G(n+{q}) = G(n) + {s} for all n ≥ {i}: preperiod {i}, period {q}, saltus {s}"
                ),
                false,
            );
        }
    }
    let zeros: Vec<bool> = values.iter().map(|&v| v == 0).collect();
    let zero_period = observed_ordinary(&zeros);
    if let Some(z) = zero_period {
        let residues: Vec<u64> = (z.preperiod..z.preperiod + z.period)
            .filter(|&n| zeros[n as usize])
            .map(|n| n % z.period)
            .collect();
        let certified = result
            .certified
            .is_some_and(|g| derived_period_is_proved(&g, &z, values.len()));
        let (j, q) = (z.preperiod, z.period);
        let statement = if residues.is_empty() {
            format!("G(n) ≠ 0 for all n ≥ {j}: no P-positions from {j} on")
        } else if residues.len() as u64 == q {
            format!("G(n) = 0 for all n ≥ {j}")
        } else {
            format!(
                "G(n) = 0 ⇔ n mod {q} ∈ {} for all n ≥ {j}",
                brace_list(&residues)
            )
        };
        add("p-positions-periodic", statement, certified);
    }
    if let Some(statement) = smallest_prime_factor(values) {
        add("smallest-prime-factor", statement, false);
    }
    for (hypothesis, statement) in odious_evil(values) {
        add(hypothesis, statement, false);
    }
    if zero_period.is_none() {
        let zero_positions: Vec<u64> = (1..values.len() as u64)
            .filter(|&n| zeros[n as usize])
            .collect();
        if let Some(alpha) = beatty(&zero_positions) {
            add(
                "beatty-p-positions",
                format!("the P-positions n ≥ 1 are ⌊kα⌋, k = 1, 2, …, for {alpha}"),
                false,
            );
        }
    }
    if best.is_none() {
        if let Some(alpha) = beatty(values.get(1..).unwrap_or(&[])) {
            add(
                "beatty-values",
                format!("G(n) = ⌊nα⌋ for n ≥ 1, {alpha}"),
                false,
            );
        }
    }
    found
}

/// A property `f(G(n))` of a sequence proved periodic `(i, p)`, observed periodic `(j, q)` in a
/// table of `len` values, holds for all `n ≥ j` when `q | p` and the table reaches
/// `max(i, j) + p + q`: every `n ≥ max(i, j)` is `m + kp` with `m` in the first `p` checked
/// positions, where `p`-periodicity carries the checked equality `f(G(m+q)) = f(G(m))` to `n`;
/// below `max(i, j)` the table itself checked it.
pub(crate) fn derived_period_is_proved(
    values_period: &Period,
    derived: &Period,
    len: usize,
) -> bool {
    let (i, p) = (values_period.preperiod, values_period.period);
    let (j, q) = (derived.preperiod, derived.period);
    values_period.saltus == 0
        && p % q == 0
        && len as u128 >= i.max(j) as u128 + p as u128 + q as u128
}

fn residue_statement(values: &[u64], q: u64) -> String {
    let block = &values[..q as usize];
    if block.iter().enumerate().all(|(r, &v)| v == r as u64) {
        return format!("G(n) = n mod {q}");
    }
    if q <= 64 {
        let list: Vec<String> = block.iter().map(u64::to_string).collect();
        format!(
            "G(n) depends only on n mod {q}: G(n) = [{}][n mod {q}]",
            list.join(", ")
        )
    } else {
        format!("G(n) depends only on n mod {q}")
    }
}

fn brace_list(items: &[u64]) -> String {
    const SHOWN: usize = 24;
    let mut parts: Vec<String> = items.iter().take(SHOWN).map(u64::to_string).collect();
    if items.len() > SHOWN {
        parts.push(format!("… ({} residues)", items.len()));
    }
    format!("{{{}}}", parts.join(","))
}

/// `G(n) = G(spf(n))` for `2 ≤ n ≤ N` (then `f(p) = G(p)`), with `f(p_k) = k` named when true.
fn smallest_prime_factor(values: &[u64]) -> Option<String> {
    const MIN_LEN: usize = 16;
    if values.len() < MIN_LEN {
        return None;
    }
    let spf = smallest_prime_factors(values.len());
    if (2..values.len()).any(|n| values[n] != values[spf[n] as usize]) {
        return None;
    }
    let primes = (2..values.len()).filter(|&n| spf[n] as usize == n);
    let indexed = primes.enumerate().all(|(k, p)| values[p] == k as u64 + 1);
    let head = format!(
        "G(n) = f(smallest prime factor of n) for 2 ≤ n ≤ {}",
        values.len() - 1
    );
    Some(if indexed {
        format!(
            "{head}, with f(p_k) = k (f(2) = 1, f(3) = 2, f(5) = 3, …); G(0) = {}, G(1) = {}",
            values[0], values[1]
        )
    } else {
        head
    })
}

/// Smallest prime factor of every `n < len` (0 and 1 map to themselves), by a sieve.
fn smallest_prime_factors(len: usize) -> Vec<u32> {
    let mut spf: Vec<u32> = (0..len as u32).collect();
    let mut p = 2;
    while p * p < len {
        if spf[p] == p as u32 {
            for m in (p * p..len).step_by(p) {
                if spf[m] == m as u32 {
                    spf[m] = p as u32;
                }
            }
        }
        p += 1;
    }
    spf
}

fn is_odious(n: u64) -> bool {
    n.count_ones() % 2 == 1
}

/// The `k`-th (from 0) odious number: of `2k` and `2k+1` exactly one is odious, and `2k` is
/// odious exactly when `k` is.
fn is_evil(n: u64) -> bool {
    !is_odious(n)
}

fn nth_odious(k: u64) -> u64 {
    2 * k + u64::from(is_evil(k))
}

fn nth_evil(k: u64) -> u64 {
    2 * k + u64::from(is_odious(k))
}

fn odious_evil(values: &[u64]) -> Vec<(&'static str, String)> {
    const MIN_LEN: usize = 8;
    let mut out = Vec::new();
    if values.len() < MIN_LEN {
        return out;
    }
    let n_max = values.len() as u64 - 1;
    let at = |n: u64| values[n as usize];
    if (0..=n_max).all(|n| at(n) == nth_odious(n)) {
        out.push((
            "odious-values",
            "G(n) is the n-th odious number (1, 2, 4, 7, 8, 11, …; n from 0)".to_string(),
        ));
    } else if at(0) == 0 && (1..=n_max).all(|n| at(n) == nth_odious(n - 1)) {
        out.push(("odious-values", "G(0) = 0 and G(1), G(2), … run through the odious numbers 1, 2, 4, 7, 8, 11, … (Mock Turtles)".to_string()));
    } else if (1..=n_max).all(|n| is_odious(at(n))) {
        out.push((
            "odious-values",
            "every G(n), n ≥ 1, is odious (odd number of 1 bits)".to_string(),
        ));
    }
    if (0..=n_max).all(|n| at(n) == nth_evil(n)) {
        out.push((
            "evil-values",
            "G(n) is the n-th evil number (0, 3, 5, 6, 9, …; n from 0)".to_string(),
        ));
    } else if n_max > 0 && (0..=n_max).all(|n| is_evil(at(n))) && (0..=n_max).any(|n| at(n) != 0) {
        out.push((
            "evil-values",
            "every G(n) is evil (even number of 1 bits)".to_string(),
        ));
    }
    if (0..=n_max).all(|n| (at(n) == 0) == is_evil(n)) {
        out.push((
            "p-positions-evil",
            "G(n) = 0 ⇔ n is evil (even number of 1 bits)".to_string(),
        ));
    }
    if (0..=n_max).all(|n| (at(n) == 0) == is_odious(n)) {
        out.push((
            "p-positions-odious",
            "G(n) = 0 ⇔ n is odious (odd number of 1 bits)".to_string(),
        ));
    }
    out
}

/// The exact interval of `α` with `terms[k−1] = ⌊kα⌋` for every `k`, described (with a named
/// constant inside it, if any); `None` if there is no such `α` or too few terms to mean much.
fn beatty(terms: &[u64]) -> Option<String> {
    const MIN_TERMS: usize = 8;
    if terms.len() < MIN_TERMS {
        return None;
    }
    // lower = max z_k / k (inclusive), upper = min (z_k + 1) / k (exclusive), as fractions.
    let (mut lo_num, mut lo_den) = (0u128, 1u128);
    let (mut hi_num, mut hi_den) = (u128::MAX, 1u128);
    for (index, &z) in terms.iter().enumerate() {
        let k = index as u128 + 1;
        let z = z as u128;
        if z * lo_den > lo_num * k {
            (lo_num, lo_den) = (z, k);
        }
        if (z + 1) * hi_den < hi_num * k {
            (hi_num, hi_den) = (z + 1, k);
        }
        if lo_num * hi_den >= hi_num * lo_den {
            return None;
        }
    }
    let (lo, hi) = (lo_num as f64 / lo_den as f64, hi_num as f64 / hi_den as f64);
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let named = [
        ("φ = (1+√5)/2", phi),
        ("φ² = φ+1", phi + 1.0),
        ("√2", 2f64.sqrt()),
        ("2+√2", 2.0 + 2f64.sqrt()),
        ("√3", 3f64.sqrt()),
        ("e", std::f64::consts::E),
        ("π", std::f64::consts::PI),
    ];
    let name = named
        .iter()
        .find(|(_, a)| lo <= *a && *a < hi)
        .map(|(name, _)| format!(", consistent with α = {name}"))
        .unwrap_or_default();
    Some(format!(
        "α in [{lo_num}/{lo_den}, {hi_num}/{hi_den}) ≈ [{lo:.6}, {hi:.6}){name}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theory::period::search::Stop;
    use crate::theory::period::PeriodRule;

    fn observed(values: Vec<u64>) -> SearchResult {
        SearchResult {
            values,
            certified: None,
            stop: Stop::Max,
            rule: PeriodRule::None,
        }
    }

    fn names(findings: &[Finding]) -> Vec<&'static str> {
        findings.iter().map(|f| f.hypothesis).collect()
    }

    fn finding<'a>(findings: &'a [Finding], hypothesis: &str) -> &'a Finding {
        findings
            .iter()
            .find(|f| f.hypothesis == hypothesis)
            .unwrap_or_else(|| panic!("no finding `{hypothesis}` in {findings:?}"))
    }

    #[test]
    fn gcd_game_values_are_the_index_of_the_smallest_prime_factor() {
        // The gcd game (take k coprime to n): G(0) = 0, G(1) = 1, G(n) = π(spf(n)).
        let spf = smallest_prime_factors(2000);
        let mut index = vec![0u64; 2000];
        let mut count = 0;
        for n in 2..2000 {
            if spf[n] as usize == n {
                count += 1;
                index[n] = count;
            }
        }
        let values: Vec<u64> = (0..2000)
            .map(|n| {
                if n < 2 {
                    n as u64
                } else {
                    index[spf[n] as usize]
                }
            })
            .collect();
        let found = discover(&observed(values.clone()));
        let spf_finding = finding(&found, "smallest-prime-factor");
        assert!(
            spf_finding.statement.contains("f(p_k) = k"),
            "{spf_finding:?}"
        );
        assert!(!spf_finding.certified);
        // Break one composite value: the hypothesis no longer fits.
        let mut broken = values;
        broken[1001] = 5; // spf(1001) = 7
        assert!(!names(&discover(&observed(broken))).contains(&"smallest-prime-factor"));
    }

    #[test]
    fn mock_turtles_and_evil_p_positions() {
        let odious: Vec<u64> = (0..200)
            .map(|n| if n == 0 { 0 } else { nth_odious(n - 1) })
            .collect();
        assert_eq!(&odious[..7], &[0, 1, 2, 4, 7, 8, 11]);
        assert!(names(&discover(&observed(odious))).contains(&"odious-values"));
        let evil_zeros: Vec<u64> = (0..200u64)
            .map(|n| u64::from(is_odious(n)) * (n + 1))
            .collect();
        assert!(names(&discover(&observed(evil_zeros))).contains(&"p-positions-evil"));
        assert_eq!(
            (0..6).map(nth_evil).collect::<Vec<_>>(),
            [0, 3, 5, 6, 9, 10]
        );
    }

    #[test]
    fn beatty_zeros_are_recognised_exactly() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let zero_at: Vec<u64> = (1..400).map(|k| (k as f64 * phi).floor() as u64).collect();
        let mut values = vec![0u64; 600];
        for (n, v) in values.iter_mut().enumerate().skip(1) {
            *v = if zero_at.contains(&(n as u64)) {
                0
            } else {
                1 + n as u64 % 3
            };
        }
        let found = discover(&observed(values.clone()));
        let beatty = finding(&found, "beatty-p-positions");
        assert!(beatty.statement.contains("α = φ"), "{beatty:?}");
        // Move one P-position: no α fits.
        values[zero_at[100] as usize] = 1;
        values[zero_at[100] as usize + 1] = 0;
        assert!(!names(&discover(&observed(values))).contains(&"beatty-p-positions"));
    }

    #[test]
    fn p_positions_of_a_certified_period_are_certified() {
        // Take 1, 3 or 4: period 7, P-positions n mod 7 ∈ {0, 2}.
        let values: Vec<u64> = (0..100).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let result = SearchResult {
            certified: crate::theory::period::find_certified(
                &values,
                PeriodRule::FiniteSubtraction { max_removal: 4 },
            ),
            values,
            stop: Stop::Certified,
            rule: PeriodRule::FiniteSubtraction { max_removal: 4 },
        };
        let found = discover(&result);
        let zeros = finding(&found, "p-positions-periodic");
        assert_eq!(zeros.statement, "G(n) = 0 ⇔ n mod 7 ∈ {0,2} for all n ≥ 0");
        assert!(zeros.certified);
        let residues = finding(&found, "depends-on-n-mod-m");
        assert!(
            residues.statement.contains("[0, 1, 0, 1, 2, 3, 2]"),
            "{residues:?}"
        );
    }

    #[test]
    fn nim_has_no_p_positions_after_0() {
        let found = discover(&observed((0..500).collect()));
        let zeros = finding(&found, "p-positions-periodic");
        assert_eq!(
            zeros.statement,
            "G(n) ≠ 0 for all n ≥ 1: no P-positions from 1 on"
        );
        assert!(names(&found).contains(&"arithmetic-periodic"));
    }

    #[test]
    fn derived_periods_need_a_divisor_and_enough_data() {
        let g = Period {
            preperiod: 5,
            period: 12,
            saltus: 0,
        };
        let z = Period {
            preperiod: 3,
            period: 4,
            saltus: 0,
        };
        assert!(derived_period_is_proved(&g, &z, 21));
        assert!(!derived_period_is_proved(&g, &z, 20));
        assert!(!derived_period_is_proved(
            &g,
            &Period { period: 5, ..z },
            100
        ));
    }
}
