//! The one error type of the engine. Every variant carries what a user needs to fix the input;
//! the CLI prints it on one line and exits with code 2.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The GAME argument could not be understood.
    #[error("invalid game `{spec}`: {reason}")]
    BadSpec { spec: String, reason: String },

    /// A position could not be understood for this game.
    #[error("invalid position `{text}`: {reason}")]
    BadPosition { text: String, reason: String },

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

    /// Input could not be read or output written.
    #[error("i/o error: {0}")]
    Io(String),

    /// Malformed input at a given line of a batch or file.
    #[error("line {line}: {reason}")]
    AtLine { line: usize, reason: String },
}

impl GameError {
    pub fn bad_spec(spec: &str, reason: impl Into<String>) -> GameError {
        GameError::BadSpec {
            spec: spec.to_string(),
            reason: reason.into(),
        }
    }

    pub fn bad_position(text: &str, reason: impl Into<String>) -> GameError {
        GameError::BadPosition {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

impl From<std::io::Error> for GameError {
    fn from(e: std::io::Error) -> GameError {
        GameError::Io(e.to_string())
    }
}
