//! `grundy nim-mul`: Library Checker's `nim_product_64` format. Stdin: `T`, then `T` lines
//! `A B` (unsigned 64-bit); stdout: `A ⊗ B` per line.
//!
//! Judge-sized inputs (10^6 pairs, 40 MB) make the I/O cost more than the products, so this
//! file reads stdin in large blocks of whole lines through one reused 1 MiB buffer (reading
//! the 39 MB benchmark input whole costs 27 ms of CPU, mostly 10 000 page faults; in blocks,
//! 10 ms), parses and prints decimal by hand eight digits per step (SWAR: a u64 as eight byte
//! lanes; faster than the `itoa`/`str::parse` loops, and this is where we must beat a C++
//! baseline), and writes each block's answers with one write: memory stays flat (two 1 MiB
//! buffers) however long the input, and a line longer than [`MAX_LINE`] is refused.
//! The parser still checks everything: a count that does not match the pairs, a token that is
//! not a number, a value above 2^64−1, or a line that does not hold exactly two numbers is an
//! error naming its line (exit 2); the answers before that line have been printed.

use crate::lines::{too_long, MAX_LINE};
use grundy::numeric::nim_arith::NimMultiplier;
use grundy::GameError;
use std::io::{self, Read, Write};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  printf '2\\n2 3\\n5 7\\n' | grundy nim-mul")]
pub struct Args {}

/// Bytes of padding after a block, so that 8-byte loads near its end stay in bounds.
const PADDING: usize = 16;

/// Size of the reused input buffer.
const BLOCK: usize = 1 << 20;

pub fn run(_args: Args) -> Result<(), GameError> {
    let mut stdout = io::stdout().lock();
    nim_products(io::stdin().lock(), BLOCK, &mut stdout)?;
    stdout.flush()?;
    Ok(())
}

/// Answers a whole `nim_product_64` input read from `input` in blocks of about `block` bytes,
/// writing each block's answers to `output` before reading the next.
pub fn nim_products(
    input: impl Read,
    block: usize,
    output: &mut impl Write,
) -> Result<(), GameError> {
    let mut blocks = LineBlocks::new(input, block);
    let mut line = 1;
    let mut count: Option<u64> = None;
    let mut done = 0u64;
    let mut out = DecimalWriter::with_lines(block / 4 + 1);
    let multiplier = NimMultiplier::new();
    while let Some((bytes, end)) = blocks.next_block(line)? {
        let mut cursor = Cursor {
            bytes,
            end,
            pos: 0,
            line,
        };
        loop {
            cursor.skip_whitespace();
            if cursor.pos == cursor.end {
                break;
            }
            match count {
                None => {
                    count = Some(cursor.number()?);
                    cursor.end_of_line()?;
                }
                Some(t) if done == t => {
                    return Err(cursor.error(&format!("more than T = {t} pairs")));
                }
                Some(_) => {
                    let a = cursor.number()?;
                    cursor.skip_blanks();
                    let b = cursor.number()?;
                    cursor.end_of_line()?;
                    out.line(multiplier.mul(a, b));
                    done += 1;
                }
            }
        }
        line = cursor.line;
        output.write_all(out.bytes())?;
        out.clear();
    }
    let at_end = |reason: String| GameError::AtLine { line, reason };
    match count {
        None => Err(at_end(
            "empty input: expected the count T, then T lines `A B`".into(),
        )),
        Some(t) if done < t => Err(at_end(format!(
            "the input ends after {done} of the T = {t} pairs"
        ))),
        Some(_) => Ok(()),
    }
}

/// Reads its input in blocks that end at a line boundary (or at the end of the input), each
/// followed by at least [`PADDING`] readable bytes, reusing one buffer. A pair never straddles
/// two blocks, so the parser needs no state within a line.
struct LineBlocks<R> {
    reader: R,
    buf: Vec<u8>,
    /// Bytes of `buf` holding input.
    filled: usize,
    /// Where the unconsumed input starts (the partial line after the last block).
    consumed: usize,
    eof: bool,
}

impl<R: Read> LineBlocks<R> {
    fn new(reader: R, block: usize) -> Self {
        LineBlocks {
            reader,
            buf: vec![0; block.max(1) + PADDING],
            filled: 0,
            consumed: 0,
            eof: false,
        }
    }

