//! `grundy.Game`: any impartial game whose positions are hashable Python objects and whose
//! moves are a Python function, solved by the library's generic memoised solver. Positions
//! are interned as integers; the function is called once per position (its answers are kept
//! in the game, across calls). A cycle is reported as the library's `Cyclic` error, naming
//! the position by its Python `repr`.

use crate::answers::{Explainer, Move, Solution};
use crate::engine_bridge::{
    mex, ComponentExplanation, ComponentReport, Derivation, Explanation, ImpartialGame, LibError,
    MoveReason, Nimber, OptionReport, Solver, Winner,
};
use crate::guard::{abort, run, GameError, Gate};
use crate::positions::{function_name, moves_of, Interner};
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The interned positions and the moves found so far.
struct State {
    positions: Interner,
    /// The options of position `id`, once the function has been called on it.
    options: Vec<Option<Arc<Vec<u32>>>>,
    /// The Grundy values solved so far (the solver's memo, kept across calls).
    values: HashMap<u32, Nimber>,
}

impl State {
    fn intern(&mut self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        let (id, new) = self.positions.intern(position)?;
        if new {
            self.options.push(None);
        }
        Ok(id)
    }

    fn repr(&self, py: Python<'_>, id: u32) -> String {
        self.positions.repr(py, id)
    }
}

/// The library's view of the game during one call: `ImpartialGame` over interned ids.
struct View<'a, 'py> {
    moves: &'a Bound<'py, PyAny>,
    state: std::cell::RefCell<&'a mut State>,
    /// The game's count of calls to the moves function.
    calls: &'a AtomicU64,
}

impl View<'_, '_> {
    fn options_of(&self, id: u32) -> PyResult<Arc<Vec<u32>>> {
        if let Some(known) = &self.state.borrow().options[id as usize] {
            return Ok(known.clone());
        }
        let py = self.moves.py();
        let mut state = self.state.borrow_mut();
        let position = state.positions.position(py, id);
        let State {
            positions,
            options: table,
            ..
        } = &mut **state;
        let options = moves_of(positions, self.moves, position, || table.push(None))?;
        let options = Arc::new(options);
        self.calls.fetch_add(1, Ordering::Relaxed);
        state.options[id as usize] = Some(options.clone());
        Ok(options)
    }
}

impl ImpartialGame for View<'_, '_> {
    type Position = u32;

    fn options(&self, &id: &u32) -> Vec<Vec<u32>> {
        match self.options_of(id) {
            Ok(options) => options.iter().map(|&o| vec![o]).collect(),
            Err(e) => abort(e),
        }
    }
}

/// An impartial game on any hashable positions: `Game(moves=lambda p: [...])`, where
/// `moves(p)` lists the positions one move leaves. Solved by the generic memoised solver
/// (normal play: who cannot move loses). A position reachable from itself is an error.
///
/// >>> g = grundy.Game(moves=lambda p: [p - k for k in (1, 2) if p >= k])
/// >>> g.value(7), g.solve([7, 4]).winner
/// (1, 'second')
#[pyclass(frozen, module = "grundy", name = "Game")]
pub struct PyGame {
    moves: Py<PyAny>,
    name: String,
    state: Mutex<State>,
    /// Calls to the moves function so far: outside the state, so that `calls` can be read
    /// while a run holds it (from the moves function, or from another thread).
    calls: AtomicU64,
    /// One call at a time; other threads wait for their turn (see `Gate`).
    gate: Gate,
}

