//! `grundy octal-stats GAME --to N`: statistics of a take-and-break game's Grundy sequence
//! (largest value, rare mask, rare heaps, checksum, certified period), and the long-run
//! plumbing `table` shares: progress bar on stderr, checkpoint flags.

use crate::output::{print_json, println_checked};
use grundy::engine::number::parse_u64_expr;
use grundy::families::octal::sequence::{Outcome, Run};
use grundy::families::octal::stats::{Stats, StatsBuilder};
use grundy::families::octal::{parse_long_run, MoveRules};
use grundy::GameError;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy octal-stats octal:0.16 --to 2^22
  grundy octal-stats officers --to 2^22 --checkpoint officers.ck   resumable")]
pub struct Args {
    /// An octal game (`octal:0.16`, `officers`, …) or `grundys-game`.
    game: String,
    /// Last heap size N (accepts `2^22`, `1e6`).
    #[arg(long, value_parser = parse_u64_expr)]
    to: u64,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
    /// Machine-readable output: {"game", "heaps", "largest_value", "largest_first_at",
    /// "rare_mask", "rare_count", "last_rare", "checksum", "period"}.
    #[arg(long)]
    json: bool,
}

/// `--checkpoint FILE` and how often to save.
#[derive(clap::Args, Debug, Clone)]
pub struct CheckpointArgs {
    /// Save progress to FILE (atomically, with a checksum) and resume from it when the same
    /// command is run again (octal games and Grundy's game).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    pub checkpoint_every: f64,
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds")),
    }
}

/// Runs `G(0..=to)` for a take-and-break game with a progress bar (on stderr, only when it
/// is a terminal and the run is long) and the checkpoint options.
pub fn long_run(
    rules: &MoveRules,
    spec: &str,
    to: u64,
    checkpoint: &CheckpointArgs,
) -> Result<Outcome, GameError> {
    let total = to.saturating_add(1);
    let bar = if total >= 1 << 20 {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} heaps, {per_sec}, ETA {eta}",
        )
        .expect("the template is valid")
        .progress_chars("=> "),
    );
    let mut report = |done: u64, _total: u64| bar.set_position(done);
    let mut run = Run::new(rules, spec).progress(&mut report);
    if let Some(path) = &checkpoint.checkpoint {
        run = run.checkpoint(
            path.clone(),
            Duration::from_secs_f64(checkpoint.checkpoint_every),
        );
    }
    let outcome = run.compute(to);
    bar.finish_and_clear();
    let outcome = outcome?;
    if outcome.resumed_from > 0 {
        if let Some(path) = &checkpoint.checkpoint {
            let _ = writeln!(
                std::io::stderr(),
                "grundy: resumed from checkpoint {} ({} values)",
                path.display(),
                outcome.resumed_from
            );
        }
    }
    Ok(outcome)
}

/// The statistics of `G(0..=to)` from a finished run.
pub fn stats_of(rules: &MoveRules, spec: &str, to: u64, outcome: &Outcome) -> Stats {
    let mut builder = StatsBuilder::new(rules.split_parity());
    for n in 0..=to {
        builder.push(
            outcome
                .value(n)
                .expect("a finished run covers 0..=to by the table or a certified period"),
        );
    }
    builder.finish(spec, outcome.period)
}

/// The rules of `game`, or an error saying which games support long runs.
pub fn long_run_rules(game: &str) -> Result<(MoveRules, String), GameError> {
    parse_long_run(game)?.ok_or_else(|| {
        GameError::Unsupported(format!(
            "`{game}` is not an octal game or Grundy's game; statistics and checkpoints are for those"
        ))
    })
}

pub fn run(args: Args) -> Result<(), GameError> {
    let (rules, spec) = long_run_rules(&args.game)?;
    let outcome = long_run(&rules, &spec, args.to, &args.checkpoint)?;
    let stats = stats_of(&rules, &spec, args.to, &outcome);
    if args.json {
        return print_json(&stats);
    }
    println_checked(&stats.describe())
}
