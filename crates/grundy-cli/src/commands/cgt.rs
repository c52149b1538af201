//! `grundy cgt EXPR [--json] [--time SECONDS]`: the canonical form of a partizan game expression (CGSuite
//! notation with `+`, `-` and parentheses) and its invariants.

use crate::commands::TimeArgs;
use crate::output::{print_json, println_checked};
use crate::progress::{within, Output};
use grundy::partizan::Game;
use grundy::partizan::Summary;
use grundy::GameError;

#[derive(clap::Args)]
pub struct Args {
    /// A game in CGSuite notation, e.g. `{3||2*|1*}`, `^ + *2`, `{1|-1} + {1|-1}`, `^<2>`, `+-{1,2}`.
    #[arg(allow_hyphen_values = true)]
    expr: String,
    /// Machine-readable output: {"canonical", "outcome", "is_number", "left_stop",
    /// "right_stop", "mean", "temperature", "birthday", "atomic_weight", "reduced"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time: TimeArgs,
}

/// What `cgt --json` prints (and `POST /api/cgt` answers).
pub fn answer(expr: &str) -> Result<Summary, GameError> {
    expr.parse::<Game>()?.summary()
}

pub fn run(args: Args) -> Result<(), GameError> {
    // Canonical forms report no progress, so `--time` stops the work when it passes.
    let s = within(Output::AtTheEnd, args.time.limit("cgt"), || {
        answer(&args.expr)
    })?;
    if args.json {
        return print_json(&s);
    }
    let winner = match s.outcome.as_str() {
        "L" => "Left wins",
        "R" => "Right wins",
        "P" => "the second player wins",
        _ => "the first player wins",
    };
    let atomic = match (&s.atomic_weight, &s.atomic_weight_note) {
        (Some(a), _) => a.clone(),
        (None, Some(note)) => format!("none ({note})"),
        (None, None) => "none".to_string(),
    };
    println_checked(&format!(
        "canonical form  {}\noutcome         {} ({winner})\nnumber          {}\nstops           left {}, right {}\nmean            {}\ntemperature     {}\nbirthday        {}\natomic weight   {atomic}\nreduced form    {}",
        s.canonical,
        s.outcome,
        if s.is_number { "yes" } else { "no" },
        s.left_stop,
        s.right_stop,
        s.mean,
        s.temperature,
        s.birthday,
        s.reduced
    ))
}
