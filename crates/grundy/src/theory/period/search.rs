//! The period finder: one linear pass answers every candidate period at once, and a driver
//! grows the table geometrically until a certificate holds or the budget runs out.
//!
//!
//! **Tail runs** (the Z-function of the reversed table) live in [`tail`](super::tail).
//!
//! **Choosing the period.** Any certified `(i, p)` is a true fact about the whole sequence, and
//! every eventual period is a multiple of the minimal one `p₀`, which needs no more data than
//! its multiples (both certificates are monotone in `p`). So the smallest certified `p` *is*
//! `p₀`, and its observed preperiod (the table contains the mismatch at `i − 1`) is the true
//! smallest preperiod.
//!
//! **Observed periods** (no certificate): the smallest `p` whose periodic stretch covers at
//! least three periods and half the table. This is a heuristic and is always labelled so.
//!
//! **Budget.** Rounds compute `G(0..=to)` for `to = start, 2·start+1, …, max`. A round is
//! skipped when the growth of the previous rounds' times predicts it would overrun the time
//! budget, and a streaming family is also stopped mid-round (its prefix is still used). A
//! round that the memory budget ([`crate::limits::Budget`]) cannot hold ends the search with
//! the rounds before it ([`Stop::Memory`]); only a first round that does not fit is refused.

use crate::error::GameError;
use crate::limits::{table_bytes, Budget as MemoryBudget};
use crate::theory::period::arithmetic::observed_arithmetic;
use crate::theory::period::certify::is_certified;
use crate::theory::period::tail::{observed_ordinary, preperiod_of, TailRuns};
use crate::theory::period::Period;
use crate::theory::period::{HeapSequence, PeriodRule};
use std::time::{Duration, Instant};

/// The certified ordinary period with the smallest `p` (see the module docs for why it is the
/// minimal period with the minimal preperiod).
pub(crate) fn smallest_certified<T: Eq>(values: &[T], rule: PeriodRule) -> Option<Period> {
    let len = values.len();
    match rule {
        PeriodRule::None => return None,
        // Proved from the rules, arithmetic periodicity included (which the tail runs below
        // do not see). A claimed pattern is still checked against the table: here a plain
        // period (`Eq` suffices); a saltus by `search`, whose table is numeric
        // ([`agrees_with_saltus`]).
        PeriodRule::ClosedForm {
            preperiod,
            period,
            saltus,
            ..
        } => {
            let (i, p) = (preperiod as usize, period as usize);
            let shown = saltus > 0 || (i + p..len).all(|n| values[n] == values[n - p]);
            return (shown && is_certified(rule, len, i, p)).then_some(Period {
                preperiod,
                period,
                saltus,
            });
        }
        _ => {}
    }
    TailRuns::new(values).find_map(|(p, run)| {
        let i = preperiod_of(len, p, run);
        is_certified(rule, len, i, p).then_some(Period {
            preperiod: i as u64,
            period: p as u64,
            saltus: 0,
        })
    })
}

/// Whether `G(n + p) = G(n) + saltus` for every `n ≥ i` of the table (a closed form's
/// arithmetic period, checked rather than trusted; plain periods pass, checked before).
fn agrees_with_saltus(values: &[u64], period: &Period) -> bool {
    let (i, p) = (period.preperiod as usize, period.period as usize);
    period.saltus == 0
        || (i + p..values.len())
            .all(|n| values[n - p].checked_add(period.saltus) == Some(values[n]))
}

/// ```
/// use grundy::{search, Budget, PeriodReport};
/// let game = grundy::parse_spec("subtraction:1,3,4").unwrap();
/// let budget = Budget { start: 64, max: 1 << 12, time: None };
/// let result = search(game.sequence().unwrap(), budget).unwrap();
/// assert_eq!(result.certified.map(|p| (p.preperiod, p.period)), Some((0, 7)));
/// assert!(result.checked_to() <= budget.max);
/// let report = PeriodReport::new(&game.spec(), &result);
/// assert!(report.certified && report.period == Some(7));
/// ```
///
/// How far the search may go: the range and the time. Memory is not a field: every round
/// asks the one process-wide memory [`crate::limits::Budget`] before it allocates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The first round computes `G(0..=start)`.
    pub start: u64,
    /// The largest `n` whose value may be computed.
    pub max: u64,
    /// Wall-clock limit for the whole search.
    pub time: Option<Duration>,
}

impl Budget {
    /// The largest table the search ever builds (values and tail runs must fit in u32 indices).
    pub const LIMIT: u64 = (1 << 31) - 2;
}

/// Why the search stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A certificate holds.
    Certified,
    /// The table reached `Budget::max` without one (or no theorem applies).
    Max,
    /// The time budget ran out.
    Time,
    /// The next round would not fit in the memory budget.
    Memory,
}