    /// The next block and the index where its whole lines end; `None` once all is consumed.
    /// The next block of whole lines; `line` (the number of the first line not yet read) names
    /// a line that outgrows [`MAX_LINE`].
    fn next_block(&mut self, line: usize) -> Result<Option<(&[u8], usize)>, GameError> {
        self.buf.copy_within(self.consumed..self.filled, 0);
        self.filled -= self.consumed;
        self.consumed = 0;
        loop {
            if !self.eof {
                if self.filled + PADDING == self.buf.len() {
                    // A line longer than the buffer: grow it.
                    let bigger = self.buf.len() * 2;
                    self.buf.resize(bigger, 0);
                }
                let room = self.buf.len() - PADDING;
                let read = match self.reader.read(&mut self.buf[self.filled..room]) {
                    Ok(n) => n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(GameError::io("reading stdin", &e)),
                };
                self.filled += read;
                self.eof = read == 0;
            }
            let end = if self.eof {
                // The last block: whatever is left, then zeros (non-digits, non-blanks).
                self.buf[self.filled..self.filled + PADDING].fill(0);
                self.filled
            } else {
                match self.buf[..self.filled].iter().rposition(|&b| b == b'\n') {
                    Some(last_newline) => last_newline + 1,
                    // No whole line yet: refused once it outgrows the cap.
                    None if self.filled > MAX_LINE => return Err(too_long(line)),
                    None => continue,
                }
            };
            if end == 0 {
                return Ok(None);
            }
            self.consumed = end;
            return Ok(Some((&self.buf, end)));
        }
    }
}

/// A position in the padded input, with the current line number for error messages.
struct Cursor<'a> {
    bytes: &'a [u8],
    end: usize,
    pos: usize,
    line: usize,
}

impl Cursor<'_> {
    fn error(&self, reason: &str) -> GameError {
        GameError::AtLine {
            line: self.line,
            reason: reason.to_string(),
        }
    }

    /// Skips spaces, tabs and carriage returns (not newlines).
    #[inline]
    fn skip_blanks(&mut self) {
        while matches!(self.bytes[self.pos], b' ' | b'\t' | b'\r') {
            self.pos += 1;
        }
    }

    /// Skips all whitespace, counting lines.
    #[inline]
    fn skip_whitespace(&mut self) {
        while self.pos < self.end {
            match self.bytes[self.pos] {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => return,
            }
            self.pos += 1;
        }
    }

    /// Consumes the rest of a line that must hold nothing more.
    #[inline]
    fn end_of_line(&mut self) -> Result<(), GameError> {
        self.skip_blanks();
        if self.pos == self.end {
            return Ok(());
        }
        if self.bytes[self.pos] == b'\n' {
            self.pos += 1;
            self.line += 1;
            return Ok(());
        }
        Err(self.error(&format!(
            "unexpected `{}`: each line holds exactly two numbers `A B` (the first line: T)",
            self.token()
        )))
    }

    /// The whitespace-delimited token at the cursor, for messages.
    fn token(&self) -> String {
        let rest = &self.bytes[self.pos..self.end];
        let len = rest
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(rest.len());
        String::from_utf8_lossy(&rest[..len.min(40)]).into_owned()
    }

    /// Parses an unsigned 64-bit number followed by whitespace or the end of the input.
    #[inline]
    fn number(&mut self) -> Result<u64, GameError> {
        let len = digit_run(self.bytes, self.pos);
        let next = self.pos + len;
        let delimited =
            next == self.end || matches!(self.bytes[next], b' ' | b'\t' | b'\r' | b'\n');
        if len == 0 || !delimited {
            return Err(
                self.error(&if self.pos == self.end || self.bytes[self.pos] == b'\n' {
                    "expected two numbers `A B`".to_string()
                } else {
                    format!("`{}` is not a non-negative integer", self.token())
                }),
            );
        }
        let value = parse_run(self.bytes, self.pos, len)
            .ok_or_else(|| self.error(&format!("`{}` exceeds 2^64−1", self.token())))?;
        self.pos = next;
        Ok(value)
    }
}

const ASCII_ZEROS: u64 = 0x3030_3030_3030_3030;

#[inline(always)]
fn load(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8-byte slice"))
}

/// The number of ASCII digits starting at `at` (the padding guarantees a non-digit).
#[inline(always)]
fn digit_run(bytes: &[u8], at: usize) -> usize {
    let mut len = 0;
    loop {
        let chunk = load(bytes, at + len);
        // A byte is a digit iff its high nibble is 3 and adding 6 keeps it 3. A carry out of
        // a non-digit byte may corrupt later bytes' verdicts, but only the first one counts.
        let high = chunk & 0xf0f0_f0f0_f0f0_f0f0;
        let shifted = chunk.wrapping_add(0x0606_0606_0606_0606) & 0xf0f0_f0f0_f0f0_f0f0;
        let not_digit = (high ^ ASCII_ZEROS) | (shifted ^ ASCII_ZEROS);
        if not_digit != 0 {
            return len + (not_digit.trailing_zeros() / 8) as usize;
        }
        len += 8;
    }
}

