//! What the Python functions return: solutions, tables (buffer protocol), periods and plots,
//! each with a notebook rendering (`_repr_html_`, `_repr_svg_`).

use crate::engine_bridge::{Column, Family, Period, PeriodReport};
use crate::guard::{run_maybe_detached, Gate};
use pyo3::exceptions::{PyBufferError, PyIndexError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PySlice};
use std::collections::hash_map::DefaultHasher;
use std::ffi::{c_int, c_void};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// One winning move: replace component `component` (0-based) of the sum by `to`.
#[pyclass(frozen, module = "grundy")]
pub struct Move {
    /// The index of the component moved in.
    #[pyo3(get)]
    pub component: usize,
    /// What the component becomes: the CLI's text (`"4"`, `"3+4"`) for GAME specs and heap
    /// games, the Python position for `grundy.Game`.
    #[pyo3(get)]
    pub to: Py<PyAny>,
}

#[pymethods]
impl Move {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Move(component={}, to={})",
            self.component,
            self.to.bind(py).repr()?
        ))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.extract::<PyRef<Move>>() {
            Ok(o) => Ok(o.component == self.component && o.to.bind(py).eq(&self.to)?),
            Err(_) => Ok(false),
        }
    }

    /// Equal moves hash alike: the hash of `(component, to)`.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        (self.component, self.to.clone_ref(py))
            .into_pyobject(py)?
            .hash()
    }
}

/// How `Solution.explain()` is produced: by the library's `explain` for a family (`detached`:
/// without the GIL, for families that call no Python), or already written.
pub enum Explainer {
    Family {
        family: Arc<dyn Family>,
        positions: Vec<String>,
        /// The gate of a Python rule's game (then the GIL is kept); `None` for a library
        /// family, explained without the GIL.
        gate: Option<Arc<Gate>>,
    },
    Text(String),
}

/// The answer to `solve`: who wins, the Grundy value, and every winning move.
#[pyclass(frozen, module = "grundy")]
pub struct Solution {
    /// `"first"` (the player to move), `"second"` or `"draw"`.
    #[pyo3(get)]
    pub winner: String,
    /// The Grundy value of the sum; `None` where it is not a nimber (misère play, loopy ∞).
    #[pyo3(get)]
    pub grundy: Option<u64>,
    pub winning_moves: Vec<Py<Move>>,
    /// `(position, grundy)` for each component.
    pub components: Vec<(Py<PyAny>, Option<u64>)>,
    /// How the answer was obtained.
    #[pyo3(get)]
    pub method: String,
    /// Set only when the winner is known but the winning moves are too many to list; then
    /// `winning_moves` is empty although the first player wins.
    #[pyo3(get)]
    pub moves_omitted: Option<String>,
    pub explainer: Explainer,
}

#[pymethods]
impl Solution {
    /// Every winning move (empty when the player to move loses).
    #[getter]
    fn winning_moves(&self, py: Python<'_>) -> Vec<Py<Move>> {
        self.winning_moves.iter().map(|m| m.clone_ref(py)).collect()
    }

    /// `(position, grundy)` for each component of the sum.
    #[getter]
    fn components(&self, py: Python<'_>) -> Vec<(Py<PyAny>, Option<u64>)> {
        self.components
            .iter()
            .map(|(p, g)| (p.clone_ref(py), *g))
            .collect()
    }

