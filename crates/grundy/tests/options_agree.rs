//! `Family::options` and `apply_move` against each family's own `value` and `solve`, for every
//! family that lists options: the mex of the options is the component's value, each option's
//! value is the nim-sum of its parts (each valued by `value`), the winning moves `solve` lists
//! are exactly the options of value `total ⊕ G(i)`, and playing any option leaves a position
//! whose value `solve` confirms. Families without Grundy values (geography, prime-heap) are
//! checked through `moves`: every winning move is a move, and leaves a lost position.

use grundy::impartial::family::{Family, GameValue, Play, Winner};
use grundy::numeric::mex;
use grundy::registry::parse_spec;

fn example(name: &str) -> String {
    format!(
        "@{}/../../examples/graphs/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The components as `explain` and `play` see them, with their values.
fn components(family: &dyn Family, positions: &[&str]) -> (Vec<String>, Vec<u64>, u64) {
    let solution = family.solve(positions, Play::Normal).unwrap();
    let total = solution.grundy.expect("a nimber position");
    if family.whole_position_moves() {
        return (vec![positions.join(" ")], vec![total], total);
    }
    let texts = family
        .standalone_components(positions)
        .unwrap()
        .unwrap_or_else(|| {
            solution
                .components
                .iter()
                .map(|c| c.position.clone())
                .collect()
        });
    let values = solution
        .components
        .iter()
        .map(|c| c.grundy.unwrap())
        .collect();
    (texts, values, total)
}

fn check(spec: &str, positions: &[&str]) {
    let family = parse_spec(spec).unwrap();
    let family = family.as_ref();
    let solution = family.solve(positions, Play::Normal).unwrap();
    let (texts, values, total) = components(family, positions);
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    for (i, text) in texts.iter().enumerate() {
        let options = family.options(text).unwrap();
        let context = format!("{spec} {positions:?}, component {i} ({text})");
        assert_eq!(
            mex(options.iter().map(|o| o.grundy)),
            values[i],
            "{context}"
        );
        assert_eq!(
            family.has_moves(text).unwrap(),
            !options.is_empty(),
            "{context}"
        );
        for option in &options {
            let parts = option.parts.iter().fold(0, |acc, part| {
                let value = family.value(&part.position).unwrap();
                assert_eq!(
                    value,
                    GameValue::Finite(grundy::numeric::Nimber(part.grundy.unwrap())),
                    "{context}: {}",
                    part.position
                );
                acc ^ part.grundy.unwrap()
            });
            assert_eq!(parts, option.grundy, "{context}: {}", option.position);
            // Playing the option leaves the value solve confirms.
            let base: Vec<&str> = if family.whole_position_moves() {
                positions.to_vec()
            } else {
                refs.clone()
            };
            let next = family.apply_move(&base, i, &option.position).unwrap();
            let next: Vec<&str> = next.iter().map(String::as_str).collect();
            let after = if next.is_empty() {
                Some(0)
            } else {
                family.solve(&next, Play::Normal).unwrap().grundy
            };
            assert_eq!(
                after,
                Some(total ^ values[i] ^ option.grundy),
                "{context}: {}",
                option.position
            );
        }
        let mut expected: Vec<&str> = options
            .iter()
            .filter(|o| total != 0 && o.grundy == total ^ values[i])
            .map(|o| o.position.as_str())
            .collect();
        let mut listed: Vec<&str> = solution
            .winning_moves
            .iter()
            .filter(|m| family.whole_position_moves() || m.component == i)
            .map(|m| m.to.as_str())
            .collect();
        expected.sort_unstable();
        listed.sort_unstable();
        assert_eq!(listed, expected, "{context}");
    }
}

#[test]
fn heap_games_and_coin_strips() {
    for n in 0..14u64 {
        let (a, b) = (n.to_string(), ((n * 7) % 11).to_string());
        for spec in [
            "nim",
            "subtraction:1,3,4",
            "kayles",
            "grundys-game",
            "gcd",
            "mock-turtles",
            "ruler",
            "twins",
        ] {
            check(spec, &[&a, &b]);
        }
    }
}

#[test]
fn mock_turtles_head_at_3_is_worth_7_with_the_coin_families_options() {
    let family = parse_spec("mock-turtles").unwrap();
    let options = family.options("3").unwrap();
    let shown: Vec<&str> = options.iter().map(|o| o.position.as_str()).collect();
    assert_eq!(shown, ["none", "2", "1+2", "0+2", "1", "0+1", "0"]);
    assert_eq!(mex(options.iter().map(|o| o.grundy)), 7);
    // A head at 0 is a coin worth 1, and turning it alone removes it.
    assert_eq!(family.options("0").unwrap()[0].position, "none");
    assert_eq!(
        family.apply_move(&["0", "3", "5"], 1, "1+2").unwrap(),
        ["0", "1", "2", "5"]
    );
    assert_eq!(
        family.apply_move(&["0", "3", "5"], 1, "none").unwrap(),
        ["0", "5"]
    );
    assert_eq!(
        family.apply_move(&["0", "3", "5"], 0, "none").unwrap(),
        ["3", "5"]
    );
    assert!(family.apply_move(&["0", "3", "5"], 1, "0+1+2").is_err());
    assert!(family.apply_move(&["0", "3", "5"], 0, "0").is_err());
}

#[test]
fn cells_and_coin_grids() {
    for a in 0..6u64 {
        for b in 0..6u64 {
            let cell = format!("{a},{b}");
            check("wythoff", &[&cell, "2,3"]);
            check("wythoff", &[&cell]);
            check("turning-corners", &[&cell, "1,2"]);
            check("product:mock-turtles,ruler", &[&cell]);
            let board = format!("{},{}", a + 1, b + 3);
            check("chessboard", &[&board, "5,4"]);
        }
    }
    let wythoff = parse_spec("wythoff").unwrap();
    // Moves of a huge queen are checked directly (its options cannot be listed).
    let far = "1618033988749894853,2618033988749894848";
    assert!(wythoff
        .apply_move(&[far], 0, "1618033988749894848,2618033988749894848")
        .is_ok());
    assert!(wythoff
        .apply_move(&[far], 0, "1618033988749894853,2618033988749894849")
        .is_err());
    assert!(wythoff.options(far).is_err());
}

#[test]
fn whole_position_games() {
    for steps in [
        ["0", "5", "9"],
        ["3", "1", "4"],
        ["1", "2", "0"],
        ["0", "0", "0"],
    ] {
        check("staircase", &steps);
    }
    for heaps in [
        ["3", "5", "6"],
        ["1", "2", "2"],
        ["2", "2", "2"],
        ["0", "1", "3"],
    ] {
        check("moore:2", &heaps);
        check("moore:1", &heaps);
    }
    let staircase = parse_spec("staircase").unwrap();
    // One entry: lower it (coins go down) or raise it (coins come from the step above).
    assert_eq!(
        staircase.apply_move(&["0", "5", "9"], 1, "2").unwrap(),
        ["3", "2", "9"]
    );
    assert_eq!(
        staircase.apply_move(&["0", "5", "9"], 1, "7").unwrap(),
        ["0", "7", "7"]
    );
    assert_eq!(
        staircase.apply_move(&["0", "5", "9"], 0, "5,0,9").unwrap(),
        ["5", "0", "9"]
    );
    assert_eq!(
        staircase.apply_move(&["0", "5", "9"], 0, "1").unwrap(),
        ["1", "4", "9"]
    );
    // Coins on step 0 are out of play.
    assert!(staircase.apply_move(&["2", "5", "9"], 0, "1").is_err());
    assert!(staircase.apply_move(&["0", "5", "9"], 2, "10").is_err());
    assert!(staircase.apply_move(&["0", "5", "9"], 0, "1,4,8").is_err());
    let moore = parse_spec("moore:2").unwrap();
    assert_eq!(
        moore.apply_move(&["3", "5", "6"], 0, "3 3 3").unwrap(),
        ["3", "3", "3"]
    );
    assert!(moore.apply_move(&["3", "5", "6"], 0, "2,4,5").is_err());
    assert!(moore.apply_move(&["3", "5", "6"], 0, "3,6,6").is_err());
}

#[test]
fn graph_games() {
    let house = example("hackenbush-house.txt");
    let tree = example("hackenbush-tree.txt");
    check("hackenbush", &[&house]);
    check("hackenbush", &[&house, &tree]);
    let cut = format!("{house}#cut=6,9");
    check("hackenbush", &[&cut, &tree]);
    let hackenbush = parse_spec("hackenbush").unwrap();
    let after = hackenbush.apply_move(&[&house], 0, "9").unwrap();
    assert_eq!(after, [format!("{house}#cut=9")]);
    // The flag fell with the pole: its edges can no longer be cut.
    assert!(hackenbush.apply_move(&[&after[0]], 0, "10").is_err());
    assert!(hackenbush.apply_move(&[&house], 0, "13").is_err());
    let dag = example("dag.txt");
    check("graph", &[&dag]);
    for v in 0..6 {
        check("graph", &[&format!("{dag}#at={v}"), &format!("{dag}#at=4")]);
    }
    // A loopy file: the finite token derives, the ∞ token is refused with the reason.
    let loopy = example("loopy.txt");
    let graph = parse_spec("graph").unwrap();
    let tokens = graph.standalone_components(&[&loopy]).unwrap().unwrap();
    assert_eq!(tokens, [format!("{loopy}#at=2"), format!("{loopy}#at=3")]);
    assert_eq!(
        mex(graph.options(&tokens[1]).unwrap().iter().map(|o| o.grundy)),
        1
    );
    let err = graph.options(&tokens[0]).unwrap_err().to_string();
    assert!(err.contains("∞"), "{err}");
    assert_eq!(graph.moves(&tokens[0]).unwrap(), ["1", "3"]);
}

/// Families decided without Grundy values: winning moves are moves, and leave a lost game.
fn check_outcome_moves(spec: &str, positions: &[&str]) {
    let family = parse_spec(spec).unwrap();
    let solution = family.solve(positions, Play::Normal).unwrap();
    for m in &solution.winning_moves {
        let moves = family.moves(positions[m.component]).unwrap();
        assert!(moves.contains(&m.to), "{spec} {positions:?}: {}", m.to);
        let next = family.apply_move(positions, m.component, &m.to).unwrap();
        let next: Vec<&str> = next.iter().map(String::as_str).collect();
        let won = family.over_after_move(&next).unwrap()
            || family.outcome(&next, Play::Normal).unwrap() == Winner::Second;
        assert!(won, "{spec} {positions:?} → {next:?}");
    }
    assert_eq!(
        solution.winning_moves.is_empty(),
        solution.winner != Winner::First
    );
}

#[test]
fn prime_heap_and_geography() {
    for a in 0..30u64 {
        for b in [0u64, 1, 9, 24, 1140] {
            check_outcome_moves("prime-heap:3", &[&a.to_string(), &b.to_string()]);
        }
    }
    let petersen = example("petersen.txt");
    check_outcome_moves("geography", &[&petersen]);
    let family = parse_spec("geography").unwrap();
    let mut position = petersen.clone();
    // Walk the token along first moves to the end: every position on the way is solved.
    while family.has_moves(&position).unwrap() {
        check_outcome_moves("geography", &[&position]);
        let next = family.moves(&position).unwrap()[0].clone();
        position = family.apply_move(&[&position], 0, &next).unwrap().remove(0);
    }
    assert!(position.contains("#path="), "{position}");
    for cell in ["0,0", "1,0", "0,0/0,1", "0,0/1,0/1,1", "1,1/0,1/0,2"] {
        check_outcome_moves("geography-grid:3,4", &[cell]);
        check_outcome_moves("geography-grid:3,3", &[cell]);
    }
}
