//! `play` driven by script to the end, and `explain`, for the families beyond plain heaps:
//! coin strips (heads at 0, `none`), octal splits, Wythoff queens, Hackenbush cuts,
//! whole-position games, graphs; and the one-line refusal where there is no Grundy value.

mod common;
use common::grundy;

fn house() -> String {
    format!(
        "@{}/../../examples/graphs/hackenbush-house.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Plays `args` with `script` and checks the game ends with `last` (and nothing is refused).
fn play_to_the_end(args: &[&str], script: &str, last: &str) -> String {
    let mut full = vec!["play"];
    full.extend_from_slice(args);
    let (code, out, err) = grundy(&full, script);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(!out.contains("illegal move"), "{args:?}: {out}");
    assert_eq!(out.lines().last(), Some(last), "{args:?}: {out}");
    out
}

#[test]
fn wythoff_queens_to_the_end() {
    // 3,5 and 4,7 are both P-positions: the engine, moving first, loses.
    let out = play_to_the_end(
        &["wythoff", "3,5", "4,7", "--engine", "first"],
        "0 2,1\n0 0,0\n1 3,5\n1 2,1\n1 0,0\n",
        "I have no move left: you win!",
    );
    assert!(out.contains("I move component 1: 2,1 → 1,1"), "{out}");
    let (_, out, _) = grundy(&["play", "wythoff", "3,5"], "0,4\n");
    assert!(
        out.contains("illegal move to `0,4`: not reachable from `3,5`"),
        "{out}"
    );
}

#[test]
fn mock_turtles_to_the_end() {
    // Turning 6, 0 and 5 leaves heads 0, 1, 4, 5; the engine turns the coin at 0 alone
    // (`none`); turning 5, 1 and 4 leaves no head at all.
    let out = play_to_the_end(
        &["mock-turtles", "1", "4", "6"],
        "2 0+5\n3 1+4\n",
        "I have no move left: you win!",
    );
    assert!(out.contains("I move component 2: 0 → none"), "{out}");
    assert!(out.contains("(nothing left)"), "{out}");
    let (_, out, _) = grundy(
        &["play", "mock-turtles", "0", "3", "5"],
        "1 0+1+2\n1 none\n",
    );
    assert!(out.contains("illegal move to `0+1+2`"), "{out}");
    assert!(
        out.contains("your move> 1 none\n   (that move throws your win away: the position was won for you, and now I can win; `undo` takes it back, `hint` shows a winning move)\n   0 │ 0\n   2 │ 5\n"),
        "{out}"
    );
}

#[test]
fn kayles_splits_to_the_end() {
    let out = play_to_the_end(
        &["kayles", "5", "8"],
        "0 4\n0 1\n1 3+3\n2 2\n2 0\n",
        "I have no move left: you win!",
    );
    assert!(out.contains("your move> 1 3+3\n"), "{out}");
}

#[test]
fn hackenbush_cuts_by_line_number_to_the_end() {
    let house = house();
    let out = play_to_the_end(
        &["hackenbush", &house],
        "0 12\n0 5\n",
        "I have no move left: you win!",
    );
    assert!(out.contains("hackenbush-house.txt#cut=12\n"), "{out}");
    assert!(out.contains("→ cut edge at line 4 (0 1)"), "{out}");
    let (_, out, _) = grundy(&["play", "hackenbush", &house], "0 13\n");
    assert!(out.contains("line 13 of"), "{out}");
}

#[test]
fn whole_position_and_graph_games_to_the_end() {
    play_to_the_end(
        &["moore:2", "3", "5", "6"],
        "1 3 3 3\n0 0 0 0\n",
        "I have no move left: you win!",
    );
    play_to_the_end(
        &["staircase", "0", "5", "9"],
        "0 5 0 9\n0 6 0 8\n0 7 0 7\n0 8 0 6\n0 9 0 5\n0 10 0 4\n0 11 0 3\n0 12 0 2\n0 13 0 1\n0 14 0 0\n",
        "I have no move left: you win!",
    );
    let loopy = format!(
        "@{}/../../examples/graphs/loopy.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    play_to_the_end(
        &["graph", &loopy],
        "0 3\n0 0\n",
        "I have no move left: you win!",
    );
    play_to_the_end(
        &["geography-grid:3,4", "0,0"],
        "0 0,1\n0 0,3\n0 1,2\n0 1,0\n0 2,1\n0 2,3\n",
        "I have no move left: you win!",
    );
    play_to_the_end(
        &["prime-heap:3", "30", "40"],
        "0 29\n",
        "I have no move left: you win!",
    );
}

#[test]
fn explain_derives_each_family() {
    let house = house();
    for (args, expected) in [
        (
            vec!["mock-turtles", "3"],
            "n = 3: the moves leave {none, 2, 1+2, 0+2, 1, 0+1, 0}, so G(3) = mex{0, G(2), G(1)⊕G(2), G(0)⊕G(2), G(1), G(0)⊕G(1), G(0)} = mex{0, 4, 2⊕4, 1⊕4, 2, 1⊕2, 1} = mex{0, 4, 6, 5, 2, 3, 1} = 7",
        ),
        (
            vec!["chessboard", "5,4"],
            "position 5,4: the moves leave {3,5; 3,3; 6,2; 4,2}, so G(5,4) = mex{G(3,5); G(3,3); G(6,2); G(4,2)} = mex{3, 2, 0, 1} = 4",
        ),
        (
            vec!["wythoff", "1,2"],
            "position 1,2: the moves leave {0,2; 1,1; 1,0; 0,1}, so G(1,2) = mex{G(0,2); G(1,1); G(1,0); G(0,1)} = mex{2, 2, 1, 1} = 0",
        ),
        (
            vec!["turning-corners", "1,1"],
            "position 1,1: the moves leave {0,0+0,1+1,0}, so G(1,1) = mex{G(0,0)⊕G(0,1)⊕G(1,0)} = mex{0⊕0⊕0} = mex{0} = 1",
        ),
        (
            vec!["staircase", "0", "2", "1"],
            "position 0 2 1: the moves leave {1 1 1; 2 0 1; 0 3 0}, so G(0 2 1) = mex{G(1 1 1); G(2 0 1); G(0 3 0)} = mex{1, 0, 3} = 2",
        ),
        (
            vec!["moore:2", "1", "1"],
            "position 1 1: the moves leave {1 0; 0 1; 0 0}, so G(1 1) = mex{G(1 0); G(0 1); G(0 0)} = mex{1, 1, 0} = 2",
        ),
        (
            vec!["kayles", "4"],
            "n = 4: the moves leave {3, 2, 1+2, 1+1}, so G(4) = mex{G(3), G(2), G(1)⊕G(2), G(1)⊕G(1)} = mex{3, 2, 1⊕2, 1⊕1} = mex{3, 2, 3, 0} = 1",
        ),
        (vec!["hackenbush", &house], "G(cut edge at line 12 (5 5))} = mex{4, 4, 2, 2, 2, 1, 2, 2, 0} = 3"),
    ] {
        let mut full = vec!["explain"];
        full.extend(args.iter().copied());
        let (code, out, err) = grundy(&full, "");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains(expected), "{args:?}: {out}");
    }
    let loopy = format!(
        "@{}/../../examples/graphs/loopy.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, out, _) = grundy(&["explain", "graph", &loopy], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("#at=2: not a nimber; no derivation: 2 has value ∞{1}"),
        "{out}"
    );
    assert!(
        out.contains("so G(") && out.contains("#at=3) = mex{G(0)} = mex{0} = 1"),
        "{out}"
    );
    let petersen = format!(
        "@{}/../../examples/graphs/petersen.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, out, err) = grundy(&["explain", "geography", &petersen], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "grundy: unsupported: geography has no Grundy-value theory in grundy (matchings give the outcome only); use `solve`\n"
    );
}
