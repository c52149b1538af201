//! Partizan games: `grundy.cgt("{3||2*|1*}")` (a canonical form in CGSuite notation, with its
//! temperature, mean, stops and thermograph) and `grundy.PartizanGame(left=…, right=…)`
//! (canonical forms of hashable Python positions).

use crate::engine_bridge::{parse_cgt, Cgt, Dyadic, LibError, Relation, Thermograph};
use crate::guard::{run, run_detached, GameError, Gate};
use crate::plot::Svg;
use crate::positions::{function_name, moves_of, Interner};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A dyadic rational as a `fractions.Fraction`.
fn fraction<'py>(py: Python<'py>, d: Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let denominator = 1u128 << d.exponent();
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((d.numerator(), denominator))
}

/// A game given as a `CanonicalForm`, CGSuite text, an int or a dyadic `Fraction`.
fn operand(obj: &Bound<'_, PyAny>) -> PyResult<Cgt> {
    if let Ok(form) = obj.extract::<PyRef<CanonicalForm>>() {
        return Ok(form.game);
    }
    let int = crate::api::integer(obj);
    let number = int.is_some() || obj.get_type().name().is_ok_and(|n| n == "Fraction");
    let text: String = if let Some(int) = int {
        Ok(int.str()?.to_string())
    } else if number {
        Ok(obj.str()?.to_string())
    } else {
        obj.extract()
    }
    .map_err(|_| {
        GameError::new_err(format!(
            "invalid game `{}`: give a canonical form or CGSuite text such as \"{{1|*}}\"",
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })?;
    run(|| parse_cgt(&text))
}

/// A dyadic argument (`t` of cooling): an int, or text such as `"1/2"`.
fn dyadic(obj: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    let fraction = obj.get_type().name().is_ok_and(|n| n == "Fraction");
    let text = if obj.is_instance_of::<pyo3::types::PyFloat>() {
        // A float is exactly m / 2^j; 0.5 is 1/2, but 0.1 is a 55-bit fraction nobody meant.
        let (num, den): (Bound<'_, PyAny>, u128) = obj
            .call_method0("as_integer_ratio")
            .and_then(|r| r.extract())
            .map_err(|_| {
                GameError::new_err(format!("invalid temperature `{obj}`: not a finite number"))
            })?;
        if den > 1 << 32 {
            return Err(GameError::new_err(format!(
                "invalid temperature `{obj}`: the float is not a dyadic fraction m/2^j with j ≤ 32; give a Fraction or text such as \"3/8\""
            )));
        }
        format!("{num}/{den}")
    } else if let Some(int) = crate::api::integer(obj) {
        int.str()?.to_string()
    } else if obj.is_instance_of::<pyo3::types::PyString>() || fraction {
        obj.str()?.to_string()
    } else {
        return Err(PyTypeError::new_err(format!(
            "a temperature is an int, a dyadic Fraction, a float such as 0.5 or text such as \"1/2\", not {}",
            obj.get_type().name()?
        )));
    };
    text.parse::<Dyadic>().map_err(|e| {
        let why = match e {
            LibError::BadSpec { reason, .. } => reason,
            other => other.to_string(),
        };
        GameError::new_err(format!("invalid temperature `{text}`: {why}"))
    })
}

/// The canonical form of a short partizan game (Conway's `{left | right}` with no dominated or
/// reversible options). Games add (`+`), subtract, negate, and compare in the partial order
/// (`<`, `<=`, `==`; neither `<=` nor `>=` is "confused", `compare` says `"||"`).
#[pyclass(frozen, module = "grundy")]
pub struct CanonicalForm {
    game: Cgt,
}

impl CanonicalForm {
    /// The Python object for an engine value (a partizan game's position, say).
    pub(crate) fn from_game(game: Cgt) -> CanonicalForm {
        CanonicalForm { game }
    }

    fn thermograph_data(&self) -> PyResult<Thermograph> {
        let game = self.game;
        run(|| game.thermograph())
    }
}

#[pymethods]
impl CanonicalForm {
    /// Who wins: `"L"` (Left, whoever starts), `"R"`, `"P"` (the second player) or `"N"`
    /// (the first player).
    #[getter]
    fn outcome(&self) -> String {
        self.game.outcome().to_string()
    }

    #[getter]
    fn left_options(&self) -> Vec<CanonicalForm> {
        self.game
            .left_options()
            .into_iter()
            .map(|game| CanonicalForm { game })
            .collect()
    }

    #[getter]
    fn right_options(&self) -> Vec<CanonicalForm> {
        self.game
            .right_options()
            .into_iter()
            .map(|game| CanonicalForm { game })
            .collect()
    }

    /// The temperature (CGSuite's convention: −1 for integers, −1/2^j for other numbers).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermograph_data()?.temperature)
    }

    /// The mean value (where the thermograph's mast stands).
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermograph_data()?.mast)
    }

    /// `(left stop, right stop)`.
    #[getter]
    fn stops<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let t = self.thermograph_data()?;
        Ok((
            fraction(py, t.left.points[0].1)?,
            fraction(py, t.right.points[0].1)?,
        ))
    }

    #[getter]
    fn birthday(&self) -> u64 {
        self.game.birthday()
    }

    /// The number the game equals (a `Fraction`), or `None`.
    #[getter]
    fn number<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.game.as_number().map(|d| fraction(py, d)).transpose()
    }

    /// The game cooled by `t ≥ 0` (an int or text such as `"1/2"`).
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        let (game, t) = (self.game, dyadic(t)?);
        Ok(CanonicalForm {
            game: run(|| game.cool(t))?,
        })
    }

    /// The game heated by `t`.
    fn heat(&self, t: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        let (game, t) = (self.game, dyadic(t)?);
        Ok(CanonicalForm {
            game: run(|| game.heat(t))?,
        })
    }

    /// The atomic weight of an all-small game (`GameError` for others).
    fn atomic_weight(&self) -> PyResult<CanonicalForm> {
        let game = self.game;
        Ok(CanonicalForm {
            game: run(|| game.atomic_weight())?,
        })
    }

    /// The reduced canonical form.
    fn reduced(&self) -> PyResult<CanonicalForm> {
        let game = self.game;
        Ok(CanonicalForm {
            game: run(|| game.reduced())?,
        })
    }

    /// The thermograph: its walls as data, and an SVG picture (`_repr_svg_`).
    fn thermograph(&self, py: Python<'_>) -> PyResult<ThermographAnswer> {
        let data = self.thermograph_data()?;
        let wall = |w: &crate::engine_bridge::Thermograph, left: bool| -> PyResult<WallPoints> {
            let points = if left {
                &w.left.points
            } else {
                &w.right.points
            };
            points
                .iter()
                .map(|&(t, v, s)| Ok((fraction(py, t)?.unbind(), fraction(py, v)?.unbind(), s)))
                .collect()
        };
        Ok(ThermographAnswer {
            left: wall(&data, true)?,
            right: wall(&data, false)?,
            temperature: fraction(py, data.temperature)?.unbind(),
            mast: fraction(py, data.mast)?.unbind(),
            svg: crate::plot::thermograph(&self.__str__()?, &data),
        })
    }

    /// `"="`, `"<"`, `">"` or `"||"` (confused).
    fn compare(&self, other: &Bound<'_, PyAny>) -> PyResult<String> {
        let (game, other) = (self.game, operand(other)?);
        Ok(run(|| Ok(game.compare(other)))?.to_string())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = operand(other) else {
            return Ok(py.NotImplemented());
        };
        let game = self.game;
        let relation = run(|| Ok(game.compare(other)))?;
        let answer = match op {
            CompareOp::Eq => relation == Relation::Equal,
            CompareOp::Ne => relation != Relation::Equal,
            CompareOp::Lt => relation == Relation::Less,
            CompareOp::Le => matches!(relation, Relation::Less | Relation::Equal),
            CompareOp::Gt => relation == Relation::Greater,
            CompareOp::Ge => matches!(relation, Relation::Greater | Relation::Equal),
        };
        Ok(pyo3::types::PyBool::new(py, answer)
            .to_owned()
            .into_any()
            .unbind())
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        // A number equals the int or Fraction it is (`cgt("1/2") == Fraction(1, 2)`), so it
        // hashes as that Fraction, as Python requires of equal objects.
        if let Some(d) = self.game.as_number() {
            return Ok(fraction(py, d)?.hash()? as u64);
        }
        // Equal canonical forms are one interned game, so the game itself is the key (its
        // text could be gigabytes long).
        let mut h = DefaultHasher::new();
        self.game.hash(&mut h);
        Ok(h.finish())
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        let (game, other) = (self.game, operand(other)?);
        Ok(CanonicalForm {
            game: run(|| Ok(game + other))?,
        })
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        let (game, other) = (self.game, operand(other)?);
        Ok(CanonicalForm {
            game: run(|| Ok(game - other))?,
        })
    }

    /// `other - self`, for `1 - g` (as `__radd__` serves `1 + g`).
    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        let (game, other) = (self.game, operand(other)?);
        Ok(CanonicalForm {
            game: run(|| Ok(other - game))?,
        })
    }

    fn __neg__(&self) -> PyResult<CanonicalForm> {
        let game = self.game;
        Ok(CanonicalForm {
            game: run(|| Ok(-game))?,
        })
    }

    /// CGSuite notation; `GameError` when the text would not fit the memory budget (a
    /// form's text writes its subforms out wherever they occur, so a small form can have
    /// gigabytes of text).
    fn __str__(&self) -> PyResult<String> {
        let game = self.game;
        run(|| game.try_text())
    }

    /// `cgt("…")`, or, for a form whose text is past the memory budget, a placeholder that
    /// says so: a repr must not raise, since notebooks and debuggers call it unasked.
    fn __repr__(&self) -> String {
        match self.game.try_text() {
            Ok(text) => format!("cgt({text:?})"),
            Err(_) => format!(
                "<CanonicalForm: its CGSuite text, {} characters, is past the memory budget>",
                self.game.text_len()
            ),
        }
    }

    /// LaTeX for notebooks; `None` (so that the notebook shows the repr) for a form whose text
    /// is past the memory budget.
    fn _repr_latex_(&self) -> Option<String> {
        let text = self.game.try_text().ok()?;
        Some(format!("${}$", latex(&text)))
    }
}

