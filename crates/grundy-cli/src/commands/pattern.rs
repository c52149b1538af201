//! `grundy pattern GAME`: which hypotheses of a small library fit the Grundy table, each
//! labelled observed (up to N) or certified.

use crate::commands::period::SearchArgs;
use crate::output::{print_json, println_checked};
use grundy::theory::period::pattern::{discover, HYPOTHESES};
use grundy::GameError;
use serde_json::json;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy pattern subtraction:1,3,4
  grundy pattern gcd --json")]
pub struct Args {
    #[command(flatten)]
    search: SearchArgs,
    /// Machine-readable output: {"checked_to", "findings": [{"hypothesis", "statement", "certified", "checked_to"}], "tested"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), GameError> {
    let (family, found) = args.search.run()?;
    let findings = discover(&found);
    if args.json {
        return print_json(&json!({
            "checked_to": found.checked_to(),
            "findings": findings,
            "tested": HYPOTHESES,
        }));
    }
    let mut text = format!(
        "game: {}\ntable: G(0..={})\n",
        family.spec(),
        found.checked_to()
    );
    if findings.is_empty() {
        text.push_str("no hypothesis fits\n");
    }
    for f in &findings {
        let label = if f.certified {
            "proved".to_string()
        } else {
            format!("observed up to {}, not proved", f.checked_to)
        };
        text.push_str(&format!("{}: {}\n  [{label}]\n", f.hypothesis, f.statement));
    }
    text.push_str(&format!("tested: {}", HYPOTHESES.join(", ")));
    println_checked(&text)
}
