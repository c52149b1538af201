//! `grundy serve`'s JSON API against a server on an ephemeral loopback port: each answer is
//! exactly what the CLI's `--json` prints, errors are the CLI's messages with a 4xx status,
//! play is stateless and the engine wins a won position, and no request reads server files.

mod common;
mod serve_support;

use common::{grundy, json as cli_json};
use serde_json::{json, Value};
use serve_support::Server;

/// The message `grundy ARGS…` fails with, without the `grundy: ` prefix.
fn cli_error(args: &[&str]) -> String {
    let (code, _, err) = grundy(args, "");
    assert_eq!(code, 2, "grundy {args:?} should fail");
    err.trim().trim_start_matches("grundy: ").to_string()
}

#[test]
fn every_answer_is_what_the_cli_prints_with_json() {
    let server = Server::start();
    let cases: &[(&str, Value, &[&str])] = &[
        (
            "solve",
            json!({"game": "nim", "positions": ["3", "5", "7"]}),
            &["solve", "nim", "3", "5", "7", "--json"],
        ),
        (
            "solve",
            json!({"game": "nim", "positions": ["1", "1", "4"], "misere": true}),
            &["solve", "nim", "1", "1", "4", "--misere", "--json"],
        ),
        (
            "solve",
            json!({"game": "domineering", "positions": ["..#|...|..."]}),
            &["solve", "domineering", "..#|...|...", "--json"],
        ),
        (
            "value",
            json!({"game": "gcd", "position": "1000000000039"}),
            &["value", "gcd", "1000000000039", "--json"],
        ),
        (
            "value",
            json!({"game": "toads-and-frogs", "position": "T.TFF"}),
            &["value", "toads-and-frogs", "T.TFF", "--json"],
        ),
        (
            "explain",
            json!({"game": "subtraction:1,3,4", "positions": ["4", "7"]}),
            &["explain", "subtraction:1,3,4", "4", "7", "--json"],
        ),
        (
            "period",
            json!({"game": "kayles"}),
            &["period", "kayles", "--json"],
        ),
        (
            "table",
            json!({"game": "kayles", "to": 30}),
            &["table", "kayles", "--to", "30", "--json"],
        ),
        (
            "table",
            json!({"game": "subtraction:1,2,5", "to": "3^2", "explain": true}),
            &[
                "table",
                "subtraction:1,2,5",
                "--to",
                "9",
                "--explain",
                "--json",
            ],
        ),
        (
            "cgt",
            json!({"expr": "{3||2*|1*}"}),
            &["cgt", "{3||2*|1*}", "--json"],
        ),
        ("games", json!({}), &["games", "--json"]),
    ];
    for (command, body, args) in cases {
        let (status, answer) = server.post(command, &body.to_string());
        assert_eq!(status, 200, "{command} {body}: {answer}");
        assert_eq!(answer, cli_json(args), "{command} {body}");
    }
    // The issue's example, field by field.
    let (_, solved) = server.post("solve", r#"{"game":"nim","positions":["3","5","7"]}"#);
    assert_eq!(solved["winner"], "first");
    assert_eq!(solved["grundy"], 1);
    let (status, games) = server.get("api/games");
    assert_eq!(status, 200);
    assert_eq!(
        serde_json::from_str::<Value>(&games).unwrap(),
        cli_json(&["games", "--json"])
    );
    // A page of the table is the slice of the whole.
    let (_, page) = server.post("table", r#"{"game":"kayles","from":71,"to":82}"#);
    let whole = cli_json(&["table", "kayles", "--to", "82", "--json"]);
    assert_eq!(
        page.as_array().unwrap()[..],
        whole.as_array().unwrap()[71..]
    );
}

#[test]
fn errors_are_the_cli_messages_with_a_4xx_status() {
    let server = Server::start();
    for (command, body, args) in [
        (
            "solve",
            json!({"game": "nimm", "positions": ["3"]}),
            vec!["solve", "nimm", "3"],
        ),
        (
            "value",
            json!({"game": "nim", "position": "x4"}),
            vec!["value", "nim", "x4"],
        ),
        (
            "solve",
            json!({"game": "domineering", "positions": ["..#|..."], "misere": true}),
            vec!["solve", "domineering", "..#|...", "--misere"],
        ),
        (
            "period",
            json!({"game": "wythoff"}),
            vec!["period", "wythoff"],
        ),
    ] {
        let (status, answer) = server.post(command, &body.to_string());
        assert_eq!(status, 400, "{answer}");
        assert_eq!(answer, json!({ "error": cli_error(&args) }), "{body}");
    }
    let (status, answer) = server.post("solve", r#"{"game": "nim", "positions": ["3"],"#);
    assert_eq!(status, 400);
    assert!(answer["error"].as_str().unwrap().contains("not JSON"));
    let (status, answer) = server.post("solve", r#"{"game": "nim", "heaps": ["3"]}"#);
    assert_eq!(status, 400);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("unknown field `heaps`"));
    let (status, answer) = server.post("frobnicate", "{}");
    assert_eq!(status, 404);
    assert!(answer["error"].as_str().unwrap().contains("solve, value"));
    // Bounds a page keeps: rows per page, heaps per plot, seconds per search.
    let (status, answer) = server.post("table", r#"{"game":"nim","to":100000}"#);
    assert_eq!(status, 400);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("at most 2000 rows"));
    let (status, _) = server.post("plot", r#"{"game":"nim","to":1000000}"#);
    assert_eq!(status, 400);
    let (status, _) = server.post("period", r#"{"game":"nim","time":60}"#);
    assert_eq!(status, 400);
}

#[test]
fn play_is_stateless_and_the_engine_wins_a_won_position() {
    let server = Server::start();
    // The engine opens in 3 5 7 (nim-sum 1: won for the player to move) and must win.
    let (status, mut answer) = server.post("play", r#"{"game":"nim","positions":["3","5","7"]}"#);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["engine_move"]["wins"], true);
    assert!(answer["engine_move"]["why"]
        .as_str()
        .unwrap()
        .contains("nim-sum"));
    let mut moves = 0;
    while answer["winner"].is_null() {
        let positions: Vec<String> = answer["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        // Take one token from the first heap that has any (a legal move the server listed).
        let (component, heap) = positions
            .iter()
            .enumerate()
            .find(|(_, p)| *p != "0")
            .expect("a heap is left while nobody has won");
        let to = heap.parse::<u64>().unwrap() - 1;
        assert!(answer["moves"]
            .as_array()
            .unwrap()
            .contains(&json!({"component": component, "to": to.to_string()})));
        let body =
            json!({"game": "nim", "positions": positions, "move": format!("{component} {to}")});
        let (status, next) = server.post("play", &body.to_string());
        assert_eq!(status, 200, "{next}");
        answer = next;
        moves += 1;
        assert!(moves < 20, "the game goes on too long");
    }
    assert_eq!(answer["winner"], "engine");
    assert!(answer["positions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p == "0"));
    // An illegal move: the CLI's words.
    let (status, refused) = server.post(
        "play",
        r#"{"game":"nim","positions":["3","5","7"],"move":"0 9"}"#,
    );
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        "illegal move to `9`: not reachable from `3` in one move (the moves leave 2, 1, 0) in `nim`"
    );
    // A hint is the engine's choice for the person, with the reason.
    let (_, hint) = server.post("hint", r#"{"game":"nim","positions":["3","5","7"]}"#);
    assert_eq!(
        (hint["component"].clone(), hint["to"].clone()),
        (json!(0), json!("2"))
    );
    // Throwing a win away is said.
    let (_, thrown) = server.post(
        "play",
        r#"{"game":"nim","positions":["3","5","7"],"move":"0 1","reply":false}"#,
    );
    assert!(thrown["warning"]
        .as_str()
        .unwrap()
        .contains("throws your win away"));
    // Partizan play for a chosen side: Right in Domineering replies as Left, vertically.
    let (status, step) = server.post(
        "play",
        r#"{"game":"domineering","positions":["..|.."],"side":"right","move":"0 ##|.."}"#,
    );
    assert_eq!(status, 200, "{step}");
    assert_eq!(step["side"], "Right");
    // Left, vertical, has no move left in one row: the person wins.
    assert_eq!(step["positions"], json!(["##|.."]));
    assert!(step["engine_move"].is_null());
    assert_eq!(step["winner"], "you");
    let (status, wrong) = server.post(
        "play",
        r#"{"game":"domineering","positions":["..|.."],"side":"left","move":"0 ##|.."}"#,
    );
    assert_eq!(status, 400);
    assert!(wrong["error"].as_str().unwrap().starts_with("illegal move"));
    // Moves that the position's text cannot place say where they act.
    let (status, dominoes) = server.post(
        "play",
        r#"{"game":"toppling-dominoes","positions":["LRG"],"side":"left","reply":false}"#,
    );
    assert_eq!(status, 200, "{dominoes}");
    assert_eq!(
        dominoes["moves"][3],
        json!({"component": 0, "to": "LR", "at": 2, "label": "topple domino 2 to the right"})
    );
    let (_, col) = server.post(
        "play",
        r#"{"game":"col","positions":[".-.-.-."],"side":"left","reply":false}"#,
    );
    assert_eq!(col["moves"][2]["at"], 4, "{col}");
    let (_, hint) = server.post(
        "hint",
        r#"{"game":"col","positions":[".-.-.-."],"side":"left"}"#,
    );
    assert_eq!(hint["to"], "R-.-.", "{hint}");
    assert_eq!(hint["label"], "colour vertex 0", "{hint}");
    assert_eq!(col["moves"][2]["label"], "colour vertex 2");
    // Grids need no site: the cells a move changes show it.
    let (_, grid) = server.post(
        "play",
        r#"{"game":"domineering","positions":["..|.."],"side":"left","reply":false}"#,
    );
    let grid_moves = grid["moves"].as_array().unwrap();
    assert_eq!(grid_moves.len(), 2, "{grid}");
    assert!(grid_moves.iter().all(|m| m.get("at").is_none()), "{grid}");
}

/// Snort and Col are drawn as graphs: the play answer carries each position's vertices (with
/// their tints and the character a move on them names) and edges, as the library parsed them,
/// in general notation and on a path alike.
#[test]
fn snort_and_col_positions_come_with_their_graphs() {
    let server = Server::start();
    let vertex =
        |index: usize, state: &str, at: usize| json!({"index": index, "state": state, "at": at});
    // A star in general notation (edges given in any order), and a triangle with tints.
    let (status, col) = server.post(
        "play",
        r#"{"game":"col","positions":["..../0-3,0-1,2-0","L.R/1-2,0-1,2-0"],"side":"left","reply":false}"#,
    );
    assert_eq!(status, 200, "{col}");
    assert_eq!(col["board"], "graph");
    assert_eq!(
        col["positions"],
        json!(["..../0-1,0-2,0-3", "L.R/0-1,0-2,1-2"])
    );
    assert_eq!(
        col["graphs"][0],
        json!({
            "path": false,
            "vertices": (0..4).map(|v| vertex(v, "uncoloured", v)).collect::<Vec<_>>(),
            "edges": [[0, 1], [0, 2], [0, 3]],
        })
    );
    assert_eq!(
        col["graphs"][1],
        json!({
            "path": false,
            "vertices": [vertex(0, "tinted-left", 0), vertex(1, "uncoloured", 1), vertex(2, "tinted-right", 2)],
            "edges": [[0, 1], [0, 2], [1, 2]],
        })
    );
    // Left's moves name the vertex they colour by its `at`: every vertex of the star, and
    // the triangle's vertices 0 and 1 (2 is Right's).
    let sites: Vec<(u64, u64)> = col["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["component"].as_u64().unwrap(), m["at"].as_u64().unwrap()))
        .collect();
    assert_eq!(sites, [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)]);
    // A path: vertex v is written at 2v, between dashes.
    let (status, snort) = server.post(
        "play",
        r#"{"game":"snort","positions":["L-.-.-R"],"side":"right","reply":false}"#,
    );
    assert_eq!(status, 200, "{snort}");
    assert_eq!(snort["board"], "graph");
    assert_eq!(
        snort["graphs"],
        json!([{
            "path": true,
            "vertices": [vertex(0, "tinted-left", 0), vertex(1, "uncoloured", 2), vertex(2, "uncoloured", 4), vertex(3, "tinted-right", 6)],
            "edges": [[0, 1], [1, 2], [2, 3]],
        }])
    );
    // After Left colours the centre of the star in Col, its leaves are Right's, edgeless.
    let (status, after) = server.post(
        "play",
        r#"{"game":"col","positions":["..../0-1,0-2,0-3"],"side":"left","move":"0 RRR/","reply":false}"#,
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(
        after["graphs"],
        json!([{
            "path": false,
            "vertices": (0..3).map(|v| vertex(v, "tinted-right", v)).collect::<Vec<_>>(),
            "edges": [],
        }])
    );
    // Other games carry no graph.
    let (_, dominoes) = server.post(
        "play",
        r#"{"game":"toppling-dominoes","positions":["LRG"],"side":"left","reply":false}"#,
    );
    assert_eq!(dominoes["board"], "strip");
    assert!(dominoes.get("graphs").is_none(), "{dominoes}");
}

#[test]
fn pictures_are_svg_text() {
    let server = Server::start();
    let (status, plot) = server.post("plot", r#"{"game":"kayles","to":200}"#);
    assert_eq!(status, 200, "{plot}");
    assert!(plot["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(
        (plot["preperiod"].clone(), plot["period"].clone()),
        (json!(71), json!(12))
    );
    assert!(plot["note"]
        .as_str()
        .unwrap()
        .contains("period 12 from n = 71"));
    let (status, t) = server.post("thermograph", r#"{"expr":"{3||2*|1*}"}"#);
    assert_eq!(status, 200, "{t}");
    assert!(t["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(
        t["canonical"],
        cli_json(&["cgt", "{3||2*|1*}", "--json"])["canonical"]
    );
}

#[test]
fn no_request_reads_the_servers_files() {
    let server = Server::start();
    for position in [
        "@/etc/passwd",
        "@../Cargo.toml",
        "@examples/graphs/petersen.txt",
    ] {
        let body = json!({"game": "geography", "positions": [position]});
        let (status, answer) = server.post("solve", &body.to_string());
        assert_eq!(status, 400);
        assert!(
            answer["error"].as_str().unwrap().contains("reads no files"),
            "{answer}"
        );
    }
    let body = json!({"game": "hackenbush", "position": "@x", "files": {"x": "/etc/passwd"}});
    let (status, answer) = server.post("value", &body.to_string());
    assert_eq!(status, 400, "{answer}");
    let body = json!({"game": "geography", "positions": ["@a/../b"], "files": {"a/../b": ""}});
    let (status, _) = server.post("solve", &body.to_string());
    assert_eq!(status, 400);
    // An uploaded graph is read from the request, and answers as the CLI does from a file.
    let petersen = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/graphs/petersen.txt"
    ))
    .expect("the example graph is in the repository");
    let body = json!({"game": "geography", "positions": ["@petersen.txt"], "files": {"petersen.txt": petersen}});
    let (status, answer) = server.post("solve", &body.to_string());
    assert_eq!(status, 200, "{answer}");
    let file = concat!(
        "@",
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/graphs/petersen.txt"
    );
    let cli = cli_json(&["solve", "geography", file, "--json"]);
    assert_eq!(answer["winner"], cli["winner"]);
}

#[test]
fn the_page_is_embedded_and_loads_nothing_from_outside() {
    let server = Server::start();
    let (status, page) = server.get("");
    assert_eq!(status, 200);
    assert!(page.contains("<title>grundy"));
    for asset in ["", "app.js", "style.css"] {
        let (status, text) = server.get(asset);
        assert_eq!(status, 200, "{asset}");
        // The only URL is the SVG namespace, which is a name, not a load.
        let outside = text
            .replace("http://www.w3.org/2000/svg", "")
            .contains("http");
        assert!(!outside, "{asset} refers to the internet");
    }
    let (status, text) = server.get("etc/passwd");
    assert_eq!(status, 404);
    assert!(text.contains("\"error\""));
}
