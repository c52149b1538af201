//! The CLI contract of issue #2, exercised through the real binary.

mod support;

use support::{grundy, json};

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
        (
            &["solve", "subtraction:1..6", "--misere", "3"],
            "",
            "misère",
        ),
    ];
    for (args, stdin, needle) in cases {
        let (code, out, err) = grundy(args, stdin);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