/// Bytes a round computing `G(0..=to)` holds at its peak, per value: the new values (8), and
/// either the previous round's values, kept until the new ones are complete (4: half as many),
/// or the tail runs (4), plus what the family streams with (the octal run's 1- or 2-byte table,
/// Grundy's game's rare-value classes: up to 2). Every built-in family streams its values
/// (closed forms, windows, the octal run), so 12 to 16 bytes are measured;
/// `crates/grundy-cli/tests/budget_estimates.rs` holds the estimate within 20% of the peak.
pub const ROUND_BYTES_PER_VALUE: u64 = 14;

/// The memory a round computing `G(0..=to)` needs at its peak.
pub fn round_bytes(to: u64) -> u128 {
    table_bytes(to.saturating_add(1), ROUND_BYTES_PER_VALUE)
}

/// What a search found: the table it built and, if proved, the period.
///
/// ```
/// use grundy::{search, Budget, Period, PeriodRule};
/// // Nim: G(n) = n, arithmetic-periodic by its closed form, proved at the first round.
/// let nim = grundy::parse_spec("nim").unwrap();
/// let found = search(nim.sequence().unwrap(), Budget { start: 63, max: 255, time: None }).unwrap();
/// assert_eq!(found.certified, Some(Period { preperiod: 0, period: 1, saltus: 1 }));
/// assert_eq!(found.values[..4], [0, 1, 2, 3]);
/// assert_eq!(found.checked_to(), 63);
/// assert!(matches!(found.rule, PeriodRule::ClosedForm { saltus: 1, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `G(0..=checked_to)`.
    pub values: Vec<u64>,
    /// The period proved by `rule`, if any.
    pub certified: Option<Period>,
    /// Why the search ended.
    pub stop: Stop,
    /// The theorem the search tried to certify with.
    pub rule: PeriodRule,
}

impl SearchResult {
    /// The last index computed.
    pub fn checked_to(&self) -> u64 {
        self.values.len().saturating_sub(1) as u64
    }

    /// The certified period, else the best observed one: ordinary, else arithmetic.
    pub fn best(&self) -> Option<Period> {
        self.certified
            .or_else(|| observed_ordinary(&self.values))
            .or_else(|| observed_arithmetic(&self.values))
    }
}

/// Grows `G(0..)` of `sequence` geometrically until its [`PeriodRule`] certifies a period or
/// the budget runs out.
///
/// ```
/// use grundy::{search, Budget, Period, PeriodReport};
/// // Dawson's Kayles (octal 0.07): period 34 after its last exception, G(52); proved by
/// // the Guy–Smith theorem.
/// let family = grundy::parse_spec("dawsons-kayles")?;
/// let budget = Budget { start: 1023, max: 1 << 16, time: None };
/// let found = search(family.sequence().expect("a heap game"), budget)?;
/// assert_eq!(found.certified, Some(Period { preperiod: 53, period: 34, saltus: 0 }));
/// let report = PeriodReport::new(&family.spec(), &found);
/// assert_eq!(report.period, Some(34));
/// # Ok::<(), grundy::GameError>(())
/// ```
pub fn search(sequence: &dyn HeapSequence, budget: Budget) -> Result<SearchResult, GameError> {
    let rule = sequence.period_rule();
    let max = budget.max.min(Budget::LIMIT);
    let deadline = budget.time.map(|t| Instant::now() + t);
    let mut to = budget.start.min(max);
    let mut values: Vec<u64> = Vec::new();
    let mut previous_round: Option<Duration> = None;
    loop {
        let fits = MemoryBudget::current().check(
            &format!("a period search over G(0..={to})"),
            round_bytes(to),
        );
        match fits {
            Err(e) if values.is_empty() => return Err(e),
            Err(_) => {
                return Ok(SearchResult {
                    values,
                    certified: None,
                    stop: Stop::Memory,
                    rule,
                })
            }
            Ok(()) => {}
        }
        let round_started = Instant::now();
        let (round, timed_out) = compute_prefix(sequence, to, deadline)?;
        if round.len() > values.len() {
            values = round;
        }
        let certified =
            smallest_certified(&values, rule).filter(|p| agrees_with_saltus(&values, p));
        let stop = if certified.is_some() {
            Some(Stop::Certified)
        } else if timed_out {
            Some(Stop::Time)
        } else if to >= max {
            Some(Stop::Max)
        } else {
            None
        };
        if let Some(stop) = stop {
            return Ok(SearchResult {
                values,
                certified,
                stop,
                rule,
            });
        }
        let took = round_started.elapsed();
        if let Some(deadline) = deadline {
            // Rounds double the table; their cost grows by 2× (linear families) to 4×
            // (quadratic ones). Predict from the last two rounds.
            let growth = previous_round
                .filter(|d| !d.is_zero())
                .map_or(2.0, |d| took.as_secs_f64() / d.as_secs_f64())
                .clamp(2.0, 8.0);
            if Instant::now() + took.mul_f64(growth) > deadline {
                return Ok(SearchResult {
                    values,
                    certified: None,
                    stop: Stop::Time,
                    rule,
                });
            }
        }
        previous_round = Some(took);
        to = to.saturating_mul(2).saturating_add(1).min(max);
    }
}

