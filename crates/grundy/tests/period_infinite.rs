//! Infinite subtraction sets: the periodicity theorems for finite sets do not apply, so
//! periods are only ever *observed* — except where the proved closed form `G(n) = n mod k`
//! (`S` holds 1..k−1 and no multiple of `k`) certifies its own. Pins the blog's false
//! "period 34" claim for {1} ∪ primes.

use grundy::registry::parse_spec;
use grundy::theory::period::{search, Budget, PeriodReport, Stop};

fn observe(spec: &str, to: u64) -> (PeriodReport, Vec<u64>) {
    let (report, values, stop) = search_to(spec, to);
    assert_eq!(stop, Stop::Max, "{spec}: nothing can be certified");
    (report, values)
}

fn search_to(spec: &str, to: u64) -> (PeriodReport, Vec<u64>, Stop) {
    let family = parse_spec(spec).unwrap();
    let sequence = family
        .sequence()
        .expect("subtraction games are heap sequences");
    let found = search(
        sequence,
        Budget {
            start: to,
            max: to,
            time: None,
        },
    )
    .unwrap();
    (PeriodReport::new(spec, &found), found.values, found.stop)
}

#[test]
fn one_and_primes_is_n_mod_4_proved_not_period_34() {
    let (report, values, stop) = search_to("subtraction:1,primes", 100_000);
    assert!(values.iter().enumerate().all(|(n, &v)| v == n as u64 % 4));
    assert_eq!(
        (report.preperiod, report.period, report.saltus),
        (Some(0), Some(4), Some(0))
    );
    // Certified by the closed form (1, 2, 3 are moves, no prime is a multiple of 4), which
    // `value` already answers by; it was reported "observed, not proved".
    assert_eq!(stop, Stop::Certified);
    assert!(report.certified);
    assert!(
        report
            .reason
            .starts_with("proved: G(n) = n mod k for every n"),
        "{}",
        report.reason
    );
    // The published claim: SG(x) = SG(x mod 34) and SG(x) = 0 ⇔ x mod 34 ∈ {4, 8, 20, 24, 28}.
    // 12 is a P-position outside that list, and SG(36) = 0 ≠ SG(2) = 2.
    assert_eq!(values[12], 0);
    assert_ne!(values[36], values[2]);
}

#[test]
fn squares_are_never_certified() {
    let (report, values) = observe("subtraction:squares", 20_000);
    assert!(!report.certified);
    assert_eq!(report.period, None, "{report:?}");
    assert!(
        report.reason.starts_with("no period observed up to 20000"),
        "{}",
        report.reason
    );
    // Subtract-a-square: 0 1 0 1 2 0 1 0 1 2 0 1 …
    assert_eq!(&values[..12], &[0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]);
    // And the value path refuses a heap it cannot reach rather than guessing a period.
    let family = parse_spec("subtraction:squares").unwrap();
    assert!(family.value("18446744073709551615").is_err());
}
