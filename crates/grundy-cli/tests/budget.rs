//! Issue 20: never abort, never hang, never buffer. Each command of the issue runs under an
//! address-space limit of 1 GiB (`ulimit -v`) and must answer or refuse with a clear line —
//! never exit 134 (the allocator giving up), never a panic; and each misleading message of the
//! issue is checked for its words.

mod common;

use common::{command, grundy, limited, scratch};
use std::process::{Command, Stdio};

const GIB: u64 = 1 << 20; // in KiB, for `ulimit -v`

#[test]
fn under_one_gib_of_address_space_every_command_answers_or_refuses() {
    // (arguments, expected exit code, words the answer or refusal must hold)
    let cases: &[(&[&str], i32, &str)] = &[
        // Aborted allocating 1 GiB: now stops at the memory budget or the time.
        (
            &[
                "period",
                "subtraction:all-but:2",
                "--max",
                "2^40",
                "--time",
                "3",
            ],
            0,
            "observed up to",
        ),
        // Allocated 5.26 GB before refusing: now refused at once, with the figure.
        (
            &["value", "subtraction:2,3,1000000007", "10^18"],
            2,
            "certificate needs a table of at least 1000000008 values",
        ),
        // Hung walking 2^63 residues.
        (
            &["solve", "subtraction:2^63..2^63+5", "2^63"],
            0,
            "component 0: 9223372036854775808 → 0",
        ),
        // Started 2^36 sets with no estimate.
        (
            &["census", "subtraction", "--max-element", "36"],
            2,
            "raise --time or split it into shards",
        ),
        // Assumed 2 bytes a line.
        (&["table", "nim", "--to", "10^10"], 2, "--output-limit SIZE"),
        // Wrote without limit.
        (
            &["table", "nim", "--to", "999999", "--explain"],
            2,
            "--output-limit SIZE",
        ),
        // The address-space room is the budget: a table past it is refused, naming it.
        (
            &["value", "subtraction:squares", "2^28-2"],
            2,
            "(the address-space limit, ulimit -v; raise it with --memory SIZE)",
        ),
        // Officers to 2^27 grows its table in rounds for hours: stopped by --time, from
        // the pace of a round or when the time is up, whichever comes first.
        (
            &["value", "officers", "2^27", "--time", "20"],
            2,
            "--time 20 s",
        ),
    ];
    for (args, code, words) in cases {
        let (got, out, err) = limited(GIB, args);
        assert_ne!(got, 134, "{args:?} aborted: {err}");
        assert!(!err.contains("internal error"), "{args:?} panicked: {err}");
        assert_eq!(got, *code, "{args:?}: {out} {err}");
        let text = format!("{out}{err}");
        assert!(text.contains(words), "{args:?}: `{words}` not in {text}");
    }
}

