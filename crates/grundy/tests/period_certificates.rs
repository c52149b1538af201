//! Certified periods against independent computation: finite subtraction sets (random and
//! textbook) and octal games, the latter through a small self-contained octal rule set so the
//! Guy–Smith certificate is tested before the octal family lands (`period_octal.rs` repeats
//! the acceptance facts through `parse_spec` once it has).

use grundy::impartial::family::{Family, Play};

use grundy::impartial::games::subtraction::Subtraction;
use grundy::impartial::heap::{HeapFamily, HeapRules};
use grundy::impartial::table::heap_table;
use grundy::impartial::HeapGame;
use grundy::numeric::Nimber;
use grundy::registry::parse_spec;
use grundy::theory::period::PeriodRule;
use grundy::theory::period::{find_certified, search, Budget, Period, PeriodReport, Stop};
use proptest::prelude::*;

/// An octal game `0.d1d2…`: digit `d_j` says whether removing `j` tokens may leave no heap
/// (bit 1), one heap (bit 2) or two non-empty heaps (bit 4).
struct Octal {
    digits: Vec<u8>,
}

impl Octal {
    fn new(code: &str) -> Octal {
        let digits = code
            .strip_prefix("0.")
            .unwrap()
            .bytes()
            .map(|b| b - b'0')
            .collect();
        Octal { digits }
    }
}

impl HeapGame for Octal {
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for (index, &digit) in self.digits.iter().enumerate() {
            let j = index as u64 + 1;
            if j > n {
                break;
            }
            let rest = n - j;
            if digit & 1 != 0 && rest == 0 {
                visit(&[]);
            }
            if digit & 2 != 0 && rest > 0 {
                visit(&[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    visit(&[a, rest - a]);
                }
            }
        }
    }
}

impl HeapRules for Octal {
    fn spec(&self) -> String {
        let digits: String = self.digits.iter().map(|d| char::from(b'0' + d)).collect();
        format!("test-octal:0.{digits}")
    }

    fn option_count(&self, n: u64) -> u128 {
        self.digits.len() as u128 * (n as u128 / 2 + 2)
    }

    fn period_rule(&self) -> PeriodRule {
        PeriodRule::GuySmith {
            max_removal: self.digits.len() as u64,
        }
    }
}

/// Kayles as the issue states it: remove 1 or 2 adjacent pins, options `a + b` with
/// `a + b = n − 1` or `n − 2`.
struct Kayles;

impl HeapGame for Kayles {
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for take in 1..=2.min(n) {
            let rest = n - take;
            for a in 0..=rest / 2 {
                visit(&[a, rest - a]);
            }
        }
    }
}

const KAYLES_START: [u64; 40] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3,
];

#[test]
fn kayles_table_and_certified_period() {
    let table = heap_table(&Kayles, 400).unwrap();
    assert_eq!(&table[..40], &KAYLES_START);
    assert_eq!(table, heap_table(&Octal::new("0.77"), 400).unwrap());
    let rule = PeriodRule::GuySmith { max_removal: 2 };
    // Guy–Smith needs G up to 2·71 + 2·12 + 2 − 1 = 167: one value short proves nothing.
    assert_eq!(find_certified(&table[..167], rule), None);
    let p = find_certified(&table[..168], rule).unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (71, 12, 0));
    // Independent check far beyond the certificate.
    for n in 71..table.len() - 12 {
        assert_eq!(table[n + 12], table[n], "n = {n}");
    }
    assert_ne!(table[70 + 12], table[70]);
}

/// (code, preperiod, period) of the acceptance list.
const OCTAL_FACTS: [(&str, u64, u64); 5] = [
    ("0.77", 71, 12),
    ("0.07", 53, 34),
    ("0.137", 52, 34),
    ("0.45", 498, 20),
    ("0.156", 3479, 349),
];

