//! `grundy.HeapGame`: a heap game whose moves are a Python function (each option a tuple of
//! heap sizes, so splitting moves fit), or a subtraction set / octal code the library knows.
//!
//! A Python rule becomes a library `HeapRules` and goes through the same `HeapFamily` as the
//! built-in games: tables, values, winning moves, explanations and period searches are the
//! library's. The function is called once per heap: its options are memoised here.

use crate::answers::{PeriodAnswer, Solution, Table};
use crate::api::{
    checked_seconds, integer, number, period_of, plot_family, positions_text, solve_family,
};
use crate::engine_bridge::{
    self as bridge, Column, Family, HeapFamily, HeapGame, HeapRules, LibError,
};
use crate::guard::{abort, run_maybe_detached, GameError, Gate, GateGuard};
use crate::plot::Svg;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The options of every heap asked so far, keyed by heap.
type OptionCache = HashMap<u64, Arc<Vec<Vec<u64>>>>;

/// The Python function and what it answered.
struct Rule {
    name: String,
    options: Py<PyAny>,
    cache: Mutex<OptionCache>,
    calls: AtomicU64,
    /// One run at a time over the family (its locks are held while the function runs).
    gate: Arc<Gate>,
}

impl Rule {
    /// The options of heap `n`, calling the function only the first time. A Python exception
    /// (or a malformed option) aborts the run and is raised by `guard::run`.
    fn options_of(&self, n: u64) -> Arc<Vec<Vec<u64>>> {
        let cached = self
            .cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&n)
            .cloned();
        if let Some(options) = cached {
            return options;
        }
        let options = Arc::new(Python::attach(|py| self.call(py, n)).unwrap_or_else(|e| abort(e)));
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(n, options.clone());
        options
    }

    fn call(&self, py: Python<'_>, n: u64) -> PyResult<Vec<Vec<u64>>> {
        let answer = self.options.bind(py).call1((n,))?;
        let bad = |what: &Bound<'_, PyAny>, why: String| {
            GameError::new_err(format!(
                "invalid option `{}` of heap {n} in `{}`: {why}",
                what.repr().map(|r| r.to_string()).unwrap_or_default(),
                self.name
            ))
        };
        let items = answer.try_iter().map_err(|_| {
            bad(
                &answer,
                "the options function must return an iterable of options".into(),
            )
        })?;
        let mut out = Vec::new();
        for item in items {
            let item = item?;
            let heaps: Vec<u64> = if let Ok(tuple) = item.cast::<PyTuple>() {
                // The usual answer, read without the iterator protocol.
                let mut heaps = Vec::with_capacity(tuple.len());
                for part in tuple.iter() {
                    heaps.push(heap(&part).map_err(|why| bad(&item, why))?);
                }
                heaps
            } else if item.is_instance_of::<PyInt>() || integer(&item).is_some() {
                vec![heap(&item).map_err(|why| bad(&item, why))?]
            } else {
                let parts = item.try_iter().map_err(|_| {
                    bad(
                        &item,
                        "an option is a heap size or a tuple of heap sizes".into(),
                    )
                })?;
                let mut heaps = Vec::new();
                for part in parts {
                    heaps.push(heap(&part?).map_err(|why| bad(&item, why))?);
                }
                heaps
            };
            if let Some(h) = heaps.iter().find(|&&h| h >= n) {
                return Err(bad(
                    &item,
                    format!("heap {h} is not smaller than {n}; every heap an option leaves must be smaller than the heap moved in (so that play ends)"),
                ));
            }
            out.push(heaps);
        }
        Ok(out)
    }
}

/// A heap size from Python: an int ≥ 0 below 2^64.
fn heap(obj: &Bound<'_, PyAny>) -> Result<u64, String> {
    let out_of_range = |_| format!("heap size {obj} is not an integer from 0 to 2^64−1");
    if obj.is_instance_of::<PyInt>() {
        return obj.extract::<u64>().map_err(out_of_range);
    }
    // numpy's integer scalars, through `__index__`.
    let Some(int) = integer(obj) else {
        return Err("heap sizes are ints".into());
    };
    int.extract::<u64>().map_err(out_of_range)
}

/// The library's view of a Python rule.
struct PyRules(Arc<Rule>);

impl HeapGame for PyRules {
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for option in self.0.options_of(n).iter() {
            visit(option);
        }
    }
}

impl HeapRules for PyRules {
    fn spec(&self) -> String {
        self.0.name.clone()
    }