/// Eight ASCII digits (first digit in the lowest byte) to their value, in three multiplies.
#[inline(always)]
fn eight_digits(chunk: u64) -> u64 {
    let v = chunk.wrapping_sub(ASCII_ZEROS);
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let pairs_even = (v & 0x0000_00ff_0000_00ff).wrapping_mul(100 + (1_000_000 << 32));
    let pairs_odd = ((v >> 16) & 0x0000_00ff_0000_00ff).wrapping_mul(1 + (10_000 << 32));
    pairs_even.wrapping_add(pairs_odd) >> 32
}

/// The first `k` (1..=8) digits of the chunk at `at`, padded in front with '0's.
#[inline(always)]
fn few_digits(bytes: &[u8], at: usize, k: usize) -> u64 {
    let shift = 8 * (8 - k) as u32;
    let fill = ASCII_ZEROS.checked_shr(8 * k as u32).unwrap_or(0);
    eight_digits((load(bytes, at) << shift) | fill)
}

/// The value of the `len` digits at `at`, or `None` above 2^64−1.
#[inline(always)]
fn parse_run(bytes: &[u8], at: usize, len: usize) -> Option<u64> {
    const E8: u64 = 100_000_000;
    match len {
        1..=8 => Some(few_digits(bytes, at, len)),
        9..=16 => {
            Some(few_digits(bytes, at, len - 8) * E8 + eight_digits(load(bytes, at + len - 8)))
        }
        17..=20 => {
            let head = few_digits(bytes, at, len - 16) as u128;
            let middle = eight_digits(load(bytes, at + len - 16)) as u128;
            let last = eight_digits(load(bytes, at + len - 8)) as u128;
            u64::try_from((head * E8 as u128 + middle) * E8 as u128 + last).ok()
        }
        _ => {
            let zeros = bytes[at..at + len]
                .iter()
                .take_while(|&&b| b == b'0')
                .count();
            match len - zeros {
                0 => Some(0),
                rest if rest <= 20 => parse_run(bytes, at + zeros, rest),
                _ => None,
            }
        }
    }
}

/// The eight decimal digits of `v < 10^8` as byte lanes holding 0..=9, the most significant
/// digit in the lowest byte: split into 4-digit halves, then 2-digit, then 1-digit lanes, each
/// step dividing every lane at once by a multiply-shift (exact for these lane ranges).
#[inline(always)]
fn eight_digit_lanes(v: u32) -> u64 {
    let x = (v / 10_000) as u64 | (((v % 10_000) as u64) << 32);
    let hundreds = ((x * 10_486) >> 20) & 0x0000_007f_0000_007f; // lane / 100, lanes < 10^4
    let x = hundreds | ((x - hundreds * 100) << 16);
    let tens = ((x * 103) >> 10) & 0x000f_000f_000f_000f; // lane / 10, lanes < 100
    tens | ((x - tens * 10) << 8)
}

/// An output buffer written eight bytes at a time: every store is a fixed-size 8-byte copy
/// (no variable-length `memcpy` per number); shorter fields just advance less, and the next
/// store overwrites the excess.
struct DecimalWriter {
    buf: Vec<u8>,
    len: usize,
}

impl DecimalWriter {
    /// Room for `lines` numbers; grows if more come.
    fn with_lines(lines: usize) -> DecimalWriter {
        DecimalWriter {
            buf: vec![0; lines * 21 + 32],
            len: 0,
        }
    }

    #[inline(always)]
    fn store(&mut self, word: u64, advance: usize) {
        self.buf[self.len..self.len + 8].copy_from_slice(&word.to_le_bytes());
        self.len += advance;
    }

    /// `v < 10^8` without leading zeros (`0` for zero).
    #[inline(always)]
    fn leading(&mut self, v: u32) {
        let lanes = eight_digit_lanes(v);
        let skip = (lanes.trailing_zeros() / 8).min(7);
        self.store((lanes + ASCII_ZEROS) >> (8 * skip), 8 - skip as usize);
    }

    /// Exactly eight digits of `v < 10^8`.
    #[inline(always)]
    fn eight(&mut self, v: u32) {
        self.store(eight_digit_lanes(v) + ASCII_ZEROS, 8);
    }

    /// `v` in decimal and a newline.
    #[inline(always)]
    fn line(&mut self, v: u64) {
        const E8: u64 = 100_000_000;
        if self.len + 32 > self.buf.len() {
            self.buf.resize(self.buf.len() * 2 + 32, 0);
        }
        if v < E8 {
            self.leading(v as u32);
        } else if v < E8 * E8 {
            self.leading((v / E8) as u32);
            self.eight((v % E8) as u32);
        } else {
            self.leading((v / (E8 * E8)) as u32);
            self.eight((v / E8 % E8) as u32);
            self.eight((v % E8) as u32);
        }
        self.buf[self.len] = b'\n';
        self.len += 1;
    }

