//! `grundy value GAME POSITION`

use crate::commands::partizan;
use crate::output::{print_json, println_checked};
use grundy::families::parse_spec;
use grundy::family::GameValue;
use grundy::GameError;
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    /// The game (see `grundy games`).
    game: String,
    /// One position.
    position: String,
    /// Machine-readable output: {"grundy": n} (or null plus "reachable" for ∞ in loopy games).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), GameError> {
    if let Some(entry) = partizan::find(&args.game, &[&args.position]) {
        return partizan::value(entry, &args.position, args.json);
    }
    let family = parse_spec(&args.game)?;
    let value = family.value(&args.position)?;
    if args.json {
        return print_json(&match &value {
            GameValue::Finite(n) => json!({ "grundy": n.0 }),
            GameValue::Infinite { reachable } => {
                json!({ "grundy": null, "infinite": true, "reachable": reachable })
            }
        });
    }
    println_checked(&value.to_string())
}