/// CGSuite text as LaTeX: braces escaped, bars as relations, arrows, stars, ±, Tiny/Miny.
fn latex(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let bars = rest.len() - rest.trim_start_matches('|').len();
        let (piece, used) = match c {
            '|' => (format!("\\mathrel{{{}}}", &rest[..bars]), bars),
            '{' => ("\\{".to_string(), 1),
            '}' => ("\\}".to_string(), 1),
            '^' => ("{\\uparrow}".to_string(), 1),
            'v' => ("{\\downarrow}".to_string(), 1),
            '*' => ("{*}".to_string(), 1),
            '+' if rest.starts_with("+-") => ("\\pm ".to_string(), 2),
            _ if rest.starts_with("Tiny") || rest.starts_with("Miny") => {
                (format!("\\operatorname{{{}}}", &rest[..4]), 4)
            }
            c => (c.to_string(), c.len_utf8()),
        };
        out.push_str(&piece);
        rest = &rest[used..];
    }
    out
}

/// A wall's breakpoints `(t, value, slope after t)`, `t` and `value` as Fractions.
type WallPoints = Vec<(Py<PyAny>, Py<PyAny>, i64)>;

/// A thermograph: walls as `(t, value, slope after t)` breakpoints (Fractions), the
/// temperature and the mast; shown as SVG in notebooks.
#[pyclass(frozen, module = "grundy", name = "Thermograph")]
pub struct ThermographAnswer {
    #[pyo3(get)]
    left: WallPoints,
    #[pyo3(get)]
    right: WallPoints,
    #[pyo3(get)]
    temperature: Py<PyAny>,
    #[pyo3(get)]
    mast: Py<PyAny>,
    svg: Svg,
}

