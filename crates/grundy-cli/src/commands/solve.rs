//! `grundy solve GAME POSITION...`

use crate::commands::{partizan, PlayArgs};
use crate::output::{print_json, println_checked};
use grundy::impartial::family::{Solution, Winner};
use grundy::registry::parse_spec;
use grundy::GameError;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy solve nim 3 5 7
  grundy solve subtraction:1,3,4 10 20 30 --json
  grundy solve kayles 10 20 30               a split move is written 1+17
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
}

pub fn run(args: Args) -> Result<(), GameError> {
    let positions: Vec<&str> = args.positions.iter().map(String::as_str).collect();
    if let Some(entry) = partizan::find(&args.game, &positions) {
        args.play.normal_only(entry.name)?;
        return partizan::solve(entry, &positions, args.json);
    }
    let family = parse_spec(&args.game)?;
    let solution = family.solve(&positions, args.play.play())?;
    if args.json {
        return print_json(&solution);
    }
    println_checked(&human(&family.spec(), &solution))
}

fn human(spec: &str, s: &Solution) -> String {
    let mut text = String::new();
    let parts: Vec<String> = s
        .components
        .iter()
        .map(|c| match c.grundy {
            Some(g) => format!("G({}) = {g}", c.position),
            None => c.position.clone(),
        })
        .collect();
    text.push_str(&format!("game: {spec}\n"));
    text.push_str(&format!("components: {}\n", parts.join(", ")));
    match s.grundy {
        Some(g) if s.components.len() > 1 && s.components.iter().all(|c| c.grundy.is_some()) => {
            text.push_str(&format!(
                "Grundy value: {} = {g}\n",
                s.components
                    .iter()
                    .filter_map(|c| c.grundy.map(|v| v.to_string()))
                    .collect::<Vec<_>>()
                    .join(" ⊕ ")
            ))
        }
        Some(g) => text.push_str(&format!("Grundy value: {g}\n")),
        None => {}
    }
    text.push_str(match s.winner {
        Winner::First => "winner: first player (the player to move)\n",
        Winner::Second => "winner: second player (every move loses)\n",
        Winner::Draw => "winner: none — perfect play never ends (draw)\n",
    });
    if !s.winning_moves.is_empty() {
        text.push_str(&format!("winning moves ({}):\n", s.winning_moves.len()));
        for m in &s.winning_moves {
            let from = s
                .components
                .get(m.component)
                .map_or("?", |c| c.position.as_str());
            text.push_str(&format!(
                "  component {}: {} → {}\n",
                m.component, from, m.to
            ));
        }
    }
    if let Some(reason) = &s.moves_omitted {
        text.push_str(&format!("winning moves: not listed — {reason}\n"));
    }
    if let Some(m) = &s.one_winning_move {
        let from = s
            .components
            .get(m.component)
            .map_or("?", |c| c.position.as_str());
        text.push_str(&format!(
            "one winning move: component {}: {} → {}\n",
            m.component, from, m.to
        ));
    }
    text.push_str(&format!("method: {}", s.method));
    text
}
