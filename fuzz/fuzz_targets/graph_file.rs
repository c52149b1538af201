//! `@FILE` graph files: the parser on any text, then the three graph families on the same
//! file (written to a scratch file, as the CLI reads it), with a position suffix such as
//! `#cut=1,2` taken from after the first NUL byte. Never a panic.
#![no_main]

use grundy::graph::file::GraphFile;
use grundy::outcome::Play;
use grundy::parse_spec;
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

fn scratch() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        std::env::temp_dir().join(format!("grundy-fuzz-graph-{}.txt", std::process::id()))
    })
}

fuzz_target!(|data: &[u8]| {
    grundy_fuzz::init();
    let (file, suffix) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let (Ok(text), Ok(suffix)) = (std::str::from_utf8(file), std::str::from_utf8(suffix)) else {
        return;
    };
    if let Ok(graph) = GraphFile::parse(text, "@fuzz") {
        assert!(graph.edges.len() + graph.starts.len() <= text.lines().count());
        for edge in &graph.edges {
            let (u, v) = (graph.id(edge.from), graph.id(edge.to));
            assert_eq!(graph.index_of(u), Some(edge.from));
            assert_eq!(graph.index_of(v), Some(edge.to));
        }
    }
    std::fs::write(scratch(), file).expect("the scratch file is writable");
    let position = format!("@{}{suffix}", scratch().display());
    for spec in ["hackenbush", "geography", "graph"] {
        let family = parse_spec(spec).expect("graph families parse");
        let _ = family.value(&position);
        if let Ok(solution) = family.solve(&[&position], Play::Normal) {
            let winner = family.outcome(&[&position], Play::Normal).unwrap();
            assert_eq!(winner, solution.winner, "{spec} {text:?}");
        }
    }
});