#[test]
fn memory_flag_sets_the_budget_and_reads_sizes() {
    let (code, _, err) = grundy(
        &[
            "--memory",
            "1M",
            "solve",
            "subtraction:1,3,4",
            "10^6",
            "--misere",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("allows 1.0 MiB (set by --memory; raise it with --memory SIZE)"),
        "{err}"
    );
    let (code, out, err) = grundy(&["value", "--memory", "512M", "kayles", "100"], "");
    assert_eq!((code, out.trim()), (0, "1"), "{err}");
    let (code, _, err) = grundy(&["--memory", "4X", "value", "nim", "1"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("`4X` is not a size") && err.contains("512M, 4G"),
        "{err}"
    );
}

/// Every memory refusal names the limit that set it: `--memory` when the user gave one, the
/// machine's limit otherwise. The transposition table, the three-way octal bitsets and a
/// graph file that reads on past its size (a device) all said "this machine allows", even
/// under `--memory 1M`.
#[test]
fn memory_refusals_name_the_limit_that_set_it() {
    let strip = "LR".repeat(300);
    let search = ["value", "toppling-dominoes", strip.as_str()];
    let device = ["value", "hackenbush", "@/dev/zero"];
    let three_way = ["value", "octal:0.8", "10^5"];
    for args in [&search[..], &device, &three_way] {
        let (code, _, err) = grundy(&[&["--memory", "1M"], args].concat(), "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        if args == three_way {
            // Refused before the timed sample, whatever the machine's speed.
            assert!(err.contains("at least 1.5 MiB (16 bytes a heap"), "{err}");
        }
        assert!(
            err.contains("1.0 MiB (set by --memory") && !err.contains("machine"),
            "{args:?}: {err}"
        );
    }
    // 10^5 dominoes: the path to the depth limit holds about 3 rows a level, past the budget
    // (5000 held whole move lists, 8.7 GB; now they fit and reach the depth limit instead).
    let long_strip = "LR".repeat(50_000);
    for args in [
        &["value", "toppling-dominoes", long_strip.as_str()][..],
        &device,
    ] {
        let (code, _, err) = limited(GIB, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("(the address-space limit, ulimit -v") && !err.contains("--memory;"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn output_limit_refuses_with_the_estimate_and_raises() {
    let (code, _, err) = grundy(
        &["table", "nim", "--to", "10^5", "--output-limit", "100K"],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("would write about 488.3 KiB") && err.contains("--output-limit SIZE"),
        "{err}"
    );
    let (code, out, _) = grundy(
        &["table", "nim", "--to", "10^5", "--output-limit", "1M"],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 100_001);
}

#[test]
fn write_errors_on_stdout_fail_and_a_closed_pipe_is_quiet() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["--help"][..],
        &["table", "nim", "--to", "100"],
        &["games"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = command().args(args).stdout(full).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
    }
    // EPIPE (`| head -1`): quiet, exit 0.
    let mut child = command()
        .args(["table", "nim", "--to", "10^7"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 2];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn parse_errors_name_the_token_and_the_range() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["period", "nim", "--time", "1e10"],
            &["`1e10` seconds is too long", "at most 1e9"],
        ),
        (
            &["solve", "moore:2^33", "1"],
            &["K = 8589934592 is above 2^32", "1 ≤ K ≤ 2^32"],
        ),
        (&["solve", "moore:0", "1"], &["K = 0", "1 ≤ K ≤ 2^32"]),
        (
            &["value", "nim", "10^20-10^20"],
            &["the term `10^20` exceeds 2^64", "at most 2^64−1"],
        ),
        (&["value", "nim", "+5"], &["`+5` starts with `+`", "(`5`)"]),
        (
            &["solve", "subtraction:1,2^64", "5"],
            &["element `2^64` of the set", "up to 2^64−1"],
        ),
    ];
    for (args, words) in cases {
        let (code, _, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        for w in *words {
            assert!(err.contains(w), "{args:?}: `{w}` not in {err}");
        }
    }
    // Forms positions accept are accepted in specs too.
    for (args, answer) in [
        (&["value", "moore:2^32", "3"][..], "3"),
        (&["value", "subtraction:2^10", "1024"], "1"),
    ] {
        let (code, out, err) = grundy(args, "");
        assert_eq!((code, out.trim()), (0, answer), "{args:?}: {err}");
    }
    let (code, _, err) = grundy(&["period", "nim", "--max", "100", "--time", "1e9"], "");
    assert_eq!(code, 0, "{err}");
    // A graph file: `START` is named as a misspelt keyword; a long line is echoed once, cut.
    let dir = scratch("graph");
    let file = dir.join("g.txt");
    std::fs::write(&file, "START 0\n0 1\n").unwrap();
    let at = format!("@{}", file.display());
    let (code, _, err) = grundy(&["value", "graph", &at], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 1: `START 0`: `START` is not a keyword: write `start`"),
        "{err}"
    );
    std::fs::write(&file, format!("start 0\n0 {}\n", "7".repeat(400))).unwrap();
    let (code, _, err) = grundy(&["value", "graph", &at], "");
    assert_eq!(code, 2);
    // The line is echoed once, cut at 80 characters; the long word is named by its place.
    assert!(
        err.contains('…')
            && err.matches("7777777777").count() == 7
            && err.contains("the second word (400 characters) is not a vertex id"),
        "{err}"
    );
}

#[test]
fn checkpoints_are_locked_and_a_directory_is_named() {
    let dir = scratch("lock");
    let ck = dir.join("run.ck");
    let ck_text = ck.display().to_string();
    let (code, _, err) = grundy(
        &[
            "table",
            "officers",
            "--to",
            "10",
            "--checkpoint",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("is a directory; give the path of a file"),
        "{err}"
    );
    // A second run while the first holds the checkpoint is refused by name.
    let mut first = command()
        .args([
            "table",
            "octal:0.8",
            "--to",
            "10^7",
            "--checkpoint",
            &ck_text,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the first run has written its checkpoint, which it does only once it holds the
    // lock. Probing earlier would race it: a probe holding the lock for a moment makes the first
    // run itself be refused. Up to 60 s, for a loaded machine.
    let mut started = false;
    for _ in 0..1200 {
        if let Some(status) = first.try_wait().unwrap() {
            panic!("the first run ended before the probe ({status})");
        }
        if ck.exists() {
            started = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(started, "the first run wrote no checkpoint within 60 s");
    let (code, _, err) = grundy(
        &["table", "octal:0.8", "--to", "10", "--checkpoint", &ck_text],
        "",
    );
    let still_running = first.try_wait().unwrap().is_none();
    let _ = first.kill();
    let _ = first.wait();
    assert!(still_running, "the first run ended during the probe");
    assert_eq!(
        code, 2,
        "the second run is refused while the first runs: {err}"
    );
    assert!(
        err.contains(&format!("another run is using checkpoint {ck_text}")),
        "{err}"
    );
    // A census output file is locked the same way, and a directory is named.
    let (code, _, err) = grundy(
        &[
            "census",
            "subtraction",
            "--max-element",
            "4",
            "--output",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("output file") && err.contains("is a directory"),
        "{err}"
    );
}

#[test]
fn census_resume_streams_and_skips_what_is_done() {
    let dir = scratch("census");
    let out = dir.join("k9.jsonl");
    let path = out.to_str().unwrap();
    let (code, _, err) = grundy(
        &[
            "census",
            "subtraction",
            "--max-element",
            "9",
            "--output",
            path,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let whole = std::fs::read_to_string(&out).unwrap();
    assert_eq!(whole.lines().count(), 511);
    // Interrupted mid-line after 300 rows: the cut line is dropped, the rest computed once.
    let cut: String = whole
        .lines()
        .take(300)
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        + "{\"set\":[1,";
    std::fs::write(&out, cut).unwrap();
    let (code, _, err) = grundy(
        &[
            "census",
            "subtraction",
            "--max-element",
            "9",
            "--output",
            path,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(300 resumed from the file)"), "{err}");
    let mut again: Vec<String> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let mut expected: Vec<String> = whole.lines().map(String::from).collect();
    again.sort();
    expected.sort();
    assert_eq!(again, expected);
}

#[test]
fn plots_are_written_atomically() {
    let dir = scratch("plot");
    let picture = dir.join("p.svg");
    std::fs::write(&picture, "old").unwrap();
    // A refused plot leaves the old file as it was, and no temporary file.
    let (code, _, _) = grundy(
        &[
            "plot",
            "nim",
            "--to",
            "10^15",
            "-o",
            picture.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert_eq!(std::fs::read_to_string(&picture).unwrap(), "old");
    let (code, _, err) = grundy(
        &[
            "plot",
            "kayles",
            "--to",
            "50",
            "-o",
            picture.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&picture)
        .unwrap()
        .starts_with("<svg"));
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn value_and_solve_refuse_past_time_with_the_estimate() {
    // A table of 3·10^7 values of the squares game takes hours: refused at once, with the
    // estimate, the pace it comes from, and the flag.
    for args in [
        &["value", "subtraction:squares", "3*10^7", "--time", "2"][..],
        &["solve", "subtraction:squares", "3*10^7", "5", "--time", "2"],
        &[
            "solve",
            "subtraction:squares",
            "3*10^7",
            "--time",
            "2",
            "--json",
        ],
    ] {
        let started = std::time::Instant::now();
        let (code, out, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(
            err.contains("would take about")
                && err.contains("at the pace so far")
                && err.contains("past --time 2.0 s; raise --time SECONDS"),
            "{args:?}: {err}"
        );
        assert!(started.elapsed().as_secs() < 30, "{args:?}");
    }
    // What fits answers as before.
    let (code, out, err) = grundy(
        &["value", "subtraction:squares", "10^4", "--time", "60"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let expected = grundy(&["table", "subtraction:squares", "--to", "10^4"], "").1;
    assert_eq!(out.trim(), expected.lines().last().unwrap());
    // --time is read like every duration.
    let (code, _, err) = grundy(&["value", "nim", "3", "--time", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("positive number of seconds"), "{err}");
}

#[test]
fn table_streams_values_of_families_that_need_the_whole_table() {
    // The full table of 3·10^7 squares values takes hours; its first lines come at once.
    // Under `timeout`, so that a regression fails instead of hanging.
    let mut child = std::process::Command::new("timeout")
        .args(["120", env!("CARGO_BIN_EXE_grundy")])
        .args(["table", "subtraction:squares", "--to", "3*10^7"])
        .env("GRUNDY_CACHE", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = Vec::new();
    for _ in 0..100_000 {
        let mut line = String::new();
        std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
        assert!(line.ends_with('\n'), "the stream ended: {line:?}");
        first.push(line);
    }
    let _ = child.kill();
    let _ = child.wait();
    let (code, expected, err) = grundy(&["table", "subtraction:squares", "--to", "99999"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(first.concat(), expected);
}

#[test]
fn a_census_killed_mid_run_leaves_its_rows_whole_and_resumes() {
    let dir = scratch("census-kill");
    let file = dir.join("k18.jsonl");
    let path = file.to_str().unwrap();
    let args = [
        "census",
        "subtraction",
        "--max-element",
        "18",
        "--output",
        path,
    ];
    // Killed by the kernel, with no chance to tidy up, at a fixed point in the middle of a
    // write: `ulimit -f` caps the file at 64 blocks (32 KiB, or 64 KiB where a block is 1 KiB),
    // and the write that crosses the cap gets SIGXFSZ. The census needs megabytes, so it
    // cannot finish first, however fast it runs or however late a test thread would wake to
    // kill it (the whole census takes about a second).
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -c 0 && ulimit -f 64 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("GRUNDY_CACHE", "off")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    // Where SIGXFSZ is ignored (inherited), the write fails with EFBIG instead: stopped all
    // the same, after the same partial write.
    assert!(
        !status.success() && (1..=64 << 10).contains(&text.len()),
        "the census was not cut by the file-size limit: {status}, {} bytes",
        text.len()
    );
    let lines: Vec<&str> = text.lines().collect();
    // Every whole line is a row; only a last line cut by the kill may be partial.
    let whole = if text.ends_with('\n') {
        &lines[..]
    } else {
        &lines[..lines.len() - 1]
    };
    for line in whole {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(
            row["set"].as_array().is_some_and(|s| !s.is_empty()),
            "{line}"
        );
    }
    // The resumed run keeps those rows and completes the census: the rows of one whole run.
    let (code, _, err) = grundy(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("({} resumed from the file)", whole.len())),
        "{err}"
    );
    let resumed = std::fs::read_to_string(&file).unwrap();
    assert!(resumed.starts_with(&whole.iter().map(|l| format!("{l}\n")).collect::<String>()));
    let fresh = dir.join("fresh.jsonl");
    let mut one_run = args.map(String::from);
    one_run[5] = fresh.display().to_string();
    let one_run: Vec<&str> = one_run.iter().map(String::as_str).collect();
    assert_eq!(grundy(&one_run, "").0, 0);
    let sorted = |text: &str| {
        let mut lines: Vec<&str> = text.lines().collect();
        lines.sort_unstable();
        lines.join("\n")
    };
    assert_eq!(
        sorted(&resumed),
        sorted(&std::fs::read_to_string(&fresh).unwrap())
    );
}

/// Runs `args` (a squares-game table of 3·10^7 heaps: hours of work) under `--time 2` and
/// checks it is refused within seconds, by `command`, with the estimate and the flag.
fn refused_past_time(args: &[&str], command: &str) -> String {
    let started = std::time::Instant::now();
    let args = [args, &["--time", "2"]].concat();
    let (code, out, err) = grundy(&args, "");
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(
        err.starts_with(&format!(
            "grundy: refused: {command}: 30000001 heaps would take about"
        )) && err.contains("at the pace so far")
            && err
                .trim_end()
                .ends_with("past --time 2.0 s; raise --time SECONDS"),
        "{args:?}: {err}"
    );
    assert!(started.elapsed().as_secs() < 30, "{args:?}");
    out
}

#[test]
fn table_refuses_past_time_after_the_lines_it_streamed() {
    let out = refused_past_time(&["table", "subtraction:squares", "--to", "3*10^7"], "table");
    // The values streamed before the refusal are the table's first lines.
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 1000, "{} lines", lines.len());
    assert_eq!(&lines[..5], ["0", "1", "0", "1", "2"]);
    // `--explain` is bounded too: no progress reports, so it is stopped when the time is up.
    let (code, _, err) = grundy(
        &[
            "table",
            "subtraction:squares",
            "--to",
            "50000",
            "--explain",
            "--time",
            "0.5",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "table: no answer within --time 0.5 s, so it was stopped; raise --time SECONDS"
        ),
        "{err}"
    );
}

#[test]
fn plot_refuses_past_time_and_leaves_no_file() {
    let dir = scratch("plot-time");
    let picture = dir.join("p.svg");
    let path = picture.to_str().unwrap();
    refused_past_time(
        &["plot", "subtraction:squares", "--to", "3*10^7", "-o", path],
        "plot",
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn explain_refuses_past_time_with_the_estimate() {
    refused_past_time(&["explain", "subtraction:squares", "3*10^7"], "explain");
    refused_past_time(
        &["explain", "subtraction:squares", "3*10^7", "5", "--json"],
        "explain",
    );
}

#[test]
fn count_refuses_past_time_with_the_estimate() {
    refused_past_time(
        &[
            "count",
            "subtraction:squares",
            "--heaps",
            "2",
            "--sizes",
            "3*10^7",
            "--modulo",
            "7",
        ],
        "count",
    );
}

/// A memory cgroup of our own, made below the test's cgroup (v1: the memory hierarchy at
/// `/sys/fs/cgroup/memory`; v2: `/sys/fs/cgroup`), removed when dropped.
struct ScratchCgroup {
    dir: std::path::PathBuf,
}

impl ScratchCgroup {
    /// A cgroup limited to `bytes`, or why none can be made here (not root, no memory
    /// controller, a read-only or delegated hierarchy).
    fn new(bytes: u64) -> Result<ScratchCgroup, String> {
        let groups = std::fs::read_to_string("/proc/self/cgroup").map_err(|e| e.to_string())?;
        let v1 = groups.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':').skip(1);
            let controllers = fields.next()?;
            let path = fields.next()?;
            controllers.split(',').any(|c| c == "memory").then(|| {
                (
                    format!("/sys/fs/cgroup/memory{path}"),
                    "memory.limit_in_bytes",
                )
            })
        });
        let v2 = || {
            let path = groups.lines().find_map(|l| l.strip_prefix("0::"))?;
            Some((format!("/sys/fs/cgroup{path}"), "memory.max"))
        };
        let (parent, limit_file) = v1.or_else(v2).ok_or("no memory cgroup line")?;
        let dir = std::path::Path::new(parent.trim_end_matches('/'))
            .join(format!("grundy-test-{}", std::process::id()));
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let group = ScratchCgroup { dir };
        std::fs::write(group.dir.join(limit_file), bytes.to_string())
            .map_err(|e| format!("{limit_file}: {e}"))?;
        Ok(group)
    }
}

impl Drop for ScratchCgroup {
    fn drop(&mut self) {
        // The process inside has exited, so the directory is empty of tasks.
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// A container's memory limit is a budget: in a cgroup of 64 MiB, a misère table of 763 MiB
/// is refused in one line that names the cgroup. It used to be ended by the OOM killer
/// (signal 9): on hosts where the memory controller is on cgroup v1 beside a v2 hierarchy (as
/// here), or where the process sits below the hierarchy's root, the limit was never read.
/// Needs a writable memory cgroup (root); elsewhere it says why and checks nothing.
#[test]
fn a_cgroup_memory_limit_is_a_budget() {
    let group = match ScratchCgroup::new(64 << 20) {
        Ok(group) => group,
        Err(why) => {
            eprintln!("skipped: no scratch memory cgroup here ({why})");
            return;
        }
    };
    let mut inside = Command::new("sh");
    inside
        .arg("-c")
        .arg(format!(
            "echo $$ > {}/cgroup.procs && exec \"$0\" \"$@\"",
            group.dir.display()
        ))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(["solve", "subtraction:1,3,4", "10^8", "--misere"])
        .env("GRUNDY_CACHE", "off");
    let (code, out, err) = common::run(inside, "");
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    for words in [
        "762.9 MiB",
        "(the cgroup memory limit; raise it with --memory SIZE)",
    ] {
        assert!(err.contains(words), "{err}");
    }
}

#[test]
fn cgt_and_thermograph_stop_at_their_time() {
    // ^<32>·256 + {1|-1}: minutes of canonical-form work (173 s in the twelfth session).
    let expr = "^<32>*256 + {1|-1}";
    let picture = scratch("thermograph-time").join("never-written.svg");
    let started = std::time::Instant::now();
    for args in [
        vec!["cgt", expr, "--time", "1"],
        vec!["cgt", expr, "--json", "--time", "1"],
        vec![
            "thermograph",
            expr,
            "-o",
            picture.to_str().unwrap(),
            "--time",
            "1",
        ],
    ] {
        let (code, out, err) = grundy(&args, "");
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.trim_end().ends_with(
                "no answer within --time 1.0 s, so it was stopped; raise --time SECONDS"
            ) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    assert!(!picture.exists(), "a stopped thermograph wrote {picture:?}");
    // A small game answers well within the time.
    let (code, out, _) = grundy(&["cgt", "{1|-1} + ^", "--time", "5"], "");
    assert_eq!(code, 0);
    assert!(out.contains("canonical form"), "{out}");
}
