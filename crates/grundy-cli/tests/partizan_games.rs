//! The partizan games through the real binary: `value`, `solve --json`, `batch`, `play`,
//! `explain` and `games`, with the issue's oracles.

mod common;

use common::{grundy, json};

#[test]
fn value_prints_the_canonical_form() {
    for (game, position, expected) in [
        ("domineering", "..|..", "+-1"),
        ("domineering", "...|...", "{2|-1/2}"),
        ("domineering", ".#.#|.#..", "1*"),
        ("brg-hackenbush", "LRLRRLLR", "77/128"),
        ("hackenbush", "LRLRRLLR", "77/128"),
        ("toads-and-frogs", "T.TFF", "^"),
        ("toads-and-frogs", "tft.f", "*"),
        ("cutcake", "8,1", "-7"),
        ("cutcake", "8,8", "0"),
        ("snort", "L-.-.-.-L", "{4|0,+-1}"),
        ("col", "R-.-R-.-L-.-R-.-R-.", "-7/8"),
        ("col", ".-.", "0"),
        ("toppling-dominoes", "L", "1"),
        ("konane", "xo.", "1"),
    ] {
        let (code, out, err) = grundy(&["value", game, position], "");
        assert_eq!(
            (code, out.trim()),
            (0, expected),
            "{game} {position}: {err}"
        );
    }
}

/// A board may be given by its size: Domineering's empty board, Clobber's full checkerboard;
/// `solve` and `explain` then write the board out, so that each move reads against it.
#[test]
fn a_size_is_the_starting_board() {
    let (code, out, err) = grundy(&["value", "domineering", "2x3"], "");
    assert_eq!((code, out.trim()), (0, "{2|-1/2}"), "{err}");
    let (_, out, _) = grundy(&["value", "clobber", "1x3"], "");
    let (_, typed, _) = grundy(&["value", "clobber", "xox"], "");
    assert_eq!(out, typed);
    let (_, out, _) = grundy(&["solve", "domineering", "2x3"], "");
    assert!(
        out.contains("components: ...|...\n") && out.contains("component 0: ...|... → .#.|.#.\n"),
        "{out}"
    );
    let (_, out, _) = grundy(&["explain", "domineering", "2x2"], "");
    assert!(out.contains("component 0: ..|.. → ##|..\n"), "{out}");
    assert_eq!(
        json(&["value", "domineering", "2x2", "--json"])["position"],
        "..|.."
    );
    let (code, _, err) = grundy(&["value", "konane", "3x3"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("a size names no position of this game"),
        "{err}"
    );
}

#[test]
fn value_json_has_the_cgt_fields_and_the_position() {
    let v = json(&["value", "domineering", "#...|....|....|....", "--json"]);
    assert_eq!(v["canonical"], "{1*|-1*}");
    assert_eq!(v["temperature"], "1");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["game"], "domineering");
    assert_eq!(v["position"], "#...|....|....|....");
    for field in [
        "is_number",
        "left_stop",
        "right_stop",
        "mean",
        "birthday",
        "reduced",
    ] {
        assert!(v.get(field).is_some(), "{field}: {v}");
    }
}

#[test]
fn solve_json_lists_every_winning_move() {
    // ..|.. = ±1: whoever starts wins; each of Left's two vertical dominoes leaves the other
    // column, worth 1 to Left.
    let s = json(&["solve", "domineering", "..|..", "--json"]);
    assert_eq!(s["outcome"], "N");
    assert_eq!(s["canonical"], "+-1");
    assert_eq!(s["left_first"]["winner"], "left");
    assert_eq!(
        s["left_first"]["winning_moves"],
        serde_json::json!([{"component": 0, "to": "#.|#."}, {"component": 0, "to": ".#|.#"}])
    );
    assert_eq!(s["right_first"]["winner"], "right");
    assert_eq!(
        s["right_first"]["winning_moves"].as_array().unwrap().len(),
        2
    );
    // A sum: ^ + v = 0, so the second player wins and nobody has a winning first move.
    let s = json(&["solve", "toads-and-frogs", "T.TFF", "TTF.F", "--json"]);
    assert_eq!(s["outcome"], "P", "{s}");
    assert_eq!(s["left_first"]["winner"], "right");
    assert_eq!(s["left_first"]["winning_moves"], serde_json::json!([]));
    assert_eq!(s["right_first"]["winner"], "left");
    let fields: Vec<&String> = s.as_object().unwrap().keys().collect();
    assert_eq!(
        fields,
        ["canonical", "left_first", "outcome", "right_first"]
    );
}

