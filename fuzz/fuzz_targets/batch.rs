//! `batch` input: a spec from the dictionary (first byte), normal or misère play (second
//! byte), then the lines. Never a panic; an accepted input gets one answer per line.
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
    let play = if flags & 1 == 0 {
        Play::Normal
    } else {
        Play::Misere
    };
    let mut out = String::new();
    if family.batch(text, play, &mut out).is_ok() {
        assert_eq!(
            out.lines().count(),
            text.lines().count(),
            "{spec} {text:?}: {out:?}"
        );
        assert!(
            out.lines()
                .all(|l| l == "first" || l == "second" || l == "draw"),
            "{out:?}"
        );
    }
});
