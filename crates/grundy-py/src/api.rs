//! The functions over GAME specs (`grundy.value("kayles", 10)`, …): the CLI's commands, with
//! the same spec and position syntax and the same error messages. Engine work runs without
//! the GIL and stops on Ctrl-C where the engine reports progress.

use crate::answers::{Explainer, Move, PeriodAnswer, Solution, Table};
use crate::cgt::CanonicalForm;
use crate::engine_bridge::{self as bridge, Family, GameValue, LibError, Play};
use crate::guard::{run_detached, run_maybe_detached, GameError, Gate};
use crate::plot::Svg;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use std::sync::Arc;

/// `obj` as a Python int when it is one or stands for one through `__index__` (numpy's
/// integer scalars, such as the elements of `numpy.asarray(table)`); never a bool or a str.
pub fn integer<'py>(obj: &Bound<'py, PyAny>) -> Option<Bound<'py, PyInt>> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyString>() {
        return None;
    }
    if let Ok(int) = obj.cast::<PyInt>() {
        return Some(int.clone());
    }
    // Tuples and lists first: a heap rule's hot loop asks this of every option, and a
    // failed `hasattr` costs an exception.
    if obj.is_instance_of::<PyTuple>()
        || obj.is_instance_of::<PyList>()
        || obj.is_instance_of::<PyFloat>()
        || !obj.hasattr("__index__").unwrap_or(false)
    {
        return None;
    }
    let index = obj.py().import("operator").ok()?.getattr("index").ok()?;
    index.call1((obj,)).ok()?.cast_into::<PyInt>().ok()
}

/// A position as the CLI reads it: an int, or a str such as `"10^6"`, `"3,5"`, `"@file"`.
pub fn position_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if obj.is_instance_of::<PyString>() {
        return obj.extract::<String>();
    }
    if let Some(int) = integer(obj) {
        return Ok(int.str()?.to_string());
    }
    Err(GameError::new_err(format!(
        "invalid position `{}`: a position is an int or a str, not {}",
        obj.repr()?,
        obj.get_type().name()?
    )))
}

