//! The CLI contract of issue #2, exercised through the real binary.

mod common;

use common::{grundy, json, limited};

#[test]
fn solve_json_lists_every_winning_move() {
    let v = json(&["solve", "subtraction:1,3,4", "10", "20", "30", "--json"]);
    assert_eq!(v["winner"], "first");
    assert_eq!(v["grundy"], 3);
    let moves: Vec<(u64, String)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["component"].as_u64().unwrap(),
                m["to"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // G(10)=1, G(20)=2, G(30)=0: targets 2, 1, 3; G(6)=2, G(17)=1 (17≡3), G(26)=3 (26≡5).
    assert_eq!(moves, [(0, "6".into()), (1, "17".into()), (2, "26".into())]);
}

#[test]
fn solve_second_player_win_has_no_moves() {
    let v = json(&["solve", "nim", "1", "2", "3", "--json"]);
    assert_eq!(v["winner"], "second");
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn value_and_table() {
    let (code, out, _) = grundy(&["value", "subtraction:1..6", "18446744073709551615"], "");
    assert_eq!((code, out.trim()), (0, (u64::MAX % 7).to_string().as_str()));
    assert_eq!(json(&["value", "nim", "12", "--json"])["grundy"], 12);
    let (code, out, _) = grundy(&["table", "subtraction:1,3,4", "--to", "8"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "0\n1\n0\n1\n2\n3\n2\n0\n1\n");
    let v = json(&["table", "subtraction:1,3,4", "--to", "8", "--json"]);
    assert_eq!(v, serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0, 1]));
}

#[test]
fn batch_answers_one_line_per_line() {
    let (code, out, _) = grundy(&["batch", "nim"], "1 2 3\n4\n0\n5 5\n");
    assert_eq!(code, 0);
    assert_eq!(out, "second\nfirst\nsecond\nsecond\n");
    let (code, out, _) = grundy(&["batch", "nim", "--misere"], "1 1\n1\n2 2\n");
    assert_eq!(code, 0);
    assert_eq!(out, "first\nsecond\nsecond\n");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["solve", "chess", "1"], "", "unknown game"),
        (&["solve", "subtraction:", "1"], "", "invalid game"),
        (&["solve", "subtraction:0,1", "1"], "", "0 cannot be"),
        (&["solve", "nim", "-3"], "", ""),
        (
            &["solve", "nim", "18446744073709551616"],
            "",
            "exceeds 2^64",
        ),
        (&["table", "nim", "--to", "10^15"], "", "refused"),
        (&["batch", "nim"], "1 2\n3 x\n", "line 2"),
        // Subtraction games now play misère by the SJ rule; staircase Nim has no misère theory.
        (&["solve", "staircase", "--misere", "3"], "", "misère"),
    ];
    for (args, stdin, needle) in cases {
        let (code, out, err) = grundy(args, stdin);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

// ---- issue 4: period, pattern, census ----

#[test]
fn period_json_is_certified_for_finite_subtraction_sets() {
    let v = json(&["period", "subtraction:2,5,7", "--json"]);
    assert_eq!(v["preperiod"], 0);
    assert_eq!(v["period"], 22);
    assert_eq!(v["saltus"], 0);
    assert_eq!(v["certified"], true);
    assert!(v["checked_to"].as_u64().unwrap() >= 28);
    assert!(v["reason"].as_str().unwrap().starts_with("proved"), "{v}");
    // G(2^64−1) by the period: 2^64−1 ≡ 15 (mod 22), and G(15) = 1.
    let (code, out, _) = grundy(&["value", "subtraction:2,5,7", "18446744073709551615"], "");
    assert_eq!((code, out.trim()), (0, "1"));
    let v = json(&[
        "solve",
        "subtraction:2,5,7",
        "18446744073709551615",
        "1",
        "--json",
    ]);
    assert!(
        v["method"]
            .as_str()
            .unwrap()
            .starts_with("certified period (0, 22)"),
        "{v}"
    );
}

#[test]
fn period_without_a_theorem_is_observed() {
    let v = json(&["period", "subtraction:all-but:2", "--max", "1000", "--json"]);
    assert_eq!(v["certified"], false);
    assert_eq!(
        (v["period"].as_u64(), v["saltus"].as_u64()),
        (Some(4), Some(2))
    );
    assert_eq!(
        v["reason"],
        "observed up to 1000, not proved: no periodicity theorem applies to subtraction:all-but:2"
    );
    // Nim and Twins are arithmetic-periodic by their closed form G(n) = n: proved.
    for game in ["nim", "twins"] {
        let v = json(&["period", game, "--max", "1000", "--json"]);
        assert_eq!(v["certified"], true, "{game}");
        assert_eq!(
            (
                v["preperiod"].as_u64(),
                v["period"].as_u64(),
                v["saltus"].as_u64()
            ),
            (Some(0), Some(1), Some(1)),
            "{game}"
        );
        assert!(
            v["reason"].as_str().unwrap().starts_with("proved: "),
            "{game}: {v}"
        );
    }
}

#[test]
fn pattern_reports_p_positions() {
    let v = json(&["pattern", "subtraction:1,3,4", "--json"]);
    let findings = v["findings"].as_array().unwrap();
    let zeros = findings
        .iter()
        .find(|f| f["hypothesis"] == "p-positions-periodic")
        .unwrap();
    assert_eq!(
        zeros["statement"],
        "G(n) = 0 ⇔ n mod 7 ∈ {0,2} for all n ≥ 0"
    );
    assert_eq!(zeros["certified"], true);
}

#[test]
fn census_shards_and_resume_agree_with_one_run() {
    let dir = std::env::temp_dir().join(format!("grundy-census-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = |path: &std::path::Path| {
        let mut lines: Vec<String> = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        lines.sort();
        lines
    };
    let census = |extra: &[&str], file: &std::path::Path| {
        let mut args = vec![
            "census",
            "subtraction",
            "--max-element",
            "8",
            "--format",
            "csv",
        ];
        args.extend(extra);
        let file = file.to_str().unwrap().to_string();
        args.extend(["--output", file.as_str()]);
        let (code, _, err) = grundy(&args, "");
        assert_eq!(code, 0, "{err}");
        err
    };
    let whole = dir.join("whole.csv");
    let _ = std::fs::remove_file(&whole);
    let summary = census(&[], &whole);
    assert!(
        summary.contains("census: 255 subtraction sets"),
        "{summary}"
    );
    let all = rows(&whole);
    assert_eq!(all.len(), 256); // header + 255 sets
    assert!(all.contains(&"1 3 4,0,7,63".to_string()));
    // Interrupted mid-line: resuming completes the file to the same rows.
    let text = std::fs::read_to_string(&whole).unwrap();
    let partial = dir.join("partial.csv");
    std::fs::write(&partial, &text[..text.len() / 2]).unwrap();
    let summary = census(&[], &partial);
    assert!(summary.contains("resumed from the file"), "{summary}");
    assert_eq!(rows(&partial), all);
    // Three shards together are the whole census.
    let mut sharded = Vec::new();
    for i in 0..3 {
        let shard = dir.join(format!("shard{i}.csv"));
        let _ = std::fs::remove_file(&shard);
        census(&["--shard", &format!("{i}/3")], &shard);
        sharded.extend(rows(&shard).into_iter().filter(|l| !l.starts_with("set,")));
    }
    sharded.sort();
    assert_eq!(sharded, all[..255].to_vec());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn period_pattern_census_bad_input_exits_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["census", "nim", "--max-element", "4"],
            "only `subtraction`",
        ),
        (
            &[
                "census",
                "subtraction",
                "--max-element",
                "4",
                "--shard",
                "3/3",
            ],
            "shard",
        ),
        (
            &["census", "subtraction", "--max-element", "64"],
            "max-element",
        ),
        (
            &["census", "subtraction", "--max-element", "4", "--size", "5"],
            "--size",
        ),
        (&["period", "subtraction:1,3", "--time", "0"], "seconds"),
        (&["period", "chess"], "unknown game"),
        (&["pattern", "subtraction:0"], "0 cannot be"),
    ];
    for (args, needle) in cases {
        let (code, out, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Issue 3: every classic family through the CLI contract.
#[test]
fn classic_games_through_the_cli() {
    // "1 or a prime" is n mod 4 (not period 34), at any heap size.
    let (code, out, _) = grundy(&["value", "subtraction:1,primes", "2^64-1"], "");
    assert_eq!((code, out.trim()), (0, "3"));
    let v = json(&["table", "subtraction:primes", "--to", "12", "--json"]);
    assert_eq!(
        v,
        serde_json::json!([0, 0, 1, 1, 2, 2, 3, 3, 4, 0, 0, 1, 1])
    );
    let v = json(&["table", "subtraction:all-but:2,5", "--to", "7", "--json"]);
    assert_eq!(v, serde_json::json!([0, 1, 0, 1, 2, 3, 2, 3]));

    // Wythoff: one queen exactly at 10^18 scale; a sum by table.
    let v = json(&[
        "solve",
        "wythoff",
        "1618033988749894849,2618033988749894848",
        "--json",
    ]);
    assert_eq!(v["winner"], "first");
    let moves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert!(
        moves.contains(&"1618033988749894848,2618033988749894848"),
        "{moves:?}"
    );
    let v = json(&["solve", "wythoff", "1,2", "3,5", "--json"]);
    assert_eq!(
        (v["winner"].as_str(), v["grundy"].as_u64()),
        (Some("second"), Some(0))
    );

    // Moore and staircase: one game per POSITION list; `to` is the whole new position.
    let v = json(&["solve", "moore:2", "3", "5", "6", "--json"]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"component": 1, "to": "3 3 3"}])
    );
    let v = json(&["solve", "staircase", "0", "5", "9", "--json"]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"component": 0, "to": "5 0 9"}])
    );
    let (code, out, _) = grundy(&["batch", "moore:2"], "3 5 6\n7 7 7\n");
    assert_eq!((code, out.as_str()), (0, "first\nsecond\n"));
    let (code, out, _) = grundy(&["batch", "moore:2", "--misere"], "1 1 1 1\n1 1 1\n7 7 7\n");
    assert_eq!((code, out.as_str()), (0, "second\nfirst\nsecond\n"));

    // Chessboard coins (HackerRank board): 5,4 and 3,3.
    let v = json(&["solve", "chessboard", "5,4", "3,3", "--json"]);
    assert_eq!(v["grundy"], 6);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"component": 0, "to": "3,3"}])
    );

    // Misère: subtraction sets by the SJ rule, refusals where there is no theory.
    let (code, out, _) = grundy(
        &["batch", "subtraction:1..3", "--misere"],
        "1\n1 1\n2 2\n4 4\n",
    );
    assert_eq!((code, out.as_str()), (0, "second\nfirst\nsecond\nfirst\n"));
    for args in [
        &["solve", "wythoff", "1,2", "3,4", "--misere"][..],
        &["solve", "staircase", "1", "2", "--misere"],
        &["solve", "chessboard:8", "1,1", "--misere"],
        &["value", "wythoff", "3000,3001"],
        &["solve", "subtraction:all-but:1..200000", "1"],
    ] {
        let (code, _, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// A winner known by a certified period, with too many options to list the winning moves:
/// the answer says so (`moves_omitted`) instead of refusing or listing some of them.
#[test]
fn huge_heaps_report_the_winner_and_why_moves_are_not_listed() {
    let v = json(&["solve", "kayles", "10^12", "--json"]);
    // 10^12 ≡ 4 (mod 12) beyond the preperiod 71, and G(76) = G(88) = … = 1.
    assert_eq!(v["winner"], "first");
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert!(
        v["moves_omitted"].as_str().unwrap().contains("options"),
        "{v}"
    );
    // Small positions never carry the field.
    let v = json(&["solve", "kayles", "5", "--json"]);
    assert!(v.get("moves_omitted").is_none(), "{v}");
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
}

/// Fuzz finding (target `position`, input `kayles 44444444`): `solve` collected all 4·10^7
/// options of the heap before judging them and peaked at 2.4 GB. Options are now judged as
/// they are generated, so the run fits well under a 1.5 GB address-space limit and still lists
/// every winning move (3 703 698 of them).
#[test]
fn solving_a_kayles_heap_of_44444444_fits_in_memory() {
    let (code, out, err) = limited(1_500_000, &["solve", "kayles", "44444444", "--json"]);
    assert_eq!(code, 0, "{err}");
    let solution: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(solution["winner"], "first");
    assert_eq!(
        solution["winning_moves"].as_array().map(Vec::len),
        Some(3_703_698)
    );
}

/// Misère take-and-break games are searched (they used to be refused as having no theory):
/// Kayles rows 1 and 4 lose for the mover, 2 and 1 + 1 win; past 200 tokens the search is
/// refused in one line.
#[test]
fn misere_kayles_is_searched_and_bounded() {
    let (code, out, err) = grundy(&["batch", "kayles", "--misere"], "1\n4\n2\n1 1\n");
    assert_eq!(
        (code, out.as_str()),
        (0, "second\nsecond\nfirst\nfirst\n"),
        "{err}"
    );
    let v = json(&["solve", "kayles", "5", "--misere", "--json"]);
    assert_eq!(v["winner"], "first");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"component": 0, "to": "4"}, {"component": 0, "to": "2+2"}])
    );
    let (code, _, err) = grundy(&["solve", "kayles", "150", "60", "--misere"], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("210 tokens are past the 200"), "{err}");
}

/// A tuple game's move is the whole new position, shown against the whole old one; a sum's
/// move changes one component, shown against that component.
#[test]
fn solve_shows_each_move_against_what_it_changes() {
    let (code, out, _) = grundy(&["solve", "staircase", "3", "1"], "");
    assert_eq!(code, 0);
    assert!(out.contains("\n  3 1 → 4 0\n"), "{out}");
    let (_, out, _) = grundy(&["solve", "moore:2", "3", "5", "6"], "");
    assert!(out.contains("\n  3 5 6 → 3 3 3\n"), "{out}");
    let (_, out, _) = grundy(&["solve", "nim", "1", "2"], "");
    assert!(out.contains("\n  component 1: 2 → 1\n"), "{out}");
}
