//! Helpers shared by the CLI test binaries.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `grundy args…` with `stdin`, returning (exit code, stdout, stderr).
pub fn grundy(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        // Tests never touch the user's table cache.
        .env("GRUNDY_CACHE", "off")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts input");
    let out = child.wait_with_output().expect("grundy finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `grundy args…`, asserts success, and parses stdout as JSON.
// Not every test binary that includes this module calls it.
#[allow(dead_code)]
pub fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = grundy(args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}
