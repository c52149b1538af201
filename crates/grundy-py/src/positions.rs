//! Hashable Python positions as dense integer ids, for the engine's solvers: a dict from
//! position to id (Python's own hashing and equality), and the positions by id.

use crate::guard::GameError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub struct Interner {
    ids: Py<PyDict>,
    positions: Vec<Py<PyAny>>,
}

impl Interner {
    pub fn new(py: Python<'_>) -> Interner {
        Interner {
            ids: PyDict::new(py).unbind(),
            positions: Vec::new(),
        }
    }

    /// The id of `position`, and whether it is new.
    pub fn intern(&mut self, position: &Bound<'_, PyAny>) -> PyResult<(u32, bool)> {
        let ids = self.ids.bind(position.py());
        let known = ids.get_item(position).map_err(|e| {
            GameError::new_err(format!(
                "invalid position `{}`: positions must be hashable ({e})",
                position.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        if let Some(id) = known {
            return Ok((id.extract::<u32>()?, false));
        }
        let id = u32::try_from(self.positions.len())
            .map_err(|_| GameError::new_err("refused: more than 2^32 positions"))?;
        ids.set_item(position, id)?;
        self.positions.push(position.clone().unbind());
        Ok((id, true))
    }

    pub fn position(&self, py: Python<'_>, id: u32) -> Py<PyAny> {
        self.positions[id as usize].clone_ref(py)
    }

    /// The position's `repr`, for messages and derivations.
    pub fn repr(&self, py: Python<'_>, id: u32) -> String {
        self.positions[id as usize]
            .bind(py)
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| format!("<position {id}>"))
    }
}

/// The positions a Python function lists as the moves from `position`, interned. `grow` is
/// called for each new id (to extend per-id tables).
pub fn moves_of(
    interner: &mut Interner,
    function: &Bound<'_, PyAny>,
    position: Py<PyAny>,
    mut grow: impl FnMut(),
) -> PyResult<Vec<u32>> {
    let answer = function.call1((position.clone_ref(function.py()),))?;
    let items = answer.try_iter().map_err(|_| {
        GameError::new_err(format!(
            "the moves of {} must be an iterable of positions",
            position
                .bind(function.py())
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_default()
        ))
    })?;
    let mut ids = Vec::new();
    for item in items {
        let (id, new) = interner.intern(&item?)?;
        if new {
            grow();
        }
        ids.push(id);
    }
    Ok(ids)
}

/// The name of a Python function for reprs and messages: its `__qualname__`, else that of the
/// function a `functools.partial` wraps, else its type's (a callable object). A callable
/// without a `__qualname__` of its own made `Game` and `HeapGame` raise `AttributeError`.
pub fn function_name(function: &Bound<'_, PyAny>) -> String {
    let qualname = |obj: &Bound<'_, PyAny>| {
        obj.getattr("__qualname__")
            .and_then(|n| n.str().map(|n| n.to_string()))
            .ok()
    };
    qualname(function)
        .or_else(|| function.getattr("func").ok().and_then(|f| qualname(&f)))
        .or_else(|| qualname(function.get_type().as_any()))
        .unwrap_or_else(|| "?".to_string())
}