impl PyGame {
    /// The game's state, or an error if another call holds it: one call at a time (the
    /// moves function runs with the GIL, which other threads may take between its steps).
    fn state(&self) -> PyResult<std::sync::MutexGuard<'_, State>> {
        self.state.try_lock().map_err(|_| {
            GameError::new_err(
                "the game is already being solved (a moves function may not call its own game, and one game answers one thread at a time)",
            )
        })
    }

    /// Runs `f` with the solver over the interned positions of `positions`.
    fn with_solver<T>(
        &self,
        py: Python<'_>,
        positions: &[Bound<'_, PyAny>],
        f: impl FnOnce(&mut Solver<'_, View<'_, '_>>, &[u32], &View<'_, '_>) -> Result<T, LibError>,
    ) -> PyResult<T> {
        let mut state = self.state()?;
        let ids = positions
            .iter()
            .map(|p| state.intern(p))
            .collect::<PyResult<Vec<u32>>>()?;
        // The values of earlier calls: without them each call solved everything below its
        // positions again (200 values near 90 000 on a subtraction game took 10 s).
        let memo = std::mem::take(&mut state.values);
        let mut kept = None;
        // The view borrows the state until the run ends.
        let result = {
            let moves = self.moves.bind(py);
            let view = View {
                moves,
                state: std::cell::RefCell::new(&mut state),
                calls: &self.calls,
            };
            run(|| {
                let mut solver = Solver::with_memo(&view, memo);
                let result = f(&mut solver, &ids, &view);
                kept = Some(solver.into_memo());
                result.map_err(|e| match e {
                    // Name the position of a cycle by its Python repr, not by its interned id.
                    LibError::Cyclic(id) => match id.parse::<u32>() {
                        Ok(id) => LibError::Cyclic(view.state.borrow().repr(py, id)),
                        Err(_) => LibError::Cyclic(id),
                    },
                    other => other,
                })
            })
        };
        // A run stopped by a Python exception loses its memo (it unwound with the solver);
        // the values are recomputed next time from the options kept.
        if let Some(memo) = kept {
            state.values = memo;
        }
        result
    }
}

fn component_list<'py>(positions: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let list = positions.cast::<PyList>().map_err(|_| {
        GameError::new_err(format!(
            "invalid position `{}`: give the components of a sum as a list, e.g. [p1, p2]",
            positions.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })?;
    if list.is_empty() {
        return Err(GameError::new_err(
            "invalid position: no position given: list the components of the sum",
        ));
    }
    Ok(list.iter().collect())
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (moves, *, name = None))]
    fn new(py: Python<'_>, moves: Py<PyAny>, name: Option<String>) -> PyResult<PyGame> {
        if !moves.bind(py).is_callable() {
            return Err(GameError::new_err(
                "moves= must be a function from a position to the positions one move leaves",
            ));
        }
        let name = match name {
            Some(name) => name,
            None => format!("python:{}", function_name(moves.bind(py))),
        };
        Ok(PyGame {
            moves,
            name,
            state: Mutex::new(State {
                positions: Interner::new(py),
                options: Vec::new(),
                values: HashMap::new(),
            }),
            calls: AtomicU64::new(0),
            gate: Gate::default(),
        })
    }

    /// How many times the moves function has been called (once per position ever reached);
    /// readable at any time, even during a run.
    #[getter]
    fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }

    /// The Grundy value of `position`.
    fn value(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        let _entered = self.gate.enter(py)?;
        self.with_solver(py, std::slice::from_ref(position), |solver, ids, _| {
            Ok(solver.grundy(&ids[0])?.0)
        })
    }

    /// Who wins the sum `positions` (a list): `"first"` or `"second"`.
    fn outcome(&self, py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<String> {
        let _entered = self.gate.enter(py)?;
        let parts = component_list(positions)?;
        self.with_solver(py, &parts, |solver, ids, _| {
            Ok(Winner::from_grundy(solver.sum_value(ids)?)
                .as_str()
                .to_string())
        })
    }

    /// The positions one move leaves from `position` (the moves function's answer, cached).
    fn options(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let _entered = self.gate.enter(py)?;
        let ids = self.with_solver(py, std::slice::from_ref(position), |_, ids, view| {
            Ok(view.options_of(ids[0]).unwrap_or_else(|e| abort(e)))
        })?;
        let state = self.state()?;
        Ok(ids
            .iter()
            .map(|&o| state.positions.position(py, o))
            .collect())
    }

    /// Solves the sum `positions` (a list of positions): winner, Grundy value and every
    /// winning move (`Move.to` is the position the component becomes).
    fn solve(&self, py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Solution> {
        let _entered = self.gate.enter(py)?;
        let parts = component_list(positions)?;
        let (values, total, moves, text) = self.with_solver(py, &parts, |solver, ids, view| {
            let values: Vec<u64> = ids
                .iter()
                .map(|id| solver.grundy(id).map(|v| v.0))
                .collect::<Result<_, _>>()?;
            let total = Nimber::sum(values.iter().map(|&v| Nimber(v)));
            let moves: Vec<(usize, u32)> = solver
                .winning_moves(ids)?
                .into_iter()
                .map(|(i, option)| (i, option[0]))
                .collect();
            let text = self.explanation(solver, view, ids, &values, &moves)?;
            Ok((values, total, moves, text))
        })?;
        let state = self.state()?;
        let winning_moves = moves
            .iter()
            .map(|&(component, to)| {
                Py::new(
                    py,
                    Move {
                        component,
                        to: state.positions.position(py, to),
                    },
                )
            })
            .collect::<PyResult<_>>()?;
        Ok(Solution {
            winner: Winner::from_grundy(total).as_str().to_string(),
            grundy: Some(total.0),
            winning_moves,
            components: parts
                .iter()
                .zip(&values)
                .map(|(p, &v)| (p.clone().unbind(), Some(v)))
                .collect(),
            method: METHOD.to_string(),
            moves_omitted: None,
            explainer: Explainer::Text(text),
        })
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.name)
    }
}

const METHOD: &str = "generic memoised solver (mex over options, by the definition)";

impl PyGame {
    /// The library's explanation of a solved sum, with positions written by their `repr`.
    fn explanation(
        &self,
        solver: &mut Solver<'_, View<'_, '_>>,
        view: &View<'_, '_>,
        ids: &[u32],
        values: &[u64],
        moves: &[(usize, u32)],
    ) -> Result<String, LibError> {
        let py = view.moves.py();
        let repr = |id: u32| view.state.borrow().repr(py, id);
        let mut components = Vec::new();
        for (&id, &grundy) in ids.iter().zip(values) {
            let mut options = Vec::new();
            for &o in view.options_of(id).unwrap_or_else(|e| abort(e)).iter() {
                let v = solver.grundy(&o)?.0;
                options.push(OptionReport {
                    position: repr(o),
                    parts: vec![ComponentReport {
                        position: repr(o),
                        grundy: Some(v),
                    }],
                    grundy: v,
                });
            }
            let derived = mex(options.iter().map(|o| o.grundy));
            components.push(ComponentExplanation {
                position: repr(id),
                grundy: Some(grundy),
                period_reduction: None,
                derivation: Some(Derivation {
                    position: repr(id),
                    options,
                    grundy: derived,
                }),
                no_derivation: None,
            });
        }
        let total = values.iter().fold(0, |a, v| a ^ v);
        let winning_moves = moves
            .iter()
            .map(|&(i, to)| {
                let to_grundy = solver.grundy(&to)?.0;
                Ok(MoveReason::new(
                    i,
                    &repr(ids[i]),
                    &repr(to),
                    values.to_vec(),
                    to_grundy,
                ))
            })
            .collect::<Result<_, LibError>>()?;
        Ok(Explanation {
            game: self.name.clone(),
            components,
            grundy: Some(total),
            winner: Winner::from_grundy(Nimber(total)),
            winning_moves,
            rule_moves: Vec::new(),
            certificate: None,
            method: METHOD.to_string(),
        }
        .render())
    }
}
