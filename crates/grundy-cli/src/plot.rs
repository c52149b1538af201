//! Pictures of Grundy sequences (`grundy plot`) and of partizan thermographs
//! (`grundy thermograph`), drawn with `plotters`.
//!
//! Two kinds:
//! - **scatter**: `G(n)` against `n`, zeros (P-positions) in red, the preperiod shaded and the
//!   period boundaries ruled when a period is certified. Up to [`MAX_POINTS`] values each get a
//!   dot; beyond that the plane is cut into cells a few pixels wide and each cell is shaded by
//!   how many `n` fall in it (a density plot), so 2^20 values draw as fast and as readably as
//!   100 and the SVG stays small.
//! - **histogram**: how often each value occurs (what researchers read to choose a rare-value
//!   mask); a logarithmic count axis when the counts span two or more orders of magnitude.
//!
//! Text needs no system fonts: a subset of DejaVu Sans is compiled in and registered with
//! `plotters`' `ab_glyph` renderer. PNGs are drawn into memory and encoded with `png`; SVGs are
//! drawn into a string. The output file is opened before any work, so an unwritable path fails
//! at once.

use crate::output::AtomicFile;
use grundy::partizan::{Dyadic, Thermograph, Wall};
use grundy::theory::period::Period;
use grundy::GameError;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::io::Write;
use std::path::Path;

/// The bundled font (see `assets/README.md` for its licence).
const FONT: &[u8] = include_bytes!("../assets/DejaVuSans-subset.ttf");
const FONT_NAME: &str = "sans-serif";

/// Picture size in pixels.
const WIDTH: u32 = 1200;
const HEIGHT: u32 = 700;

/// Sequences up to this length are drawn point by point; longer ones as a density plot.
pub const MAX_POINTS: usize = 2048;

/// Density plot cells: this many pixels wide and at most this many value rows.
const CELL_PIXELS: u32 = 2;
const MAX_ROWS: u64 = 300;

/// Histograms with more distinct values than this group them into ranges.
const MAX_BARS: u64 = 200;

const POINT_COLOUR: RGBColor = RGBColor(31, 90, 170);
const ZERO_COLOUR: RGBColor = RGBColor(214, 39, 40);
const PREPERIOD_COLOUR: RGBColor = RGBColor(255, 170, 60);
const RULE_COLOUR: RGBColor = RGBColor(60, 160, 60);
const RARE_COLOUR: RGBColor = RGBColor(230, 120, 0);

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// The format named by the file's extension.
    pub fn of(path: &Path) -> Result<Format, GameError> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(GameError::Unsupported(format!(
                "cannot tell the picture format of `{}`: name the file *.svg or *.png",
                path.display()
            ))),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// G(n) against n.
    Scatter,
    /// How often each value occurs.
    Histogram,
}

/// What to draw: the sequence `G(0..=N)` and what is known about it.
pub struct Picture<'a> {
    /// E.g. `subtraction:1,3,4 (subtraction game)`.
    pub title: String,
    pub values: &'a [u64],
    pub period: Option<Period>,
    /// One line under the chart: what is known about the period.
    pub note: String,
    /// The rare heaps of a take-and-break game (marked over the scatter).
    pub rare: Option<Rare>,
    /// Height `log2(G(n) + 1)` instead of `G(n)`.
    pub log: bool,
    /// Most heaps drawn one point each; past it the scatter is a density map.
    pub max_points: usize,
}

/// Heaps whose values fall in the rare class of `octal-stats`' mask: the values a researcher
/// checks first, since every common value comes from a (rare, common) pair of parts.
#[derive(Clone)]
pub struct Rare {
    /// The mask as `octal-stats` prints it (`0x1ee`).
    pub mask: String,
    /// The rare heaps, ascending.
    pub heaps: Vec<usize>,
}

/// Opens a temporary file beside `path` (so that a bad path fails before the work, and a run
/// killed part-way leaves no truncated picture), checking its format.
pub fn create(path: &Path) -> Result<(Format, AtomicFile), GameError> {
    let format = Format::of(path)?;
    Ok((format, AtomicFile::create(path)?))
}