    /// The hand derivation, as `grundy explain` prints it: each component's options and mex,
    /// the nim-sum, and why each winning move wins.
    fn explain(&self, py: Python<'_>) -> PyResult<String> {
        match &self.explainer {
            Explainer::Text(text) => Ok(text.clone()),
            Explainer::Family {
                family,
                positions,
                gate,
            } => {
                let _entered = gate.as_ref().map(|g| g.enter(py)).transpose()?;
                let go = || {
                    let texts: Vec<&str> = positions.iter().map(String::as_str).collect();
                    crate::engine_bridge::explain(family.as_ref(), &texts)
                };
                run_maybe_detached(py, gate.is_none(), |_| go())
            }
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let moves: PyResult<Vec<String>> = self
            .winning_moves
            .iter()
            .map(|m| m.bind(py).repr().map(|r| r.to_string()))
            .collect();
        Ok(format!(
            "Solution(winner={:?}, grundy={}, winning_moves=[{}])",
            self.winner,
            self.grundy.map_or("None".to_string(), |g| g.to_string()),
            moves?.join(", ")
        ))
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let mut html =
            String::from("<table><tr><th>component</th><th>position</th><th>G</th></tr>");
        for (i, (p, g)) in self.components.iter().enumerate() {
            html.push_str(&format!(
                "<tr><td>{i}</td><td>{}</td><td>{}</td></tr>",
                escape(&p.bind(py).str()?.to_string()),
                g.map_or("—".to_string(), |g| g.to_string())
            ));
        }
        html.push_str("</table>");
        let total = self.grundy.map_or("—".to_string(), |g| g.to_string());
        html.push_str(&format!(
            "<p><b>winner: {}</b> (Grundy value {total}); {}</p>",
            self.winner,
            escape(&self.method)
        ));
        if let Some(why) = &self.moves_omitted {
            html.push_str(&format!("<p>winning moves omitted: {}</p>", escape(why)));
        } else if !self.winning_moves.is_empty() {
            html.push_str("<p>winning moves:</p><ul>");
            for m in &self.winning_moves {
                let m = m.get();
                html.push_str(&format!(
                    "<li>component {}: → {}</li>",
                    m.component,
                    escape(&m.to.bind(py).str()?.to_string())
                ));
            }
            html.push_str("</ul>");
        }
        Ok(html)
    }
}

/// `G(0), …, G(N)`: a read-only sequence that also exposes the buffer protocol, so that
/// `numpy.asarray(table)` wraps it without copying (dtype `uint16` for take-and-break games,
/// `uint64` otherwise).
#[pyclass(frozen, module = "grundy")]
pub struct Table {
    /// The game the values belong to.
    #[pyo3(get)]
    pub game: String,
    pub column: Column,
    shape: [ffi::Py_ssize_t; 1],
    strides: [ffi::Py_ssize_t; 1],
}

impl Table {
    pub fn new(game: String, column: Column) -> Table {
        let (len, itemsize) = match &column {
            Column::Small(v) => (v.len(), 2),
            Column::Wide(v) => (v.len(), 8),
        };
        Table {
            game,
            column,
            shape: [len as ffi::Py_ssize_t],
            strides: [itemsize],
        }
    }

    pub fn len(&self) -> usize {
        self.shape[0] as usize
    }

    pub fn get(&self, n: usize) -> u64 {
        match &self.column {
            Column::Small(v) => v[n] as u64,
            Column::Wide(v) => v[n],
        }
    }

    pub fn to_vec(&self) -> Vec<u64> {
        (0..self.len()).map(|n| self.get(n)).collect()
    }

    /// The first `n` in `start..stop` with `G(n) == value` (a Python object: an int compares
    /// fast, anything else by Python's `==`).
    fn position(
        &self,
        value: &Bound<'_, PyAny>,
        start: usize,
        stop: usize,
    ) -> PyResult<Option<usize>> {
        if value.is_instance_of::<PyInt>() {
            return Ok(match value.extract::<u64>() {
                Ok(v) => (start..stop).find(|&n| self.get(n) == v),
                Err(_) => None,
            });
        }
        for n in start..stop {
            if value.eq(self.get(n))? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }
}

#[pymethods]
impl Table {
    fn __len__(&self) -> usize {
        self.len()
    }

    /// `G(n)` for an int `n` (negative counts from the end), or a list for a slice.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(self.len() as isize)?;
            let values: Vec<u64> = (0..range.slicelength)
                .map(|i| self.get((range.start + i as isize * range.step) as usize))
                .collect();
            return Ok(values.into_pyobject(py)?.into_any().unbind());
        }
        // A bool indexes as the int it is (as in a list); numpy's ints through `__index__`.
        let int = match index.cast::<PyInt>() {
            Ok(int) => Some(int.clone()),
            Err(_) => crate::api::integer(index),
        };
        let Some(int) = int else {
            return Err(PyTypeError::new_err(format!(
                "table indices must be ints or slices, not {}",
                index.get_type().name()?
            )));
        };
        let len = self.len() as i128;
        let outside = || {
            PyIndexError::new_err(format!(
                "heap {index} is outside the table G(0..={})",
                len - 1
            ))
        };
        let i = int.extract::<i128>().map_err(|_| outside())?;
        let n = if i < 0 { i + len } else { i };
        if n < 0 || n >= len {
            return Err(outside());
        }
        Ok(self.get(n as usize).into_pyobject(py)?.into_any().unbind())
    }

