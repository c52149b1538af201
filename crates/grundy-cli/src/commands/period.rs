//! `grundy period GAME`: the (preperiod, period, saltus) of a heap game's Grundy sequence,
//! certified where a theorem allows, otherwise labelled observed.

use crate::output::{print_json, println_checked};
use grundy::impartial::family::Family;
use grundy::numeric::number::parse_u64_expr;
use grundy::registry::parse_spec;
use grundy::theory::period::{search, Budget, PeriodReport, SearchResult};
use grundy::GameError;
use std::time::Duration;

/// The game and budget shared by `period` and `pattern`.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// The game (see `grundy games`); its positions must be heaps.
    pub game: String,
    /// Compute G(n) for n up to at most this (accepts `10^6`, `2^22`).
    #[arg(long, default_value = "2^22", value_parser = parse_u64_expr)]
    pub max: u64,
    /// Stop growing the table after this many seconds.
    #[arg(long, default_value = "10", value_parser = crate::commands::parse_positive_seconds)]
    pub time: Duration,
}

impl SearchArgs {
    /// Parses the game and grows its table until a period is certified or the budget ends.
    pub fn run(&self) -> Result<(Box<dyn Family>, SearchResult), GameError> {
        let family = parse_spec(&self.game)?;
        let sequence = family.sequence().ok_or_else(|| {
            GameError::Unsupported(format!(
                "`{}` has no heap sequence; periods need a game whose positions are single heaps",
                family.spec()
            ))
        })?;
        let budget = Budget {
            start: 1023,
            max: self.max,
            time: Some(self.time),
        };
        let found = crate::progress::with_progress(crate::progress::Output::AtTheEnd, || {
            search(sequence, budget)
        })?;
        Ok((family, found))
    }
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy period subtraction:2,5,7
  grundy period kayles
  grundy period nim --max 10^5 --json")]
pub struct Args {
    #[command(flatten)]
    search: SearchArgs,
    /// Machine-readable output: {"preperiod", "period", "saltus", "certified", "checked_to", "reason"}.
    #[arg(long)]
    json: bool,
}

/// The report `period --json` prints (and `POST /api/period` answers), with the game's
/// spec and the values the human summary quotes.
pub fn answer(search: &SearchArgs) -> Result<(String, PeriodReport, Vec<u64>), GameError> {
    let (family, found) = search.run()?;
    let spec = family.spec();
    Ok((spec.clone(), PeriodReport::new(&spec, &found), found.values))
}

pub fn run(args: Args) -> Result<(), GameError> {
    let (spec, report, values) = answer(&args.search)?;
    if args.json {
        return print_json(&report);
    }
    println_checked(&human(&spec, &report, &values))
}

/// Longest block of values printed in the human summary.
const SHOWN_VALUES: u64 = 120;

/// The summary in words: the law, whether and why it is certified, and the values.
pub fn human(spec: &str, r: &PeriodReport, values: &[u64]) -> String {
    let mut text = format!("game: {spec}\n");
    match (r.preperiod, r.period, r.saltus) {
        (Some(i), Some(p), Some(s)) => {
            let law = if s == 0 {
                format!("G(n+{p}) = G(n)")
            } else {
                format!("G(n+{p}) = G(n) + {s}")
            };
            text.push_str(&format!(
                "preperiod {i}, period {p}, saltus {s}: {law} for all n ≥ {i}\n"
            ));
            let status = if r.certified { "yes" } else { "no" };
            text.push_str(&format!("certified: {status}\nreason: {}\n", r.reason));
            if i <= SHOWN_VALUES && p <= SHOWN_VALUES {
                text.push_str(&format!(
                    "preperiod values: {}\n",
                    joined(&values[..i as usize])
                ));
                text.push_str(&format!(
                    "period values: {}\n",
                    joined(&values[i as usize..(i + p) as usize])
                ));
            }
        }
        // The reason usually says "no period observed up to N" itself: not said twice.
        _ if r.reason.starts_with("no period") => text.push_str(&format!("{}\n", r.reason)),
        _ => text.push_str(&format!("no period: {}\n", r.reason)),
    }
    text.push_str(&format!("checked: G(0..={})", r.checked_to));
    text
}

fn joined(values: &[u64]) -> String {
    if values.is_empty() {
        return "(none)".to_string();
    }
    let parts: Vec<String> = values.iter().map(u64::to_string).collect();
    parts.join(" ")
}