/// Draws `picture` as `kind` into `file` in `format`.
pub fn write(
    picture: &Picture,
    kind: Kind,
    format: Format,
    file: AtomicFile,
    path: &Path,
) -> Result<(), GameError> {
    encode(
        format,
        file,
        path,
        |root| draw(root, picture, kind),
        |root| draw(root, picture, kind),
    )
}

/// Draws a partizan game's thermograph (walls and mast labelled) into `file` in `format`.
pub fn write_thermograph(
    title: &str,
    thermograph: &Thermograph,
    format: Format,
    file: AtomicFile,
    path: &Path,
) -> Result<(), GameError> {
    encode(
        format,
        file,
        path,
        |root| draw_thermograph(root, title, thermograph),
        |root| draw_thermograph(root, title, thermograph),
    )
}

/// `picture` drawn as `kind`, as SVG text (for `grundy serve`).
pub fn svg(picture: &Picture, kind: Kind) -> Result<String, GameError> {
    svg_string(|root| draw(root, picture, kind))
}

/// A thermograph as SVG text (for `grundy serve`).
pub fn thermograph_svg(title: &str, thermograph: &Thermograph) -> Result<String, GameError> {
    svg_string(|root| draw_thermograph(root, title, thermograph))
}

/// Runs an SVG drawing on an in-memory canvas.
fn svg_string(
    svg_draw: impl FnOnce(DrawingArea<SVGBackend, Shift>) -> Result<(), GameError>,
) -> Result<String, GameError> {
    register_font()?;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        svg_draw(root)?;
    }
    Ok(svg)
}

/// Runs the drawing for `format` on an in-memory canvas and writes the encoded picture.
fn encode(
    format: Format,
    file: AtomicFile,
    path: &Path,
    svg_draw: impl FnOnce(DrawingArea<SVGBackend, Shift>) -> Result<(), GameError>,
    png_draw: impl FnOnce(DrawingArea<BitMapBackend, Shift>) -> Result<(), GameError>,
) -> Result<(), GameError> {
    let io_error =
        |e: std::io::Error| GameError::io(format_args!("writing `{}`", path.display()), &e);
    let mut out = file;
    match format {
        Format::Svg => {
            out.write_all(svg_string(svg_draw)?.as_bytes())
                .map_err(io_error)?;
        }
        Format::Png => {
            register_font()?;
            let mut pixels = vec![0u8; (WIDTH * HEIGHT * 3) as usize];
            {
                let root =
                    BitMapBackend::with_buffer(&mut pixels, (WIDTH, HEIGHT)).into_drawing_area();
                png_draw(root)?;
            }
            let mut encoder = png::Encoder::new(&mut out, WIDTH, HEIGHT);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder
                .write_header()
                .map_err(|e| GameError::io_other(format!("encoding PNG: {e}")))?;
            writer
                .write_image_data(&pixels)
                .map_err(|e| GameError::io_other(format!("encoding PNG: {e}")))?;
            writer
                .finish()
                .map_err(|e| GameError::io_other(format!("encoding PNG: {e}")))?;
        }
    }
    out.flush().map_err(io_error)?;
    out.commit()
}