#[test]
fn batch_prints_one_outcome_per_line() {
    let (code, out, err) = grundy(
        &["batch", "toads-and-frogs"],
        "TFTF.\nT.TFF\nTFT.F\nT.TFF TTF.F\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "P\nL\nN\nP\n");
    let (code, out, err) = grundy(&["batch", "domineering"], ".|.\n..\n..|..\n");
    assert_eq!((code, out.as_str()), (0, "L\nR\nN\n"), "{err}");
}

/// Issue 12's one rule for every family (`batch --help`, README): a blank line is the empty
/// position. For a partizan game that is 0, a second-player win: `P`. It was an error
/// ("no position given") in every partizan game; CRLF and a last line with no ending too.
#[test]
fn batch_reads_a_blank_line_as_the_empty_sum_in_partizan_games() {
    for game in [
        "toads-and-frogs",
        "domineering",
        "clobber",
        "cutcake",
        "col",
    ] {
        let (code, out, err) = grundy(&["batch", game], "\n \t\r\n");
        assert_eq!((code, out.as_str()), (0, "P\nP\n"), "{game}: {err}");
    }
    let (code, out, err) = grundy(&["batch", "toads-and-frogs"], "T.TFF\r\n\r\nTFT.F");
    assert_eq!((code, out.as_str()), (0, "L\nP\nN\n"), "{err}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["value", "domineering", "..|."][..],
        &["value", "toads-and-frogs", "TX"],
        &["value", "cutcake", "8"],
        &["solve", "clobber", "xo#"],
        &["solve", "domineering", "..", "--misere"],
        &["value", "snort", "L-..-R"],
        &["value", "brg-hackenbush", "@/no/such/file"],
        &["play", "nim", "3", "--side", "left"],
    ] {
        let (code, out, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("grundy: "), "{err}");
    }
    let (code, _, err) = grundy(&["batch", "domineering"], "..\n.x\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn hackenbush_files_with_colours() {
    let dir = std::env::temp_dir().join(format!("grundy-partizan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("brg.txt");
    // A blue-red stalk LR and a green edge: 1/2 + *.
    std::fs::write(&path, "# ground 0\n0 1 L\n1 2 red\n0 3 G\n").unwrap();
    let position = format!("@{}", path.display());
    let (code, out, err) = grundy(&["value", "brg-hackenbush", &position], "");
    assert_eq!((code, out.trim()), (0, "1/2*"), "{err}");
    // The impartial `hackenbush` still reads green files.
    std::fs::write(&path, "0 1\n1 2\n").unwrap();
    let (code, out, err) = grundy(&["value", "hackenbush", &position], "");
    assert_eq!((code, out.trim()), (0, "2"), "{err}");
    let (code, out, err) = grundy(&["value", "brg-hackenbush", &position], "");
    assert_eq!((code, out.trim()), (0, "*2"), "{err}");
    std::fs::write(&path, "0 1 purple\n").unwrap();
    let (code, _, err) = grundy(&["value", "brg-hackenbush", &position], "");
    assert!(
        code == 2 && err.contains("line 1") && err.contains("purple"),
        "{err}"
    );
}

#[test]
fn explain_marks_dominated_and_reversible_options() {
    let e = json(&["explain", "domineering", "...|...", "--json"]);
    let component = &e["components"][0];
    assert_eq!(component["canonical"], "{2|-1/2}");
    let statuses: Vec<&str> = component["left"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["status"].as_str().unwrap())
        .collect();
    assert!(
        statuses.contains(&"kept") && statuses.contains(&"dominated"),
        "{e}"
    );
    // TT.FF = {^|v}: Left's move to ^ reverses through * (≤ the game), and Right's to v
    // through *: the canonical form is {0|0} = *.
    let e = json(&["explain", "toads-and-frogs", "TT.FF", "--json"]);
    let component = &e["components"][0];
    assert_eq!(component["canonical"], "*");
    for side in ["left", "right"] {
        assert_eq!(component[side][0]["status"], "reversible", "{e}");
        assert_eq!(component[side][0]["through"], "*", "{e}");
    }
    let (code, out, err) = grundy(&["explain", "clobber", "xox|ox."], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("canonical form: {^^*|v,*}") || out.contains("canonical form: {^^*|*,v}"),
        "{out}"
    );
}

/// `values` shows each component's canonical form and the sum's; `undo` takes back the human's
/// move and the engine's reply (components are numbered from 0, as in impartial play).
#[test]
fn play_shows_values_and_undoes() {
    let (code, out, err) = grundy(
        &["play", "domineering", "..|..", "....", "--side", "left"],
        "values\n0 #.|#.\nundo\nundo\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("component 0: ..|.. = +-1"), "{out}");
    assert!(out.contains("component 1: .... = -2"), "{out}");
    assert!(out.contains("sum: {-1|-3} (outcome R)"), "{out}");
    assert!(
        out.contains("Taken back: your last move and my reply."),
        "{out}"
    );
    assert!(
        out.contains("Nothing to undo: you have not moved yet."),
        "{out}"
    );
}

#[test]
fn moves_may_be_named_where_the_game_names_them() {
    // Col on a path of four: the hint names its move, and a named move is played.
    let (code, out, err) = grundy(
        &["play", "col", ".-.-.-.", "--side", "left"],
        "hint\n0 colour vertex 9\n0 Colour  vertex 2\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("hint: play `0 R-.-.` (colour vertex 0)"),
        "{out}"
    );
    assert!(
        out.contains("the moves are: R-.-. (colour vertex 0), RR./1-2 (colour vertex 1), .RR/0-1 (colour vertex 2), .-.-R (colour vertex 3)"),
        "{out}"
    );
    assert!(out.contains("   0 │ .RR/0-1\n"), "{out}");
    // Toppling Dominoes: the way a domino falls is part of its name.
    let (code, out, err) = grundy(
        &["play", "toppling-dominoes", "LRRLG", "--side", "left"],
        "0 topple domino 3 to the right\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("   0 │ LRR\n"), "{out}");
    // `solve` tells apart the two moves that leave the same row.
    let (code, out, err) = grundy(&["solve", "toppling-dominoes", "LRRLG"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  component 0: LRRLG → 0 (topple domino 0 to the right)\n  component 0: LRRLG → 0 (topple domino 4 to the left)\n"),
        "{out}"
    );
    let (_, json, _) = grundy(&["solve", "toppling-dominoes", "LRRLG", "--json"], "");
    assert!(
        json.contains(r#"{"component":0,"to":"LRRL","label":"topple domino 4 to the right"}"#),
        "{json}"
    );
    // Games whose notation shows the move have no label.
    let (_, json, _) = grundy(&["solve", "domineering", "..|..", "--json"], "");
    assert!(json.contains(r##"{"component":0,"to":"#.|#."}"##), "{json}");
}

#[test]
fn play_with_a_chosen_side() {
    // You are Right on ..|.. (±1) and move first: the engine (Left) answers and wins or loses
    // by the rules; every line of the transcript is legal.
    let (code, out, err) = grundy(
        &["play", "domineering", "..|..", "--side", "right"],
        "hint\n0 ##|..\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("you are Right"), "{out}");
    assert!(out.contains("hint: play `0 "), "{out}");
    assert!(
        out.contains("I have no move left: you win!") || out.contains("I move"),
        "{out}"
    );
    // The engine moving first as Left on 1*+... wins: . | . is 1 for Left.
    let (code, out, err) = grundy(
        &[
            "play",
            "domineering",
            ".|.",
            "--side",
            "right",
            "--engine",
            "first",
        ],
        "why\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("I move component 0: .|. → #|#"), "{out}");
    assert!(out.contains("You have no move left: I win."), "{out}");
    // An illegal move is refused and the game goes on.
    let (code, out, _) = grundy(&["play", "toads-and-frogs", "T.F"], "0 .TF\nquit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("illegal move") || out.contains("I move"),
        "{out}"
    );
}

#[test]
fn games_lists_the_partizan_games() {
    let (code, out, _) = grundy(&["games"], "");
    assert_eq!(code, 0);
    for name in [
        "domineering",
        "brg-hackenbush",
        "toads-and-frogs",
        "clobber",
        "konane",
        "cutcake",
        "snort",
        "col",
        "toppling-dominoes",
    ] {
        assert!(out.contains(name), "{name}");
    }
    let list = json(&["games", "--json"]);
    let partizan: Vec<&serde_json::Value> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["partizan"] == true)
        .collect();
    assert_eq!(partizan.len(), 9);
    // Every example runs.
    for e in partizan {
        let example = e["example"].as_str().unwrap();
        let args: Vec<&str> = example.split_whitespace().skip(1).collect();
        let (code, _, err) = grundy(&args, "");
        assert_eq!(code, 0, "{example}: {err}");
    }
}

#[test]
fn huge_inputs_are_refused_or_answered_without_listing() {
    // 5·10^17 cuts: the winner comes from the canonical form, the list is omitted with why.
    let v = json(&["solve", "cutcake", "10^18,3", "--json"]);
    assert_eq!(v["canonical"], "-499999999999999999");
    assert_eq!(v["right_first"]["winner"], "right");
    assert_eq!(v["right_first"]["winning_moves"], serde_json::json!([]));
    let why = v["right_first"]["moves_omitted"].as_str().unwrap();
    assert!(why.contains("500000000000000000 moves"), "{why}");
    assert!(v["left_first"].get("moves_omitted").is_none());
    let nested = (0..70).fold("1".to_string(), |s, _| format!("{{0|{s}}}"));
    let max = "1,9223372036854775807";
    for args in [
        vec!["cgt", nested.as_str()],
        vec!["value", "cutcake", &format!("{max}+{max}")],
        vec!["value", "cutcake", "1,9223372036854775808"],
        vec!["explain", "cutcake", "10^18,3"],
    ] {
        let (code, _, err) = grundy(&args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.lines().count() == 1 && !err.contains("internal error"),
            "{err}"
        );
    }
}

/// A strip of thousands of cells used to grow without bound (12 GB in 30 s for 5000 dominoes):
/// the table counted each key as its 24-byte header and not the move lists open on the
/// recursion. Now a one-colour row is `±n` at once, and the rest is refused in one line
/// naming the memory (or the depth) within the budget, in seconds. At the default budget
/// 5000 dominoes took 16-77 s and 8.7 GB to refuse while each open region held its whole
/// move list (10^4 rows); with one move a level the path fits in about 50 MB and reaches the
/// depth limit in a fraction of a second (10 s is the bound for a slow machine).
#[test]
fn long_strips_answer_or_refuse_within_the_budget() {
    let row = |s: &str, n| s.repeat(n);
    let timed = |args: &[&str]| {
        let start = std::time::Instant::now();
        let result = grundy(args, "");
        let took = start.elapsed();
        assert!(took.as_secs() < 10, "{:?}: {took:?}", &args[..3]);
        result
    };
    for (dominoes, value) in [(row("L", 5000), "5000"), (row("R", 5000), "-5000")] {
        let (code, out, err) = timed(&["value", "--memory", "64M", "toppling-dominoes", &dominoes]);
        assert_eq!((code, out.trim()), (0, value), "{err}");
    }
    let dominoes = row("LR", 2500);
    let strip = format!("{}.{}", row("T", 3000), row("F", 3000));
    let deep = format!("{}.{}", row("T", 100), row("F", 100));
    let deep_row = "more than 4000 moves deep";
    for (args, words) in [
        (&["toppling-dominoes", &dominoes][..], deep_row),
        (&["--memory", "16M", "toppling-dominoes", &dominoes], "MiB"),
        (&["--memory", "64M", "toads-frogs", &strip], "MiB"),
        (&["--memory", "1G", "toads-frogs", &deep], deep_row),
    ] {
        let (code, _, err) = timed(&[&["solve"], args].concat());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.lines().count() == 1 && err.contains(words), "{err}");
    }
}

/// A canonical form's text writes every subform out wherever it occurs: a blue-green stalk
/// `LG` × 15 is a small form whose text would be 17 GB. Every command that prints it refuses
/// in one line, naming the length, before writing anything (it was built in memory first).
#[test]
fn a_form_too_long_to_write_out_is_refused_before_it_is_written() {
    let stalk = "LG".repeat(15);
    for command in ["value", "solve", "explain", "cgt"] {
        let position = if command == "cgt" {
            // `LG` × 7 read back from its text (43 749 characters, within one argument's
            // limit), under a budget that holds the form but not three copies of its text.
            let (_, text, _) = grundy(&["value", "brg-hackenbush", &"LG".repeat(7)], "");
            text.trim().to_string()
        } else {
            stalk.clone()
        };
        let args: Vec<&str> = match command {
            "cgt" => vec!["--memory", "100K", "cgt", &position],
            _ => vec!["--memory", "1G", command, "brg-hackenbush", &position],
        };
        let (code, out, err) = grundy(&args, "");
        assert_eq!(code, 2, "{command}: {err}");
        assert!(out.is_empty(), "{command}: {out}");
        assert!(
            err.lines().count() == 1
                && err.contains("writing out this canonical form (")
                && err.contains("characters of CGSuite notation"),
            "{command}: {err}"
        );
    }
}
