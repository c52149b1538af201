//! Printing and exit codes shared by every command.

use grundy::GameError;
use std::io::{self, Write};
use std::process::ExitCode;

/// Maps a command's result to the process exit code: 0, or 2 with one line on stderr (bad
/// input, a refusal, or an output that could not be written, e.g. a full disk). A closed
/// stdout (e.g. `grundy table … | head`) is not an error.
pub fn finish(result: Result<(), GameError>) -> ExitCode {
    // Whatever is still buffered must reach stdout before the run counts as a success.
    let result = result.and_then(|()| io::stdout().flush().map_err(GameError::from));
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
        return match error.print() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => write_failed(&e.to_string()),
        };
    }
    let line = one_line(
        &error.render().to_string(),
        command,
        extra_word_hint(&error, command).as_deref(),
    );
    let _ = writeln!(io::stderr(), "grundy: {line}");
    ExitCode::from(2)
}

/// What an extra word (not an option: `--jsn` has clap's own tip) most likely meant:
/// `value nim 1 2` a sum, `table kayles 20` the option `--to 20`, `period kayles 1000`
/// the option `--max 1000`.
fn extra_word_hint(error: &clap::Error, command: Option<&str>) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(word)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    if word.starts_with('-') {
        return None;
    }
    match command? {
        "value" => Some(
            "`value` takes one position; for a sum of several, use `grundy solve GAME POSITION...`"
                .to_string(),
        ),
        command @ ("table" | "plot" | "octal-stats") => Some(format!(
            "the last heap size is the option `--to N`: `grundy {command} GAME --to {word}`"
        )),
        command @ ("period" | "pattern") => Some(format!(
            "the largest heap to compute is the option `--max N`: `grundy {command} GAME --max {word}`"
        )),
        _ => None,
    }
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

/// Reports an unwritable stdout on stderr and fails the run.
fn write_failed(reason: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "grundy: cannot write the output: {reason}");
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

/// A writer that refuses to write past the output budget ([`grundy::limits::output_budget`]):
/// the estimate before a stream can only be a guess from the first lines, so the stream itself
/// stops, with the same refusal, where the guess was too low.
pub struct BudgetedWriter<W> {
    inner: W,
    written: u64,
    budget: u64,
}

impl<W: Write> BudgetedWriter<W> {
    /// Wraps `inner` with the current output budget.
    pub fn new(inner: W) -> Self {
        BudgetedWriter {
            inner,
            written: 0,
            budget: grundy::limits::output_budget(),
        }
    }
}

impl<W: Write> Write for BudgetedWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.written + buf.len() as u64 > self.budget {
            return Err(io::Error::other(format!(
                "the output reached the output budget of {} (raise it with --output-limit SIZE)",
                grundy::limits::human_bytes(self.budget as u128)
            )));
        }
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A file written beside its destination and renamed into place only when complete, so that a
/// run killed part-way leaves the old file (or none), never a truncated one.
pub struct AtomicFile {
    file: io::BufWriter<std::fs::File>,
    temporary: std::path::PathBuf,
    path: std::path::PathBuf,
    committed: bool,
}

impl AtomicFile {
    /// Creates the temporary file `.NAME.tmp-PID` beside `path` (so the rename stays on one
    /// file system); a `path` that is a directory is refused by name.
    pub fn create(path: &std::path::Path) -> Result<AtomicFile, GameError> {
        refuse_directory(path, "output")?;
        let name = path
            .file_name()
            .ok_or_else(|| GameError::io_other(format!("`{}` names no file", path.display())))?;
        let mut hidden = std::ffi::OsString::from(".");
        hidden.push(name);
        hidden.push(format!(".tmp-{}", std::process::id()));
        let temporary = path.with_file_name(hidden);
        let file = std::fs::File::create(&temporary)
            .map_err(|e| GameError::io(format_args!("cannot write `{}`", path.display()), &e))?;
        Ok(AtomicFile {
            file: io::BufWriter::new(file),
            temporary,
            path: path.to_path_buf(),
            committed: false,
        })
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> Result<(), GameError> {
        let error =
            |e: io::Error| GameError::io(format_args!("writing `{}`", self.path.display()), &e);
        self.file.flush().map_err(error)?;
        self.file.get_ref().sync_all().map_err(error)?;
        std::fs::rename(&self.temporary, &self.path).map_err(error)?;
        self.committed = true;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for AtomicFile {
    /// An uncommitted file (an error part-way) is removed; the destination is untouched.
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

/// Refuses a path that is a directory, saying so (rather than "truncated" or a rename error);
/// `what` names the file's role, e.g. `checkpoint`.
pub fn refuse_directory(path: &std::path::Path, what: &str) -> Result<(), GameError> {
    if path.is_dir() {
        return Err(GameError::Unsupported(format!(
            "{what} `{}` is a directory; give the path of a file",
            path.display()
        )));
    }
    Ok(())
}

/// Takes an advisory lock on `FILE.lock` beside `path` for as long as the returned handle
/// lives, so that two runs never write one checkpoint or output file at once; the second is
/// refused by name. The lock file is left in place (deleting it would race with a third run).
pub fn lock_beside(path: &std::path::Path, what: &str) -> Result<std::fs::File, GameError> {
    refuse_directory(path, what)?;
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = std::path::PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| GameError::io(format_args!("cannot lock `{}`", lock_path.display()), &e))?;
    lock(file, path, what)
}

/// Takes an advisory lock on `file` (which is `path`, or its lock file) for as long as the
/// returned handle lives; a file another run holds is refused by name.
pub fn lock(
    file: std::fs::File,
    path: &std::path::Path,
    what: &str,
) -> Result<std::fs::File, GameError> {
    match try_lock(&file) {
        Ok(true) => Ok(file),
        Ok(false) => Err(GameError::Unsupported(format!(
            "another run is using {what} {}; wait for it to finish or choose another file",
            path.display()
        ))),
        Err(e) => Err(GameError::io(
            format_args!("cannot lock `{}`", path.display()),
            &e,
        )),
    }
}

/// An exclusive advisory lock without waiting: `Ok(false)` when another process holds it.
#[cfg(unix)]
fn try_lock(file: &std::fs::File) -> io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: `flock` only reads the descriptor, which `file` keeps open for the call.
    let status = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if status == 0 {
        return Ok(true);
    }
    match io::Error::last_os_error() {
        e if e.kind() == io::ErrorKind::WouldBlock => Ok(false),
        e => Err(e),
    }
}

/// Elsewhere runs are not locked against each other.
#[cfg(not(unix))]
fn try_lock(_file: &std::fs::File) -> io::Result<bool> {
    Ok(true)
}