#[test]
fn octal_periods_are_certified_and_hold_beyond_the_certificate() {
    for (code, preperiod, period) in OCTAL_FACTS {
        let family = HeapFamily::new(Octal::new(code));
        let found = search(
            &family,
            Budget {
                start: 255,
                max: 1 << 16,
                time: None,
            },
        )
        .unwrap();
        assert_eq!(found.stop, Stop::Certified, "{code}");
        let p = found.certified.unwrap();
        assert_eq!((p.preperiod, p.period), (preperiod, period), "{code}");
        // Independent: a table half as long again as the certificate needed.
        let table = heap_table(&Octal::new(code), found.checked_to() * 3 / 2).unwrap();
        let (i, q) = (p.preperiod as usize, p.period as usize);
        assert!(
            (i..table.len() - q).all(|n| table[n + q] == table[n]),
            "{code}"
        );
        assert!(i == 0 || table[i - 1 + q] != table[i - 1], "{code}");
    }
}

#[test]
fn huge_kayles_heaps_come_from_the_certified_period() {
    let family = HeapFamily::new(Octal::new("0.77"));
    let table = heap_table(&Kayles, 200).unwrap();
    let n: u64 = 1_000_000_000_000_000_003;
    let expected = table[(71 + (n - 71) % 12) as usize];
    assert_eq!(family.grundy(n).unwrap(), Nimber(expected));
    assert_eq!(
        family.certified_period(),
        Some(Period {
            preperiod: 71,
            period: 12,
            saltus: 0
        })
    );
    let top = family
        .value("18446744073709551615")
        .unwrap()
        .finite()
        .unwrap()
        .0;
    assert_eq!(top, table[(71 + (u64::MAX - 71) % 12) as usize]);
    // A sum that is a second-player win needs no options of the huge heap.
    let twin = table.iter().position(|&v| v == top).unwrap().to_string();
    let s = family
        .solve(&["18446744073709551615", &twin], Play::Normal)
        .unwrap();
    assert_eq!(s.grundy, Some(0));
    assert!(
        s.method.starts_with("certified period (71, 12)"),
        "{}",
        s.method
    );
    // Listing the ~2^63 splits of a huge heap is not attempted: the winner comes with
    // `moves_omitted` saying why, and never a partial list.
    let s = family
        .solve(&["18446744073709551615", "1000"], Play::Normal)
        .unwrap();
    let g1000 = table[(71 + (1000 - 71) % 12) as usize];
    assert_eq!(s.grundy, Some(top ^ g1000));
    if top != g1000 {
        assert!(s.winning_moves.is_empty());
        assert!(s.moves_omitted.as_deref().unwrap().contains("options"));
    }
}

#[test]
fn subtraction_2_5_7_at_the_top_of_u64() {
    let family = parse_spec("subtraction:2,5,7").unwrap();
    let table = heap_table(&Subtraction::parse("2,5,7", "t").unwrap(), 100).unwrap();
    let value = family.value("18446744073709551615").unwrap();
    assert_eq!(value.finite().unwrap().0, table[(u64::MAX % 22) as usize]);
    // Winning moves of a huge heap evaluate options through the period too.
    let s = family
        .solve(&["18446744073709551615", "3"], Play::Normal)
        .unwrap();
    assert!(
        s.method.starts_with("certified period (0, 22)"),
        "{}",
        s.method
    );
    for m in &s.winning_moves {
        let to: u64 = m.to.parse().unwrap();
        let other = s.components[1 - m.component].grundy.unwrap();
        assert_eq!(table[(to % 22) as usize] ^ other, 0, "{m:?}");
    }
    assert!(!s.winning_moves.is_empty() || s.grundy == Some(0));
}

/// Subtract-a-square and {1} ∪ primes, defined here (the catalogue's versions live on another
/// branch): infinite sets, so no theorem applies.
struct InfiniteSet {
    name: &'static str,
    elements: Vec<u64>,
}

impl InfiniteSet {
    fn squares(limit: u64) -> InfiniteSet {
        let elements = (1..).map(|k| k * k).take_while(|&s| s <= limit).collect();
        InfiniteSet {
            name: "squares",
            elements,
        }
    }

    fn one_and_primes(limit: u64) -> InfiniteSet {
        let mut elements = vec![1];
        elements.extend(grundy::numeric::primes::primes_up_to(limit).unwrap());
        InfiniteSet {
            name: "1,primes",
            elements,
        }
    }
}

