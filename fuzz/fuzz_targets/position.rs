//! Every family's position parser, through `value` and `solve`: a spec from the dictionary
//! (first byte), normal or misère play (second byte), then position text. Never a panic, and
//! `outcome` agrees with `solve`. `@FILE` positions are left to the `graph_file` target (no
//! file system access here).
#![no_main]

use grundy::outcome::Play;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grundy_fuzz::init();
    let Some((spec, flags, text)) = grundy_fuzz::spec_and_text(data) else {
        return;
    };
    if text.contains('@') {
        return;
    }
    let family = grundy::parse_spec(spec).expect("dictionary specs parse");
    let _ = family.value(text);
    let play = if flags & 1 == 0 {
        Play::Normal
    } else {
        Play::Misere
    };
    let positions: Vec<&str> = text.split_ascii_whitespace().collect();
    if let Ok(solution) = family.solve(&positions, play) {
        let winner = family
            .outcome(&positions, play)
            .unwrap_or_else(|e| panic!("{spec} {text:?}: solve answers, outcome fails: {e}"));
        assert_eq!(winner, solution.winner, "{spec} {text:?} {play:?}");
    }
});
