//! `grundy plot GAME --to N -o FILE.svg|FILE.png [--kind scatter|histogram]`: a picture of the
//! Grundy sequence G(0..=N). Drawing lives in `crate::plot`; this file computes the values,
//! finds the certified period, and words the title and the note under the chart.

use crate::commands::{heap_sequence, parse_to, TimeArgs};
use crate::output::println_checked;
use crate::plot::{self, Kind, Picture};
use crate::progress::{within, Limit, Output};
use grundy::impartial::family::Family;
use grundy::impartial::games::octal::classes::{best_mask, count_index};
use grundy::registry::{parse_long_run, parse_spec, CATALOGUE};
use grundy::theory::period::PeriodRule;
use grundy::theory::period::{find_certified, Period};
use grundy::GameError;
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy plot subtraction:3,4,6,10 --to 100 -o scatter.png
  grundy plot kayles --to 2^20 -o kayles.png --kind histogram
  grundy plot gcd --to 10^4 -o gcd.svg --log --points 10^4
  grundy plot officers --to 10^5 -o officers.png     rare values (as octal-stats) marked")]
pub struct Args {
    /// The game (see `grundy games`); its positions must be heaps.
    game: String,
    /// Last heap size N (accepts `10^6`, `1e6`, `2^20`).
    #[arg(long, value_parser = parse_to)]
    to: u64,
    /// The picture to write: `*.svg` or `*.png`.
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
    /// `scatter`: G(n) against n; `histogram`: how often each value occurs.
    #[arg(long, value_enum, default_value_t = Kind::Scatter)]
    kind: Kind,
    /// Height log2(G(n) + 1): separates 0, small values and large ones (the gcd game's
    /// P-positions, composites and primes).
    #[arg(long)]
    log: bool,
    /// Draw every heap as a point, up to this many (default 2048; past it the scatter is a
    /// density map).
    #[arg(long, value_name = "N", default_value_t = plot::MAX_POINTS as u64, value_parser = parse_to)]
    points: u64,
    #[command(flatten)]
    time: TimeArgs,
}

/// What a plot of `G(0..=to)` shows: the values, the certified period, the rare heaps and the words.
pub struct Plotted {
    values: Vec<u64>,
    period: Option<Period>,
    rare: Option<plot::Rare>,
    title: String,
    note: String,
}

impl Plotted {
    /// Computes `G(0..=to)` of `family` (typed as `game`) and what is known of its period,
    /// refused past `limit`.
    fn compute(
        family: &dyn Family,
        game: &str,
        to: u64,
        limit: Option<Limit>,
    ) -> Result<Plotted, GameError> {
        let sequence = heap_sequence(family, "plot")?;
        let values = within(Output::AtTheEnd, limit, || sequence.values(to))?;
        let rule = sequence.period_rule();
        let period = find_certified(&values, rule);
        Ok(Plotted {
            note: note(&values, rule, period),
            title: title(family, game),
            rare: rare_heaps(game, &values)?,
            values,
            period,
        })
    }

    fn picture(&self, log: bool, max_points: u64) -> Picture<'_> {
        Picture {
            title: self.title.clone(),
            note: self.note.clone(),
            values: &self.values,
            period: self.period,
            rare: self.rare.clone(),
            log,
            max_points: max_points.min(usize::MAX as u64) as usize,
        }
    }
}

/// `POST /api/plot`: the picture as SVG text, with its title, note and certified period.
pub fn answer(game: &str, to: u64, kind: Kind) -> Result<serde_json::Value, GameError> {
    let family = parse_spec(game)?;
    let plotted = Plotted::compute(family.as_ref(), game, to, None)?;
    let picture = plotted.picture(false, plot::MAX_POINTS as u64);
    Ok(serde_json::json!({
        "game": family.spec(),
        "to": to,
        "title": plotted.title,
        "note": plotted.note,
        "preperiod": plotted.period.map(|p| p.preperiod),
        "period": plotted.period.map(|p| p.period),
        "svg": plot::svg(&picture, kind)?,
    }))
}

