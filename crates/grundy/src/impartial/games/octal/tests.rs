//! Oracles from the literature (Winning Ways; Flammenkamp's tables; Gangolli–Plambeck) and the
//! family's behaviour through the CLI interface. The longest runs are `#[ignore]`d: run them
//! with `cargo test --release -p grundy octal -- --ignored`.

use super::sequence::Run;
use super::stats::StatsBuilder;
use super::*;
use crate::impartial::family::Play;
use crate::impartial::heap::HeapFamily;
use crate::impartial::{Heaps, Solver};
use crate::registry::parse_spec;
use crate::theory::period::HeapSequence;
use crate::theory::period::Period;

fn first_values(spec: &str, count: u64) -> Vec<u64> {
    parse_spec(spec)
        .unwrap()
        .sequence()
        .unwrap()
        .values(count - 1)
        .unwrap()
}

fn parse(code: &str) -> Result<OctalCode, GameError> {
    OctalCode::parse(code, code)
}

#[test]
fn first_forty_values_of_named_games() {
    let cases: [(&str, [u64; 40]); 3] = [
        (
            "kayles",
            [
                0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8,
                5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3,
            ],
        ),
        (
            "dawsons-kayles",
            [
                0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1,
                1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0,
            ],
        ),
        (
            "officers",
            [
                0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5,
                1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3,
            ],
        ),
    ];
    for (name, expected) in cases {
        assert_eq!(first_values(name, 40), expected, "{name}");
    }
}

#[test]
fn dawsons_chess_is_dawsons_kayles_shifted_by_one() {
    let chess = first_values("dawsons-chess", 2000);
    let kayles = first_values("octal:0.07", 2001);
    assert_eq!(chess[..], kayles[1..]);
}

#[test]
fn codes_are_normalised() {
    for (input, normal) in [
        ("0.137", "0.137"),
        (".6", "0.6"),
        ("0.7700", "0.77"),
        ("4.07", "4.07"),
        ("0.F", "0.f"),
        ("4.", "4.0"),
        ("0.0", "0.0"),
    ] {
        assert_eq!(parse(input).unwrap().code(), normal, "{input}");
    }
    let kayles = parse_spec("Kayles").unwrap();
    assert_eq!(kayles.spec(), "octal:0.77");
    assert_eq!(parse_spec("treblecross").unwrap().spec(), "octal:0.007");
}

#[test]
fn bad_codes_are_refused_with_the_reason() {
    for (code, needle) in [
        ("0.9x", "`x` is not a code digit"),
        ("1.5", "may only be 0, 4, 8 or c"),
        ("2.0", "may only be 0, 4, 8 or c"),
        ("07", "expected digits around a point"),
        ("00.7", "must be one digit"),
        ("0.3[7]", "repeating"),
        ("0.-1", "not a code digit"),
    ] {
        let error = parse(code).unwrap_err().to_string();
        assert!(error.contains(needle), "{code}: {error}");
    }
    assert!(parse(&format!("0.{}", "1".repeat(MAX_CODE_DIGITS + 1))).is_err());
    assert!(parse_spec("octal").is_err());
    assert!(parse_spec("kayles:0.7").is_err());
}

#[test]
fn heap_options_are_smaller_heaps_and_match_the_code() {
    // 4.07: split without removing; remove 1 (whole) or 1.. leaving one or two heaps.
    let rules = parse("4.07").unwrap().rules();
    let mut options = Vec::new();
    rules.visit_options(4, &mut |o| options.push(o.to_vec()));
    // take 2 → 2; split without removing → 1+3, 2+2; remove 2 and split → 1+1.
    assert_eq!(options, [vec![2], vec![1, 3], vec![2, 2], vec![1, 1]]);
    for code in ["0.f", "4.07", "8.1", "0.777", "c.3"] {
        let rules = parse(code).unwrap().rules();
        for n in 0..30u64 {
            rules.visit_options(n, &mut |o| assert!(o.iter().all(|&h| h >= 1 && h < n)));
        }
    }
}

