//! `grundy octal-stats GAME --to N`: statistics of a take-and-break game's Grundy sequence
//! (largest value, rare mask, rare heaps, checksums, certified period, histogram).

use crate::long_run::{long_run, long_run_game, CheckpointArgs};
use crate::output::{print_json, println_checked};
use grundy::impartial::games::octal::stats::StatsBuilder;
use grundy::numeric::number::parse_u64_expr;
use grundy::GameError;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy octal-stats octal:0.16 --to 2^22
  grundy octal-stats officers --to 2^22 --checkpoint officers.ck   resumable
  grundy octal-stats kayles --to 10^15                             from the period, at once")]
pub struct Args {
    /// An octal game (`octal:0.16`, its bare code `0.16`, `officers`, …) or `grundys-game`.
    game: String,
    /// Last heap size N (accepts `2^22`, `1e6`).
    #[arg(long, value_parser = parse_u64_expr)]
    to: u64,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
    /// Also print how many heaps 1..=N have each value (the JSON output always has it).
    #[arg(long)]
    histogram: bool,
    /// Machine-readable output: {"game", "heaps", "largest_value", "largest_first_at",
    /// "rare_mask", "rare_count", "last_rare", "checksum", "ogsolve_checksum", "histogram",
    /// "period"}. Past a certified period every figure comes from whole periods at once, so N
    /// may be far past any table; "checksum" (FNV, which has no such shortcut) is then null
    /// when over 2^31 heaps repeat the period.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), GameError> {
    let game = long_run_game(&args.game)?;
    let outcome = long_run(
        "octal-stats",
        game.rules(),
        game.spec(),
        args.to,
        &args.checkpoint,
        None,
    )?;
    let stats =
        StatsBuilder::of_outcome(game.rules().split_parity(), game.spec(), args.to, &outcome)?;
    if args.json {
        return print_json(&stats);
    }
    println_checked(&stats.describe())?;
    if args.histogram {
        println_checked(&stats.describe_histogram())?;
    }
    Ok(())
}
