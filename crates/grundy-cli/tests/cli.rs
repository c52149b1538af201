//! The CLI contract of issue #2, exercised through the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `grundy args…` with `stdin`, returning (exit code, stdout, stderr).
pub fn grundy(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts input");
    let out = child.wait_with_output().expect("grundy finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = grundy(args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

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
