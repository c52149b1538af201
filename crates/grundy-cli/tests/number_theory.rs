//! The gcd and prime-heap families through the real binary (issue 3).

mod common;
use common::grundy;

fn ok(args: &[&str], stdin: &str) -> String {
    let (code, out, err) = grundy(args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

#[test]
fn gcd_through_every_command() {
    assert_eq!(ok(&["value", "gcd", "9"], ""), "2\n");
    assert_eq!(ok(&["value", "gcd", "10^10+19"], ""), "455052512\n");
    assert_eq!(
        ok(&["table", "gcd", "--to", "11", "--json"], ""),
        "[0,1,0,2,0,3,0,4,0,2,0,5]\n"
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "gcd", "3", "5", "9", "--json"], "")).unwrap();
    assert_eq!(v["winner"], "first");
    assert_eq!(v["grundy"], 3);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 4);
    assert_eq!(
        ok(&["batch", "gcd"], "3 5 7\n9 3\n2\n"),
        "first\nsecond\nsecond\n"
    );
    let (code, _, err) = grundy(&["batch", "gcd"], "3\n4 -1\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 2"), "{err}");
    // An odd prime beyond the prime counter's reach: refused (solve names the reason).
    let (code, _, err) = grundy(&["value", "gcd", "18446744073709551557"], "");
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
    let (code, _, err) = grundy(&["solve", "gcd", "18446744073709551557", "3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("beyond grundy's limit of 10^14"), "{err}");
    // A table past the sieve's limit is refused before it writes anything (it printed G(0)).
    let (code, out, err) = grundy(
        &["table", "gcd", "--to", "10^15", "--output-limit", "15E"],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("smallest-prime-factor sieve"), "{err}");
}

#[test]
fn prime_heap_through_every_command() {
    let v: serde_json::Value = serde_json::from_str(&ok(
        &["solve", "prime-heap:7", "1140", "1139", "--json"],
        "",
    ))
    .unwrap();
    assert_eq!(v["winner"], "first");
    assert_eq!(v["grundy"], 1);
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "prime-heap:3", "128", "--json"], "")).unwrap();
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
    assert_eq!(ok(&["value", "prime-heap:7", "1140"], ""), "3\n");
    // Heaps 3..6 can reach a prime (K = 2): no Grundy value, as `value` and `solve` say.
    assert_eq!(
        ok(&["table", "prime-heap:2", "--to", "6", "--json"], ""),
        "[0,1,2,null,null,null,null]\n"
    );
    assert_eq!(
        ok(&["value", "prime-heap:3", "9"], ""),
        "no Grundy value: the player to move wins at once (9 → 7 leaves a prime)\n"
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["value", "prime-heap:3", "9", "--json"], "")).unwrap();
    assert_eq!(v["grundy"], serde_json::Value::Null);
    // (9, 9) is a first-player win: either heap moves onto 7 (issue 12: `count` said 1).
    let count = |outcome: &str| {
        ok(
            &[
                "count",
                "prime-heap:3",
                "--heaps",
                "2",
                "--sizes",
                "9",
                "--modulo",
                "1000",
                "--outcome",
                outcome,
            ],
            "",
        )
    };
    assert_eq!(
        (count("second").as_str(), count("first").as_str()),
        ("0\n", "1\n")
    );
    assert_eq!(
        ok(&["batch", "prime-heap:1"], "2\n2 1\n1140 1140\n"),
        "second\nfirst\nsecond\n"
    );
    for bad in [
        vec!["solve", "prime-heap:0", "5"],
        vec!["solve", "prime-heap", "5"],
        vec!["solve", "prime-heap:7", "5", "--misere"],
    ] {
        let (code, _, err) = grundy(&bad, "");
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