#[test]
fn hexadecimal_three_way_splits_match_the_generic_solver() {
    for code in ["0.8", "0.f", "0.48", "8.0", "0.1c"] {
        let game = TakeAndBreak::octal(&parse(code).unwrap());
        let values = HeapFamily::new(game.clone()).values(60).unwrap();
        let view = Heaps(&game);
        let mut solver = Solver::new(&view);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(solver.grundy(&(n as u64)).unwrap().0, v, "{code} n = {n}");
        }
        assert_eq!(game.period_rule(), PeriodRule::None, "{code}");
    }
}

#[test]
fn winning_moves_write_splits_as_sums() {
    let kayles = parse_spec("kayles").unwrap();
    let solution = kayles.solve(&["5"], Play::Normal).unwrap();
    // G(5) = 4; moves to value 0: 5 → 1+3? G(1)⊕G(3) = 1⊕3 = 2; 5 → 2+2: 0.
    assert!(solution.winning_moves.iter().any(|m| m.to == "2+2"));
    for m in &solution.winning_moves {
        let parts: Vec<&str> = m.to.split('+').collect();
        let value = parts
            .iter()
            .map(|p| kayles.value(p).unwrap().finite().unwrap().0)
            .fold(0, |a, v| a ^ v);
        assert_eq!(value, 0, "{}", m.to);
    }
}

/// `(code, preperiod, period)` from the literature: certified by Guy–Smith from the table.
fn certified_period(code: &str) -> Period {
    let rules = parse(code).unwrap().rules();
    let outcome = Run::new(&rules, code).compute(1 << 25).unwrap();
    outcome.period.expect("certified")
}

#[test]
fn solved_games_have_their_published_periods() {
    for (code, preperiod, period) in [
        ("0.45", 498, 20),
        ("0.156", 3479, 349),
        ("0.356", 7315, 142),
        ("0.644", 3256, 442),
        ("0.165", 5181, 1550),
        ("0.127", 46578, 4),
        ("0.16", 105351, 149459),
        ("0.56", 326640, 144),
        ("0.77", 71, 12),
        ("0.07", 53, 34),
    ] {
        let p = certified_period(code);
        assert_eq!((p.preperiod, p.period), (preperiod, period), "{code}");
    }
}

#[test]
#[ignore = "long: 0.376 needs 4.5 million values, 0.354 twenty million"]
fn long_solved_games_have_their_published_periods() {
    for (code, preperiod, period) in [("0.376", 2268248, 4), ("0.354", 10061916, 1180)] {
        let p = certified_period(code);
        assert_eq!((p.preperiod, p.period), (preperiod, period), "{code}");
    }
}

fn stats_of(code: &str, to: u64) -> stats::Stats {
    stats_of_rules(&parse(code).unwrap().rules(), code, to)
}

/// The statistics as `octal-stats` computes them (whole periods at once past the table),
/// checked against every value pushed one by one.
fn stats_of_rules(rules: &MoveRules, code: &str, to: u64) -> stats::Stats {
    let outcome = Run::new(rules, code).compute(to).unwrap();
    let mut builder = StatsBuilder::new(rules.split_parity());
    for n in 0..=to {
        builder.push(outcome.value(n).unwrap());
    }
    let stats = StatsBuilder::of_outcome(rules.split_parity(), code, to, &outcome).unwrap();
    assert_eq!(
        stats,
        builder.finish(code, outcome.period),
        "{code} to {to}"
    );
    stats
}

