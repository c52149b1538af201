//! The one error type of the engine. Every variant carries what a user needs to fix the input;
//! the CLI prints it on one line and exits with code 2.

use std::fmt::Display;
use std::io;
use thiserror::Error;

/// Everything that can go wrong, as a value the caller can inspect: new variants may be
/// added, so match with a wildcard arm.
///
/// ```
/// use grundy::GameError;
/// let error = grundy::parse_spec("no-such-game").err().expect("an unknown name is refused");
/// assert!(matches!(error, GameError::BadSpec { .. }));
/// assert!(error.to_string().starts_with("invalid game `no-such-game`"));
/// ```
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// The GAME argument could not be understood.
    #[error("invalid game `{spec}`: {reason}")]
    BadSpec {
        /// The GAME argument as given.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },

    /// A position could not be understood for this game (a missing one is named without
    /// empty quotes: `invalid position: no position given: …`).
    #[error("invalid position{}: {reason}", quoted(.text))]
    BadPosition {
        /// The position as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },

    /// The request would need more memory, time or output than is reasonable; the message
    /// carries the estimate.
    #[error("refused: {0}")]
    TooLarge(String),

    /// The game or play convention does not support what was asked.
    #[error("unsupported: {0}")]
    Unsupported(String),

    /// The generic solver met a position again while still solving it (a loopy game).
    #[error("the game has a cycle (position {0} is reachable from itself); use a loopy-game family such as `graph`")]
    Cyclic(String),

    /// Input could not be read or output written. `kind` is the I/O error's kind
    /// ([`io::ErrorKind::Other`] for encoding errors and unusable files), so a caller can tell
    /// a closed pipe from a full disk without reading the message.
    #[error("i/o error: {message}")]
    Io {
        /// The kind of the underlying I/O error.
        kind: io::ErrorKind,
        /// What was being done, and the error.
        message: String,
    },

    /// Malformed input at a given line of a batch or file.
    #[error("line {line}: {reason}")]
    AtLine {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong on it.
        reason: String,
    },
}

/// The text in backquotes after a space, or nothing when it is empty.
fn quoted(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!(" `{text}`")
    }
}

impl GameError {
    /// The GAME argument `spec` is wrong, and why.
    pub fn bad_spec(spec: &str, reason: impl Into<String>) -> GameError {
        GameError::BadSpec {
            spec: spec.to_string(),
            reason: reason.into(),
        }
    }

    /// The position `text` is wrong, and why.
    pub fn bad_position(text: &str, reason: impl Into<String>) -> GameError {
        GameError::BadPosition {
            text: text.to_string(),
            reason: reason.into(),
        }
    }

    /// An I/O error with what was being done (`reading stdin`, a path), keeping its kind.
    pub fn io(context: impl Display, e: &io::Error) -> GameError {
        GameError::Io {
            kind: e.kind(),
            message: format!("{context}: {e}"),
        }
    }

    /// A failure to read or write that is not an OS error (a corrupt file, an encoder's
    /// error): kind [`io::ErrorKind::Other`].
    pub fn io_other(message: impl Into<String>) -> GameError {
        GameError::Io {
            kind: io::ErrorKind::Other,
            message: message.into(),
        }
    }

    /// The kind of an I/O error; `None` for every other error.
    pub fn io_kind(&self) -> Option<io::ErrorKind> {
        match self {
            GameError::Io { kind, .. } => Some(*kind),
            _ => None,
        }
    }
}

impl From<io::Error> for GameError {
    fn from(e: io::Error) -> GameError {
        GameError::Io {
            kind: e.kind(),
            message: e.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_keep_their_kind_and_message() {
        let e = GameError::from(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(e.io_kind(), Some(io::ErrorKind::BrokenPipe));
        assert!(e.to_string().starts_with("i/o error: "), "{e}");
        let e = GameError::io("reading stdin", &io::Error::other("boom"));
        assert_eq!(e.to_string(), "i/o error: reading stdin: boom");
        assert_eq!(
            GameError::io_other("bad").io_kind(),
            Some(io::ErrorKind::Other)
        );
        assert_eq!(GameError::TooLarge("x".into()).io_kind(), None);
    }
}
