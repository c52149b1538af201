//! `grundy games`: the catalogue.

use crate::output::{print_json, println_checked};
use grundy::registry::CATALOGUE;
use grundy::GameError;
use serde_json::json;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy games
  grundy games --json | jq '.[].name'")]
pub struct Args {
    /// Machine-readable output: [{"name", "aliases", "summary", "example"}].
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), GameError> {
    if args.json {
        let entries: Vec<_> = CATALOGUE
            .iter()
            .map(|e| json!({"name": e.name, "aliases": e.aliases, "summary": e.summary, "example": format!("grundy {}", e.example)}))
            .collect();
        return print_json(&entries);
    }
    let mut text = String::new();
    for e in CATALOGUE {
        let aliases = if e.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also: {})", e.aliases.join(", "))
        };
        text.push_str(&format!(
            "{}{aliases}\n    {}\n    e.g. grundy {}\n",
            e.name, e.summary, e.example
        ));
    }
    println_checked(text.trim_end())
}
