//! Plots as SVG text: G(n) against n, P-positions (G = 0) in red, the periodic part shaded.
//! Hand-written SVG (no fonts to measure) so that the package needs no plotting dependency;
//! the CLI's `plot` draws the same picture with `plotters`.

use crate::engine_bridge::Period;
use pyo3::prelude::*;
use std::fmt::Write;

/// Most points drawn; longer tables are cut (the title says so).
const MAX_POINTS: usize = 4000;
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

    /// Writes the SVG to `path`.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, &self.data).map_err(|e| {
            crate::guard::GameError::new_err(format!("i/o error: {}: {e}", path.display()))
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
