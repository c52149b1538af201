//! `grundy value GAME POSITION`

use crate::commands::{partizan, TimeArgs};
use crate::output::{print_json, println_checked};
use crate::progress::{within, Output};
use grundy::impartial::family::GameValue;
use grundy::impartial::games::octal::sequence::set_default_threads;
use grundy::numeric::number::parse_u64_expr;
use grundy::registry::{parse_long_run, parse_spec};
use grundy::GameError;
use serde_json::json;
use serde_json::Value;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy value subtraction:1..6 2^64-1
  grundy value gcd 1000000000039
  grundy value kayles 3*10^6                 (for a sum, use `grundy solve`)")]
pub struct Args {
    /// The game (see `grundy games`).
    game: String,
    /// One position.
    position: String,
    /// Machine-readable output: {"grundy": n} (or null plus "reachable" for ∞ in loopy games;
    /// null plus "wins_at_once": true and "reason" where the mover wins at once: prime-heap).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time: TimeArgs,
    /// Worker threads for octal games' long tables (default: the machine's cores); the values
    /// are the same for every count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
}

/// `--threads`, and the time estimate of a take-and-break game with three-way splits
/// (refused past `--time` before it starts); other games ignore them.
fn prepare_long_run(args: &Args) -> Result<(), GameError> {
    if let Some(threads) = args.threads {
        set_default_threads(threads as usize);
    }
    if let (Some(game), Ok(heap)) = (parse_long_run(&args.game)?, parse_u64_expr(&args.position)) {
        crate::long_run::check_time(game.rules(), game.spec(), heap, Some(args.time.time))?;
    }
    Ok(())
}

/// What `value --json` prints (and `POST /api/value` answers).
pub fn answer(game: &str, position: &str) -> Result<Value, GameError> {
    if let Some(entry) = partizan::find(game, &[position]) {
        return partizan::value_answer(entry, position);
    }
    Ok(match parse_spec(game)?.value(position)? {
        GameValue::Finite(n) => json!({ "grundy": n.0 }),
        GameValue::Infinite { reachable } => {
            json!({ "grundy": null, "infinite": true, "reachable": reachable })
        }
        GameValue::WinsAtOnce { why } => {
            json!({ "grundy": null, "wins_at_once": true, "reason": why })
        }
    })
}

pub fn run(args: Args) -> Result<(), GameError> {
    prepare_long_run(&args)?;
    let limit = args.time.limit("value");
    if args.json {
        let answer = within(Output::AtTheEnd, limit, || {
            answer(&args.game, &args.position)
        })?;
        return print_json(&answer);
    }
    if let Some(entry) = partizan::find(&args.game, &[&args.position]) {
        return within(Output::AtTheEnd, limit, || {
            partizan::value(entry, &args.position)
        });
    }
    let family = parse_spec(&args.game)?;
    let value = within(Output::AtTheEnd, limit, || family.value(&args.position))?;
    println_checked(&value.to_string())
}
