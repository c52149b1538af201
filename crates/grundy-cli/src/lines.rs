//! Reading stdin line by line with a cap on a line's length: `play`, `batch` and `nim-mul`
//! answer each line as it is read, so their memory stays flat however long the input (a
//! 10^7-line file, or `/dev/zero`, which is one endless line).

use grundy::limits::human_bytes;
use grundy::GameError;
use std::io::{BufRead, BufReader, Read};

/// The longest input line accepted (32 MiB): a contest's largest Nim position (10^6 heaps up
/// to 10^18, about 20 MB on one line) fits, and an endless line is still refused within a
/// fraction of a second instead of read until memory runs out. It was 1 MiB, which refused
/// 2·10^5 heaps of 10^18.
pub const MAX_LINE: usize = 32 << 20;

/// The refusal of a line longer than [`MAX_LINE`], naming it.
pub fn too_long(line: usize) -> GameError {
    GameError::AtLine {
        line,
        reason: format!(
            "the line is longer than {} (the longest line accepted); is this the right input?",
            human_bytes(MAX_LINE as u128)
        ),
    }
}

/// Lines of a reader, one reused buffer, each checked for length and UTF-8.
pub struct LineReader<R> {
    reader: BufReader<R>,
    buf: Vec<u8>,
    line: usize,
}

impl<R: Read> LineReader<R> {
    /// Reads `reader` from its first line, in blocks of 64 KiB.
    pub fn new(reader: R) -> Self {
        LineReader {
            reader: BufReader::with_capacity(1 << 16, reader),
            buf: Vec::new(),
            line: 0,
        }
    }

    /// The number (from 1) of the line last returned.
    pub fn line_number(&self) -> usize {
        self.line
    }

    /// Whether the next line can be read without waiting for input: callers answer what they
    /// hold before they block, so an interactive user sees each answer at once.
    pub fn has_buffered(&self) -> bool {
        !self.reader.buffer().is_empty()
    }

    /// The next line without its `\n` or `\r\n`, or `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<&str>, GameError> {
        self.buf.clear();
        let limit = MAX_LINE as u64 + 1;
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| GameError::io("reading stdin", &e))?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        }
        if self.buf.len() > MAX_LINE {
            return Err(too_long(self.line));
        }
        std::str::from_utf8(&self.buf)
            .map(Some)
            .map_err(|_| GameError::AtLine {
                line: self.line,
                reason: "the line is not valid UTF-8 text".into(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_and_capped() {
        let text = "a\r\nb\n\nlast";
        let mut lines = LineReader::new(text.as_bytes());
        let mut seen = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            seen.push(line.to_string());
        }
        assert_eq!(seen, ["a", "b", "", "last"]);
        assert_eq!(lines.line_number(), 4);
        let long = format!("ok\n{}\n", "7".repeat(MAX_LINE + 1));
        let mut lines = LineReader::new(long.as_bytes());
        assert_eq!(lines.next_line().unwrap(), Some("ok"));
        match lines.next_line() {
            Err(GameError::AtLine { line: 2, reason }) => {
                assert!(reason.contains("longer than 32.0 MiB"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        // A line of exactly the cap is accepted.
        let exact = "7".repeat(MAX_LINE);
        let mut lines = LineReader::new(exact.as_bytes());
        assert_eq!(lines.next_line().unwrap().map(str::len), Some(MAX_LINE));
        let mut lines = LineReader::new(&b"\xff\n"[..]);
        assert!(matches!(
            lines.next_line(),
            Err(GameError::AtLine { line: 1, .. })
        ));
    }
}