#[pymethods]
impl ThermographAnswer {
    /// The picture (an `Svg`).
    #[getter]
    fn svg(&self) -> Svg {
        Svg {
            data: self.svg.data.clone(),
        }
    }

    fn _repr_svg_(&self) -> String {
        self.svg.data.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Thermograph(temperature={}, mast={})",
            self.temperature.bind(py).repr()?,
            self.mast.bind(py).repr()?
        ))
    }
}

/// `grundy.cgt("{3||2*|1*}")`: the canonical form of a game in CGSuite notation.
///
/// >>> g = grundy.cgt("{3||2*|1*}")
/// >>> g.temperature, g.mean
/// (Fraction(3, 4), Fraction(9, 4))
#[pyfunction]
pub fn cgt(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
    let text: String = text.extract().map_err(|_| {
        GameError::new_err("invalid game: give CGSuite text such as \"{3||2*|1*}\"")
    })?;
    Ok(CanonicalForm {
        game: run_detached(py, |_| parse_cgt(&text))?,
    })
}

/// Interned positions, their Left and Right moves, and their canonical forms.
struct State {
    positions: Interner,
    moves: Vec<Option<(Vec<u32>, Vec<u32>)>>,
    values: Vec<Option<Cgt>>,
}

/// A partizan game on hashable positions: `PartizanGame(left=f, right=g)`, where `f(p)` and
/// `g(p)` list the positions Left and Right can move to. `value(p)` is the canonical form
/// (each function is called once per position); a position reachable from itself is an error.
#[pyclass(frozen, module = "grundy", name = "PartizanGame")]
pub struct PyPartizanGame {
    left: Py<PyAny>,
    right: Py<PyAny>,
    state: Mutex<State>,
    /// Positions the functions were called on: outside the state, so that `calls` can be
    /// read while a run holds it (from a moves function, or from another thread).
    calls: AtomicU64,
    /// One call at a time; other threads wait for their turn (see `Gate`).
    gate: Gate,
}