/// The components of a sum: a list or tuple of positions, or one position alone.
pub fn positions_text(obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyInt>() || integer(obj).is_some() {
        return Ok(vec![position_text(obj)?]);
    }
    let items = obj.try_iter().map_err(|_| {
        GameError::new_err(format!(
            "invalid position `{}`: give a list of positions (ints or strs)",
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })?;
    items.map(|item| position_text(&item?)).collect()
}

/// A number argument (`to`, `heaps`, …): an int ≥ 0 or a str such as `"2^20"`.
pub fn number(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    let text = position_text(obj)?;
    bridge::parse_number(&text).map_err(crate::guard::game_error)
}

fn play(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

fn family(py: Python<'_>, game: &str) -> PyResult<Arc<dyn Family>> {
    run_detached(py, |_| bridge::parse_spec(game)).map(Arc::from)
}

/// The value of one position of `game`: for an impartial game (a spec such as `"kayles"`,
/// `"subtraction:1,3,4"`, `"octal:0.137"`; see `grundy.games()`) its Grundy value (loopy games
/// may answer a str such as `"∞{0,1}"`); for a partizan game (`"domineering"`,
/// `"toads-and-frogs"`, …) its canonical form, a `CanonicalForm`.
///
/// >>> grundy.value("kayles", 10)
/// 2
/// >>> str(grundy.value("domineering", "..|.."))
/// '+-1'
#[pyfunction]
pub fn value(py: Python<'_>, game: &str, position: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let position = position_text(position)?;
    let partizan = run_detached(py, |_| bridge::partizan_value(game, &position).transpose())?;
    if let Some(form) = partizan {
        return Ok(Py::new(py, CanonicalForm::from_game(form))?.into_any());
    }
    let value = run_detached(py, |_| bridge::parse_spec(game)?.value(&position))?;
    Ok(match value {
        GameValue::Finite(n) => n.0.into_pyobject(py)?.into_any().unbind(),
        infinite => infinite.to_string().into_pyobject(py)?.into_any().unbind(),
    })
}

/// Solves the sum of `positions` in `game`: who wins, its Grundy value, every winning move.
/// `misere=True` plays misère where the family has a theory.
///
/// >>> s = grundy.solve("nim", [3, 5, 7])
/// >>> s.winner, s.grundy, [m.to for m in s.winning_moves]
/// ('first', 1, ['2', '4', '6'])
#[pyfunction]
#[pyo3(signature = (game, positions, *, misere = false))]
pub fn solve(
    py: Python<'_>,
    game: &str,
    positions: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<Solution> {
    let positions = positions_text(positions)?;
    let family = family(py, game)?;
    solve_family(py, family, positions, misere, None)
}

/// `family.solve` as a [`Solution`]; `gate`: the gate of a Python rule's game (the caller
/// holds it; the run keeps the GIL), `None` for a family that calls no Python, run without
/// the GIL.
pub fn solve_family(
    py: Python<'_>,
    family: Arc<dyn Family>,
    positions: Vec<String>,
    misere: bool,
    gate: Option<Arc<Gate>>,
) -> PyResult<Solution> {
    let detached = gate.is_none();
    let go = || {
        let texts: Vec<&str> = positions.iter().map(String::as_str).collect();
        family.solve(&texts, play(misere))
    };
    let solution = run_maybe_detached(py, detached, |_| go())?;
    let winning_moves = solution
        .winning_moves
        .into_iter()
        .map(|m| {
            let to = m.to.into_pyobject(py)?.into_any().unbind();
            Py::new(
                py,
                Move {
                    component: m.component,
                    to,
                },
            )
        })
        .collect::<PyResult<_>>()?;
    let components = solution
        .components
        .into_iter()
        .map(|c| Ok((c.position.into_pyobject(py)?.into_any().unbind(), c.grundy)))
        .collect::<PyResult<_>>()?;
    Ok(Solution {
        winner: solution.winner.as_str().to_string(),
        grundy: solution.grundy,
        winning_moves,
        components,
        method: solution.method,
        moves_omitted: solution.moves_omitted,
        explainer: Explainer::Family {
            family,
            positions,
            gate,
        },
    })
}

/// Who wins the sum of `positions`: `"first"`, `"second"` or `"draw"`.
#[pyfunction]
#[pyo3(signature = (game, positions, *, misere = false))]
pub fn outcome(
    py: Python<'_>,
    game: &str,
    positions: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<String> {
    let positions = positions_text(positions)?;
    run_detached(py, |_| {
        let texts: Vec<&str> = positions.iter().map(String::as_str).collect();
        Ok(bridge::parse_spec(game)?
            .outcome(&texts, play(misere))?
            .as_str()
            .to_string())
    })
}

/// `G(0), …, G(to)` of a heap game, as `grundy table GAME --to N` computes it. The result
/// supports the buffer protocol: `numpy.asarray(grundy.table("kayles", 10**6))` shares its
/// memory. Runs without the GIL; Ctrl-C stops it.
#[pyfunction]
pub fn table(py: Python<'_>, game: &str, to: &Bound<'_, PyAny>) -> PyResult<Table> {
    let to = number(to)?;
    let (spec, column) = run_detached(py, |poll| bridge::table(game, to, poll))?;
    Ok(Table::new(spec, column))
}

/// The period of a heap game's Grundy sequence, as `grundy period` finds it: certified where
/// a theorem applies (finite subtraction sets, octal codes), otherwise observed. The table
/// grows up to `max` values or for `time` seconds.
#[pyfunction]
#[pyo3(signature = (game, *, max = None, time = 10.0))]
pub fn period(
    py: Python<'_>,
    game: &str,
    max: Option<&Bound<'_, PyAny>>,
    time: f64,
) -> PyResult<PeriodAnswer> {
    let max = max.map(number).transpose()?.unwrap_or(1 << 22);
    let time = checked_seconds(time)?;
    let family = family(py, game)?;
    period_of(py, family, max, time, true)
}

/// The seconds of a time budget, or the CLI's refusal.
pub fn checked_seconds(time: f64) -> PyResult<f64> {
    if time.is_finite() && time > 0.0 && time < 1e9 {
        Ok(time)
    } else {
        Err(GameError::new_err(format!(
            "`{time}` is not a positive number of seconds"
        )))
    }
}

/// `period` of a parsed family.
pub fn period_of(
    py: Python<'_>,
    family: Arc<dyn Family>,
    max: u64,
    time: f64,
    detached: bool,
) -> PyResult<PeriodAnswer> {
    let found = run_maybe_detached(py, detached, |poll| {
        bridge::period(family.as_ref(), max, time, poll)
    })?;
    Ok(PeriodAnswer::new(family.spec(), found))
}

/// How many `heaps`-tuples of heap sizes from `sizes` are second-player wins (or first-player
/// wins with `outcome="first"`), modulo `modulo`; as `grundy count`. `sizes` is the CLI's set
/// syntax (`"1..100"`, `"primes<=1000"`, `"2,3,5"`) or an iterable of ints.
#[pyfunction]
#[pyo3(signature = (game, heaps, sizes, modulo, *, outcome = "second"))]
pub fn count(
    py: Python<'_>,
    game: &str,
    heaps: &Bound<'_, PyAny>,
    sizes: &Bound<'_, PyAny>,
    modulo: &Bound<'_, PyAny>,
    outcome: &str,
) -> PyResult<u64> {
    let heaps = number(heaps)?;
    let modulo = number(modulo)?;
    let sizes = if sizes.is_instance_of::<PyString>() {
        sizes.extract::<String>()?
    } else {
        positions_text(sizes)?.join(",")
    };
    let first = match outcome {
        "second" => false,
        "first" => true,
        other => {
            return Err(GameError::new_err(format!(
                "invalid outcome `{other}`: count \"second\" or \"first\" player wins"
            )))
        }
    };
    run_detached(py, |_| {
        bridge::count(
            bridge::parse_spec(game)?.as_ref(),
            &sizes,
            heaps,
            modulo,
            first,
        )
    })
}

/// The hand derivation of the sum of `positions`, exactly as `grundy explain` prints it.
#[pyfunction]
pub fn explain(py: Python<'_>, game: &str, positions: &Bound<'_, PyAny>) -> PyResult<String> {
    let positions = positions_text(positions)?;
    run_detached(py, |_| {
        let texts: Vec<&str> = positions.iter().map(String::as_str).collect();
        bridge::explain(bridge::parse_spec(game)?.as_ref(), &texts)
    })
}

/// Every option of one position: `(position after the move, its Grundy value)`.
#[pyfunction]
pub fn options(
    py: Python<'_>,
    game: &str,
    position: &Bound<'_, PyAny>,
) -> PyResult<Vec<(String, u64)>> {
    let position = position_text(position)?;
    run_detached(py, |_| {
        Ok(bridge::parse_spec(game)?
            .options(&position)?
            .into_iter()
            .map(|o| (o.position, o.grundy))
            .collect())
    })
}

/// A scatter plot (SVG) of G(0..=to) with the period marked (certified or observed).
#[pyfunction]
#[pyo3(signature = (game, to = None))]
pub fn plot(py: Python<'_>, game: &str, to: Option<&Bound<'_, PyAny>>) -> PyResult<Svg> {
    let to = to.map(number).transpose()?.unwrap_or(200);
    let family = family(py, game)?;
    plot_family(py, family, to, true)
}

/// The plot of a parsed family: its table to `to`, and the period found by `period`.
pub fn plot_family(
    py: Python<'_>,
    family: Arc<dyn Family>,
    to: u64,
    detached: bool,
) -> PyResult<Svg> {
    let answer = period_of(py, family.clone(), to.max(1), 10.0, detached)?;
    // The picture shows the first MAX_POINTS values; one more tells it that it was cut.
    // (All of G(0..=to) was computed and held here: 8 GB for `plot("kayles", 10**9)`.)
    let shown = to.min(crate::plot::MAX_POINTS as u64);
    let go = || -> Result<Vec<u64>, LibError> {
        let sequence = bridge::sequence(family.as_ref(), "plot")?;
        bridge::check_table_memory("a plotted table", shown + 1, 8)?;
        let mut values = Vec::new();
        sequence.for_each_value(shown, &mut |_, v| {
            values.push(v.0);
            Ok(())
        })?;
        Ok(values)
    };
    let values = run_maybe_detached(py, detached, |_| go())?;
    let period = answer.best.map(|p| (p, answer.certified));
    Ok(Svg::scatter(&family.spec(), &values, period))
}

/// Every game family: a list of dicts with `name`, `aliases`, `summary`, `example`.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    bridge::catalogue()
        .into_iter()
        .map(|(name, aliases, summary, example)| {
            let d = PyDict::new(py);
            d.set_item("name", name)?;
            d.set_item("aliases", aliases)?;
            d.set_item("summary", summary)?;
            d.set_item("example", example)?;
            Ok(d)
        })
        .collect()
}

/// The nim-product `a ⊗ b` (Conway's multiplication in the field of nimbers below 2^64).
///
/// >>> grundy.nim_mul(2, 3)
/// 1
#[pyfunction]
pub fn nim_mul(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(bridge::nim_mul(number(a)?, number(b)?))
}

/// `a^e` under nim-multiplication (`a^0 = 1`).
#[pyfunction]
pub fn nim_pow(a: &Bound<'_, PyAny>, e: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(bridge::nim_pow(number(a)?, number(e)?))
}

/// The memory budget for this process: `size` in bytes (an int) or as text (`"4G"`,
/// `"512M"`), replacing the measured one (the smallest of 3/4 of available memory, the
/// `ulimit -v` room and the cgroup limit's room); `None` measures it again. A request that
/// needs more is refused with `GameError` before anything is allocated, naming both figures.
#[pyfunction]
pub fn set_memory(size: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let bytes = match size {
        None => None,
        Some(text) if text.is_instance_of::<PyString>() => {
            Some(bridge::parse_size(&text.extract::<String>()?).map_err(|e| {
                pyo3::exceptions::PyValueError::new_err(format!("memory size: {e}"))
            })?)
        }
        Some(size) => Some(number(size)?),
    };
    if bytes == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "a memory budget of 0 bytes allows nothing; set_memory(None) measures the budget again",
        ));
    }
    bridge::set_memory(bytes);
    Ok(())
}

/// The nim-reciprocal `a⁻¹` (`a ⊗ a⁻¹ = 1`); `GameError` for 0.
#[pyfunction]
pub fn nim_inverse(a: &Bound<'_, PyAny>) -> PyResult<u64> {
    let a = number(a)?;
    bridge::nim_inverse(a)
        .ok_or_else(|| GameError::new_err("*0 has no nim-reciprocal (division by zero)"))
}

/// The nim square root: the unique `r` with `r ⊗ r = a`.
#[pyfunction]
pub fn nim_sqrt(a: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(bridge::nim_sqrt(number(a)?))
}
