//! README.md is true: every example in a ```console block is run and its output compared with
//! what README shows.
//!
//! Convention for README authors (every team that adds examples, please follow it):
//! - Put examples to be checked in a fenced block opened with ```console. Other fences (```sh,
//!   ```text, plain ```) are not checked; use them for commands that are slow, write large
//!   files, or are illustrations.
//! - In a console block, a line starting with `$ ` is a command, run by `sh -c` from a
//!   scratch directory holding a link to the repository's `examples/`, with the `grundy`
//!   binary under test first on `PATH` and a scratch cache directory. The lines after it,
//!   up to the next `$ ` line, are its expected output: stdout and stderr together, compared
//!   line by line after trimming trailing spaces; blank lines at the end of an example are
//!   ignored. `$ echo $?` prints the exit code of the command before it.
//! - A line that is exactly `…` stands for any number of lines (zero or more).
//! - A command ending in `# illustrative` is run but its output is not compared (use sparingly).

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` with the lines README shows under it.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The examples of every ```console block, in order.
fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in readme.lines().enumerate() {
        let trimmed = line.trim_end();
        if trimmed.starts_with("```") {
            in_console = !in_console && trimmed == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = trimmed.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.expected.push(trimmed.to_string());
        }
    }
    for e in &mut out {
        while e.expected.last().is_some_and(|l| l.is_empty()) {
            e.expected.pop();
        }
    }
    out
}

/// Whether `actual` matches `expected`, where a `…` line matches zero or more lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "…" => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, tail)| a.trim_end() == first && matches(rest, tail)),
    }
}

#[test]
fn readme_console_examples_print_what_readme_shows() {
    let root = repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md is readable");
    let examples = examples(&readme);
    assert!(
        examples.len() >= 40,
        "only {} console examples found",
        examples.len()
    );
    let scratch = std::env::temp_dir().join(format!("grundy-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let link = scratch.join("examples");
    if !link.exists() {
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("examples"), &link).unwrap();
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let mut last_code = 0;
    for e in &examples {
        if e.command.trim() == "echo $?" {
            let expected = e.expected.join("\n");
            if expected.trim() != last_code.to_string() {
                failures.push(format!(
                    "README.md:{}: `echo $?` shows {expected}, the exit code was {last_code}",
                    e.line
                ));
            }
            continue;
        }
        let out = Command::new("sh")
            .arg("-c")
            // The newline ends a `# comment` on the command before the redirection.
            .arg(format!("{{ {}\n}} 2>&1", e.command))
            .current_dir(&scratch)
            .env("PATH", &path)
            .env("XDG_CACHE_HOME", scratch.join("cache"))
            .env_remove("GRUNDY_CACHE")
            .output()
            .expect("sh runs");
        last_code = out.status.code().unwrap_or(-1);
        if e.command.trim_end().ends_with("# illustrative") {
            continue;
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let mut actual: Vec<&str> = text.lines().collect();
        while actual.last().is_some_and(|l| l.trim().is_empty()) {
            actual.pop();
        }
        if !matches(&e.expected, &actual) {
            failures.push(format!(
                "README.md:{}: `$ {}`\n--- README shows:\n{}\n--- the program prints:\n{}",
                e.line,
                e.command,
                e.expected.join("\n"),
                actual.join("\n")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        failures.is_empty(),
        "{} of {} README examples differ:\n\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_wildcard_matches_any_number_of_lines() {
    let e = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "…", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&e(&["a", "…", "d"]), &["a", "d"]));
    assert!(!matches(&e(&["a", "…", "d"]), &["a", "b"]));
    assert!(!matches(&e(&["a", "b"]), &["a", "b", "c"]));
    assert!(matches(&e(&["…"]), &[]));
}