    fn __reversed__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let values: Vec<u64> = (0..self.len()).rev().map(|n| self.get(n)).collect();
        Ok(values.into_pyobject(py)?.try_iter()?.into_any().unbind())
    }

    fn __contains__(&self, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.position(value, 0, self.len())?.is_some())
    }

    /// The first `n` in `start..stop` with `G(n) == value` (`ValueError` if there is none),
    /// as `list.index`.
    #[pyo3(signature = (value, start = 0, stop = None))]
    fn index(
        &self,
        value: &Bound<'_, PyAny>,
        start: isize,
        stop: Option<isize>,
    ) -> PyResult<usize> {
        let len = self.len() as isize;
        let clamp = |i: isize| (if i < 0 { i + len } else { i }).clamp(0, len) as usize;
        let (start, stop) = (clamp(start), clamp(stop.unwrap_or(len)));
        self.position(value, start, stop)?.ok_or_else(|| {
            PyValueError::new_err(format!(
                "{} is not in the table",
                value.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })
    }

    /// How many `n` have `G(n) == value`.
    fn count(&self, value: &Bound<'_, PyAny>) -> PyResult<usize> {
        if value.is_instance_of::<PyInt>() {
            return Ok(match value.extract::<u64>() {
                Ok(v) => (0..self.len()).filter(|&n| self.get(n) == v).count(),
                Err(_) => 0,
            });
        }
        let mut count = 0;
        for n in 0..self.len() {
            if value.eq(self.get(n))? {
                count += 1;
            }
        }
        Ok(count)
    }

    /// Equal tables: the same game and the same values.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<Table>>().is_ok_and(|o| {
            o.game == self.game
                && o.len() == self.len()
                && (0..self.len()).all(|n| o.get(n) == self.get(n))
        })
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.game.hash(&mut h);
        for n in 0..self.len() {
            self.get(n).hash(&mut h);
        }
        h.finish()
    }

    /// The values as a list of ints.
    fn tolist(&self) -> Vec<u64> {
        self.to_vec()
    }

    /// A scatter plot of the table (SVG), with the observed period marked.
    fn plot(&self) -> crate::plot::Svg {
        let values = self.to_vec();
        let period = crate::engine_bridge::observed_period(&values).map(|p| (p, false));
        crate::plot::Svg::scatter(&self.game, &values, period)
    }

    fn __repr__(&self) -> String {
        let shown: Vec<String> = (0..self.len().min(20))
            .map(|n| self.get(n).to_string())
            .collect();
        let more = if self.len() > 20 { ", …" } else { "" };
        format!(
            "Table({:?}, G(0..={}) = [{}{more}])",
            self.game,
            self.len() as i64 - 1,
            shown.join(", ")
        )
    }

    fn _repr_html_(&self) -> String {
        let rows = self.len().div_ceil(10).min(10);
        let mut html = format!(
            "<p>{}: G(0..={})</p><table><tr><th>n</th>",
            escape(&self.game),
            self.len() as i64 - 1
        );
        for d in 0..10 {
            html.push_str(&format!("<th>+{d}</th>"));
        }
        html.push_str("</tr>");
        for r in 0..rows {
            html.push_str(&format!("<tr><th>{}</th>", r * 10));
            for n in r * 10..(r * 10 + 10).min(self.len()) {
                html.push_str(&format!("<td>{}</td>", self.get(n)));
            }
            html.push_str("</tr>");
        }
        html.push_str("</table>");
        if self.len() > 100 {
            html.push_str(&format!("<p>… {} more values</p>", self.len() - 100));
        }
        html
    }

    /// # Safety
    /// `view` is a `Py_buffer` that Python hands us to fill; the data stays valid while the
    /// view holds a reference to this (frozen, never mutated) table.
    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("null buffer view"));
        }
        if flags & ffi::PyBUF_WRITABLE == ffi::PyBUF_WRITABLE {
            return Err(PyBufferError::new_err("a grundy table is read-only"));
        }
        let table = slf.get();
        let (buf, format) = match &table.column {
            Column::Small(v) => (v.as_ptr() as *mut c_void, c"H"),
            Column::Wide(v) => (v.as_ptr() as *mut c_void, c"Q"),
        };
        // SAFETY: `view` is non-null and ours to fill; every pointer stored in it points into
        // `table`, which the view keeps alive through `obj`.
        unsafe {
            (*view).buf = buf;
            (*view).obj = slf.clone().into_any().into_ptr();
            (*view).len = table.shape[0] * table.strides[0];
            (*view).readonly = 1;
            (*view).itemsize = table.strides[0];
            (*view).format = if flags & ffi::PyBUF_FORMAT == ffi::PyBUF_FORMAT {
                format.as_ptr() as *mut _
            } else {
                std::ptr::null_mut()
            };
            (*view).ndim = 1;
            (*view).shape = if flags & ffi::PyBUF_ND == ffi::PyBUF_ND {
                table.shape.as_ptr() as *mut _
            } else {
                std::ptr::null_mut()
            };
            (*view).strides = if flags & ffi::PyBUF_STRIDES == ffi::PyBUF_STRIDES {
                table.strides.as_ptr() as *mut _
            } else {
                std::ptr::null_mut()
            };
            (*view).suboffsets = std::ptr::null_mut();
            (*view).internal = std::ptr::null_mut();
        }
        Ok(())
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {}
}

