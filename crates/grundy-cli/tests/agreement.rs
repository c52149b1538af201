//! Issue 12 through the real binary: bad durations, misère JSON, and the commands agreeing
//! with each other.

mod common;

use common::{grundy, json, scratch};

/// `--checkpoint-every 1e30` used to overflow `Duration::from_secs_f64` (exit 101). Every
/// duration argument is validated by one parser: exit 2, one line naming the value.
#[test]
fn duration_arguments_are_validated() {
    for args in [
        vec![
            "octal-stats",
            "kayles",
            "--to",
            "100",
            "--checkpoint-every",
            "1e30",
        ],
        vec![
            "octal-stats",
            "kayles",
            "--to",
            "100",
            "--checkpoint-every=-1",
        ],
        vec!["period", "kayles", "--time", "1e30"],
        vec!["period", "kayles", "--time", "NaN"],
        vec!["pattern", "kayles", "--time", "inf"],
    ] {
        let (code, out, err) = grundy(&args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("seconds"), "{args:?}: {err}");
    }
}

/// Misère play: the total is `null`, each component keeps its normal-play value (the doc of
/// `grundy` says so).
#[test]
fn misere_json_grundy_fields_match_their_doc() {
    let v = json(&["solve", "nim", "1", "2", "--misere", "--json"]);
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["components"][0]["grundy"], 1);
    assert_eq!(v["components"][1]["grundy"], 2);
}

/// `census --output F` counted every row already in F: rows of other runs and repeated rows
/// too (a file of 56 sets reported 255). Each set of this run counts once; a row of another
/// run is an error naming the file and the line.
#[test]
fn census_resume_counts_each_set_of_this_run_once() {
    let dir = scratch("census-agree");
    let file = dir.join("rows.jsonl");
    let path = file.to_str().unwrap();
    let (code, _, err) = grundy(
        &[
            "census",
            "subtraction",
            "--max-element",
            "4",
            "--output",
            path,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("census: 15 subtraction sets"), "{err}");
    let rows = std::fs::read_to_string(&file).unwrap();
    assert_eq!(rows.lines().count(), 15);
    std::fs::write(&file, format!("{rows}{rows}")).unwrap();
    let (code, _, err) = grundy(
        &[
            "census",
            "subtraction",
            "--max-element",
            "4",
            "--output",
            path,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("census: 15 subtraction sets"), "{err}");
    assert!(err.contains("15 repeated rows"), "{err}");
    // The same file read by a run of another domain: refused, naming the file and the line.
    for other in [
        vec!["--max-element", "4", "--size", "2"],
        vec!["--max-element", "3"],
        vec!["--max-element", "4", "--shard", "1/2"],
    ] {
        let mut args = vec!["census", "subtraction", "--output", path];
        args.extend(other.iter().copied());
        let (code, _, err) = grundy(&args, "");
        assert_eq!(code, 2, "{other:?}: {err}");
        assert!(err.contains(path) && err.contains("line "), "{err}");
        assert!(err.contains("not one of this census's sets"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `solve` answers whenever `value` does; with the list omitted, one winning move (issue 12:
/// this Turning Corners position exited 2).
#[test]
fn solve_answers_with_one_winning_move() {
    let v = json(&[
        "solve",
        "turning-corners",
        "0,2",
        "30104305983,23034575",
        "15876,194844574",
        "--json",
    ]);
    assert_eq!(v["winner"], "first");
    assert!(v["moves_omitted"].is_string(), "{v}");
    assert_eq!(v["one_winning_move"]["component"], 1, "{v}");
    let v = json(&["solve", "kayles", "10^12", "--json"]);
    assert_eq!(v["one_winning_move"]["component"], 0, "{v}");
    let v = json(&["solve", "nim", "3", "5", "--json"]);
    assert!(v.get("one_winning_move").is_none(), "{v}");
}

/// `octal:4!.0` is Grundy's game, and `grundys-game` is its name.
#[test]
fn bang_codes_through_the_cli() {
    let (code, a, err) = grundy(&["table", "octal:4!.0", "--to", "20"], "");
    assert_eq!(code, 0, "{err}");
    let (_, b, _) = grundy(&["table", "grundys-game", "--to", "20"], "");
    assert_eq!(a, b);
    let (code, _, err) = grundy(&["value", "octal:0.3!", "5"], "");
    assert_eq!(code, 2);
    assert!(err.contains("does not split"), "{err}");
}

/// One `batch` line rule through the binary: CRLF, blank lines, no final newline.
#[test]
fn batch_crlf_and_blank_lines() {
    for (spec, line, answer) in [
        ("nim", "1 2", "first"),
        ("turning-corners", "1,1", "first"),
        ("moore:2", "1 1 1", "second"),
        ("prime-heap:3", "9", "first"),
    ] {
        let (code, out, err) = grundy(&["batch", spec], &format!("{line}\r\n\r\n{line}"));
        assert_eq!(code, 0, "{spec}: {err}");
        assert_eq!(out, format!("{answer}\nsecond\n{answer}\n"), "{spec}");
    }
}

/// `octal-stats` past a certified period: Kayles to 10^15 used to walk every heap (weeks); it
/// now answers at once from whole periods, agrees with `period`, and leaves out only the FNV
/// checksum, which has no shortcut. Below 2^31 repeated heaps the checksum is still there
/// (Dawson's Kayles to 10^6, whose run stops at the period; the library test
/// `statistics_past_the_table_come_from_the_period` checks every figure against the values
/// pushed one by one).
#[test]
fn octal_stats_past_the_period_answer_at_once() {
    let started = std::time::Instant::now();
    let stats = json(&["octal-stats", "kayles", "--to", "10^15", "--json"]);
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    assert_eq!(stats["heaps"], 1_000_000_000_000_001u64);
    assert_eq!(stats["checksum"], serde_json::Value::Null);
    assert_eq!(stats["ogsolve_checksum"], "4AD8CA97");
    assert_eq!(
        stats["histogram"]
            .as_array()
            .unwrap()
            .iter()
            .map(|count| count.as_u64().unwrap())
            .sum::<u64>(),
        1_000_000_000_000_000
    );
    let period = json(&["period", "kayles", "--json"]);
    assert_eq!(stats["period"]["period"], period["period"]);
    assert_eq!(stats["period"]["preperiod"], period["preperiod"]);

    let stats = json(&["octal-stats", "dawsons-kayles", "--to", "10^6", "--json"]);
    assert!(
        stats["checksum"].as_str().is_some_and(|c| c.len() == 16),
        "{stats}"
    );
}
