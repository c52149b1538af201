//! `grundy games`: the catalogue.

use crate::commands::partizan;
use crate::output::{print_json, println_checked};
use grundy::families::CATALOGUE;
use grundy::GameError;
use serde_json::json;

#[derive(clap::Args)]
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
            .chain(partizan::catalogue().map(|(name, aliases, summary, example)| {
                json!({"name": name, "aliases": aliases, "summary": summary, "example": format!("grundy {example}"), "partizan": true})
            }))
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
    text.push_str(
        "\npartizan games (Left and Right move differently; values are canonical forms):\n",
    );
    for (name, aliases, summary, example) in partizan::catalogue() {
        let aliases = if aliases.is_empty() {
            String::new()
        } else {
            format!(" (also: {})", aliases.join(", "))
        };
        text.push_str(&format!(
            "{name}{aliases}\n    {summary}\n    e.g. grundy {example}\n"
        ));
    }
    println_checked(text.trim_end())
}
