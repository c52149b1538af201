//! Issue 12 through the real binary: bad durations, misère JSON, and the commands agreeing
//! with each other.

mod common;

use common::{grundy, json};

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
    let dir = std::env::temp_dir().join(format!("grundy-census-agree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rows.jsonl");
    let path = file.to_str().unwrap();
    let _ = std::fs::remove_file(&file);
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