/// The answer to `period`: `G(n + period) = G(n) + saltus` for all `n ≥ preperiod`,
/// certified (proved by a theorem) or only observed up to `checked_to`.
#[pyclass(frozen, module = "grundy", name = "Period")]
pub struct PeriodAnswer {
    #[pyo3(get)]
    pub preperiod: Option<u64>,
    #[pyo3(get)]
    pub period: Option<u64>,
    #[pyo3(get)]
    pub saltus: Option<u64>,
    /// Proved for every n (finite subtraction set, Guy–Smith for octal codes).
    #[pyo3(get)]
    pub certified: bool,
    /// The table G(0..=checked_to) that was examined.
    #[pyo3(get)]
    pub checked_to: u64,
    /// Why it is proved, or why not.
    #[pyo3(get)]
    pub reason: String,
    pub game: String,
    pub best: Option<Period>,
    pub values: Vec<u64>,
}

impl PeriodAnswer {
    /// Keeps only the values a plot draws (the search may have examined millions).
    pub fn new(
        game: String,
        (report, best, mut values): (PeriodReport, Option<Period>, Vec<u64>),
    ) -> Self {
        values.truncate(crate::plot::MAX_POINTS);
        PeriodAnswer {
            preperiod: report.preperiod,
            period: report.period,
            saltus: report.saltus,
            certified: report.certified,
            checked_to: report.checked_to,
            reason: report.reason,
            game,
            best,
            values,
        }
    }
}

#[pymethods]
impl PeriodAnswer {
    /// A scatter plot of the examined table (SVG) with the preperiod and period marked.
    #[pyo3(signature = (to=None))]
    fn plot(&self, to: Option<usize>) -> crate::plot::Svg {
        let shown = to.map_or(self.values.len(), |t| (t + 1).min(self.values.len()));
        crate::plot::Svg::scatter(
            &self.game,
            &self.values[..shown],
            self.best.map(|p| (p, self.certified)),
        )
    }

    /// Equal answers: the same game, period, certification and examined table length.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<PeriodAnswer>>().is_ok_and(|o| {
            (
                o.game.as_str(),
                o.preperiod,
                o.period,
                o.saltus,
                o.certified,
                o.checked_to,
                o.reason.as_str(),
            ) == (
                self.game.as_str(),
                self.preperiod,
                self.period,
                self.saltus,
                self.certified,
                self.checked_to,
                self.reason.as_str(),
            )
        })
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        (
            &self.game,
            self.preperiod,
            self.period,
            self.saltus,
            self.certified,
            self.checked_to,
            &self.reason,
        )
            .hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let opt = |v: Option<u64>| v.map_or("None".to_string(), |v| v.to_string());
        format!(
            "Period(preperiod={}, period={}, saltus={}, certified={}, checked_to={})",
            opt(self.preperiod),
            opt(self.period),
            opt(self.saltus),
            if self.certified { "True" } else { "False" },
            self.checked_to
        )
    }
}

/// Minimal HTML escaping for notebook renderings.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
