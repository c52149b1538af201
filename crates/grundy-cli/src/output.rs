//! Printing and exit codes shared by every command.

use grundy::GameError;
use std::io::{self, Write};
use std::process::ExitCode;

/// Maps a command's result to the process exit code: 0, or 2 with one line on stderr.
/// A closed stdout (e.g. `grundy table … | head`) is not an error.
pub fn finish(result: Result<(), GameError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.io_kind() == Some(io::ErrorKind::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            let line = e.to_string().replace('\n', " ");
            let _ = writeln!(io::stderr(), "grundy: {line}");
            ExitCode::from(2)
        }
    }
}

/// Help and version go to stdout with exit 0; usage errors become one line and exit 2.
/// `command` is the subcommand the user typed, if any (`solve`, `value`, …).
pub fn usage_error(error: clap::Error, command: Option<&str>) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    // `value nim 1 2`: the user meant a sum.
    let hint = (command == Some("value") && error.kind() == ErrorKind::UnknownArgument).then_some(
        "`value` takes one position; for a sum of several, use `grundy solve GAME POSITION...`",
    );
    let line = one_line(&error.render().to_string(), command, hint);
    let _ = writeln!(io::stderr(), "grundy: {line}");
    ExitCode::from(2)
}

/// Folds clap's multi-line report into one line that keeps all of its information — the
/// missing arguments, "did you mean" tips, the valid values — and points at the help of the
/// subcommand the user typed (read from clap's `Usage:` line), not at the top-level help.
fn one_line(rendered: &str, command: Option<&str>, hint: Option<&str>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut usage = None;
    for line in rendered.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(rest) = line.strip_prefix("Usage:") {
            usage = Some(rest.trim().to_string());
        } else if line.starts_with("For more information") {
            continue;
        } else if usage.is_none() {
            let line = line.strip_prefix("error: ").unwrap_or(line);
            match parts.last_mut() {
                // Continuation lines (the list of missing arguments, the possible values)
                // belong to the sentence before them; tips start a new clause.
                Some(last) if !line.starts_with("tip:") => {
                    last.push(' ');
                    last.push_str(line);
                }
                _ => parts.push(line.to_string()),
            }
        }
    }
    if parts.is_empty() {
        parts.push("invalid arguments".to_string());
    }
    parts.extend(hint.map(str::to_string));
    let text = parts.join("; ");
    match command {
        Some(command) => {
            let usage = usage.map(|u| format!("usage: {u}; ")).unwrap_or_default();
            format!("{text} ({usage}see `grundy {command} --help`)")
        }
        None => format!("{text} (see `grundy --help`)"),
    }
}

/// Panics are bugs; still, the user gets one line, not a backtrace.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let _ = writeln!(
            io::stderr(),
            "grundy: internal error (a bug; please report it): {message}{location}"
        );
        std::process::exit(101);
    }));
}

/// Prints a JSON value on one line.
pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), GameError> {
    let text = serde_json::to_string(value).map_err(|e| GameError::io_other(e.to_string()))?;
    println_checked(&text)
}

/// A command's answer: the library's typed report, serialized as it is written (it may list
/// millions of moves, and keeps its fields in the order `--json` has always printed), or
/// another (the partizan report, or a JSON value built by the command).
#[derive(serde::Serialize)]
#[serde(untagged)]
pub enum Answer<T, U = serde_json::Value> {
    /// The library's report as it is.
    Typed(T),
    /// The other kind of report.
    Other(U),
}

/// A command's answer as a JSON value: what `--json` prints and what `grundy serve` answers.
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<serde_json::Value, GameError> {
    serde_json::to_value(value).map_err(|e| GameError::io_other(e.to_string()))
}

/// `println!` that reports a closed stdout as an error instead of panicking.
pub fn println_checked(text: &str) -> Result<(), GameError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}
