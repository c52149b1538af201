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
pub fn usage_error(error: clap::Error) -> ExitCode {
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
    let rendered = error.to_string();
    let first = rendered
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("invalid arguments")
        .trim_start_matches("error: ");
    let _ = writeln!(io::stderr(), "grundy: {first} (see `grundy --help`)");
    ExitCode::from(2)
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

/// `println!` that reports a closed stdout as an error instead of panicking.
pub fn println_checked(text: &str) -> Result<(), GameError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}
