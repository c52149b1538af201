//! Long runs of octal games through the real binary: `kill -9` in the middle of a
//! checkpointed run, resume, and compare with an uninterrupted run; statistics output.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_grundy");

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        // Tests never touch the user's table cache.
        .env("GRUNDY_CACHE", "off")
        .args(args)
        .output()
        .expect("the grundy binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn kill_9_then_resume_gives_the_uninterrupted_table() {
    let to = "300000";
    let (code, expected, err) = run(&["table", "officers", "--to", to]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(expected.lines().count(), 300_001);

    let file = scratch("officers.ck");
    let path = file.to_str().unwrap();
    let args = [
        "table",
        "officers",
        "--to",
        to,
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0",
    ];
    // The run writes each chunk of 65536 values to stdout, then saves it (`--checkpoint-every
    // 0`). Its stdout is a pipe this test reads at its own pace, so the run cannot finish
    // before the kill: once the test stops reading, the run blocks after at most the pipe
    // and its 64 KiB output buffer (about 128 KiB, some 35000 lines), far short of the
    // 300001 lines of the whole table. Nothing depends on how fast either side runs.
    let mut child = Command::new(BIN)
        // Tests never touch the user's table cache.
        .env("GRUNDY_CACHE", "off")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the grundy binary runs");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    // The first chunk's lines reach the pipe only once later output pushes them out of the
    // buffer, that is after the chunk was saved.
    for read in 0..65536 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "the run stopped after {read} lines");
    }
    let saved_values = |file: &PathBuf| std::fs::metadata(file).map_or(0, |m| m.len() / 2);
    // A bound only on how long a failing test waits.
    let start = Instant::now();
    while saved_values(&file) < 65536 {
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(5));
    }
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    drop(stdout);
    assert!(still_running, "the run finished before it could be killed");

    let (code, resumed, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let saved: u64 = err
        .split("checkpoint")
        .nth(1)
        .and_then(|rest| rest.split('(').nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no resume message: {err}"));
    // At least the chunk seen saved; at most what the blocked run could write past it.
    assert!((65536..200_000).contains(&saved), "{err}");
    assert!(resumed == expected, "resumed table differs");

    // A finished checkpoint answers at once, with the same table.
    let (code, again, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(300001 values)"), "{err}");
    assert!(again == expected);

    // A shorter request answers from the same checkpoint and leaves it whole.
    let short = [&args[..3], &["1000"], &args[4..]].concat();
    let (code, head, err) = run(&short);
    assert_eq!(code, 0, "{err}");
    assert!(expected.starts_with(&head) && head.lines().count() == 1001);
    let (_, _, err) = run(&args);
    assert!(err.contains("(300001 values)"), "{err}");

    // A checkpoint is tied to its game.
    let (code, _, err) = run(&["table", "kayles", "--to", "10", "--checkpoint", path]);
    assert_eq!(code, 2);
    assert!(
        err.contains("a different game, `octal:0.6`") && !err.contains("i/o error"),
        "{err}"
    );
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn statistics_and_refusals() {
    let (code, out, err) = run(&["octal-stats", "octal:0.16", "--to", "2^19", "--json"]);
    assert_eq!(code, 0, "{err}");
    let stats: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(stats["largest_value"], 23);
    assert_eq!(stats["largest_first_at"], 229790);
    assert_eq!(stats["rare_mask"], "0x1e");
    assert_eq!(stats["rare_count"], 53);
    assert_eq!(stats["last_rare"], 13935);
    assert_eq!(stats["period"]["preperiod"], 105351);
    assert_eq!(stats["period"]["period"], 149459);

    let (code, out, err) = run(&["table", "kayles", "--to", "5", "--stats"]);
    assert_eq!((code, out.as_str()), (0, "0\n1\n2\n3\n1\n4\n"), "{err}");
    assert!(err.contains("largest value: 4, first at heap 5"), "{err}");

    // Cross-tool checksum and histogram (#12): Kayles 0..=5 is 0 1 2 3 1 4, so c0 = 11 and
    // c1 = 0+1+3+6+7+11 = 28; heaps 1..=5 hold values 1, 2, 3, 1, 4.
    let (code, out, err) = run(&["octal-stats", "kayles", "--to", "5", "--histogram"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("checksum (ogsolve, c1:c0 running sums): 001C000B"),
        "{out}"
    );
    assert!(
        out.contains("histogram (heaps 1..=5):\n  0: 0\n  1: 2\n  2: 1\n  3: 1\n  4: 1\n"),
        "{out}"
    );
    let (code, out, err) = run(&["octal-stats", "kayles", "--to", "2^20", "--json"]);
    assert_eq!(code, 0, "{err}");
    let stats: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(stats["ogsolve_checksum"], "AAD8AA97");
    let histogram: Vec<u64> = serde_json::from_value(stats["histogram"].clone()).unwrap();
    assert_eq!(histogram.iter().sum::<u64>(), 1 << 20);
    assert_eq!(
        histogram.len() as u64 - 1,
        stats["largest_value"].as_u64().unwrap()
    );

    for (args, needle) in [
        (
            &["table", "nim", "--to", "5", "--stats"][..],
            "not an octal game",
        ),
        (
            &["octal-stats", "octal:0.7x", "--to", "5"][..],
            "not a code digit",
        ),
        (
            &["octal-stats", "grundys-game", "--to", "2^60"][..],
            "1.0 EiB at 1 byte a heap",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
