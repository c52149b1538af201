//! `grundy` for Python: a thin pyo3 layer over the library's text front (GAME specs and
//! positions, exactly as the CLI takes them) plus games defined in Python.
//!
//! - [`engine_bridge`]: every call into the library (one place to update when it moves);
//! - [`guard`]: errors → `grundy.GameError`, panics caught, Ctrl-C checks;
//! - [`api`]: functions over GAME specs (`value`, `solve`, `table`, `period`, `count`, …);
//! - [`answers`]: the result classes (solutions, buffer-protocol tables, periods);
//! - [`heap_game`], [`game`]: `HeapGame` and `Game` defined by Python functions;
//! - [`cgt`]: partizan games (canonical forms, thermographs) and `PartizanGame`;
//! - [`positions`]: hashable Python positions as dense ids;
//! - [`plot`]: SVG scatter plots and thermographs.

mod answers;
mod api;
mod cgt;
mod engine_bridge;
mod game;
mod guard;
mod heap_game;
mod plot;
mod positions;

use pyo3::prelude::*;

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GameError", m.py().get_type::<guard::GameError>())?;
    m.add_class::<answers::Move>()?;
    m.add_class::<answers::Solution>()?;
    m.add_class::<answers::Table>()?;
    m.add_class::<answers::PeriodAnswer>()?;
    m.add_class::<plot::Svg>()?;
    m.add_class::<heap_game::PyHeapGame>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<cgt::CanonicalForm>()?;
    m.add_class::<cgt::ThermographAnswer>()?;
    m.add_class::<cgt::PyPartizanGame>()?;
    m.add_function(wrap_pyfunction!(cgt::cgt, m)?)?;
    m.add_function(wrap_pyfunction!(api::value, m)?)?;
    m.add_function(wrap_pyfunction!(api::solve, m)?)?;
    m.add_function(wrap_pyfunction!(api::outcome, m)?)?;
    m.add_function(wrap_pyfunction!(api::table, m)?)?;
    m.add_function(wrap_pyfunction!(api::period, m)?)?;
    m.add_function(wrap_pyfunction!(api::count, m)?)?;
    m.add_function(wrap_pyfunction!(api::explain, m)?)?;
    m.add_function(wrap_pyfunction!(api::options, m)?)?;
    m.add_function(wrap_pyfunction!(api::plot, m)?)?;
    m.add_function(wrap_pyfunction!(api::games, m)?)?;
    m.add_function(wrap_pyfunction!(api::nim_mul, m)?)?;
    m.add_function(wrap_pyfunction!(api::nim_pow, m)?)?;
    m.add_function(wrap_pyfunction!(api::nim_inverse, m)?)?;
    m.add_function(wrap_pyfunction!(api::nim_sqrt, m)?)?;
    m.add_function(wrap_pyfunction!(api::set_memory, m)?)?;
    engine_bridge::name_memory_setting();
    Ok(())
}
