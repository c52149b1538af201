//! `grundy play GAME POSITION... [--engine first|second]`: a game against the perfect engine in
//! the terminal. The rules live in `grundy::play` (a state machine); this file only reads lines,
//! prints the board and the engine's words. Input need not be a terminal: a script can pipe
//! moves in, one per line (they are echoed so the transcript reads like a session), and bad
//! lines or the end of input never crash the game.

use crate::commands::partizan;
use grundy::families::parse_spec;
use grundy::play::{parse_command_for, Command, Session, Side, MOVE_SYNTAX};
use grundy::GameError;
use std::io::{self, BufRead, IsTerminal, Write};

#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `nim`, `subtraction:1,3,4` (see `grundy games`).
    game: String,
    /// The starting components (heap sizes for heap games).
    #[arg(required = true, num_args = 1..)]
    positions: Vec<String>,
    /// Whether the engine moves first or second (by default you move first).
    #[arg(long, value_enum, default_value_t = Seat::Second)]
    engine: Seat,
    /// Partizan games: the player you are (Left or Right; by default Left).
    #[arg(long, value_enum)]
    side: Option<Player>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Left,
    Right,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    First,
    Second,
}

/// Heaps up to this size are drawn token by token; larger ones are cut with `…`.
const MAX_DRAWN_TOKENS: u64 = 40;

pub fn run(args: Args) -> Result<(), GameError> {
    let positions: Vec<&str> = args.positions.iter().map(String::as_str).collect();
    if let Some(entry) = partizan::find(&args.game, &positions) {
        let side = match args.side {
            Some(Player::Right) => grundy::partizan::games::Side::Right,
            _ => grundy::partizan::games::Side::Left,
        };
        return partizan::play(entry, args.positions, side, args.engine == Seat::Second);
    }
    if args.side.is_some() {
        return Err(GameError::Unsupported(format!(
            "`--side` chooses Left or Right in partizan games; in `{}` both players have the same moves",
            args.game
        )));
    }
    let family = parse_spec(&args.game)?;
    let first = match args.engine {
        Seat::First => Side::Engine,
        Seat::Second => Side::Human,
    };
    let mut session = Session::new(family.as_ref(), args.positions.clone(), first)?;
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "grundy play {}: you against a perfect engine. Whoever cannot move loses.\nMoves: {MOVE_SYNTAX}.",
        family.spec()
    )?;
    write_board(&mut out, &session)?;
    let mut line = Vec::new();
    loop {
        if let Some(winner) = session.winner() {
            writeln!(
                out,
                "{}",
                match winner {
                    Side::Human => "I have no move left: you win!",
                    Side::Engine => "You have no move left: I win.",
                }
            )?;
            return Ok(());
        }
        if session.to_move() == Side::Engine {
            let m = session.play_engine()?;
            if family.whole_position_moves() {
                writeln!(
                    out,
                    "I move: {} → {}   (type `why` for the reason)",
                    m.from, m.to
                )?;
            } else {
                writeln!(
                    out,
                    "I move component {}: {} → {}   (type `why` for the reason)",
                    m.component + 1,
                    m.from,
                    m.to
                )?;
            }
            write_board(&mut out, &session)?;
            continue;
        }
        write!(out, "your move> ")?;
        out.flush()?;
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            writeln!(out, "\nend of input: the game is left unfinished.")?;
            return Ok(());
        }
        let text = String::from_utf8_lossy(&line);
        if echo {
            writeln!(out, "{}", text.trim_end())?;
        }
        let whole = family.whole_position_moves();
        match parse_command_for(&text, session.positions().len(), whole) {
            Err(message) => writeln!(out, "{message}")?,
            Ok(Command::Move { component, to }) => match session.play_human(component, &to) {
                Ok(()) => write_board(&mut out, &session)?,
                Err(GameError::BadPosition { text, reason }) => {
                    writeln!(out, "illegal move to `{text}`: {reason}")?
                }
                Err(e) => writeln!(out, "illegal move: {e}")?,
            },
            Ok(Command::Hint) => match session.hint() {
                Ok(m) => writeln!(
                    out,
                    "hint: play `{} {}`: {}",
                    m.component + 1,
                    m.to,
                    m.render(1)
                )?,
                Err(e) => writeln!(out, "no hint: {e}")?,
            },
            Ok(Command::Why) => match session.last_engine_move() {
                Some(m) => writeln!(out, "why: {}", m.render(1))?,
                None => writeln!(out, "I have not moved yet.")?,
            },
            Ok(Command::Show) => write_board(&mut out, &session)?,
            Ok(Command::Help) => writeln!(
                out,
                "Type {MOVE_SYNTAX}.\n`hint` shows the move I would make for you, `why` explains my last move (Grundy values and their nim-sum), `show` prints the position."
            )?,
            Ok(Command::Quit) => {
                writeln!(out, "You resign: I win.")?;
                return Ok(());
            }
        }
    }
}

/// The position, one component per row: heaps as rows of tokens, anything else as its text.
fn write_board(out: &mut impl Write, session: &Session) -> Result<(), GameError> {
    let heaps = session.family().draws_heaps();
    if session.positions().is_empty() {
        writeln!(out, "     (nothing left)")?;
    }
    for (index, position) in session.positions().iter().enumerate() {
        let row = match position.parse::<u64>() {
            Ok(n) if heaps => draw_heap(n),
            _ => position.clone(),
        };
        writeln!(out, "  {:>2} │ {row}", index + 1)?;
    }
    Ok(())
}

fn draw_heap(n: u64) -> String {
    let drawn = n.min(MAX_DRAWN_TOKENS) as usize;
    let cut = if n > MAX_DRAWN_TOKENS { "…" } else { "" };
    if n == 0 {
        return "· (0, empty)".to_string();
    }
    format!("{}{cut} ({n})", "●".repeat(drawn))
}
