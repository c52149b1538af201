//! Plots as SVG text: G(n) against n, P-positions (G = 0) in red, the periodic part shaded.
//! Hand-written SVG (no fonts to measure) so that the package needs no plotting dependency;
//! the CLI's `plot` draws the same picture with `plotters`.

use crate::engine_bridge::{Dyadic, Period, Thermograph, Wall};
use pyo3::prelude::*;
use std::fmt::Write;

/// Most points drawn; longer tables are cut (the title says so).
pub const MAX_POINTS: usize = 4000;
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 50.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 30.0;
const RIGHT: f64 = 20.0;

/// An SVG picture; notebooks show it (`_repr_svg_`), `save` writes it.
#[pyclass(frozen, module = "grundy")]
pub struct Svg {
    /// The SVG document.
    #[pyo3(get)]
    pub data: String,
}

#[pymethods]
impl Svg {
    fn _repr_svg_(&self) -> String {
        self.data.clone()
    }

    fn __str__(&self) -> String {
        self.data.clone()
    }

    fn __repr__(&self) -> String {
        format!("Svg({} characters of SVG)", self.data.chars().count())
    }

    /// Writes the SVG to `path`. A failure raises `OSError` (its subclass for the errno, such
    /// as `FileNotFoundError`), with `filename` set, as Python's own `open` would: it is the
    /// file system's problem, not the game's.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, &self.data).map_err(|e| {
            let errno = e.raw_os_error().unwrap_or(0);
            // Rust adds " (os error 2)" to the C message that Python's `strerror` holds alone.
            let text = e.to_string();
            let suffix = format!(" (os error {errno})");
            let message = text.strip_suffix(&suffix).unwrap_or(&text).to_owned();
            pyo3::exceptions::PyOSError::new_err((errno, message, path.into_os_string()))
        })
    }
}

impl Svg {
    /// The scatter of `values` (G(0), G(1), …) of `game`, with `period` (and whether it is
    /// certified) marked.
    pub fn scatter(game: &str, values: &[u64], period: Option<(Period, bool)>) -> Svg {
        let cut = values.len() > MAX_POINTS;
        let values = &values[..values.len().min(MAX_POINTS)];
        let n_max = values.len().saturating_sub(1).max(1) as f64;
        let g_max = values.iter().copied().max().unwrap_or(0).max(1) as f64;
        let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        let x = |n: f64| LEFT + n / n_max * plot_w;
        let y = |g: f64| TOP + plot_h - g / g_max * plot_h;
        let mut svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
        );
        svg.push_str(r#"<rect width="100%" height="100%" fill="white"/>"#);
        let mut title = format!(
            "{} — G(n), n = 0..{}",
            crate::answers::escape(game),
            values.len().saturating_sub(1)
        );
        if cut {
            title.push_str(" (first values only)");
        }
        if let Some((p, certified)) = period {
            let status = if certified { "certified" } else { "observed" };
            let _ = write!(
                title,
                "; preperiod {}, period {} ({status})",
                p.preperiod, p.period
            );
            let start = x(p.preperiod as f64).min(LEFT + plot_w);
            let _ = write!(
                svg,
                r##"<rect x="{start:.1}" y="{TOP}" width="{:.1}" height="{plot_h}" fill="#eef4ff"/>"##,
                LEFT + plot_w - start
            );
        }
        let _ = write!(
            svg,
            r#"<text x="{LEFT}" y="18">{title}</text><line x1="{LEFT}" y1="{b}" x2="{r}" y2="{b}" stroke="black"/><line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{b}" stroke="black"/>"#,
            b = TOP + plot_h,
            r = LEFT + plot_w
        );
        let _ = write!(
            svg,
            r#"<text x="{LEFT}" y="{yl}">0</text><text x="{xr}" y="{yl}" text-anchor="end">{nm}</text><text x="{xl}" y="{yt}" text-anchor="end">{gm}</text><text x="{xl}" y="{yb}" text-anchor="end">0</text>"#,
            yl = HEIGHT - 20.0,
            xr = LEFT + plot_w,
            nm = n_max as u64,
            xl = LEFT - 6.0,
            yt = TOP + 10.0,
            gm = g_max as u64,
            yb = TOP + plot_h
        );
        let radius = if values.len() > 500 { 1.2 } else { 2.5 };
        for (n, &g) in values.iter().enumerate() {
            let colour = if g == 0 { "#d62728" } else { "#1f77b4" };
            let _ = write!(
                svg,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{radius}" fill="{colour}"/>"#,
                x(n as f64),
                y(g as f64)
            );
        }
        svg.push_str("</svg>");
        Svg { data: svg }
    }
}

/// The thermograph of `game`: temperature upwards, values decreasing to the right (Left's
/// side on the left, as Berlekamp draws it); walls below the temperature, the mast above.
pub fn thermograph(game: &str, t: &Thermograph) -> Svg {
    let f = Dyadic::to_f64;
    let top = f(t.temperature).max(0.0) + 1.0;
    // Wall values at each breakpoint and at the top.
    let trace = |wall: &Wall| -> Vec<(f64, f64)> {
        let mut points: Vec<(f64, f64)> = wall
            .points
            .iter()
            .filter(|p| f(p.0) <= top)
            .map(|p| (f(p.0), f(p.1)))
            .collect();
        let &(t0, v0, s) = wall
            .points
            .iter()
            .rev()
            .find(|p| f(p.0) <= top)
            .unwrap_or(&wall.points[0]);
        points.push((top, f(v0) + (top - f(t0)) * s as f64));
        points
    };
    let (left, right) = (trace(&t.left), trace(&t.right));
    let values = left.iter().chain(&right).map(|p| p.1);
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = (lo - 0.5, hi + 0.5);
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |v: f64| LEFT + (hi - v) / (hi - lo) * plot_w;
    let y = |temp: f64| TOP + plot_h - temp / top * plot_h;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="white"/>"#
    );
    let _ = write!(
        svg,
        r#"<text x="{LEFT}" y="18">thermograph of {} — temperature {}, mean {}</text>"#,
        crate::answers::escape(game),
        t.temperature,
        t.mast
    );
    let _ = write!(
        svg,
        r#"<line x1="{LEFT}" y1="{b}" x2="{r}" y2="{b}" stroke="black"/><text x="{LEFT}" y="{yl}">{hi}</text><text x="{r}" y="{yl}" text-anchor="end">{lo}</text><text x="{xl}" y="{yt}" text-anchor="end">t = {top}</text>"#,
        b = TOP + plot_h,
        r = LEFT + plot_w,
        yl = HEIGHT - 20.0,
        xl = WIDTH - RIGHT,
        yt = TOP - 4.0,
    );
    for (wall, colour) in [(&left, "#1f77b4"), (&right, "#d62728")] {
        let points: Vec<String> = wall
            .iter()
            .map(|&(temp, v)| format!("{:.1},{:.1}", x(v), y(temp)))
            .collect();
        let _ = write!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            points.join(" ")
        );
    }
    svg.push_str("</svg>");
    Svg { data: svg }
}