#[test]
fn statistics_past_the_table_come_from_the_period() {
    // Periodic games, asked for heaps on both sides of where the run's table ends.
    for code in ["0.07", "0.77", "0.137", "0.51", "4.07"] {
        for to in [0, 1, 100, 1000, 4099, 10_007] {
            stats_of(code, to);
        }
    }
    // Kayles to 10^15 from its period (71 + 12), at once; the FNV checksum is left out.
    let rules = parse("0.77").unwrap().rules();
    let outcome = Run::new(&rules, "0.77").compute(10u64.pow(15)).unwrap();
    assert!(outcome.values.len() < 10_000);
    let stats =
        StatsBuilder::of_outcome(rules.split_parity(), "0.77", 10u64.pow(15), &outcome).unwrap();
    assert_eq!(stats.checksum, None);
    assert_eq!(stats.heaps, 10u64.pow(15) + 1);
    assert_eq!(stats.histogram.iter().sum::<u64>(), 10u64.pow(15));
    assert_eq!((stats.largest_value, stats.largest_first_at), (8, 27));
    assert_eq!(stats.last_rare, Some(70));
    assert_eq!(stats.ogsolve_checksum, "4AD8CA97");
    let err = StatsBuilder::of_outcome(rules.split_parity(), "0.77", u64::MAX, &outcome);
    assert!(err.unwrap_err().to_string().contains("2^64 heaps"));
}

#[test]
fn statistics_of_0_16() {
    let stats = stats_of("0.16", 1 << 19);
    assert_eq!((stats.largest_value, stats.largest_first_at), (23, 229790));
    assert_eq!(
        (stats.rare_mask.as_str(), stats.rare_count, stats.last_rare),
        ("0x1e", 53, Some(13935))
    );
}

// The running-sum checksums other octal tools (ogsolve) print over G(0..=n), as published
// with the issue (#12); one test each so that they run in parallel.
#[test]
fn cross_tool_checksum_of_officers_to_2_20() {
    assert_eq!(stats_of("0.6", 1 << 20).ogsolve_checksum, "1369632A");
}

#[test]
fn cross_tool_checksum_of_kayles_to_2_20() {
    assert_eq!(stats_of("0.77", 1 << 20).ogsolve_checksum, "AAD8AA97");
}

#[test]
fn cross_tool_checksum_of_grundys_game_to_2_20() {
    let rules = parse("4!.0").unwrap().rules();
    let stats = stats_of_rules(&rules, "grundys-game", 1 << 20);
    assert_eq!(stats.ogsolve_checksum, "A4B697C4");
}

#[test]
fn cross_tool_checksum_of_0_16_to_2_22() {
    let stats = stats_of("0.16", 1 << 22);
    assert_eq!(stats.ogsolve_checksum, "753E9CF5");
    // The histogram covers heaps 1..=2^22, and its top is the largest value.
    assert_eq!(stats.histogram.iter().sum::<u64>(), 1 << 22);
    assert_eq!(stats.histogram.len(), 24);
    assert!(stats.histogram[23] > 0);
}

#[test]
#[ignore = "long: 0.6 to 2^21 (about 3.5e9 rare-pair steps)"]
fn statistics_of_officers_to_2_21() {
    let stats = stats_of("0.6", (1 << 21) - 1);
    assert_eq!(
        (stats.largest_value, stats.largest_first_at),
        (319, 1274955)
    );
    assert_eq!(
        (stats.rare_mask.as_str(), stats.rare_count, stats.last_rare),
        ("0x1ee", 1584, Some(20627))
    );
}

#[test]
fn huge_tables_are_refused_with_the_figure() {
    let rules = parse("4!.0").unwrap().rules();
    let error = Run::new(&rules, "grundys-game")
        .compute(1 << 50)
        .unwrap_err()
        .to_string();
    // Grundy's game starts narrow: values below 256 take one byte a heap.
    assert!(
        error.contains("1.0 PiB") && error.contains("1 byte a heap"),
        "{error}"
    );
    // Periodic games need only the certificate, however far the table goes.
    let kayles = parse("0.77").unwrap().rules();
    let outcome = Run::new(&kayles, "octal:0.77").compute(1 << 50).unwrap();
    assert_eq!(
        outcome.value((1 << 50) - 1),
        Some(outcome.values.get(71 + ((1 << 50) - 1 - 71) % 12))
    );
}

