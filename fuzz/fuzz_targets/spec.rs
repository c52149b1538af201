//! The GAME spec parser: never a panic; an accepted spec's canonical form parses again to
//! itself.
#![no_main]

use grundy::parse_spec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grundy_fuzz::init();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(family) = parse_spec(text) {
        let canonical = family.spec();
        let again = parse_spec(&canonical)
            .unwrap_or_else(|e| panic!("`{text}` gave `{canonical}`, which does not parse: {e}"));
        assert_eq!(again.spec(), canonical, "`{text}`");
    }
});