/// Thermograph convention: value on the horizontal axis increasing to the *left* (Left's
/// side), temperature upwards; each wall from `t = 0` to the temperature, then the mast.
fn draw_thermograph<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    th: &Thermograph,
) -> Result<(), GameError> {
    root.fill(&WHITE).map_err(drawing_error)?;
    let temperature = th.temperature.to_f64();
    let bottom = temperature.min(0.0);
    let top = temperature.max(0.0) + (temperature.abs() * 0.4).max(1.0);
    let wall = |w: &Wall| -> Vec<(f64, f64)> {
        let mut points: Vec<(f64, f64)> = w
            .points
            .iter()
            .filter(|p| p.0 <= th.temperature)
            .map(|p| (p.1.to_f64(), p.0.to_f64()))
            .collect();
        let end = w.at(th.temperature.max(Dyadic::ZERO)).map(|v| v.to_f64());
        points.push((end.unwrap_or(th.mast.to_f64()), temperature.max(0.0)));
        points
    };
    let (left, right) = (wall(&th.left), wall(&th.right));
    let values = left.iter().chain(&right).map(|p| p.0);
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = ((hi - lo) * 0.15).max(0.5);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, (FONT_NAME, 24))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(hi + pad..lo - pad, bottom - 0.1..top)
        .map_err(drawing_error)?;
    chart
        .configure_mesh()
        .x_desc("value (Left's side on the left)")
        .y_desc("temperature t")
        .axis_desc_style((FONT_NAME, 18))
        .label_style((FONT_NAME, 15))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(drawing_error)?;
    let mast = th.mast.to_f64();
    let label = TextStyle::from((FONT_NAME, 17).into_font());
    let series = [
        ("left wall", left, POINT_COLOUR),
        ("right wall", right, ZERO_COLOUR),
        (
            "mast",
            vec![(mast, temperature.max(bottom)), (mast, top)],
            RULE_COLOUR,
        ),
    ];
    for (name, points, colour) in series {
        let at = points[0];
        let text = if name == "mast" {
            format!("mast at mean {}, temperature {}", th.mast, th.temperature)
        } else {
            name.to_string()
        };
        chart
            .draw_series(std::iter::once(PathElement::new(
                points,
                colour.stroke_width(3),
            )))
            .map_err(drawing_error)?
            .label(text.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x - 8, y), (x + 8, y)], colour.stroke_width(3))
            });
        let anchor = if name == "mast" {
            (mast, top - 0.12 * (top - bottom))
        } else {
            at
        };
        chart
            .draw_series(std::iter::once(Text::new(text, anchor, label.clone())))
            .map_err(drawing_error)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((FONT_NAME, 15))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()
        .map_err(drawing_error)?;
    root.present().map_err(drawing_error)
}

fn register_font() -> Result<(), GameError> {
    static REGISTERED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ok = *REGISTERED
        .get_or_init(|| plotters::style::register_font(FONT_NAME, FontStyle::Normal, FONT).is_ok());
    if ok {
        Ok(())
    } else {
        Err(GameError::io_other("the bundled font could not be loaded"))
    }
}

/// Drawing errors are bugs or I/O failures; either way the user gets one line.
fn drawing_error<E: std::fmt::Debug>(e: E) -> GameError {
    GameError::io_other(format!("drawing the plot: {e:?}"))
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    picture: &Picture,
    kind: Kind,
) -> Result<(), GameError> {
    root.fill(&WHITE).map_err(drawing_error)?;
    let (chart_area, note_area) = root.split_vertically(HEIGHT - 34);
    note_area
        .draw(&Text::new(
            picture.note.clone(),
            (20, 6),
            (FONT_NAME, 17).into_font().color(&BLACK.mix(0.8)),
        ))
        .map_err(drawing_error)?;
    match kind {
        Kind::Scatter => draw_scatter(&chart_area, picture)?,
        Kind::Histogram => draw_histogram(&chart_area, picture)?,
    }
    root.present().map_err(drawing_error)
}

