//! Infinite subtraction sets : no theorem applies, so periods are only
//! ever *observed*. Pins the blog's false "period 34" claim for {1} ∪ primes.

use grundy::registry::parse_spec;
use grundy::theory::period::{search, Budget, PeriodReport, Stop};

fn observe(spec: &str, to: u64) -> (PeriodReport, Vec<u64>) {
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
    assert_eq!(found.stop, Stop::Max, "{spec}: nothing can be certified");
    (PeriodReport::new(spec, &found), found.values)
}

#[test]
fn one_and_primes_is_n_mod_4_observed_not_period_34() {
    let (report, values) = observe("subtraction:1,primes", 100_000);
    assert!(values.iter().enumerate().all(|(n, &v)| v == n as u64 % 4));
    assert_eq!(
        (report.preperiod, report.period, report.saltus),
        (Some(0), Some(4), Some(0))
    );
    assert!(!report.certified);
    assert_eq!(report.checked_to, 100_000);
    assert!(
        report
            .reason
            .starts_with("observed up to 100000, not proved")
            && report.reason.contains("no periodicity theorem applies"),
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
