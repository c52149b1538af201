//! Issue 12 through the real binary: bad durations, misère JSON, and the commands agreeing
//! with each other.

mod common;

use common::{grundy, json};

/// `--checkpoint-every 1e30` used to overflow `Duration::from_secs_f64` (exit 101). Every
/// duration argument is validated by one parser: exit 2, one line naming the value.
#[test]
fn duration_arguments_are_validated() {
    for args in [
        vec!["octal-stats", "kayles", "--to", "100", "--checkpoint-every", "1e30"],
        vec!["octal-stats", "kayles", "--to", "100", "--checkpoint-every", "-1"],
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