fn draw_scatter<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    picture: &Picture,
) -> Result<(), GameError> {
    let values = picture.values;
    let last = values.len().saturating_sub(1) as f64;
    let max_value = values.iter().copied().max().unwrap_or(0);
    // The height of a value: itself, or log2(G + 1) on a log axis (0 stays 0).
    let log = picture.log;
    let height = move |v: u64| {
        if log {
            (v as f64 + 1.0).log2()
        } else {
            v as f64
        }
    };
    let top = height(max_value);
    // Head room above the data for the legend, no more.
    let y_top = if log {
        top + 2.5
    } else {
        ((top + 0.5) * 1.18 + 0.6).max(2.0)
    };
    // Below 0 a margin, so that P-positions sit above the axis line, not on it.
    let y_bottom = -0.5 - 0.02 * y_top;
    let x_pad = (last * 0.01).max(0.5);
    let title = format!("{}: G(n) for 0 ≤ n ≤ {}", picture.title, values.len() - 1);
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT_NAME, 24))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(-x_pad..last + x_pad, y_bottom..y_top)
        .map_err(drawing_error)?;
    chart
        .configure_mesh()
        .x_desc("n (heap size)")
        .y_desc(if log {
            "G(n), log scale (labels 2^k − 1)"
        } else {
            "G(n)"
        })
        .axis_desc_style((FONT_NAME, 18))
        .label_style((FONT_NAME, 15))
        .x_label_formatter(&|x| integer_label(*x))
        .y_label_formatter(&|y| {
            let label = integer_label(*y);
            match (log, label.parse::<u32>()) {
                (true, Ok(k)) if k < 64 => ((1u64 << k) - 1).to_string(),
                _ => label,
            }
        })
        // Every value labelled while they are few (Kayles: 0 to 8), else about ten labels.
        .y_labels(if log || max_value <= 24 {
            y_top.ceil() as usize + 1
        } else {
            10
        })
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(drawing_error)?;
    if let Some(period) = picture.period {
        draw_period(&mut chart, period, last, y_top)?;
    }
    if values.len() <= picture.max_points {
        let radius = if values.len() <= 200 { 4 } else { 2 };
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v != 0)
                    .map(|(n, &v)| {
                        Circle::new((n as f64, height(v)), radius, POINT_COLOUR.filled())
                    }),
            )
            .map_err(drawing_error)?
            .label("G(n)")
            .legend(|(x, y)| Circle::new((x, y), 4, POINT_COLOUR.filled()));
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v == 0)
                    .map(|(n, _)| Circle::new((n as f64, 0.0), radius + 1, ZERO_COLOUR.filled())),
            )
            .map_err(drawing_error)?
            .label("G(n) = 0 (P-positions)")
            .legend(|(x, y)| Circle::new((x, y), 5, ZERO_COLOUR.filled()));
    } else {
        let plot_width = area.dim_in_pixel().0.saturating_sub(100).max(CELL_PIXELS);
        let heights: Vec<u64>;
        // On a log axis the rows are tenths of log2(G + 1).
        let (rows_of, row_height) = if log {
            heights = values.iter().map(|&v| (height(v) * 10.0) as u64).collect();
            (&heights[..], 0.1)
        } else {
            (values, 1.0)
        };
        let grid = Density::new(rows_of, (plot_width / CELL_PIXELS) as u64, MAX_ROWS);
        chart
            .draw_series(grid.cells().map(|cell| {
                let colour = if cell.value_lo == 0 {
                    ZERO_COLOUR
                } else {
                    POINT_COLOUR
                };
                // Opaque, and a third of a cell wider than the cell: neighbours overlap instead
                // of leaving pixel-rounding seams, so only truly empty cells show white.
                let overlap = (cell.n_hi - cell.n_lo) / 3.0;
                let fill = if colour == ZERO_COLOUR {
                    colour
                } else {
                    ramp(cell.shade)
                };
                Rectangle::new(
                    [
                        (cell.n_lo, cell.y_lo * row_height),
                        (cell.n_hi + overlap, cell.y_hi * row_height),
                    ],
                    fill.filled(),
                )
            }))
            .map_err(drawing_error)?
            .label(format!(
                "G(n) density: a cell is {} consecutive n × {}; pale = 1 heap, dark = {} heaps",
                grid.n_per_column,
                match (log, grid.values_per_row) {
                    (true, _) => "a tenth of log2(G+1)".to_string(),
                    (false, 1) => "one value".to_string(),
                    (false, k) => format!("{k} values"),
                },
                grid.max_count
            ))
            .legend(|(x, y)| Rectangle::new([(x - 5, y - 5), (x + 5, y + 5)], ramp(0.6).filled()));
        // P-positions are what a reader looks for: each one marked, when they are few
        // enough to tell apart (Officers to 10^5 has 14), over the density.
        let zeros: Vec<usize> = (0..values.len()).filter(|&n| values[n] == 0).collect();
        let marks = if zeros.len() <= MAX_POINTS {
            &zeros[..]
        } else {
            &[]
        };
        chart
            .draw_series(
                marks
                    .iter()
                    .map(|&n| TriangleMarker::new((n as f64, 0.0), 6, ZERO_COLOUR.filled())),
            )
            .map_err(drawing_error)?
            .label(if marks.is_empty() {
                format!("G(n) = 0 (P-positions): {} heaps, the red row", zeros.len())
            } else {
                format!(
                    "G(n) = 0 (P-positions): {} heaps, each marked ▲",
                    zeros.len()
                )
            })
            .legend(|(x, y)| TriangleMarker::new((x, y), 6, ZERO_COLOUR.filled()));
    }
    if let Some(rare) = &picture.rare {
        // Rare heaps marked where they are few enough to tell apart.
        let shown = if rare.heaps.len() <= 20_000 {
            &rare.heaps[..]
        } else {
            &[]
        };
        chart
            .draw_series(shown.iter().map(|&n| {
                Cross::new(
                    (n as f64, height(values[n])),
                    3,
                    RARE_COLOUR.stroke_width(1),
                )
            }))
            .map_err(drawing_error)?
            .label(format!(
                "rare values (mask {}, as octal-stats): {} heaps{}, each marked ×",
                rare.mask,
                rare.heaps.len(),
                rare.heaps
                    .last()
                    .map_or(String::new(), |n| format!(", the last at n = {n}"))
            ))
            .legend(|(x, y)| Cross::new((x, y), 4, RARE_COLOUR.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((FONT_NAME, 15))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()
        .map_err(drawing_error)
}

/// The preperiod as a shaded band, and a vertical rule at the start of each period (when they
/// are far enough apart to see; otherwise only the first).
fn draw_period<DB: DrawingBackend>(
    chart: &mut ChartContext<
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    period: Period,
    last: f64,
    y_top: f64,
) -> Result<(), GameError> {
    let start = period.preperiod as f64;
    if period.preperiod > 0 {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(-0.5, -0.5), (start.min(last) - 0.5, y_top)],
                PREPERIOD_COLOUR.mix(0.18).filled(),
            )))
            .map_err(drawing_error)?
            .label(format!("preperiod (n < {})", period.preperiod))
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x - 5, y - 5), (x + 5, y + 5)],
                    PREPERIOD_COLOUR.mix(0.4).filled(),
                )
            });
    }
    let rules_in_view = ((last - start) / period.period as f64).floor().max(0.0) as u64 + 1;
    let shown = if rules_in_view <= 60 {
        rules_in_view
    } else {
        1
    };
    let rules = (0..shown).map(|k| start + (k * period.period) as f64 - 0.5);
    chart
        .draw_series(rules.map(|x| {
            PathElement::new(
                vec![(x, -0.5), (x, y_top)],
                RULE_COLOUR.mix(0.7).stroke_width(1),
            )
        }))
        .map_err(drawing_error)?
        .label(if shown > 1 {
            format!("period {} (each rule starts one)", period.period)
        } else {
            format!("period {} starts here", period.period)
        })
        .legend(|(x, y)| {
            PathElement::new(vec![(x - 6, y), (x + 6, y)], RULE_COLOUR.stroke_width(2))
        });
    Ok(())
}

