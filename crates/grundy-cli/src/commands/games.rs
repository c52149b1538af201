//! `grundy games`: the catalogue.

use crate::commands::partizan;
use crate::output::{print_json, println_checked};
use grundy::registry::{alias_meaning, CATALOGUE};
use grundy::GameError;
use serde_json::json;

/// How positions are numbered, said once for every family (issue 13: one rule, stated).
pub const NUMBERING: &str = "Numbering: the components of a sum are numbered from 0 everywhere (solve, explain, play, and `component` in --json). Coins and cells are numbered from 0 too (the heads of mock-turtles, ruler and twins; x,y in turning-corners and product:G1,G2; r,c in geography-grid; the vertices of Snort and Col and the dominoes of Toppling Dominoes in their move names, `colour vertex 2`; Wythoff's a,b are heap sizes), except chessboard:N, whose cells run from 1,1 to N,N as on the HackerRank board it comes from.";

#[derive(clap::Args)]
#[command(
    after_help = "Numbering: components from 0; coins and cells from 0, except chessboard:N (1,1 to N,N).

Examples:
  grundy games
  grundy games --json | jq '.[].name'"
)]
pub struct Args {
    /// Machine-readable output: [{"name", "aliases", "summary", "example"}].
    #[arg(long)]
    json: bool,
}

/// What `games --json` prints (and `GET /api/games` answers).
pub fn answer() -> serde_json::Value {
    CATALOGUE
        .iter()
        .map(|e| json!({"name": e.name, "aliases": e.aliases, "summary": e.summary, "example": format!("grundy {}", e.example)}))
        .chain(partizan::catalogue().map(|(name, aliases, summary, example)| {
            json!({"name": name, "aliases": aliases, "summary": summary, "example": format!("grundy {example}"), "partizan": true})
        }))
        .collect()
}

pub fn run(args: Args) -> Result<(), GameError> {
    if args.json {
        return print_json(&answer());
    }
    let mut text = String::new();
    for e in CATALOGUE {
        // Each alias once, with the code it stands for where it names a particular game.
        let named: Vec<String> = e
            .aliases
            .iter()
            .map(|a| match alias_meaning(a) {
                Some(code) => format!("{a} = {code}"),
                None => a.to_string(),
            })
            .collect();
        let aliases = if named.is_empty() {
            String::new()
        } else {
            format!(" (also: {})", named.join(", "))
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
    text.push('\n');
    text.push_str(NUMBERING);
    println_checked(text.trim_end())
}
