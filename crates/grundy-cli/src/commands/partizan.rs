//! The partizan games (Domineering, Blue-Red-Green Hackenbush, Toads and Frogs, Clobber,
//! Konane, Cutcake, Snort, Col, Toppling Dominoes) behind `value`, `solve`, `batch`, `play`,
//! `explain` and `games`. Each command first asks [`find`] whether GAME is partizan and then
//! calls the matching function here; all answers come from `grundy::partizan::games`.

use crate::lines::LineReader;
use crate::output::{println_checked, to_json};
use grundy::impartial::play::{parse_command, Command, MOVE_SYNTAX};
use grundy::partizan::games::catalogue::{Entry, CATALOGUE};
use grundy::partizan::games::search::Session;
use grundy::partizan::games::solve::{self, Fate, FirstMove};
use grundy::partizan::games::Side;
use grundy::partizan::Game;
use grundy::GameError;
use serde_json::json;
use std::io::{self, IsTerminal, Write};

pub use grundy::partizan::games::catalogue::find;
pub use grundy::partizan::games::solve::Solution;

/// "Left" or "Right", as the CLI and the server say it.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "Left",
        Side::Right => "Right",
    }
}

/// `grundy value GAME POSITION --json`: the fields of `grundy cgt --json`, plus the game and
/// the position.
pub fn value_answer(entry: &Entry, position: &str) -> Result<serde_json::Value, GameError> {
    let mut session = (entry.session)();
    let mut fields = to_json(&session.value(position)?.summary()?)?;
    fields["game"] = json!(entry.name);
    fields["position"] = json!(session.parse(position)?);
    Ok(fields)
}

/// `grundy value GAME POSITION`: the canonical form.
pub fn value(entry: &Entry, position: &str) -> Result<(), GameError> {
    println_checked(&(entry.session)().value(position)?.try_text()?)
}

/// `grundy solve GAME POSITION... --json`.
pub fn solve_answer(entry: &Entry, positions: &[&str]) -> Result<Solution, GameError> {
    solve::solve((entry.session)().as_mut(), positions)
}

/// `grundy solve GAME POSITION...`: outcome, canonical form, winning first moves.
pub fn solve(entry: &Entry, positions: &[&str]) -> Result<(), GameError> {
    let mut session = (entry.session)();
    let s = solve::solve(session.as_mut(), positions)?;
    let shown = written_out(session.as_ref(), positions)?;
    let outcome = match s.outcome.to_string().as_str() {
        "L" => "L: Left wins, whoever starts",
        "R" => "R: Right wins, whoever starts",
        "P" => "P: the second player wins",
        _ => "N: the first player wins",
    };
    let mut text = format!(
        "game: {}\ncomponents: {}\ncanonical form: {}\noutcome: {outcome}\n",
        entry.name,
        shown.join(" + "),
        s.canonical
    );
    for (first, f) in [(Side::Left, &s.left_first), (Side::Right, &s.right_first)] {
        text.push_str(&first_move_text(first, f, &shown));
    }
    println_checked(text.trim_end())
}

/// The positions as the game writes them (a size such as `4x4` becomes its board), so that a
/// move reads against the position it changes.
fn written_out(session: &dyn Session, positions: &[&str]) -> Result<Vec<String>, GameError> {
    positions.iter().map(|p| session.parse(p)).collect()
}

fn first_move_text(first: Side, f: &FirstMove, positions: &[String]) -> String {
    let mut text = format!(
        "{} moving first: {} wins",
        side_name(first),
        side_name(f.winner)
    );
    if let Some(reason) = &f.moves_omitted {
        return text + &format!("; winning moves not listed: {reason}\n");
    }
    if f.winning_moves.is_empty() {
        return text + "\n";
    }
    text.push_str(&format!("; winning moves ({}):\n", f.winning_moves.len()));
    for m in &f.winning_moves {
        text.push_str(&format!(
            "  component {}: {} {m}\n",
            m.component, positions[m.component]
        ));
    }
    text
}

/// `grundy batch GAME`: one position (or a sum, separated by spaces) per stdin line, its
/// outcome class `L`, `R`, `P` or `N` per output line. One table serves every line; `limit`
/// bounds each line.
pub fn batch(entry: &Entry, limit: Option<crate::progress::Limit>) -> Result<(), GameError> {
    let mut input = LineReader::new(io::stdin().lock());
    let mut session = (entry.session)();
    let mut stdout = io::stdout().lock();
    while let Some(line) = input.next_line()?.map(str::to_string) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let number = input.line_number();
        let at_line = |e: GameError| GameError::AtLine {
            line: number,
            reason: e.to_string(),
        };
        // A blank line is the empty sum, 0, a second-player win (`P`): the rule `batch --help`
        // states for every family (issue 12), partizan ones included.
        let sum = match parts.is_empty() {
            true => Game::zero(),
            false => {
                crate::progress::within(crate::progress::Output::Streamed, limit, || {
                    solve::values(session.as_mut(), &parts)
                })
                .map_err(at_line)?
                .1
            }
        };
        writeln!(stdout, "{}", sum.outcome())?;
        if !input.has_buffered() {
            stdout.flush()?;
        }
    }
    stdout.flush()?;
    Ok(())
}