/// The density colour of a cell with `shade` in 0..=1: pale blue to dark navy, so that a
/// single heap is still visible and the fullest cells stand out.
fn ramp(shade: f64) -> RGBColor {
    let (pale, dark) = ((166.0, 206.0, 227.0), (8.0, 29.0, 88.0));
    let t = shade.clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    RGBColor(
        mix(pale.0, dark.0),
        mix(pale.1, dark.1),
        mix(pale.2, dark.2),
    )
}

/// Axis labels are integers: no `12.0` or `1e6`-style noise.
fn integer_label(x: f64) -> String {
    if (x - x.round()).abs() < 1e-6 && x >= 0.0 {
        format!("{}", x.round() as u64)
    } else {
        String::new()
    }
}

/// A 2-D histogram of the points `(n, G(n))` for the density plot.
struct Density {
    /// Counts, row-major: `counts[row * columns + column]`.
    counts: Vec<u32>,
    columns: u64,
    rows: u64,
    n_per_column: u64,
    values_per_row: u64,
    max_count: u32,
}

struct Cell {
    n_lo: f64,
    n_hi: f64,
    y_lo: f64,
    y_hi: f64,
    value_lo: u64,
    /// 0 (one point) to 1 (the fullest cell), on a log scale.
    shade: f64,
}

