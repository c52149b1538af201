//! Games on graphs (issue #6) through the real binary: `hackenbush`, `geography`,
//! `geography-grid`, `graph`, with the example files under `examples/graphs/`.

mod common;

use common::{grundy, json};
use std::path::PathBuf;

/// `@<repo>/examples/graphs/<name>`.
fn example(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "examples",
        "graphs",
        name,
    ]
    .iter()
    .collect();
    format!("@{}", path.display())
}

/// A file with `text` in a fresh temporary directory, as a position `@path`.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let dir = std::env::temp_dir().join(format!("grundy-graphs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        std::fs::write(&path, text).expect("temp file");
        TempFile(path)
    }

    fn position(&self) -> String {
        format!("@{}", self.0.display())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn moves(v: &serde_json::Value) -> Vec<(u64, String)> {
    v["winning_moves"]
        .as_array()
        .expect("winning_moves is an array")
        .iter()
        .map(|m| {
            (
                m["component"].as_u64().unwrap(),
                m["to"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn hackenbush_house_with_cycles_loops_and_a_kite() {
    let house = example("hackenbush-house.txt");
    // House {0,1,2,3}: 5 edges on cycles → *1; flag {4,5}: double edge + loop → *1, hung by
    // the pole: *2. Total *1 ⊕ *2 = *3; the only cut to *0 is the loop on the flag.
    let (code, out, _) = grundy(&["value", "hackenbush", &house], "");
    assert_eq!((code, out.trim()), (0, "3"));
    let v = json(&["solve", "hackenbush", &house, "--json"]);
    assert_eq!(v["winner"], "first");
    assert_eq!(v["grundy"], 3);
    assert_eq!(moves(&v), [(0, "cut edge at line 12 (5 5)".to_string())]);
    // A tree: two branches of length 2 at vertex 1 cancel (2 ⊕ 2), so the edge 0-1 is worth
    // *1, cancelled by the one-edge stalk 0-6.
    let tree = example("hackenbush-tree.txt");
    let v = json(&["solve", "hackenbush", &tree, "--json"]);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["winner"], "second");
    // A sum of the two pictures.
    let v = json(&["solve", "hackenbush", &house, &tree, "--json"]);
    assert_eq!(v["grundy"], 3);
    assert_eq!(v["components"][1]["grundy"], 0);
}

#[test]
fn hackenbush_handles_huge_vertex_ids_by_relabelling() {
    let file = TempFile::new(
        "big-ids.txt",
        "0 1000000000000000000\n1000000000000000000 18446744073709551615\n",
    );
    let (code, out, err) = grundy(&["value", "hackenbush", &file.position()], "");
    assert_eq!((code, out.trim()), (0, "2"), "{err}");
}

#[test]
fn geography_files_and_boards() {
    let v = json(&["solve", "geography", &example("petersen.txt"), "--json"]);
    // The Petersen graph has a perfect matching: the first player wins; the winning moves
    // are the neighbours of 0 whose removal leaves G − 0 with a matching missing them.
    assert_eq!(v["winner"], "first");
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(
        moves(&v),
        [(0, "1".into()), (0, "4".into()), (0, "5".into())]
    );
    let v = json(&["solve", "geography", &example("spider.txt"), "--json"]);
    assert_eq!(v["winner"], "second");
    // The board from the source documents: n × n from the corner, first wins iff n even.
    let v = json(&["solve", "geography-grid:8,8", "--json"]);
    assert_eq!(v["winner"], "first");
    assert_eq!(moves(&v), [(0, "0,1".into()), (0, "1,0".into())]);
    let v = json(&["solve", "geography-grid:7,7", "--json"]);
    assert_eq!(v["winner"], "second");
    let v = json(&["solve", "geography-grid:7,7", "3,4", "--json"]);
    assert_eq!(v["winner"], "first");
    let v = json(&["solve", "geography-grid:1000,1000", "0,0", "--json"]);
    assert_eq!(v["winner"], "first");
}

#[test]
fn loopy_graph_values_draws_and_sums() {
    let loopy = example("loopy.txt");
    let v = json(&["solve", "graph", &loopy, "--json"]);
    // Tokens on 2 = ∞{1} and 3 = *1: the sum is ∞{0}, won by moving the first token to 3.
    assert_eq!(v["winner"], "first");
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["components"][0]["grundy"], serde_json::Value::Null);
    assert_eq!(v["components"][1]["grundy"], 1);
    assert_eq!(moves(&v), [(0, "3".into())]);
    // Explain lists that move too, decided by the rule (no nim-sum argues it).
    let v = json(&["explain", "graph", &loopy, "--json"]);
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(v["rule_moves"].as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(
        (&v["rule_moves"][0]["component"], &v["rule_moves"][0]["to"]),
        (&serde_json::json!(0), &serde_json::json!("3"))
    );
    let v = json(&["value", "graph", &loopy, "--json"]);
    assert_eq!(
        v,
        serde_json::json!({"grundy": null, "infinite": true, "reachable": [0]})
    );
    // Two ∞ tokens: a draw.
    let draw = TempFile::new("draw.txt", "1 2\n2 1\n2 3\n3 0\nstart 1\nstart 2\n");
    let v = json(&["solve", "graph", &draw.position(), "--json"]);
    assert_eq!(v["winner"], "draw");
    assert_eq!(moves(&v), []);
    // Acyclic: ordinary Grundy values; 2 ⊕ 1 ⊕ 2 = 1, won by 4 → 3 (value 0).
    let v = json(&["solve", "graph", &example("dag.txt"), "--json"]);
    assert_eq!(v["grundy"], 1);
    assert_eq!(moves(&v), [(1, "3".into())]);
}

#[test]
fn batch_reads_one_file_per_line() {
    let house = example("hackenbush-house.txt");
    let tree = example("hackenbush-tree.txt");
    let input = format!("{house}\n{tree}\n{house} {house}\n");
    let (code, out, err) = grundy(&["batch", "hackenbush"], &input);
    assert_eq!(
        (code, out.as_str()),
        (0, "first\nsecond\nsecond\n"),
        "{err}"
    );
    let input = format!("{}\n{}\n", example("petersen.txt"), example("spider.txt"));
    let (code, out, err) = grundy(&["batch", "geography"], &input);
    assert_eq!((code, out.as_str()), (0, "first\nsecond\n"), "{err}");
    let (code, out, err) = grundy(&["batch", "geography-grid:999,999"], "0,0\n0,1\n998,998\n");
    assert_eq!(
        (code, out.as_str()),
        (0, "second\nfirst\nsecond\n"),
        "{err}"
    );
    let (code, _, err) = grundy(&["batch", "hackenbush"], "3 4\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 1") && err.contains("@FILE"), "{err}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let malformed = TempFile::new("malformed.txt", "0 1\n# fine\n1 2 3\n");
    let no_start = TempFile::new("no-start.txt", "0 1\n");
    let two_starts = TempFile::new("two-starts.txt", "start 0\nstart 1\n0 1\n");
    let with_start = TempFile::new("with-start.txt", "start 0\n0 1\n");
    let m = malformed.position();
    let n = no_start.position();
    let t = two_starts.position();
    let w = with_start.position();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["solve", "hackenbush", &m], "line 3"),
        (vec!["solve", "hackenbush", "7"], "@FILE"),
        (vec!["solve", "hackenbush", "@/no/such/file"], "cannot read"),
        (vec!["solve", "hackenbush", &w], "no `start` line"),
        (vec!["solve", "hackenbush", &m, "--misere"], "misère"),
        (vec!["solve", "geography", &n], "start"),
        (vec!["solve", "geography", &t], "line 2"),
        (vec!["value", "geography", &w], "outcome only"),
        (vec!["solve", "geography", &w, &w], "one position"),
        (vec!["solve", "geography-grid:3,3", "3,0"], "outside"),
        (vec!["solve", "geography-grid:0,3"], "at least 1"),
        (vec!["solve", "geography-grid:100000,100000"], "refused"),
        (vec!["solve", "graph", &n], "start"),
        // Positions on one file are one sum of their tokens (`play` keeps one per token);
        // different files are refused.
        (vec!["solve", "graph", &w, &n], "one `@FILE`"),
        (vec!["solve", "graph"], "no position"),
        (vec!["solve", "nim"], "no position"),
    ];
    for (args, needle) in cases {
        let (code, out, err) = grundy(&args, "");
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A graph file saved with a byte-order mark (as Windows editors write them) reads like the
/// same file without one; it was refused as "`\u{feff}0` is not a vertex id".
#[test]
fn a_byte_order_mark_is_read_past() {
    let text = "0 1\n1 2\n0 2\n2 3\n3 4\n";
    let plain = TempFile::new("plain.txt", text);
    let marked = TempFile::new("marked.txt", &format!("\u{feff}{text}"));
    for game in ["hackenbush", "geography"] {
        let start = if game == "geography" { "start 0\n" } else { "" };
        let plain = TempFile::new(&format!("plain-{game}.txt"), &format!("{text}{start}"));
        let marked = TempFile::new(
            &format!("marked-{game}.txt"),
            &format!("\u{feff}{text}{start}"),
        );
        let (code, want, err) = grundy(&["solve", game, &plain.position()], "");
        assert_eq!(code, 0, "{err}");
        let (code, got, err) = grundy(&["solve", game, &marked.position()], "");
        assert_eq!(code, 0, "{game}: {err}");
        assert_eq!(
            got.replace("marked-", "plain-"),
            want,
            "{game}: the mark changed the answer"
        );
    }
    // The triangle on the ground fuses to three loops (*1), its tail 2-3-4 is *2: G = 3.
    for file in [&plain, &marked] {
        let (code, out, err) = grundy(&["value", "hackenbush", &file.position()], "");
        assert_eq!((code, out.as_str()), (0, "3\n"), "{err}");
    }
}