/// Each component explained, and the sum solved: what `explain` shows in words or JSON.
fn explained(
    entry: &Entry,
    positions: &[&str],
) -> Result<(Vec<solve::Explanation>, solve::Solution), GameError> {
    let mut session = (entry.session)();
    let parts = positions
        .iter()
        .map(|p| solve::explain(session.as_mut(), p))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((parts, solve::solve(session.as_mut(), positions)?))
}

/// `grundy explain GAME POSITION... --json`.
pub fn explain_answer(entry: &Entry, positions: &[&str]) -> Result<serde_json::Value, GameError> {
    let (parts, s) = explained(entry, positions)?;
    Ok(json!({
        "game": entry.name,
        "components": parts,
        "canonical": s.canonical.to_string(),
        "outcome": s.outcome.to_string(),
        "left_first": s.left_first,
        "right_first": s.right_first,
    }))
}

/// `grundy explain GAME POSITION...`: each component's options, which are dominated or
/// reversible, its canonical form, then the sum.
pub fn explain(entry: &Entry, positions: &[&str]) -> Result<(), GameError> {
    let (parts, s) = explained(entry, positions)?;
    let mut text = format!("game: {}\n", entry.name);
    for (i, e) in parts.iter().enumerate() {
        text.push_str(&format!("component {i}: {}\n", e.position));
        for (side, notes) in [(Side::Left, &e.left), (Side::Right, &e.right)] {
            if notes.is_empty() {
                text.push_str(&format!("  {} has no move\n", side_name(side)));
            }
            for (j, n) in notes.iter().enumerate() {
                let fate = match &n.fate {
                    Fate::Kept => "kept".to_string(),
                    Fate::Dominated { by } => format!(
                        "dominated by {}option {by} ({})",
                        side_name(side).chars().next().unwrap_or('?'),
                        notes[*by].value
                    ),
                    Fate::Reversible { through } => {
                        format!(
                            "reversible through {through}: replaced by its options for {}",
                            side_name(side)
                        )
                    }
                };
                text.push_str(&format!(
                    "  {}option {j}: → {} = {}   {fate}\n",
                    side_name(side).chars().next().unwrap_or('?'),
                    n.to,
                    n.value
                ));
            }
        }
        text.push_str(&format!("  canonical form: {}\n", e.canonical));
    }
    if parts.len() > 1 {
        text.push_str(&format!("sum: {}\n", s.canonical));
    }
    text.push_str(&format!("outcome: {}\n", s.outcome));
    let shown: Vec<String> = parts.iter().map(|e| e.position.to_string()).collect();
    for (first, f) in [(Side::Left, &s.left_first), (Side::Right, &s.right_first)] {
        text.push_str(&first_move_text(first, f, &shown));
    }
    println_checked(text.trim_end())
}