impl HeapGame for InfiniteSet {
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for &s in self.elements.iter().take_while(|&&s| s <= n) {
            visit(&[n - s]);
        }
    }
}

impl HeapRules for InfiniteSet {
    fn spec(&self) -> String {
        format!("subtraction:{}", self.name)
    }

    fn option_count(&self, _n: u64) -> u128 {
        self.elements.len() as u128
    }
}

fn observe(rules: InfiniteSet, to: u64) -> (PeriodReport, Vec<u64>) {
    let spec = rules.spec();
    let family = HeapFamily::new(rules);
    let found = search(
        &family,
        Budget {
            start: 1023,
            max: to,
            time: None,
        },
    )
    .unwrap();
    assert_eq!(found.stop, Stop::Max);
    (PeriodReport::new(&spec, &found), found.values)
}

#[test]
fn one_and_primes_is_observed_n_mod_4_never_certified() {
    let (report, values) = observe(InfiniteSet::one_and_primes(20_000), 20_000);
    assert!(values.iter().enumerate().all(|(n, &v)| v == n as u64 % 4));
    assert_eq!(
        (report.preperiod, report.period, report.certified),
        (Some(0), Some(4), false)
    );
    assert_eq!(
        report.reason,
        "observed up to 20000, not proved: no periodicity theorem applies to subtraction:1,primes"
    );
}

#[test]
fn subtract_a_square_has_no_period() {
    let (report, values) = observe(InfiniteSet::squares(20_000), 20_000);
    assert_eq!(&values[..12], &[0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1]);
    assert_eq!((report.period, report.certified), (None, false));
    assert!(
        report.reason.starts_with("no period observed up to 20000"),
        "{}",
        report.reason
    );
    // The value path has no period to use and refuses beyond the table limit.
    let family = HeapFamily::new(InfiniteSet::squares(1000));
    assert!(family.grundy(u64::MAX).is_err());
}

/// The blog's "Hard Nim" moves (1 and the primes up to 13): it claims period 34 with
/// P-positions x mod 34 ∈ {4, 8, 20, 24, 28}. No element is a multiple of 4, and 1, 2, 3 are
/// moves, so G(n) = n mod 4: certified period (0, 4).
#[test]
fn blog_hard_nim_is_period_4_not_34() {
    let family = parse_spec("subtraction:1,2,3,5,7,11,13").unwrap();
    let found = search(
        family.sequence().unwrap(),
        Budget {
            start: 255,
            max: 1 << 12,
            time: None,
        },
    )
    .unwrap();
    let p = found.certified.unwrap();
    assert_eq!((p.preperiod, p.period), (0, 4));
    assert!(found
        .values
        .iter()
        .enumerate()
        .all(|(n, &v)| v == n as u64 % 4));
    // 12 is a P-position though 12 mod 34 is not in the blog's list; SG(36) ≠ SG(36 mod 34).
    assert_eq!(found.values[12], 0);
    assert_ne!(found.values[36], found.values[2]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// For random finite sets, the value path (certified period) agrees with a plain table far
    /// past the certificate.
    #[test]
    fn random_subtraction_sets_extend_correctly(
        set in proptest::collection::btree_set(1u64..14, 1..5),
        probes in proptest::collection::vec(0u64..20_000, 20),
    ) {
        let spec: Vec<String> = set.iter().map(u64::to_string).collect();
        let spec = spec.join(",");
        let game = Subtraction::parse(&spec, &spec).unwrap();
        let table = heap_table(&game, 20_000).unwrap();
        let family = HeapFamily::new(game);
        // Beyond the cache first (forces the period), then everywhere.
        let far = family.grundy(1 << 40).unwrap();
        if let Some(p) = family.certified_period() {
            let (i, q) = (p.preperiod as usize, p.period as usize);
            prop_assert!((i..table.len() - q).all(|n| table[n + q] == table[n]));
            prop_assert_eq!(far.0, table[i + ((1usize << 40) - i) % q]);
        }
        for n in probes {
            prop_assert_eq!(family.grundy(n).unwrap().0, table[n as usize]);
        }
    }
}
