//! Issue 20, the octal items: long octal runs are estimated or refused with the figure that
//! really stops them, and the limit that set it.
//! - games with three-way splits (cost about n²) print an estimate and are refused past
//!   `--time`, with the estimate in the message;
//! - a tiny memory budget is refused with the real cost (table plus solver scratch), not a
//!   table of a few KiB;
//! - under `ulimit -v`, `value officers 2^27` is refused naming `ulimit -v`.

mod common;

use common::grundy;
use std::process::{Command, Stdio};

#[test]
fn three_way_codes_are_estimated_and_refused_past_the_time() {
    // The estimate is printed first; a run within --time goes on (G(4000) of 0.8 is 1333).
    let (code, out, err) = grundy(&["value", "octal:0.8", "4000", "--time", "600"], "");
    assert_eq!((code, out.trim()), (0, "1333"), "{err}");
    assert!(
        err.contains(
            "G(0..=4000) of `octal:0.8` (three-way splits, cost growing as n²): estimated"
        ),
        "{err}"
    );
    // Past --time: refused at once, the estimate in the message (2^15 heaps take a minute).
    for args in [
        &["value", "octal:0.8", "2^15", "--time", "1"][..],
        &["table", "octal:0.8", "--to", "2^15", "--time", "1"][..],
        &["octal-stats", "octal:0.8", "--to", "2^15", "--time", "1"][..],
        // solve and explain compute the same table for their largest heap: they too were
        // silent until their --time watchdog stopped them, not refused at once.
        &["solve", "octal:0.8", "3", "2^15", "--time", "1"][..],
        &["solve", "octal:0.8", "2^15", "--json", "--time", "1"][..],
        &["explain", "octal:0.8", "2^15", "--time", "1"][..],
    ] {
        let (code, out, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.contains("G(0..=32768) of `octal:0.8` would take about")
                && err.contains("past --time 1.0 s; raise --time"),
            "{args:?}: {err}"
        );
    }
    // A short run is neither estimated nor refused.
    let (code, out, err) = grundy(&["value", "octal:0.8", "300", "--time", "1"], "");
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let (code, out, err) = grundy(&["solve", "octal:0.8", "300", "7", "--time", "1"], "");
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
}

/// `batch` had no `--time`: a heap of a three-way code ran unbounded. Each group of answers
/// is now bounded (the stream itself is not: an interactive session may last for ever).
#[test]
fn batch_answers_within_its_time() {
    let started = std::time::Instant::now();
    let (code, out, err) = grundy(&["batch", "octal:0.8", "--time", "1"], "3\n1000000\n");
    assert_eq!(code, 2, "{out} {err}");
    assert!(
        err.contains("batch: no answer within --time 1.0 s, so it was stopped; raise --time"),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 60, "stopped at its time");
    // Lines answered within the time are answered as before, partizan games included.
    let (code, out, err) = grundy(&["batch", "nim", "--time", "5"], "1 2 3\n4\n");
    assert_eq!((code, out.as_str()), (0, "second\nfirst\n"), "{err}");
    let (code, out, err) = grundy(&["batch", "domineering", "--time", "5"], "..|..\n.|.\n");
    assert_eq!((code, out.as_str()), (0, "N\nL\n"), "{err}");
}

#[test]
fn a_tiny_memory_budget_names_the_real_cost() {
    let (code, _, err) = grundy(&["--memory", "1M", "value", "officers", "1000"], "");
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // Not "a table of 2.0 KiB … allows 1.0 MiB": the scratch is named, and the limit.
    for words in [
        "1.0 KiB at 1 byte a heap, plus",
        "of solver scratch",
        "the budget allows 1.0 MiB (set by --memory; raise it with --memory SIZE)",
    ] {
        assert!(err.contains(words), "`{words}` not in {err}");
    }
    // With room for the scratch it answers.
    let (code, out, err) = grundy(&["--memory", "64M", "value", "officers", "1000"], "");
    assert_eq!(code, 0, "{err}");
    assert!(!out.trim().is_empty());
}

/// Officers' table is narrow (one byte a heap) until G(10344) = 256: the copy to two bytes a
/// heap is checked against the budget then, and refused in one line when it does not fit
/// (5 400 000 bytes hold the scratch of one thread, 5 382 144 bytes, and the narrow stage of
/// 16384 heaps, but not the 48 KiB of both copies).
#[test]
fn widening_past_the_budget_is_refused_in_one_line() {
    let args = [
        "--memory",
        "5400000",
        "value",
        "officers",
        "20000",
        "--threads",
        "1",
    ];
    let (code, out, err) = grundy(&args, "");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("widening the table to 2 bytes a heap at G(10344) = 256 (48.0 KiB while"),
        "{err}"
    );
    let (code, out, err) = grundy(&["--memory", "8M", "value", "officers", "20000"], "");
    assert_eq!((code, out.trim()), (0, "15"), "{err}");
}

#[test]
fn under_ulimit_v_the_officers_refusal_names_the_limit() {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 300000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "officers", "2^27"])
        .env("GRUNDY_CACHE", "off")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("ulimit -v") && err.contains("--memory SIZE"),
        "{err}"
    );
}

#[test]
fn threads_do_not_change_values() {
    let value = |threads: &str| {
        let (code, out, err) = grundy(&["value", "officers", "70000", "--threads", threads], "");
        assert_eq!(code, 0, "{err}");
        out
    };
    assert_eq!(value("1"), value("2"));
    let (code, _, err) = grundy(&["value", "officers", "5", "--threads", "0"], "");
    assert_eq!(code, 2, "{err}");
}

/// Issue 20: "`--time` must bound every long command". Officers (no period in sight) to
/// 2^40 once ran on past `--time` in `table` and `octal-stats`, whose octal runs had their
/// own progress bar and no watchdog: now each is stopped when the time is up, in one line.
#[test]
fn time_stops_long_octal_runs() {
    for args in [
        &["octal-stats", "officers", "--to", "2^40", "--time", "2"][..],
        &[
            "table",
            "officers",
            "--to",
            "2^40",
            "--time",
            "2",
            "--output-limit",
            "16T",
        ][..],
    ] {
        let started = std::time::Instant::now();
        let (code, _, err) = grundy(&[args, &["--threads", "1"]].concat(), "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(&format!(
                "{}: no answer within --time 2.0 s, so it was stopped; raise --time SECONDS",
                args[0]
            )),
            "{args:?}: {err}"
        );
        assert!(started.elapsed().as_secs() < 30, "{args:?} ran on");
    }
}