    fn option_count(&self, n: u64) -> u128 {
        self.0.options_of(n).len() as u128
    }
}

/// A heap game: positions are heaps `n ≥ 0`, a sum of heaps is a list.
///
/// - `HeapGame(options=lambda n: [(n - 1,), (a, b), ...])`: any rule; each option is a tuple
///   of the heaps a move leaves (an int for one heap, `()` for nothing), all smaller than
///   `n`. The function is called once per heap.
/// - `HeapGame(subtraction=[1, 3, 4])`, `HeapGame(octal="0.137")`: the library's families,
///   whose periods are certified by theorems.
/// - `HeapGame(spec="kayles")`: any heap family by its spec.
#[pyclass(frozen, module = "grundy", name = "HeapGame")]
pub struct PyHeapGame {
    rule: Option<Arc<Rule>>,
    family: Mutex<Arc<dyn Family>>,
}

impl PyHeapGame {
    fn family(&self) -> Arc<dyn Family> {
        self.family
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Runs `f` on the family: without the GIL for library families; with it for a Python
    /// rule (see [`PyHeapGame::reset_after`]).
    fn with_family<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&dyn Family) -> Result<T, LibError> + Send,
    ) -> PyResult<T> {
        let _entered = self.enter(py)?;
        let family = self.family();
        let result = run_maybe_detached(py, self.rule.is_none(), |_| f(family.as_ref()));
        self.reset_after(&result);
        result
    }

    /// For a Python rule, waits (without the GIL) until no other call runs over the family.
    fn enter(&self, py: Python<'_>) -> PyResult<Option<GateGuard<'_>>> {
        self.rule.as_ref().map(|r| r.gate.enter(py)).transpose()
    }

    /// After a failed run over a Python rule, starts from a fresh family: an aborted run may
    /// leave the family's cache locks poisoned. The option cache stays valid (it only holds
    /// answers the function gave).
    fn reset_after<T>(&self, result: &PyResult<T>) {
        if let (Err(_), Some(rule)) = (result, &self.rule) {
            *self.family.lock().unwrap_or_else(PoisonError::into_inner) =
                Arc::new(HeapFamily::new(PyRules(rule.clone())));
        }
    }
}

#[pymethods]
impl PyHeapGame {
    #[new]
    #[pyo3(signature = (options = None, *, subtraction = None, octal = None, spec = None, name = None))]
    fn new(
        py: Python<'_>,
        options: Option<Py<PyAny>>,
        subtraction: Option<&Bound<'_, PyAny>>,
        octal: Option<&str>,
        spec: Option<&str>,
        name: Option<String>,
    ) -> PyResult<PyHeapGame> {
        let given = [
            options.is_some(),
            subtraction.is_some(),
            octal.is_some(),
            spec.is_some(),
        ];
        if given.iter().filter(|&&g| g).count() != 1 {
            return Err(GameError::new_err(
                "HeapGame takes exactly one of options=, subtraction=, octal= or spec=",
            ));
        }
        if let Some(options) = options {
            if !options.bind(py).is_callable() {
                return Err(GameError::new_err(
                    "options= must be a function from a heap size to its options",
                ));
            }
            let name = match name {
                Some(name) => name,
                None => format!(
                    "python:{}",
                    crate::positions::function_name(options.bind(py))
                ),
            };
            let rule = Arc::new(Rule {
                name,
                options,
                cache: Mutex::new(HashMap::new()),
                calls: AtomicU64::new(0),
                gate: Arc::new(Gate::default()),
            });
            return Ok(PyHeapGame {
                family: Mutex::new(Arc::new(HeapFamily::new(PyRules(rule.clone())))),
                rule: Some(rule),
            });
        }
        let spec = match (subtraction, octal, spec) {
            (Some(set), _, _) => format!("subtraction:{}", positions_text(set)?.join(",")),
            (_, Some(code), _) => format!("octal:{code}"),
            (_, _, Some(spec)) => spec.to_string(),
            _ => unreachable!("exactly one constructor argument was checked above"),
        };
        let family: Arc<dyn Family> = Arc::from(crate::guard::run_detached(py, |_| {
            bridge::parse_spec(&spec)
        })?);
        crate::guard::run_detached(py, |_| {
            bridge::sequence(family.as_ref(), "HeapGame").map(|_| ())
        })?;
        Ok(PyHeapGame {
            rule: None,
            family: Mutex::new(family),
        })
    }

