//! `grundy nim-mul` input (Library Checker `nim_product_64`): the CLI's block reader and SWAR
//! decimal parser, compiled in from its file, against a plain reference parser written from
//! the format. Block size (1..=64 bytes or 1 MiB) and size hint come from the first byte, so
//! that lines straddle blocks. Both must accept the same inputs and print the same products.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/grundy-cli/src/commands/nim_mul.rs"]
mod nim_mul;

use grundy::numeric::nim_arith::NimMultiplier;
use libfuzzer_sys::fuzz_target;

/// The format read plainly: blank lines are skipped, blanks are space, tab and CR; the first
/// line holds T, then exactly T lines of two decimal numbers below 2^64.
fn reference(input: &[u8]) -> Option<Vec<u8>> {
    let number = |token: &[u8]| -> Option<u64> {
        if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(token).ok()?.parse().ok()
    };
    let mut lines = input.split(|&b| b == b'\n').map(|line| {
        line.split(|b| matches!(b, b' ' | b'\t' | b'\r'))
            .filter(|token| !token.is_empty())
            .collect::<Vec<&[u8]>>()
    });
    let mut lines = lines.by_ref().filter(|tokens| !tokens.is_empty());
    let count = match lines.next()?.as_slice() {
        [t] => number(t)?,
        _ => return None,
    };
    let multiplier = NimMultiplier::new();
    let mut out = Vec::new();
    let mut done = 0;
    for tokens in lines {
        let [a, b] = tokens.as_slice() else {
            return None;
        };
        if done == count {
            return None;
        }
        out.extend_from_slice(format!("{}\n", multiplier.mul(number(a)?, number(b)?)).as_bytes());
        done += 1;
    }
    (done == count).then_some(out)
}

fuzz_target!(|data: &[u8]| {
    grundy_fuzz::init();
    let Some((&choice, input)) = data.split_first() else {
        return;
    };
    let block = if choice & 0x40 != 0 {
        1 << 20
    } else {
        1 + (choice & 0x3f) as usize
    };
    let size_hint = if choice & 0x80 != 0 {
        input.len() as u64
    } else {
        0
    };
    let fast = nim_mul::nim_products(input, size_hint, block).ok();
    assert_eq!(
        fast,
        reference(input),
        "block {block}, size hint {size_hint}, input {:?}",
        String::from_utf8_lossy(input)
    );
});