impl PyPartizanGame {
    /// The canonical form of position `root`: depth first with an explicit stack (no
    /// recursion limit), a position met again on the stack is a cycle.
    fn canonical(&self, py: Python<'_>, root: &Bound<'_, PyAny>) -> PyResult<Cgt> {
        let mut guard = self.state.try_lock().map_err(|_| {
            GameError::new_err("the game is already being solved (one call at a time)")
        })?;
        let state = &mut *guard;
        let (root, new) = state.positions.intern(root)?;
        if new {
            state.moves.push(None);
            state.values.push(None);
        }
        let mut stack = vec![root];
        let mut on_stack = std::collections::HashSet::from([root]);
        while let Some(&top) = stack.last() {
            if state.values[top as usize].is_some() {
                on_stack.remove(&top);
                stack.pop();
                continue;
            }
            if state.moves[top as usize].is_none() {
                let position = state.positions.position(py, top);
                let State {
                    positions,
                    moves,
                    values,
                    ..
                } = &mut *state;
                let mut grow = || {
                    moves.push(None);
                    values.push(None);
                };
                let l = moves_of(
                    positions,
                    self.left.bind(py),
                    position.clone_ref(py),
                    &mut grow,
                )?;
                let r = moves_of(positions, self.right.bind(py), position, &mut grow)?;
                state.moves[top as usize] = Some((l, r));
                self.calls.fetch_add(1, Ordering::Relaxed);
            }
            let (l, r) = state.moves[top as usize].as_ref().expect("set just above");
            let pending = l
                .iter()
                .chain(r)
                .find(|&&c| state.values[c as usize].is_none());
            match pending {
                Some(&child) => {
                    if !on_stack.insert(child) {
                        return Err(GameError::new_err(format!(
                            "the game has a cycle (position {} is reachable from itself); canonical forms need games that end",
                            state.positions.repr(py, child)
                        )));
                    }
                    stack.push(child);
                }
                None => {
                    let value = |ids: &[u32]| -> Vec<Cgt> {
                        ids.iter()
                            .map(|&c| state.values[c as usize].expect("solved"))
                            .collect()
                    };
                    let (left, right) = (value(l), value(r));
                    let game = run(|| Cgt::try_from_options(&left, &right))?;
                    state.values[top as usize] = Some(game);
                    on_stack.remove(&top);
                    stack.pop();
                }
            }
        }
        Ok(state.values[root as usize].expect("the root is solved last"))
    }
}

#[pymethods]
impl PyPartizanGame {
    #[new]
    #[pyo3(signature = (*, left, right))]
    fn new(py: Python<'_>, left: Py<PyAny>, right: Py<PyAny>) -> PyResult<PyPartizanGame> {
        if !left.bind(py).is_callable() || !right.bind(py).is_callable() {
            return Err(GameError::new_err(
                "left= and right= must be functions from a position to the positions Left (Right) can move to",
            ));
        }
        Ok(PyPartizanGame {
            left,
            right,
            state: Mutex::new(State {
                positions: Interner::new(py),
                moves: Vec::new(),
                values: Vec::new(),
            }),
            calls: AtomicU64::new(0),
            gate: Gate::default(),
        })
    }

    /// The canonical form of `position`.
    fn value(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        let _entered = self.gate.enter(py)?;
        Ok(CanonicalForm {
            game: self.canonical(py, position)?,
        })
    }

    /// The canonical form of the sum of `positions` (a list, tuple or any other iterable).
    fn sum(&self, py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
        let positions = positions.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "sum takes an iterable of positions, not {}",
                positions
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        let _entered = self.gate.enter(py)?;
        let mut total = Cgt::zero();
        for p in positions {
            let g = self.canonical(py, &p?)?;
            total = run(|| Ok(total + g))?;
        }
        Ok(CanonicalForm { game: total })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "PartizanGame(left={:?}, right={:?})",
            function_name(self.left.bind(py)),
            function_name(self.right.bind(py))
        )
    }

    /// How many positions the functions have been called on (once each); readable at any
    /// time, even during a run.
    #[getter]
    fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }
}