pub fn run(args: Args) -> Result<(), GameError> {
    let family = parse_spec(&args.game)?;
    heap_sequence(family.as_ref(), "plot")?;
    // A bad path fails before the work; the temporary file is made only after it, since a
    // run refused past --time exits at once and would leave it behind.
    drop(plot::create(&args.output)?);
    let limit = args.time.limit("plot");
    let result =
        Plotted::compute(family.as_ref(), &args.game, args.to, limit).and_then(|plotted| {
            let (format, file) = plot::create(&args.output)?;
            let picture = plotted.picture(args.log, args.points);
            plot::write(&picture, args.kind, format, file, &args.output)?;
            Ok(plotted.note)
        });
    match result {
        // Say what was written, and what the picture shows about the period.
        Ok(note) => println_checked(&format!(
            "wrote {} ({} of G(0..={}) of {}): {note}",
            args.output.display(),
            match args.kind {
                Kind::Scatter => "scatter",
                Kind::Histogram => "histogram",
            },
            args.to,
            family.spec()
        )),
        // The picture was written to a temporary file, removed on error: any earlier
        // picture at the path is left as it was.
        Err(e) => Err(e),
    }
}

/// The spec and a short name of the family, e.g. `subtraction:1,3,4 (subtraction game)` or
/// `kayles = octal:0.77 (octal/hexadecimal take-and-break game)`: the catalogue summary is cut
/// at its first clause so the title fits the picture.
fn title(family: &dyn Family, typed: &str) -> String {
    let spec = family.spec();
    let name = spec.split(':').next().unwrap_or_default();
    let typed = typed.trim().to_ascii_lowercase();
    let shown = if typed != spec && !typed.contains(':') {
        format!("{typed} = {spec}")
    } else {
        spec.clone()
    };
    let short = CATALOGUE
        .iter()
        .find(|e| e.name == name)
        .map(|e| {
            let cut = e
                .summary
                .find([':', ',', ';', '('])
                .unwrap_or(e.summary.len());
            e.summary[..cut].trim().to_string()
        })
        .filter(|summary| {
            !summary.is_empty() && summary.len() <= 48 && !summary.eq_ignore_ascii_case(&spec)
        });
    match short {
        Some(summary) => format!("{shown} ({summary})"),
        None => shown,
    }
}

/// The rare heaps of a take-and-break game, by the mask `octal-stats` reports (the class
/// mask making the fewest heaps rare, from the counts of (value, parity) pairs).
fn rare_heaps(game: &str, values: &[u64]) -> Result<Option<plot::Rare>, GameError> {
    let Some(game) = parse_long_run(game)? else {
        return Ok(None);
    };
    let parity = game.rules().split_parity();
    let parity_bit = |n: usize| (n as u64 ^ parity.unwrap_or(0)) & 1;
    let largest = values.iter().copied().max().unwrap_or(0);
    let mut counts = vec![0u64; (count_index(largest, 1) + 1).next_power_of_two()];
    for (n, &v) in values.iter().enumerate() {
        counts[count_index(v, parity_bit(n))] += 1;
    }
    let (classes, _) = best_mask(&counts, values.len() as u64, parity.is_some());
    let heaps = (0..values.len())
        .filter(|&n| classes.class(values[n], parity_bit(n)) == 0)
        .collect();
    Ok(Some(plot::Rare {
        mask: classes.describe(),
        heaps,
    }))
}

/// What is known about the period, and how many zeros there are.
fn note(values: &[u64], rule: PeriodRule, period: Option<Period>) -> String {
    let zeros = values.iter().filter(|&&v| v == 0).count();
    let last = values.len() - 1;
    let periodicity = match (period, rule) {
        (Some(p), _) => format!(
            "period {} from n = {} (preperiod {}), certified from this table ({})",
            p.period,
            p.preperiod,
            p.preperiod,
            theorem_name(rule)
        ),
        (None, PeriodRule::None) => "no periodicity theorem applies to this game".to_string(),
        (None, _) => format!(
            "no period certified by G(0..={last}) ({}); a longer table may certify one",
            theorem_name(rule)
        ),
    };
    let last_zero = values.iter().rposition(|&v| v == 0).unwrap_or(0);
    format!(
        "{periodicity}; P-positions (G = 0): {zeros} of {}, the last at n = {last_zero}",
        values.len()
    )
}

fn theorem_name(rule: PeriodRule) -> String {
    match rule {
        PeriodRule::FiniteSubtraction { max_removal } => {
            format!("finite subtraction set, k = {max_removal}")
        }
        PeriodRule::GuySmith { max_removal } => format!("Guy–Smith theorem, t = {max_removal}"),
        other => format!("{other:?}"),
    }
}
