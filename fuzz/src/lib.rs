//! What the fuzz targets share: a small memory budget, and the dictionary of game specs that
//! the position and batch targets draw from.

use grundy::limits::cap_memory_budget;
use grundy::registry::CATALOGUE;
use std::sync::Once;

/// The budget the targets run under: an input asking for a big table is refused at once
/// (the refusal is the behaviour under test), and libFuzzer's memory limit is never reached.
const FUZZ_BUDGET: u64 = 4 << 20;

/// Call first in every target.
pub fn init() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| cap_memory_budget(FUZZ_BUDGET));
}

/// Specs beyond the catalogue's examples: parameters, aliases and infinite sets. Hexadecimal
/// codes with three-way splits are left out: their reference solver is O(n²) a heap by
/// design, so any heap of a few hundred is a slow input rather than a finding.
const EXTRA_SPECS: &[&str] = &[
    "poker-nim",
    "subtraction:2,5,7",
    "subtraction:1..6",
    "subtraction:primes",
    "subtraction:squares",
    "subtraction:fibonacci",
    "subtraction:powers-of-2",
    "subtraction:all-but:1,3",
    "kayles",
    "dawsons-kayles",
    "treblecross",
    "octal:4.07",
    "prime-heap:3",
    "geography-grid:3,4",
    "chessboard:8",
    "moore:1",
    "product:ruler,twins",
];

/// Every catalogue family (the spec of its example) and [`EXTRA_SPECS`].
pub fn specs() -> Vec<&'static str> {
    let examples = CATALOGUE.iter().map(|entry| {
        entry
            .example
            .split_ascii_whitespace()
            .nth(1)
            .expect("every example is `command SPEC …`")
    });
    examples.chain(EXTRA_SPECS.iter().copied()).collect()
}

/// Splits an input into a spec from the dictionary (chosen by the first byte), a flag byte
/// and UTF-8 text; `None` for inputs too short or not UTF-8 (the CLI gets text, never bytes).
pub fn spec_and_text(data: &[u8]) -> Option<(&'static str, u8, &str)> {
    let (&choice, rest) = data.split_first()?;
    let (&flags, rest) = rest.split_first()?;
    let specs = specs();
    let text = std::str::from_utf8(rest).ok()?;
    Some((specs[choice as usize % specs.len()], flags, text))
}
