//! The theorems that turn a finite check into a proof of periodicity, and how reports word them.
//!
//! - Finite subtraction set, `k = max S`: `G(n)` depends only on `G(n−k..n)`, so once
//!   `G(n+p) = G(n)` holds for `k` consecutive `n ≥ i`, the window at `i+p+k` equals the window
//!   at `i+k` and induction carries the equality forever.
//! - Octal game with finite code, `t` = its largest removal (Guy–Smith, Winning Ways ch. 4):
//!   if `G(n+p) = G(n)` for all `i ≤ n < 2i + p + t`, it holds for all `n ≥ i`.
//!
//! - A closed form proved from the rules (Nim: `G(n) = n`, since heap `n` moves to every
//!   smaller heap and no other): it names its own period, saltus included; the table only
//!   has to show it.
//!
//! All say: a table of `G(0..len)` proves `(i, p)` once `len` reaches [`required_len`] and the
//! table shows no mismatch from `i` on. Nothing else is ever called proved.

use crate::theory::period::Period;

/// How many values `G(0..len)` the rule needs to prove period `p` from preperiod `i`
/// (`None`: no theorem applies).
pub(crate) fn required_len(rule: PeriodRule, i: u64, p: u64) -> Option<u128> {
    let (i, p) = (i as u128, p as u128);
    match rule {
        // The checked n run over i..len-p; we need max_removal of them.
        PeriodRule::FiniteSubtraction { max_removal } => Some(i + p + max_removal as u128),
        // n < 2i + p + t must be checked, i.e. G up to index 2i + 2p + t − 1.
        PeriodRule::GuySmith { max_removal } => Some(2 * i + 2 * p + max_removal as u128),
        // Its own period only, shown once past the preperiod.
        PeriodRule::ClosedForm {
            preperiod, period, ..
        } => ((i, p) == (preperiod as u128, period as u128)).then_some(i + 2 * p),
        PeriodRule::None => None,
    }
}

/// Whether a table of `len` values, periodic with period `p` from `i` on, proves the period
/// under `rule`.
pub fn is_certified(rule: PeriodRule, len: usize, i: usize, p: usize) -> bool {
    required_len(rule, i as u64, p as u64).is_some_and(|need| len as u128 >= need)
}

/// The sentence that says why a certified period holds for every `n`.
pub(crate) fn proof(rule: PeriodRule, period: &Period) -> String {
    let (i, p) = (period.preperiod, period.period);
    match rule {
        PeriodRule::FiniteSubtraction { max_removal: k } => format!(
            "proved: G(n+{p}) = G(n) for {k} consecutive n ≥ {i}, and each G(n) depends only on the previous {k} = max S values"
        ),
        PeriodRule::GuySmith { max_removal: t } => format!(
            "proved by the Guy–Smith theorem: G(n+{p}) = G(n) for all {i} ≤ n < 2·{i}+{p}+{t} = {} (largest removal t = {t})",
            2 * i as u128 + p as u128 + t as u128
        ),
        PeriodRule::ClosedForm { statement, .. } => format!("proved: {statement}"),
        // Never certified (required_len is None), so never shown; worded truthfully anyway.
        PeriodRule::None => "not proved: no periodicity theorem applies".to_string(),
    }
}

/// The reason a period (or its absence) is not proved, for a table `G(0..=checked_to)`.
pub(crate) fn not_proved(
    rule: PeriodRule,
    spec: &str,
    checked_to: u64,
    observed: Option<&Period>,
) -> String {
    let seen = match observed {
        Some(_) => format!("observed up to {checked_to}, not proved"),
        None => format!("no period observed up to {checked_to}"),
    };
    match (rule, observed) {
        (PeriodRule::None, _) => {
            format!("{seen}: no periodicity theorem applies to {spec}")
        }
        (PeriodRule::ClosedForm { statement, .. }, _) => {
            format!("{seen}: the table did not reach the closed form's period ({statement})")
        }
        (_, Some(period)) if period.saltus > 0 => format!(
            "{seen}: arithmetic periodicity (saltus > 0) has no certificate in grundy"
        ),
        (_, Some(period)) => format!(
            "{seen}: the {} certificate for ({}, {}) needs G up to {}; the budget stopped the table first (raise --max or --time)",
            theorem_name(rule),
            period.preperiod,
            period.period,
            required_len(rule, period.preperiod, period.period).map_or(0, |n| n.saturating_sub(1))
        ),
        (_, None) => format!(
            "{seen}: the budget stopped the table before any period could be proved by the {} certificate (raise --max or --time)",
            theorem_name(rule)
        ),
    }
}

/// The theorem behind a rule, stated in full (`None` where no theorem applies).
pub(crate) fn statement(rule: PeriodRule) -> Option<String> {
    match rule {
        PeriodRule::FiniteSubtraction { max_removal } => Some(format!(
            "finite subtraction set with largest element k = {max_removal}: each G(n) depends only on the k values before it, so k consecutive agreements G(n + p) = G(n) after the preperiod repeat forever"
        )),
        PeriodRule::GuySmith { max_removal } => Some(format!(
            "Guy–Smith periodicity theorem for octal games (largest removal t = {max_removal}): G(n + p) = G(n) for i ≤ n < 2i + p + t implies it for all n ≥ i"
        )),
        PeriodRule::ClosedForm { statement, .. } => Some(statement.to_string()),
        PeriodRule::None => None,
    }
}

