//! `grundy value GAME POSITION`

use crate::commands::partizan;
use crate::output::{print_json, println_checked};
use crate::progress::{with_progress, Output};
use grundy::impartial::family::GameValue;
use grundy::registry::parse_spec;
use grundy::GameError;
use serde_json::json;

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
}

pub fn run(args: Args) -> Result<(), GameError> {
    if let Some(entry) = partizan::find(&args.game, &[&args.position]) {
        return partizan::value(entry, &args.position, args.json);
    }
    let family = parse_spec(&args.game)?;
    let value = with_progress(Output::AtTheEnd, || family.value(&args.position))?;
    if args.json {
        return print_json(&match &value {
            GameValue::Finite(n) => json!({ "grundy": n.0 }),
            GameValue::Infinite { reachable } => {
                json!({ "grundy": null, "infinite": true, "reachable": reachable })
            }
            GameValue::WinsAtOnce { why } => {
                json!({ "grundy": null, "wins_at_once": true, "reason": why })
            }
        });
    }
    println_checked(&value.to_string())
}
