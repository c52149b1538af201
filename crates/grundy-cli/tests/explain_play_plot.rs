//! `explain`, `table --explain`, `play` and `plot` through the real binary.

mod common;
use common::grundy;

#[test]
fn table_explain_reproduces_the_textbook_derivation() {
    let (code, out, err) = grundy(
        &["table", "subtraction:1,3,4", "--to", "8", "--explain"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9);
    assert_eq!(lines[0], "n = 0: no moves, so G(0) = mex{} = 0");
    assert_eq!(
        lines[4],
        "n = 4: the moves leave {3, 1, 0}, so G(4) = mex{G(3), G(1), G(0)} = mex{1, 1, 0} = 2"
    );
    let values: Vec<&str> = lines
        .iter()
        .map(|l| l.rsplit(" = ").next().unwrap())
        .collect();
    assert_eq!(values, ["0", "1", "0", "1", "2", "3", "2", "0", "1"]);
    let (code, out, _) = grundy(
        &[
            "table",
            "subtraction:1,3,4",
            "--to",
            "8",
            "--explain",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let values: Vec<u64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["grundy"].as_u64().unwrap())
        .collect();
    assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
    let (code, _, err) = grundy(&["table", "nim", "--to", "10^7", "--explain"], "");
    assert_eq!(code, 2);
    assert!(err.contains("too many to read"), "{err}");
}

#[test]
fn explain_states_moves_and_the_certificate() {
    let (code, out, err) = grundy(&["explain", "subtraction:1,3,4", "10", "20", "30"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("nim-sum: G(10) ⊕ G(20) ⊕ G(30) = 1 ⊕ 2 ⊕ 0 = 3 ≠ 0"),
        "{out}"
    );
    assert!(
        out.contains("component 1: 20 → 17 changes G = 2 to G = 1 = 3 ⊕ 2"),
        "{out}"
    );
    assert!(
        out.contains("period: G(n + 7) = G(n) for every n ≥ 0"),
        "{out}"
    );
    let (code, out, _) = grundy(&["explain", "nim", "5", "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 5);
    assert_eq!(
        v["components"][0]["derivation"]["options"][0]["position"],
        "4"
    );
    assert_eq!(v["winning_moves"][0]["to"], "0");
    assert!(v["certificate"].is_null());
    for bad in [&["explain", "nim", "x"][..], &["explain", "nim"]] {
        let (code, _, err) = grundy(bad, "");
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_scripted_game_the_person_wins() {
    // Nim 1 2 has nim-sum 3: the person (moving first) wins with perfect play.
    let script = "garbage\n5 1\n1 5\nhint\n1 1\nwhy\n1 0\nafter the end\n";
    let (code, out, err) = grundy(&["play", "nim", "1", "2"], script);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("I did not understand `garbage`"), "{out}");
    assert!(out.contains("there is no component 5"), "{out}");
    assert!(
        out.contains(
            "illegal move to `5`: not reachable from `2` in one move (the moves leave 1, 0)"
        ),
        "{out}"
    );
    assert!(out.contains("hint: play `1 1`: 1 ⊕ 2 = 3 ≠ 0"), "{out}");
    assert!(out.contains("I move component 0: 1 → 0"), "{out}");
    assert!(out.contains("why: 1 ⊕ 1 = 0; every move loses"), "{out}");
    assert!(
        out.trim_end().ends_with("I have no move left: you win!"),
        "{out}"
    );
    assert!(err.is_empty(), "{err}");
}

#[test]
fn a_scripted_game_the_engine_wins() {
    // G(7) = 0 in subtraction {1,3,4}: whoever moves first loses. One component: `TO` alone.
    let (code, out, _) = grundy(&["play", "subtraction:1,3,4", "7"], "6\n1\n");
    assert_eq!(code, 0);
    assert!(out.contains("I move component 0: 6 → 2"), "{out}");
    assert!(
        out.trim_end().ends_with("You have no move left: I win."),
        "{out}"
    );
    // The engine moves first and wins 3 5 7; the person resigns.
    let (code, out, _) = grundy(
        &["play", "nim", "3", "5", "7", "--engine", "first"],
        "quit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("I move component 0: 3 → 2"), "{out}");
    assert!(out.trim_end().ends_with("You resign: I win."), "{out}");
}

#[test]
fn play_survives_end_of_input_and_rejects_bad_starts() {
    let (code, out, _) = grundy(&["play", "nim", "3", "5"], "why\n");
    assert_eq!(code, 0);
    assert!(out.contains("I have not moved yet."), "{out}");
    assert!(
        out.trim_end()
            .ends_with("end of input: the game is left unfinished."),
        "{out}"
    );
    let (code, out, _) = grundy(&["play", "nim", "0"], "");
    assert_eq!(code, 0);
    assert!(out.contains("You have no move left: I win."), "{out}");
    let (code, _, err) = grundy(&["play", "nim", "-3"], "");
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = grundy(&["play", "nim", "3", "--engine", "sometimes"], "");
    assert_eq!(code, 2, "{err}");
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-plot-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn plot_writes_png_and_svg() {
    for (game, to, kind) in [
        ("subtraction:1,3,4", "100", "scatter"),
        ("nim", "2^20", "scatter"),
        ("subtraction:1,3,4", "2^20", "histogram"),
    ] {
        let png = temp_path(&format!("{kind}-{to}.png"));
        let svg = temp_path(&format!("{kind}-{to}.svg"));
        for path in [&png, &svg] {
            let (code, _, err) = grundy(
                &[
                    "plot",
                    game,
                    "--to",
                    to,
                    "-o",
                    path.to_str().unwrap(),
                    "--kind",
                    kind,
                ],
                "",
            );
            assert_eq!(code, 0, "{game} {to} {kind}: {err}");
        }
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{png:?}");
        assert!(bytes.len() > 10_000, "a picture, not an empty canvas");
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.trim_start().starts_with("<svg") && text.trim_end().ends_with("</svg>"));
        assert!(text.contains(game), "the title names the game");
        assert!(text.len() < 2_000_000, "{} bytes", text.len());
    }
}

#[test]
fn plot_errors_exit_2_and_leave_no_file() {
    let jpg = temp_path("picture.jpg");
    let (code, _, err) = grundy(
        &["plot", "nim", "--to", "10", "-o", jpg.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("*.svg or *.png"), "{err}");
    assert!(!jpg.exists());
    let (code, _, err) = grundy(
        &[
            "plot",
            "nim",
            "--to",
            "10",
            "-o",
            "/nonexistent-dir/x/plot.png",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot write `/nonexistent-dir/x/plot.png`"),
        "{err}"
    );
    let huge = temp_path("huge.png");
    let (code, _, err) = grundy(
        &["plot", "nim", "--to", "10^15", "-o", huge.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(!huge.exists(), "a refused plot leaves no file");
}