/// CGSuite's TBCode `!` ("the parts left must differ"), issue 12: `octal:4!.0` used to be
/// refused as a repeating code. Per digit: in `0.4!4` only the split removing 1 needs
/// different parts. Checked against the generic solver over the definition and against a
/// hand count of the options.
#[test]
fn bang_codes_mean_the_parts_must_differ() {
    let mut options = Vec::new();
    let rules = parse("0.4!4").unwrap().rules();
    rules.visit_options(6, &mut |o| options.push(o.to_vec()));
    // Remove 1 (parts of 5 must differ): 1+4, 2+3; remove 2 (parts of 4): 1+3, 2+2.
    assert_eq!(options, [vec![1, 4], vec![2, 3], vec![1, 3], vec![2, 2]]);
    for code in ["4!.0", "0.4!", "0.4!4", "0.7!7", "4!.4!", "0.6!", "4!.07"] {
        let spec = format!("octal:{code}");
        let family = parse_spec(&spec).unwrap();
        assert_eq!(family.spec(), spec, "normal form keeps the `!`");
        let values = first_values(&spec, 300);
        let rules = parse(code).unwrap().rules();
        let view = Heaps(&rules);
        let mut solver = Solver::new(&view);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(solver.grundy(&(n as u64)).unwrap().0, v, "{code}, n = {n}");
        }
    }
    assert_eq!(
        first_values("octal:4!.0", 21),
        first_values("grundys-game", 21)
    );
    for (bad, needle) in [
        ("0.3!", "does not split"),
        ("!4.0", "before the point"),
        ("0.8!", "two-heap splits only"),
        ("0.[4]", "repeating"),
    ] {
        let err = parse(bad).unwrap_err().to_string();
        assert!(err.contains(needle), "{bad}: {err}");
    }
}

/// Misère take-and-break games are searched position by position (`theory::misere_search`).
/// Where an octal code is a subtraction game, grundy's subtraction family decides misère play
/// by the SJ rule, proved for `S = {a..b}` (`theory::misere`): the two methods must agree on
/// every sum, winner and winning moves alike.
#[test]
fn misere_search_agrees_with_the_subtraction_rule() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    for (code, set) in [
        ("octal:0.33", "subtraction:1,2"),
        ("octal:0.333", "subtraction:1,2,3"),
        ("octal:0.0333", "subtraction:2,3,4"),
    ] {
        let (octal, subtraction) = (parse_spec(code).unwrap(), parse_spec(set).unwrap());
        for _ in 0..60 {
            let heaps: Vec<String> = (0..1 + next(4)).map(|_| next(14).to_string()).collect();
            let heaps: Vec<&str> = heaps.iter().map(String::as_str).collect();
            let by_search = octal.solve(&heaps, Play::Misere).unwrap();
            let by_rule = subtraction.solve(&heaps, Play::Misere).unwrap();
            assert_eq!(by_search.winner, by_rule.winner, "{code} {heaps:?}");
            let sorted = |mut moves: Vec<crate::impartial::family::Move>| {
                moves.sort_by(|a, b| (a.component, &a.to).cmp(&(b.component, &b.to)));
                moves
            };
            assert_eq!(
                sorted(by_search.winning_moves),
                sorted(by_rule.winning_moves),
                "{code} {heaps:?}"
            );
        }
    }
}

/// Misère Kayles is wild (no rule on normal-play values decides it); the search gives the
/// single rows the first player loses, and refuses a sum past its bound in one line.
#[test]
fn misere_kayles_rows() {
    let kayles = parse_spec("kayles").unwrap();
    let losing: Vec<u64> = (0..=24)
        .filter(|n| {
            let row = n.to_string();
            kayles.solve(&[&row], Play::Misere).unwrap().winner == crate::outcome::Winner::Second
        })
        .collect();
    assert_eq!(losing, [1, 4, 9, 12, 20]);
    let err = kayles
        .solve(&["300", "300"], Play::Misere)
        .unwrap_err()
        .to_string();
    assert!(err.contains("searched position by position"), "{err}");
}