impl Density {
    fn new(values: &[u64], max_columns: u64, max_rows: u64) -> Density {
        let len = values.len() as u64;
        let n_per_column = len.div_ceil(max_columns.max(1)).max(1);
        let columns = len.div_ceil(n_per_column);
        let max_value = values.iter().copied().max().unwrap_or(0);
        let values_per_row = (max_value + 1).div_ceil(max_rows).max(1);
        let rows = (max_value + 1).div_ceil(values_per_row);
        let mut counts = vec![0u32; (columns * rows) as usize];
        for (n, &v) in values.iter().enumerate() {
            let column = n as u64 / n_per_column;
            let row = v / values_per_row;
            counts[(row * columns + column) as usize] += 1;
        }
        let max_count = counts.iter().copied().max().unwrap_or(1);
        Density {
            counts,
            columns,
            rows,
            n_per_column,
            values_per_row,
            max_count,
        }
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let log_max = (self.max_count as f64).ln_1p();
        (0..self.rows).flat_map(move |row| {
            (0..self.columns).filter_map(move |column| {
                let count = self.counts[(row * self.columns + column) as usize];
                if count == 0 {
                    return None;
                }
                let value_lo = row * self.values_per_row;
                // One value per row: a thin bar centred on the value; else the whole range.
                let (y_lo, y_hi) = if self.values_per_row == 1 {
                    (value_lo as f64 - 0.3, value_lo as f64 + 0.3)
                } else {
                    (
                        value_lo as f64 - 0.5,
                        (value_lo + self.values_per_row) as f64 - 0.5,
                    )
                };
                let n_lo = (column * self.n_per_column) as f64 - 0.5;
                Some(Cell {
                    n_lo,
                    n_hi: n_lo + self.n_per_column as f64,
                    y_lo,
                    y_hi,
                    value_lo,
                    shade: if log_max > 0.0 {
                        (count as f64).ln_1p() / log_max
                    } else {
                        1.0
                    },
                })
            })
        })
    }
}

