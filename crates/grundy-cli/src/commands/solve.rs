//! `grundy solve GAME POSITION...`

use crate::commands::{partizan, PlayArgs, TimeArgs};
use crate::output::{print_json, println_checked, Answer};
use crate::progress::{within, Output};
use grundy::impartial::family::Solution;
use grundy::registry::parse_spec;
use grundy::GameError;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy solve nim 3 5 7
  grundy solve subtraction:1,3,4 10 20 30 --json
  grundy solve kayles 10 20 30               a split move is written 1+17
  grundy solve 0.6 5                         a bare octal code: octal:0.6 (officers)
  grundy solve wythoff 3,5 4,6
  grundy solve nim 1 1 --misere")]
pub struct Args {
    /// The game, e.g. `nim`, `subtraction:1,3,4` (see `grundy games`).
    game: String,
    /// The components of the sum (heap sizes for heap games); a few games have a default
    /// position and accept none (e.g. `geography-grid:8,8` starts in the corner).
    #[arg(num_args = 0..)]
    positions: Vec<String>,
    #[command(flatten)]
    play: PlayArgs,
    /// Machine-readable output: {"winner", "grundy", "winning_moves": [{"component", "to"}], …}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time: TimeArgs,
}

/// What `solve --json` prints (and `POST /api/solve` answers).
pub fn answer(
    game: &str,
    positions: &[&str],
    play: PlayArgs,
) -> Result<Answer<Solution, partizan::Solution>, GameError> {
    if let Some(entry) = partizan::find(game, positions) {
        play.normal_only(entry.name)?;
        return partizan::solve_answer(entry, positions).map(Answer::Other);
    }
    Ok(Answer::Typed(
        parse_spec(game)?.solve(positions, play.play())?,
    ))
}

pub fn run(args: Args) -> Result<(), GameError> {
    let positions: Vec<&str> = args.positions.iter().map(String::as_str).collect();
    let limit = args.time.limit("solve");
    // Misère sums of take-and-break games are searched position by position, with their own
    // bounds; the estimate is for the normal-play table.
    if !args.play.misere && partizan::find(&args.game, &positions).is_none() {
        crate::long_run::check_heaps_time(&args.game, &positions, args.time.time)?;
    }
    if args.json {
        let answer = within(Output::AtTheEnd, limit, || {
            answer(&args.game, &positions, args.play)
        })?;
        return print_json(&answer);
    }
    if let Some(entry) = partizan::find(&args.game, &positions) {
        args.play.normal_only(entry.name)?;
        return within(Output::AtTheEnd, limit, || {
            partizan::solve(entry, &positions)
        });
    }
    let family = parse_spec(&args.game)?;
    let solution = within(Output::AtTheEnd, limit, || {
        family.solve(&positions, args.play.play())
    })?;
    println_checked(&solution.render(family.as_ref()))
}