/// The last `n` for which the rule needs `G(n + p) = G(n)` checked to prove `(i, p)`: the
/// theorem's window is `i ≤ n ≤ last_checked(…)` (`None`: no theorem applies).
pub(crate) fn last_checked(rule: PeriodRule, i: u64, p: u64) -> Option<u128> {
    required_len(rule, i, p).map(|len| len - 1 - p as u128)
}

/// How a value beyond the table was answered: `certified period (i, p) by the … certificate,
/// from the table G(0..=table_to)`.
pub(crate) fn method(rule: PeriodRule, period: &Period, table_to: u64) -> String {
    format!(
        "certified period ({}, {}) by the {} certificate, from the table G(0..={table_to})",
        period.preperiod,
        period.period,
        theorem_name(rule),
    )
}

/// A short name of the theorem behind a rule.
pub(crate) fn theorem_name(rule: PeriodRule) -> &'static str {
    match rule {
        PeriodRule::FiniteSubtraction { .. } => "finite-subtraction-set",
        PeriodRule::GuySmith { .. } => "Guy–Smith",
        PeriodRule::ClosedForm { .. } => "closed-form",
        PeriodRule::None => "(no theorem)",
    }
}

/// What the periodicity machinery may prove about a heap sequence.
///
/// ```
/// use grundy::theory::period::is_certified;
/// use grundy::PeriodRule;
/// // A finite subtraction set with largest element 4: a period p from i is proved once
/// // G(n + p) = G(n) holds for 4 consecutive heaps n ≥ i, i.e. on i + p + 4 values.
/// let rule = PeriodRule::FiniteSubtraction { max_removal: 4 };
/// assert!(is_certified(rule, 11, 0, 7));
/// assert!(!is_certified(rule, 10, 0, 7));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PeriodRule {
    /// Finite subtraction set with largest element `max_removal`: periodic from `i` once
    /// `G(n+p) = G(n)` for `max_removal` consecutive `n ≥ i`.
    FiniteSubtraction {
        /// The largest element of the set.
        max_removal: u64,
    },
    /// Octal game with finite code whose largest removal is `max_removal` (Guy–Smith).
    GuySmith {
        /// The largest number of tokens a move removes.
        max_removal: u64,
    },
    /// A closed form proved from the rules, periodic (or arithmetic-periodic) with the
    /// period it names: `G(n + period) = G(n) + saltus` for `n ≥ preperiod`.
    ClosedForm {
        /// The preperiod of the closed form.
        preperiod: u64,
        /// Its period.
        period: u64,
        /// Its saltus (0 for a plain period).
        saltus: u64,
        /// The closed form and why it holds, in one sentence.
        statement: &'static str,
    },
    /// No theorem applies: a period can only be observed.
    None,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_are_the_theorems() {
        let sub = PeriodRule::FiniteSubtraction { max_removal: 4 };
        assert!(is_certified(sub, 11, 0, 7));
        assert!(!is_certified(sub, 10, 0, 7));
        // Kayles: (71, 12), t = 2: G up to index 2·71 + 2·12 + 2 − 1 = 167.
        let kayles = PeriodRule::GuySmith { max_removal: 2 };
        assert!(is_certified(kayles, 168, 71, 12));
        assert!(!is_certified(kayles, 167, 71, 12));
        assert!(!is_certified(PeriodRule::None, usize::MAX, 0, 1));
        // A period longer than the table is never certified (no underflow).
        assert!(!is_certified(sub, 3, 0, 7));
        // A closed form certifies its own period once the table shows it, and no other.
        let nim = PeriodRule::ClosedForm {
            preperiod: 0,
            period: 1,
            saltus: 1,
            statement: "G(n) = n",
        };
        assert!(is_certified(nim, 2, 0, 1));
        assert!(!is_certified(nim, 1, 0, 1));
        assert!(!is_certified(nim, 1000, 0, 2));
        assert!(!is_certified(nim, 1000, 1, 1));
        assert_eq!(
            proof(
                nim,
                &Period {
                    preperiod: 0,
                    period: 1,
                    saltus: 1
                }
            ),
            "proved: G(n) = n"
        );
    }

    /// The window `explain` prints is the one `is_certified` uses: a table whose last checked
    /// `n` (`len − 1 − p`) reaches `last_checked` is exactly a certified one.
    #[test]
    fn the_printed_window_is_the_certified_one() {
        for rule in [
            PeriodRule::FiniteSubtraction { max_removal: 3 },
            PeriodRule::GuySmith { max_removal: 2 },
        ] {
            for (i, p) in [(0u64, 1u64), (5, 7), (71, 12)] {
                let last = last_checked(rule, i, p).unwrap();
                for len in (i + p + 1) as usize..300 {
                    let checked_to = (len - 1) as u128 - p as u128;
                    assert_eq!(
                        is_certified(rule, len, i as usize, p as usize),
                        checked_to >= last
                    );
                }
            }
            assert!(statement(rule).is_some());
        }
        assert_eq!(last_checked(PeriodRule::None, 0, 1), None);
        assert_eq!(statement(PeriodRule::None), None);
    }
}