    /// The numbers written since the last [`clear`](Self::clear).
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// Empties the writer, keeping its buffer.
    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The Library Checker cases the tests compare against (kept in the library's test data).
#[cfg(test)]
#[path = "../../../grundy/tests/data/library_checker.rs"]
mod library_checker;

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers `text` with a large block, and checks that every small block size (so that
    /// blocks end everywhere, and lines outgrow the buffer) gives the same answer or error.
    fn run_text(text: &str) -> Result<String, GameError> {
        let whole = answers(text.as_bytes(), BLOCK);
        for block in 1..=24 {
            assert_eq!(
                answers(text.as_bytes(), block),
                whole,
                "block {block}: {text:?}"
            );
        }
        whole.map(|out| String::from_utf8(out).unwrap())
    }

    /// The answers printed, or the error.
    fn answers(input: &[u8], block: usize) -> Result<Vec<u8>, GameError> {
        let mut out = Vec::new();
        nim_products(input, block, &mut out).map(|()| out)
    }

    #[test]
    fn parses_every_length_exactly() {
        let mut values = vec![
            0,
            1,
            9,
            10,
            u64::MAX,
            u64::MAX - 1,
            10_000_000_000_000_000_000,
        ];
        let mut p = 1u64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, next - 1]);
            p = next;
        }
        for v in values {
            let text = format!("{v}");
            let mut bytes = text.as_bytes().to_vec();
            bytes.resize(bytes.len() + PADDING, 0);
            assert_eq!(digit_run(&bytes, 0), text.len(), "{v}");
            assert_eq!(parse_run(&bytes, 0, text.len()), Some(v), "{v}");
            let padded = format!("000000000000000000000000{v}");
            let mut bytes = padded.as_bytes().to_vec();
            bytes.resize(bytes.len() + PADDING, 0);
            assert_eq!(parse_run(&bytes, 0, padded.len()), Some(v), "{padded}");
        }
        for over in [
            "18446744073709551616",
            "99999999999999999999",
            "100000000000000000000",
        ] {
            let mut bytes = over.as_bytes().to_vec();
            bytes.resize(bytes.len() + PADDING, 0);
            assert_eq!(parse_run(&bytes, 0, over.len()), None, "{over}");
        }
    }

    #[test]
    fn prints_every_length_exactly() {
        let mut values = vec![0, 7, u64::MAX];
        let mut p = 1u64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, next - 1, next / 2 + 12_345]);
            p = next;
        }
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            values.push(state);
            values.push(state >> (state % 64));
        }
        // One writer for all (exercising growth from a small start), checked at the end.
        let mut out = DecimalWriter::with_lines(1);
        let mut expected = String::new();
        for v in values {
            out.line(v);
            expected.push_str(&format!("{v}\n"));
        }
        assert_eq!(String::from_utf8(out.bytes().to_vec()).unwrap(), expected);
    }

    #[test]
    fn answers_and_tolerates_spacing() {
        assert_eq!(run_text("3\n2 3\n0 7\n4 4\n").unwrap(), "1\n0\n6\n");
        assert_eq!(run_text("2\r\n2  3 \r\n\n 8\t8").unwrap(), "1\n13\n");
        assert_eq!(run_text("0\n").unwrap(), "");
    }

    #[test]
    fn library_checker_cases_with_blocks_ending_everywhere() {
        for (name, input, expected) in super::library_checker::cases("nim_product_64") {
            for block in [997, 4096 + 7] {
                let out = answers(input.as_bytes(), block).unwrap();
                assert!(out == expected.as_bytes(), "{name}, block {block}");
            }
        }
    }

    #[test]
    fn malformed_inputs_name_their_line() {
        let long_line = format!("2\n1 2\n{}\n", "1".repeat(3 * MAX_LINE));
        let cases = [
            ("", 1, "empty input"),
            ("2\n1 2\n", 3, "ends after 1 of the T = 2"),
            ("1\n1 2\n3 4\n", 3, "more than T = 1"),
            ("1\n1 x\n", 2, "`x` is not"),
            ("1\n1 2x\n", 2, "`2x` is not"),
            ("1\n1 -2\n", 2, "`-2` is not"),
            ("1\n1\n2\n", 2, "expected two numbers"),
            ("1\n1 2 3\n", 2, "unexpected `3`"),
            ("1\n18446744073709551616 1\n", 2, "exceeds 2^64"),
            ("x\n", 1, "`x` is not"),
            (long_line.as_str(), 3, "longer than 32.0 MiB"),
        ];
        for (input, line, needle) in cases {
            // The long line would fill a failure's message: its start names it.
            let input_start = &input[..input.len().min(60)];
            match run_text(input) {
                Err(GameError::AtLine { line: l, reason }) => {
                    assert_eq!(l, line, "{input_start:?}: {reason}");
                    assert!(reason.contains(needle), "{input_start:?}: {reason}");
                }
                other => panic!("{input_start:?}: {other:?}"),
            }
        }
    }
}