/// `grundy play GAME POSITION... --side left|right --engine first|second`.
pub fn play(
    entry: &Entry,
    positions: Vec<String>,
    human: Side,
    human_first: bool,
) -> Result<(), GameError> {
    let mut session = (entry.session)();
    let mut positions: Vec<String> = positions
        .iter()
        .map(|p| session.parse(p))
        .collect::<Result<_, _>>()?;
    let engine = human.other();
    let mut to_move = if human_first { human } else { engine };
    let mut last_reason: Option<String> = None;
    // The positions (and the engine's last reason) before each of the human's moves, for `undo`.
    let mut history: Vec<(Vec<String>, Option<String>)> = Vec::new();
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = LineReader::new(stdin.lock());
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "grundy play {}: you are {} against a perfect engine; {} moves first. Whoever cannot move loses.\nMoves: {MOVE_SYNTAX}.",
        entry.name,
        side_name(human),
        side_name(to_move)
    )?;
    write_board(&mut out, &positions)?;
    loop {
        let texts: Vec<&str> = positions.iter().map(String::as_str).collect();
        let advice = solve::advise(session.as_mut(), &texts, to_move)?;
        let Some(advice) = advice else {
            let message = if to_move == human {
                "You have no move left: I win."
            } else {
                "I have no move left: you win!"
            };
            writeln!(out, "{message}")?;
            return Ok(());
        };
        if to_move == engine {
            let m = &advice.choice;
            writeln!(
                out,
                "I move component {}: {} {m}   (type `why` for the reason)",
                m.component, positions[m.component]
            )?;
            positions[m.component] = m.to.clone();
            last_reason = Some(advice.reason());
            to_move = human;
            write_board(&mut out, &positions)?;
            continue;
        }
        write!(out, "your move ({})> ", side_name(human))?;
        out.flush()?;
        let Some(text) = input.next_line()?.map(str::to_string) else {
            writeln!(out, "\nend of input: the game is left unfinished.")?;
            return Ok(());
        };
        if echo {
            writeln!(out, "{}", text.trim_end())?;
        }
        match parse_command(&text, positions.len()) {
            Err(message) => writeln!(out, "{message}")?,
            Ok(Command::Move { component, to }) => {
                match legal(session.as_mut(), &positions[component], &to, human) {
                    Ok(to) => {
                        history.push((positions.clone(), last_reason.clone()));
                        positions[component] = to;
                        to_move = engine;
                        write_board(&mut out, &positions)?;
                    }
                    Err(e) => writeln!(out, "illegal move: {e}")?,
                }
            }
            Ok(Command::Hint) => {
                let m = &advice.choice;
                let label = m.label.as_ref().map(|l| format!(" ({l})")).unwrap_or_default();
                writeln!(
                    out,
                    "hint: play `{} {}`{label}: {}",
                    m.component,
                    m.to,
                    advice.reason()
                )?
            }
            Ok(Command::Why) => match &last_reason {
                Some(reason) => writeln!(out, "why: {reason}")?,
                None => writeln!(out, "I have not moved yet.")?,
            },
            Ok(Command::Show) => write_board(&mut out, &positions)?,
            Ok(Command::Values) => {
                let mut total = grundy::partizan::Game::zero();
                for (index, position) in positions.iter().enumerate() {
                    let g = session.value(position)?;
                    total = total.try_add(g)?;
                    writeln!(out, "  component {index}: {position} = {g}")?;
                }
                writeln!(out, "  sum: {total} (outcome {})", total.outcome())?;
            }
            Ok(Command::Undo) => match history.pop() {
                Some((before, reason)) => {
                    positions = before;
                    last_reason = reason;
                    writeln!(out, "Taken back: your last move and my reply.")?;
                    write_board(&mut out, &positions)?;
                }
                None => writeln!(out, "Nothing to undo: you have not moved yet.")?,
            },
            Ok(Command::Help) => writeln!(
                out,
                "Type {MOVE_SYNTAX}.\n`hint` shows the move I would make for you, `why` explains my last move (the value of the sum it leaves), `show` prints the position, `values` the canonical form of each component and of the sum, `undo` takes back your last move and my reply. Where the game names its moves (Snort, Col, Toppling Dominoes), the name works too, as `hint` writes it: `0 colour vertex 2`."
            )?,
            Ok(Command::Quit) => {
                writeln!(out, "You resign: I win.")?;
                return Ok(());
            }
        }
    }
}

/// `to` written as the game writes it, when it is one of `side`'s moves from `from`: the new
/// position, or the words naming the move where the game gives them (`colour vertex 2`,
/// `topple domino 3 to the left`).
pub fn legal(
    session: &mut dyn Session,
    from: &str,
    to: &str,
    side: Side,
) -> Result<String, GameError> {
    // The moves of `from` alone, each with its name where the game names it.
    let moves: Vec<(String, Option<String>)> = solve::moves_of_sum(session, &[from], side)?
        .into_iter()
        .map(|(m, _)| (m.to, m.label))
        .collect();
    let typed = to.split_whitespace().collect::<Vec<_>>().join(" ");
    let named = moves.iter().find(|(_, label)| {
        label
            .as_deref()
            .is_some_and(|l| l.eq_ignore_ascii_case(&typed))
    });
    if let Some((m, _)) = named {
        return Ok(m.clone());
    }
    let has_names = moves.iter().any(|(_, label)| label.is_some());
    let parsed = match session.parse(to) {
        Ok(parsed) => parsed,
        // Neither a position nor a move's name: say both ways of writing a move.
        Err(_) if has_names => typed.clone(),
        Err(e) => return Err(e),
    };
    if moves.iter().any(|(m, _)| *m == parsed) {
        return Ok(parsed);
    }
    let options: Vec<String> = moves
        .iter()
        .map(|(m, label)| match label {
            Some(label) => format!("{m} ({label})"),
            None => m.clone(),
        })
        .collect();
    Err(GameError::bad_position(
        &parsed,
        format!(
            "not a move of {} from `{from}`; the moves are: {}",
            side_name(side),
            if options.is_empty() {
                "none".to_string()
            } else {
                options.join(", ")
            }
        ),
    ))
}

fn write_board(out: &mut impl Write, positions: &[String]) -> Result<(), GameError> {
    for (index, position) in positions.iter().enumerate() {
        writeln!(out, "  {index:>2} │ {position}")?;
    }
    Ok(())
}

/// The partizan part of `grundy games`: (name, aliases, summary, example) rows.
pub fn catalogue() -> impl Iterator<
    Item = (
        &'static str,
        &'static [&'static str],
        &'static str,
        &'static str,
    ),
> {
    CATALOGUE
        .iter()
        .map(|e| (e.name, e.aliases, e.summary, e.example))
}