/// `G(0..=to)`, stopped early (returning the prefix and `true`) if `deadline` passes while a
/// streaming family is producing values.
fn compute_prefix(
    sequence: &dyn HeapSequence,
    to: u64,
    deadline: Option<Instant>,
) -> Result<(Vec<u64>, bool), GameError> {
    let mut values = Vec::with_capacity(to as usize + 1);
    let mut timed_out = false;
    let streamed = sequence.for_each_value(to, &mut |n, v| {
        values.push(v.0);
        if n % 4096 == 4095 && deadline.is_some_and(|d| Instant::now() > d) {
            timed_out = true;
            // Any error stops the family's loop; `timed_out` tells it apart from real ones.
            return Err(GameError::TooLarge("time budget exhausted".into()));
        }
        Ok(())
    });
    match streamed {
        Err(_) if timed_out => Ok((values, true)),
        Err(e) => Err(e),
        Ok(()) => Ok((values, false)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theory::period::{find_certified_by_scan, observed_preperiod};
    use proptest::prelude::*;

    /// A closed form's period is checked against the table, not taken on trust: a table that
    /// breaks it (one wrong value) certifies nothing, with or without a saltus.
    #[test]
    fn a_closed_form_is_checked_against_the_table() {
        let form = |period, saltus| PeriodRule::ClosedForm {
            preperiod: 0,
            period,
            saltus,
            statement: "test",
        };
        let identity: Vec<u64> = (0..64).collect();
        let arithmetic = smallest_certified(&identity, form(1, 1)).unwrap();
        assert!(agrees_with_saltus(&identity, &arithmetic));
        let mut broken = identity.clone();
        broken[40] = 7;
        assert!(!agrees_with_saltus(&broken, &arithmetic));
        let alternating: Vec<u64> = (0..64).map(|n| n % 2).collect();
        assert_eq!(
            smallest_certified(&alternating, form(2, 0)),
            Some(Period {
                preperiod: 0,
                period: 2,
                saltus: 0
            })
        );
        let mut broken = alternating;
        broken[40] = 1;
        assert_eq!(smallest_certified(&broken, form(2, 0)), None);
    }

    proptest! {
        /// The Z-function answers agree with the O(N) backward scan for every shift.
        #[test]
        fn tail_runs_match_the_backward_scan(values in proptest::collection::vec(0u64..3, 0..80)) {
            let runs: Vec<(usize, u32)> = TailRuns::new(&values).collect();
            prop_assert_eq!(runs.len(), values.len().saturating_sub(1));
            for (p, run) in runs {
                prop_assert_eq!(
                    preperiod_of(values.len(), p, run),
                    observed_preperiod(&values, p),
                    "p = {}", p
                );
            }
        }

        /// The linear search finds what trying every p with the backward scan finds.
        #[test]
        fn smallest_certified_matches_naive(
            values in proptest::collection::vec(0u64..3, 0..80),
            k in 1u64..6,
        ) {
            let rule = PeriodRule::FiniteSubtraction { max_removal: k };
            prop_assert_eq!(
                smallest_certified(&values, rule),
                find_certified_by_scan(&values, rule)
            );
        }
    }

    /// A streaming sequence that takes about a millisecond per 4096 values.
    struct Slow;
    impl HeapSequence for Slow {
        fn for_each_value(
            &self,
            to: u64,
            sink: &mut dyn FnMut(u64, crate::numeric::Nimber) -> Result<(), GameError>,
        ) -> Result<(), GameError> {
            for n in 0..=to {
                if n % 4096 == 0 {
                    std::thread::sleep(Duration::from_millis(1));
                }
                sink(n, crate::numeric::Nimber(n % 3))?;
            }
            Ok(())
        }
    }

    #[test]
    fn the_time_budget_stops_the_search_and_keeps_the_prefix() {
        let budget = Budget {
            start: 1023,
            max: 1 << 24, // about 4 s of Slow
            time: Some(Duration::from_millis(20)),
        };
        let found = search(&Slow, budget).unwrap();
        assert_eq!(found.stop, Stop::Time);
        assert!(found.checked_to() < 1 << 24);
        assert!(found
            .values
            .iter()
            .enumerate()
            .all(|(n, &v)| v == n as u64 % 3));
        let p = found.best().unwrap();
        assert_eq!((p.preperiod, p.period, found.certified), (0, 3, None));
    }

    #[test]
    fn observed_needs_three_periods_and_half_the_table() {
        // 0..9 then period 2 for 10 values: the stretch is 10 of 20, five periods.
        let mut values: Vec<u64> = (10..20).collect();
        values.extend([0, 1].repeat(5));
        let p = observed_ordinary(&values).unwrap();
        assert_eq!((p.preperiod, p.period), (10, 2));
        // A stretch shorter than half the table is not reported.
        values.splice(0..0, 100..110);
        assert_eq!(observed_ordinary(&values), None);
    }
}