    /// The game's spec (`"subtraction:1,3,4"`), or `python:<function name>` for a Python rule.
    #[getter]
    fn spec(&self) -> String {
        self.family().spec()
    }

    /// How many times the Python options function has been called (once per heap ever asked).
    #[getter]
    fn calls(&self) -> u64 {
        self.rule
            .as_ref()
            .map_or(0, |r| r.calls.load(Ordering::Relaxed))
    }

    /// `G(0), …, G(to)` (buffer protocol: `numpy.asarray` shares it).
    fn table(&self, py: Python<'_>, to: &Bound<'_, PyAny>) -> PyResult<Table> {
        let to = number(to)?;
        let spec = self.spec();
        if self.rule.is_none() {
            let (spec, column) =
                crate::guard::run_detached(py, |poll| bridge::table(&spec, to, poll))?;
            return Ok(Table::new(spec, column));
        }
        let values = self.with_family(py, |family| {
            bridge::check_table_memory(
                &format!("a table of G(0..={to})"),
                to.saturating_add(1),
                8,
            )?;
            let mut values = Vec::new();
            bridge::sequence(family, "table")?.for_each_value(to, &mut |_, v| {
                values.push(v.0);
                Ok(())
            })?;
            Ok(values)
        })?;
        Ok(Table::new(spec, Column::Wide(values)))
    }

    /// The Grundy value of heap `n`. The library grows its table geometrically, so the first
    /// value asks a Python rule about heaps 0..=max(n, 1023) (each once).
    fn value(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        let n = number(n)?.to_string();
        self.with_family(py, |family| {
            family.value(&n)?.finite().map(|v| v.0).ok_or_else(|| {
                LibError::Unsupported(format!("heap {n} has no finite Grundy value"))
            })
        })
    }

    /// The options of heap `n`, each `(heaps left, Grundy value)`.
    fn options(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Vec<(String, u64)>> {
        let n = number(n)?.to_string();
        self.with_family(py, |family| {
            Ok(family
                .options(&n)?
                .into_iter()
                .map(|o| (o.position, o.grundy))
                .collect())
        })
    }

    /// Solves the sum of `heaps` (a list of heap sizes): winner, value, every winning move.
    #[pyo3(signature = (heaps, *, misere = false))]
    fn solve(&self, py: Python<'_>, heaps: &Bound<'_, PyAny>, misere: bool) -> PyResult<Solution> {
        let heaps = positions_text(heaps)?;
        let _entered = self.enter(py)?;
        let gate = self.rule.as_ref().map(|r| r.gate.clone());
        let result = solve_family(py, self.family(), heaps, misere, gate);
        self.reset_after(&result);
        result
    }

    /// The period of the Grundy sequence: certified for subtraction sets and octal codes,
    /// observed (up to `max`, default 2^22 for library games and 2^14 for Python rules)
    /// otherwise.
    #[pyo3(signature = (*, max = None, time = 10.0))]
    fn period(
        &self,
        py: Python<'_>,
        max: Option<&Bound<'_, PyAny>>,
        time: f64,
    ) -> PyResult<PeriodAnswer> {
        let default = if self.rule.is_some() {
            1 << 14
        } else {
            1 << 22
        };
        let max = max.map(number).transpose()?.unwrap_or(default);
        let time = checked_seconds(time)?;
        let _entered = self.enter(py)?;
        let result = period_of(py, self.family(), max, time, self.rule.is_none());
        self.reset_after(&result);
        result
    }

    /// A scatter plot (SVG) of G(0..=to) with the period marked.
    #[pyo3(signature = (to = None))]
    fn plot(&self, py: Python<'_>, to: Option<&Bound<'_, PyAny>>) -> PyResult<Svg> {
        let to = to.map(number).transpose()?.unwrap_or(200);
        let _entered = self.enter(py)?;
        let result = plot_family(py, self.family(), to, self.rule.is_none());
        self.reset_after(&result);
        result
    }

    /// The hand derivation of the sum of `heaps`, as `grundy explain` prints it.
    fn explain(&self, py: Python<'_>, heaps: &Bound<'_, PyAny>) -> PyResult<String> {
        let heaps = positions_text(heaps)?;
        self.with_family(py, |family| {
            let texts: Vec<&str> = heaps.iter().map(String::as_str).collect();
            bridge::explain(family, &texts)
        })
    }

    fn __repr__(&self) -> String {
        format!("HeapGame({:?})", self.spec())
    }
}
