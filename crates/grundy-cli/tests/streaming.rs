//! Issue 20: `batch`, `nim-mul` and `play` read stdin line by line, answer each line as it is
//! read, cap a line's length (naming its number), and keep memory flat. Flatness is checked by
//! running under an address-space limit far below the input's size.

mod common;

use common::{grundy, limited_command};
use std::io::{Read, Write};
use std::process::Stdio;

/// Runs `grundy args…` under `ulimit -v kib`, feeding `lines` copies of `line` (written by a
/// thread as the command reads, never held whole), returning (exit code, stdout bytes, the
/// last stdout line, stderr).
fn fed(
    kib: u64,
    args: &[&str],
    head: &str,
    line: &str,
    lines: usize,
) -> (i32, usize, String, String) {
    let mut child = limited_command(kib, args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().unwrap();
    let (head, line) = (head.to_string(), line.to_string());
    let writer = std::thread::spawn(move || {
        let block = line.repeat(4096);
        let _ = stdin.write_all(head.as_bytes());
        let mut left = lines;
        while left > 0 {
            let n = left.min(4096);
            if stdin
                .write_all(&block.as_bytes()[..n * line.len()])
                .is_err()
            {
                return;
            }
            left -= n;
        }
    });
    let mut stdout = child.stdout.take().unwrap();
    let (mut bytes, mut tail) = (0usize, Vec::new());
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        bytes += n;
        tail.extend_from_slice(&buf[..n]);
        if tail.len() > 256 {
            tail.drain(..tail.len() - 128);
        }
    }
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let tail = String::from_utf8_lossy(&tail);
    let last = tail
        .trim_end()
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .to_string();
    (
        out.status.code().unwrap_or(-1),
        bytes,
        last,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// 256 MiB of address space: far less than the inputs below (a buffered run needs the input
/// and its answers at once).
const LIMIT_KIB: u64 = 256 << 10;

#[test]
fn batch_answers_two_million_long_lines_in_flat_memory() {
    // 2·10^6 lines of 200 bytes: 400 MB of input.
    let line = format!("{} 7\n", "1 ".repeat(98));
    let (code, bytes, last, err) = fed(LIMIT_KIB, &["batch", "nim"], "", &line, 2_000_000);
    assert_eq!(code, 0, "{err}");
    assert_eq!(bytes, 2_000_000 * "first\n".len());
    assert_eq!(last, "first");
}

#[test]
fn nim_mul_answers_ten_million_pairs_in_flat_memory() {
    let line = "18446744073709551615 18446744073709551614\n";
    let count = 10_000_000;
    let (code, _, last, err) = fed(LIMIT_KIB, &["nim-mul"], &format!("{count}\n"), line, count);
    assert_eq!(code, 0, "{err}");
    let expected = {
        let (code, out, _) = grundy(&["nim-mul"], &format!("1\n{line}"));
        assert_eq!(code, 0);
        out.trim().to_string()
    };
    assert_eq!(last, expected);
}

#[test]
fn an_endless_line_is_refused_by_number() {
    for (args, head) in [
        (&["batch", "nim"][..], "1 2\n3\n"),
        (&["nim-mul"], "5\n1 2\n"),
    ] {
        let (code, _, _, err) = fed(LIMIT_KIB, args, head, "9", 33 << 20);
        assert_eq!(code, 2, "{args:?}: {err}");
        let line = head.lines().count() + 1;
        assert!(
            err.contains(&format!("line {line}: the line is longer than 32.0 MiB")),
            "{args:?}: {err}"
        );
    }
    let (code, out, err) = grundy(
        &["play", "nim", "3"],
        &format!("{}\n", "x".repeat(33 << 20)),
    );
    assert_eq!(code, 2, "{out} {err}");
    assert!(
        err.contains("line 1: the line is longer than 32.0 MiB"),
        "{err}"
    );
}

#[test]
fn batch_answers_each_line_before_the_next_arrives() {
    let mut child = common::command()
        .args(["batch", "nim"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut answer = [0u8; 6];
    for (line, expected) in [("1 1\n", "second"), ("2\n", "first\n")] {
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let want = &mut answer[..expected.len()];
        stdout.read_exact(want).unwrap();
        assert_eq!(std::str::from_utf8(want).unwrap(), expected);
        if expected == "second" {
            stdout.read_exact(&mut [0u8; 1]).unwrap(); // its newline
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// A contest's largest Nim position on one line (2·10^5 heaps near 10^18, 3.8 MB) is answered:
/// it used to be refused as longer than the 1 MiB cap. The answer is the XOR's, computed here.
#[test]
fn a_contest_sized_position_fits_on_one_line() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let heaps: Vec<u64> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % 1_000_000_000_000_000_000
        })
        .collect();
    let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let xor = heaps.iter().fold(0, |x, &h| x ^ h);
    let with_last_fixed = {
        let mut zero = heaps.clone();
        let last = zero.len() - 1;
        zero[last] ^= xor;
        zero.iter().map(u64::to_string).collect::<Vec<_>>()
    };
    let input = format!("{}\n{}\n", line.join(" "), with_last_fixed.join(" "));
    assert!(input.len() > 2 << 20);
    let (code, out, err) = grundy(&["batch", "nim"], &input);
    assert_eq!(code, 0, "{err}");
    let expected = if xor == 0 { "second" } else { "first" };
    assert_eq!(out, format!("{expected}\nsecond\n"));
}