fn draw_histogram<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    picture: &Picture,
) -> Result<(), GameError> {
    let bars = Histogram::new(picture.values);
    let largest = bars.counts.iter().copied().max().unwrap_or(1);
    let smallest = bars
        .counts
        .iter()
        .copied()
        .filter(|&c| c > 0)
        .min()
        .unwrap_or(1);
    // Counts spanning two orders of magnitude: bars of height 1 + log10(count), so that a
    // value seen once still shows, and the rare values a mask would pick stand out.
    let log = largest / smallest >= 100;
    let height = |count: u64| {
        if log {
            (count as f64).log10() + 1.0
        } else {
            count as f64
        }
    };
    let y_top = height(largest) * 1.1;
    let x_top = (bars.counts.len() as u64 * bars.values_per_bar) as f64;
    let title = format!(
        "{}: how often each value occurs, 0 ≤ n ≤ {}",
        picture.title,
        picture.values.len() - 1
    );
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT_NAME, 24))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(72)
        .build_cartesian_2d(-0.5..x_top - 0.5, 0.0..y_top)
        .map_err(drawing_error)?;
    let count_label = move |y: &f64| {
        if !log {
            integer_label(*y)
        } else if *y >= 1.0 && (y - y.round()).abs() < 1e-6 {
            format!("{}", 10u64.pow(y.round() as u32 - 1))
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .x_desc(if bars.values_per_bar == 1 {
            "Grundy value".to_string()
        } else {
            format!("Grundy value ({} values per bar)", bars.values_per_bar)
        })
        .y_desc(if log {
            "number of n (log scale)"
        } else {
            "number of n"
        })
        .axis_desc_style((FONT_NAME, 18))
        .label_style((FONT_NAME, 15))
        .x_label_formatter(&|x| integer_label(*x))
        .y_label_formatter(&count_label)
        .y_labels(if log { y_top.ceil() as usize + 1 } else { 10 })
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(drawing_error)?;
    let width = bars.values_per_bar as f64;
    // (left edge, count) of every non-empty bar.
    let nonzero: Vec<(usize, f64, u64)> = bars
        .counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(i, &c)| (i, i as f64 * width - 0.5, c))
        .collect();
    chart
        .draw_series(nonzero.iter().map(|&(i, lo, c)| {
            let colour = if i == 0 { ZERO_COLOUR } else { POINT_COLOUR };
            Rectangle::new(
                [(lo + 0.1 * width, 0.0), (lo + 0.9 * width, height(c))],
                colour.filled(),
            )
        }))
        .map_err(drawing_error)?;
    if bars.counts.len() <= 40 {
        let label_style =
            TextStyle::from((FONT_NAME, 15).into_font()).pos(Pos::new(HPos::Center, VPos::Center));
        chart
            .draw_series(nonzero.iter().map(|&(_, lo, c)| {
                Text::new(
                    c.to_string(),
                    (lo + 0.5 * width, height(c) + y_top * 0.03),
                    label_style.clone(),
                )
            }))
            .map_err(drawing_error)?;
    }
    Ok(())
}

/// Counts of each value (or each range of values, when there are many).
struct Histogram {
    counts: Vec<u64>,
    values_per_bar: u64,
}

impl Histogram {
    fn new(values: &[u64]) -> Histogram {
        let max_value = values.iter().copied().max().unwrap_or(0);
        let values_per_bar = (max_value + 1).div_ceil(MAX_BARS).max(1);
        let mut counts = vec![0u64; (max_value / values_per_bar + 1) as usize];
        for &v in values {
            counts[(v / values_per_bar) as usize] += 1;
        }
        Histogram {
            counts,
            values_per_bar,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn density_counts_every_point_once() {
        let values: Vec<u64> = (0..10_000u64).map(|n| n % 7 * (n % 3)).collect();
        let grid = Density::new(&values, 100, 5);
        let total: u64 = grid.counts.iter().map(|&c| c as u64).sum();
        assert_eq!(total, 10_000);
        assert_eq!((grid.columns, grid.n_per_column), (100, 100));
        assert_eq!(grid.values_per_row, 3, "13 values in at most 5 rows");
        assert!(grid.cells().all(|c| (0.0..=1.0).contains(&c.shade)));
    }

    #[test]
    fn histogram_groups_many_values() {
        let values: Vec<u64> = (0..1000).collect();
        let h = Histogram::new(&values);
        assert_eq!(h.values_per_bar, 5);
        assert_eq!(h.counts.len(), 200);
        assert!(h.counts.iter().all(|&c| c == 5));
        let few = Histogram::new(&[0, 1, 0, 1, 2, 3, 2]);
        assert_eq!((few.counts, few.values_per_bar), (vec![2, 2, 2, 1], 1));
    }

    #[test]
    fn formats_by_extension() {
        assert_eq!(Format::of(Path::new("a.SVG")).unwrap(), Format::Svg);
        assert_eq!(Format::of(Path::new("dir/a.png")).unwrap(), Format::Png);
        assert!(Format::of(Path::new("a.jpg")).is_err());
        assert!(Format::of(Path::new("png")).is_err());
    }
}
