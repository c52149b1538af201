//! `grundy explain GAME POSITION...`: the derivation of each component's value (its options,
//! their values, the mex), the nim-sum, why each winning move wins, and the certified period.

use crate::commands::{partizan, TimeArgs};
use crate::output::{print_json, println_checked, Answer};
use crate::progress::{within, Output};
use grundy::impartial::explain::{explain, Explanation};
use grundy::registry::parse_spec;
use grundy::GameError;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy explain subtraction:1,3,4 4 7      options, their values, the mex; the nim-sum
  grundy explain kayles 10                   splits shown as G(a)⊕G(b)
  grundy explain nim 3 5 7 --json")]
pub struct Args {
    /// The game, e.g. `subtraction:1,3,4` (see `grundy games`).
    game: String,
    /// The components of the sum (heap sizes for heap games).
    #[arg(required = true, num_args = 1..)]
    positions: Vec<String>,
    /// Machine-readable output with the same content: {"game", "components": [{"position",
    /// "grundy", "derivation": {"options": [{"position", "parts", "grundy"}], "grundy"}}],
    /// "grundy", "winner", "winning_moves", "rule_moves", "certificate", "method"}
    /// (`rule_moves`: the winning moves as {"component", "from", "to"} when the values are
    /// not nimbers, e.g. prime-heap's move onto a prime; `winning_moves` is then empty).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time: TimeArgs,
}

/// What `explain --json` prints (and `POST /api/explain` answers).
pub fn answer(game: &str, positions: &[&str]) -> Result<Answer<Explanation>, GameError> {
    if let Some(entry) = partizan::find(game, positions) {
        return partizan::explain_answer(entry, positions).map(Answer::Other);
    }
    Ok(Answer::Typed(explain(
        parse_spec(game)?.as_ref(),
        positions,
    )?))
}

pub fn run(args: Args) -> Result<(), GameError> {
    let positions: Vec<&str> = args.positions.iter().map(String::as_str).collect();
    let limit = args.time.limit("explain");
    if partizan::find(&args.game, &positions).is_none() {
        crate::long_run::check_heaps_time(&args.game, &positions, args.time.time)?;
    }
    if args.json {
        let answer = within(Output::AtTheEnd, limit, || answer(&args.game, &positions))?;
        return print_json(&answer);
    }
    if let Some(entry) = partizan::find(&args.game, &positions) {
        return within(Output::AtTheEnd, limit, || {
            partizan::explain(entry, &positions)
        });
    }
    let family = parse_spec(&args.game)?;
    let explanation = within(Output::AtTheEnd, limit, || {
        explain(family.as_ref(), &positions)
    })?;
    println_checked(&explanation.render())
}
