//! Acceptance facts of issue 4 for the octal family : certified periods from
//! `grundy::registry::parse_spec("octal:…")`, and huge values by the period.

use grundy::registry::parse_spec;
use grundy::theory::period::{search, Budget, PeriodReport, Stop};

/// Searches the sequence of `spec` with a generous budget.
fn certified(spec: &str) -> PeriodReport {
    let family = parse_spec(spec).unwrap();
    let sequence = family.sequence().expect("octal games are heap sequences");
    let found = search(
        sequence,
        Budget {
            start: 1023,
            max: 1 << 16,
            time: None,
        },
    )
    .unwrap();
    assert_eq!(found.stop, Stop::Certified, "{spec}");
    PeriodReport::new(spec, &found)
}

#[test]
fn octal_acceptance_periods() {
    for (spec, preperiod, period) in [
        ("octal:0.77", 71, 12),
        ("kayles", 71, 12),
        ("octal:0.07", 53, 34),
        ("octal:0.137", 52, 34),
        ("octal:0.45", 498, 20),
        ("octal:0.156", 3479, 349),
    ] {
        let report = certified(spec);
        assert!(report.certified, "{spec}: {report:?}");
        assert_eq!(
            (report.preperiod, report.period, report.saltus),
            (Some(preperiod), Some(period), Some(0)),
            "{spec}"
        );
        assert!(
            report.reason.contains("Guy–Smith"),
            "{spec}: {}",
            report.reason
        );
    }
}

#[test]
fn kayles_far_out_comes_from_the_period() {
    let kayles = parse_spec("octal:0.77").unwrap();
    let n: u64 = 1_000_000_000_000_000_003;
    // n ≡ 71 + (n − 71) mod 12: the table value at the same phase.
    let phase = 71 + (n - 71) % 12;
    let same_phase = kayles.value(&phase.to_string()).unwrap();
    assert_eq!(kayles.value(&n.to_string()).unwrap(), same_phase);
    let top = kayles.value("18446744073709551615").unwrap();
    let top_phase = 71 + (u64::MAX - 71) % 12;
    assert_eq!(top, kayles.value(&top_phase.to_string()).unwrap());
}
