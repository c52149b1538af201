//! Helpers shared by the CLI test binaries: running the binary (plainly, or under an
//! address-space limit) and scratch directories.
// Not every test binary that includes this module calls every helper.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The `grundy` binary, never touching the user's table cache, and printing plain text
/// whatever the environment asks (`CLICOLOR_FORCE`, set by some CI runners, makes `--help`
/// bold even into a pipe).
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .env("GRUNDY_CACHE", "off")
        .env_remove("CLICOLOR_FORCE");
    command
}

/// `grundy args…` run through `sh` under `ulimit -v kib` (KiB of address space), so that a
/// test sees what a user with that limit sees: an answer or a refusal, never an abort.
pub fn limited_command(kib: u64, args: &[&str]) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("GRUNDY_CACHE", "off")
        .env_remove("CLICOLOR_FORCE");
    command
}

/// (exit code, stdout, stderr) of a finished run.
pub fn parts(out: Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `command` with `stdin` (written by a thread while the command runs, so that a large
/// input cannot deadlock against a full stdout pipe), returning (exit code, stdout, stderr).
pub fn run(mut command: Command, stdin: &str) -> (i32, String, String) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let text = stdin.to_string();
    // The command may stop reading early (an error on the first line): not a test failure.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("the command finishes");
    writer.join().expect("the writer thread ends");
    parts(out)
}

/// Runs `grundy args…` with `stdin`, returning (exit code, stdout, stderr).
pub fn grundy(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut command = command();
    command.args(args);
    run(command, stdin)
}

/// Runs `grundy args…` under `ulimit -v kib` with no stdin, returning (exit code, stdout,
/// stderr).
pub fn limited(kib: u64, args: &[&str]) -> (i32, String, String) {
    let out = limited_command(kib, args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    parts(out)
}

/// Runs `grundy args…`, asserts success, and parses stdout as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = grundy(args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// A fresh, empty scratch directory for one test, named after it and this process.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch directory is created");
    dir
}
