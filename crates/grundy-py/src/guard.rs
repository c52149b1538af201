//! The boundary between Python and the engine: errors become `grundy.GameError`, panics never
//! cross into Python (no `PanicException`), and long runs stop on Ctrl-C.
//!
//! A run is stopped from inside the engine by unwinding with an [`Abort`] payload carrying the
//! Python exception (a `KeyboardInterrupt` from a signal check, or whatever a Python callback
//! raised); [`run`] catches it and re-raises that exception. `resume_unwind` skips the panic
//! hook, so nothing is printed. Engine objects touched by an aborted run are discarded by the
//! caller (their locks may be poisoned).

use crate::engine_bridge::LibError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Condvar, Mutex, PoisonError};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

create_exception!(
    grundy,
    GameError,
    PyValueError,
    "Bad input or a refused request; the message is the one the `grundy` CLI prints."
);

/// The unwinding payload that stops a run on behalf of Python.
pub struct Abort(pub PyErr);

/// Stops the current run and raises `err` in Python once [`run`] catches it.
pub fn abort(err: PyErr) -> ! {
    resume_unwind(Box::new(Abort(err)))
}

/// The library's error as a `GameError` with the CLI's message.
pub fn game_error(e: LibError) -> PyErr {
    GameError::new_err(e.to_string())
}

/// Runs `f`, turning a library error into `GameError`, an [`Abort`] into its exception, and
/// any other panic into a `GameError` that says it is a bug.
pub fn run<T>(f: impl FnOnce() -> Result<T, LibError>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result.map_err(game_error),
        Err(payload) => Err(match payload.downcast::<Abort>() {
            Ok(abort) => abort.0,
            Err(payload) => {
                let what = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                GameError::new_err(format!("internal error (a bug in grundy): {what}"))
            }
        }),
    }
}

/// Like [`run`], with the GIL released: for engine work that calls no Python. `poll` checks
/// for Ctrl-C; the engine calls it often.
pub fn run_detached<T: Send>(
    py: Python<'_>,
    f: impl FnOnce(&Poll) -> Result<T, LibError> + Send,
) -> PyResult<T> {
    py.detach(|| {
        let signals = SignalCheck::new();
        run(|| f(&|| signals.poll()))
    })
}

/// [`run_detached`] for engine work that calls no Python (`detached`), else [`run`] with the
/// GIL held (a Python rule; Ctrl-C reaches it through the rule's own calls).
pub fn run_maybe_detached<T: Send>(
    py: Python<'_>,
    detached: bool,
    f: impl FnOnce(&Poll) -> Result<T, LibError> + Send,
) -> PyResult<T> {
    if detached {
        run_detached(py, f)
    } else {
        run(|| f(&|| ()))
    }
}

/// What the engine calls often during a long run; it may abort the run (see [`abort`]).
pub type Poll<'a> = dyn Fn() + Sync + 'a;

/// Checks for pending signals (Ctrl-C) at most every 50 ms, re-taking the GIL for it.
pub struct SignalCheck {
    last: Mutex<Instant>,
}

impl SignalCheck {
    const EVERY: Duration = Duration::from_millis(50);

    pub fn new() -> SignalCheck {
        SignalCheck {
            last: Mutex::new(Instant::now()),
        }
    }

    /// Aborts the run with `KeyboardInterrupt` (or the signal handler's exception) if a
    /// signal arrived.
    pub fn poll(&self) {
        {
            let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
            if last.elapsed() < Self::EVERY {
                return;
            }
            *last = Instant::now();
        }
        if let Err(e) = Python::attach(|py| py.check_signals()) {
            abort(e)
        }
    }
}

/// One run at a time over a game whose engine holds its own locks while it calls a Python
/// function (a `HeapGame` rule; the state of `Game` and `PartizanGame`). Without it a second
/// thread, taking the GIL while the rule ran, blocked on those locks with the GIL held and
/// both threads hung (`Game` and `PartizanGame` answered "already being solved" instead);
/// and a rule that called its own game hung on itself. Others wait here without the GIL
/// (Ctrl-C still stops the wait); a call from inside the game's own function is an error.
#[derive(Default)]
pub struct Gate {
    owner: Mutex<Option<ThreadId>>,
    free: Condvar,
}

/// The gate, held until dropped.
pub struct GateGuard<'a>(&'a Gate);

impl Gate {
    pub fn enter(&self, py: Python<'_>) -> PyResult<GateGuard<'_>> {
        let me = thread::current().id();
        if *self.owner.lock().unwrap_or_else(PoisonError::into_inner) == Some(me) {
            return Err(GameError::new_err(
                "the game is already being solved: the function that defines a game may not call that game",
            ));
        }
        loop {
            let entered = py.detach(|| {
                let owner = self.owner.lock().unwrap_or_else(PoisonError::into_inner);
                let (mut owner, _) = self
                    .free
                    .wait_timeout_while(owner, SignalCheck::EVERY, |o| o.is_some())
                    .unwrap_or_else(PoisonError::into_inner);
                let free = owner.is_none();
                if free {
                    *owner = Some(me);
                }
                free
            });
            if entered {
                return Ok(GateGuard(self));
            }
            py.check_signals()?;
        }
    }
}

impl Drop for GateGuard<'_> {
    fn drop(&mut self) {
        *self.0.owner.lock().unwrap_or_else(PoisonError::into_inner) = None;
        self.0.free.notify_one();
    }
}
