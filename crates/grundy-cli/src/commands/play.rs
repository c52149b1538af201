//! `grundy play GAME POSITION... [--engine first|second]`: a game against the perfect engine in
//! the terminal. The rules live in `grundy::play` (a state machine); this file only reads lines,
//! prints the board and the engine's words. Input need not be a terminal: a script can pipe
//! moves in, one per line (they are echoed so the transcript reads like a session), and bad
//! lines or the end of input never crash the game; a script that ends on a refused line exits 2.
//!
//! Components are numbered from 0, as `solve` and `explain` number them, and a component keeps
//! its number for the whole game: the parts of a split take new numbers (said aloud), and an
//! emptied heap leaves the board without renumbering the others.

use crate::commands::partizan;
use crate::lines::LineReader;
use grundy::impartial::family::{Family, Play, Winner};
use grundy::impartial::play::{
    draws_heaps, parse_command_for, Command, Session, Side, MOVE_SYNTAX,
};
use grundy::registry::parse_spec;
use grundy::GameError;
use std::io::{self, IsTerminal, Write};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy play nim 3 5 7                 you move first; type `1 2` to set component 1 to 2
  grundy play kayles 10 --engine first  the engine opens; a split is typed `0 3+4`
  printf '1 1\\nvalues\\nundo\\n' | grundy play nim 1 2   a scripted game")]
pub struct Args {
    /// The game, e.g. `nim`, `subtraction:1,3,4` (see `grundy games`).
    game: String,
    /// The starting components (heap sizes for heap games), numbered from 0.
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

/// The game as the person sees it: the session, and the number each component keeps.
#[derive(Clone)]
struct Table<'f> {
    session: Session<'f>,
    /// `labels[i]` is the number shown for `session.positions()[i]`.
    labels: Vec<usize>,
    next_label: usize,
    /// The numbers as they were before the engine's last move (`why` speaks of that position).
    labels_before_engine: Vec<usize>,
}

impl<'f> Table<'f> {
    fn new(session: Session<'f>) -> Table<'f> {
        let n = session.positions().len();
        Table {
            session,
            labels: (0..n).collect(),
            next_label: n,
            labels_before_engine: Vec::new(),
        }
    }

    fn label(&self, index: usize) -> String {
        self.labels
            .get(index)
            .map_or_else(|| index.to_string(), usize::to_string)
    }

    /// Whether component `index` is an emptied heap, left off the board.
    /// (A coin strip's head at 0 is a coin with a move, and stays.)
    fn hidden(&self, index: usize) -> bool {
        let family = self.session.family();
        draws_heaps(family)
            && !family.whole_position_moves()
            && self.session.positions()[index] == "0"
            && family.has_moves("0").ok() == Some(false)
    }

    /// The index of the component shown as `label`, or why there is none.
    fn index_of(&self, label: usize) -> Result<usize, String> {
        match self.labels.iter().position(|&l| l == label) {
            Some(i) if !self.hidden(i) => Ok(i),
            Some(_) => Err(format!("component {label} is empty: it has no move")),
            None => Err(format!(
                "there is no component {label}: the board shows {}",
                self.shown_labels()
            )),
        }
    }

    /// The indices of the components on the board, in the order of their numbers.
    fn shown(&self) -> Vec<usize> {
        let mut shown: Vec<usize> = (0..self.labels.len())
            .filter(|&i| !self.hidden(i))
            .collect();
        shown.sort_by_key(|&i| self.labels[i]);
        shown
    }

    fn shown_labels(&self) -> String {
        let shown: Vec<String> = self.shown().into_iter().map(|i| self.label(i)).collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(", ")
        }
    }

    /// Renumbers after the move of component `index` (whose earlier positions were
    /// `before`): a component whose position did not change keeps its number (matched by
    /// text, the moved one excluded; families may reorder, as coin strips sort their heads),
    /// the first new part takes the moved component's number, any further parts new numbers.
    /// Returns a sentence naming the new numbers when a split made any.
    fn relabel_after(&mut self, index: usize, before: &[String]) -> Option<String> {
        let after = self.session.positions().to_vec();
        if self.session.family().whole_position_moves() {
            self.labels = (0..after.len()).collect();
            self.next_label = self.next_label.max(after.len());
            return None;
        }
        let mut unmatched: Vec<Option<usize>> = (0..before.len())
            .map(|i| (i != index).then_some(i))
            .collect();
        let moved = self.labels[index];
        let mut moved_label = Some(moved);
        let mut fresh = Vec::new();
        let mut labels = Vec::with_capacity(after.len());
        for position in &after {
            let same = unmatched
                .iter_mut()
                .find(|slot| slot.is_some_and(|i| &before[i] == position))
                .and_then(Option::take);
            let label = match same {
                Some(i) => self.labels[i],
                None => moved_label.take().unwrap_or_else(|| {
                    self.next_label += 1;
                    fresh.push(labels.len());
                    self.next_label - 1
                }),
            };
            labels.push(label);
        }
        self.labels = labels;
        (!fresh.is_empty()).then(|| {
            let mut parts: Vec<usize> = fresh;
            parts.extend(self.labels.iter().position(|&l| l == moved));
            parts.sort_by_key(|&i| self.labels[i]);
            let named: Vec<String> = parts
                .iter()
                .map(|&i| format!("component {} ({})", self.labels[i], after[i]))
                .collect();
            format!(
                "   (the parts are {}; the other components keep their numbers)",
                named.join(" and ")
            )
        })
    }
}

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
    let session = Session::new(family.as_ref(), args.positions.clone(), first)?;
    let mut table = Table::new(session);
    let mut history: Vec<Table> = Vec::new();
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = LineReader::new(stdin.lock());
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "grundy play {}: you against a perfect engine. Whoever cannot move loses.\nMoves: {MOVE_SYNTAX}.",
        family.spec()
    )?;
    write_board(&mut out, &table)?;
    let mut line_number;
    // The last refused line of a script, reported (exit 2) if the script ends on it.
    let mut refused: Option<String> = None;
    loop {
        if let Some(winner) = table.session.winner() {
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
        if table.session.to_move() == Side::Engine {
            let before = table.session.positions().to_vec();
            table.labels_before_engine = table.labels.clone();
            let m = table.session.play_engine()?;
            let name = table.label(m.component);
            if family.whole_position_moves() {
                writeln!(
                    out,
                    "I move: {} → {}   (type `why` for the reason)",
                    m.from, m.to
                )?;
            } else {
                writeln!(
                    out,
                    "I move component {name}: {} → {}   (type `why` for the reason)",
                    m.from, m.to
                )?;
            }
            if let Some(note) = table.relabel_after(m.component, &before) {
                writeln!(out, "{note}")?;
            }
            write_board(&mut out, &table)?;
            continue;
        }
        write!(out, "your move> ")?;
        out.flush()?;
        let Some(text) = input.next_line()?.map(str::to_string) else {
            writeln!(out, "\nend of input: the game is left unfinished.")?;
            return match refused.filter(|_| echo) {
                Some(reason) => Err(GameError::Unsupported(format!(
                    "the script ended on a refused line: {reason}"
                ))),
                None => Ok(()),
            };
        };
        line_number = input.line_number();
        if echo {
            writeln!(out, "{}", text.trim_end())?;
        }
        let whole = family.whole_position_moves();
        let numbers = table.labels.iter().max().map_or(0, |&l| l + 1);
        let said = match parse_command_for(&text, numbers, whole) {
            Err(message) => Err(message),
            Ok(Command::Move { component, to }) => {
                let index = if whole {
                    Ok(component.min(table.session.positions().len().saturating_sub(1)))
                } else {
                    table.index_of(component)
                };
                match index {
                    Err(message) => Err(message),
                    Ok(index) => {
                        let snapshot = table.clone();
                        human_move(&mut out, &mut table, family.as_ref(), index, &to).map(|()| {
                            history.push(snapshot);
                        })
                    }
                }
            }
            Ok(Command::Hint) => match table.session.hint() {
                Ok(m) => {
                    let label = |i: usize| table.label(i);
                    writeln!(
                        out,
                        "hint: play `{} {}`: {}",
                        table.label(m.component),
                        m.to,
                        render(&m, &label)
                    )?;
                    Ok(())
                }
                Err(e) => Err(format!("no hint: {e}")),
            },
            Ok(Command::Why) => {
                match table.session.last_engine_move() {
                    Some(m) => {
                        let labels = &table.labels_before_engine;
                        let label = |i: usize| labels.get(i).unwrap_or(&i).to_string();
                        writeln!(out, "why: {}", render(m, &label))?
                    }
                    None => writeln!(out, "I have not moved yet.")?,
                }
                Ok(())
            }
            Ok(Command::Values) => write_values(&mut out, &table).map_err(|e| e.to_string()),
            Ok(Command::Undo) => match history.pop() {
                Some(earlier) => {
                    table = earlier;
                    writeln!(out, "taken back: your last move and my reply.")?;
                    write_board(&mut out, &table)?;
                    Ok(())
                }
                None => Err("nothing to undo: you have not moved yet".to_string()),
            },
            Ok(Command::Show) => write_board(&mut out, &table).map_err(|e| e.to_string()),
            Ok(Command::Help) => {
                writeln!(
                    out,
                    "Type {MOVE_SYNTAX}.\n`hint` shows the move I would make for you, `why` explains my last move (Grundy values and their nim-sum), `values` lists each component's Grundy value, `undo` takes back your last move and my reply, `show` prints the position."
                )?;
                Ok(())
            }
            Ok(Command::Quit) => {
                writeln!(out, "You resign: I win.")?;
                return Ok(());
            }
        };
        refused = match said {
            Ok(()) => None,
            Err(message) => {
                writeln!(out, "{message}")?;
                Some(format!("line {line_number} `{}`: {message}", text.trim()))
            }
        };
    }
}

/// Plays the person's move; warns when it turns a won position into a lost one.
fn human_move(
    out: &mut impl Write,
    table: &mut Table,
    family: &dyn Family,
    index: usize,
    to: &str,
) -> Result<(), String> {
    let before_refs: Vec<String> = table.session.positions().to_vec();
    let refs: Vec<&str> = before_refs.iter().map(String::as_str).collect();
    let was_won = family.outcome(&refs, Play::Normal).ok() == Some(Winner::First);
    table
        .session
        .play_human(index, to)
        .map_err(illegal_move_message)?;
    if let Some(note) = table.relabel_after(index, &before_refs) {
        writeln!(out, "{note}").map_err(|e| e.to_string())?;
    }
    let now: Vec<&str> = table
        .session
        .positions()
        .iter()
        .map(String::as_str)
        .collect();
    let now_won_for_engine = family.outcome(&now, Play::Normal).ok() == Some(Winner::First);
    if was_won && now_won_for_engine && table.session.winner().is_none() {
        writeln!(
            out,
            "   (that move throws your win away: the position was won for you, and now I can win; `undo` takes it back, `hint` shows a winning move)"
        )
        .map_err(|e| e.to_string())?;
    }
    write_board(out, table).map_err(|e| e.to_string())
}

/// What the person is told when a move is refused (`grundy play` and `grundy serve`).
pub fn illegal_move_message(error: GameError) -> String {
    match error {
        GameError::BadPosition { text, reason } if text.is_empty() => {
            format!("illegal move: {reason}")
        }
        GameError::BadPosition { text, reason } => format!("illegal move to `{text}`: {reason}"),
        e => format!("illegal move: {e}"),
    }
}

/// The engine's argument for move `m`, with components named by `label`.
pub fn render(m: &grundy::impartial::play::Advice, label: &dyn Fn(usize) -> String) -> String {
    match &m.values {
        Some(reason) => reason.render_labelled(label),
        None => m.render(0).replacen(
            &format!("component {}:", m.component),
            &format!("component {}:", label(m.component)),
            1,
        ),
    }
}

/// Each shown component's Grundy value and the nim-sum (`values`).
fn write_values(out: &mut impl Write, table: &Table) -> Result<(), GameError> {
    let refs: Vec<&str> = table
        .session
        .positions()
        .iter()
        .map(String::as_str)
        .collect();
    let solution = table.session.family().solve(&refs, Play::Normal)?;
    if table.session.family().whole_position_moves() || solution.components.len() != refs.len() {
        match solution.grundy {
            Some(g) => writeln!(out, "the position's Grundy value: {g}")?,
            None => writeln!(out, "this game has no Grundy value; {}", solution.method)?,
        }
        return Ok(());
    }
    for i in table.shown() {
        let c = &solution.components[i];
        match c.grundy {
            Some(g) => writeln!(out, "  {:>2} │ G({}) = {g}", table.label(i), c.position)?,
            None => writeln!(
                out,
                "  {:>2} │ {} (no Grundy value)",
                table.label(i),
                c.position
            )?,
        }
    }
    match solution.grundy {
        Some(0) => writeln!(
            out,
            "nim-sum 0: the player to move loses against perfect play"
        )?,
        Some(g) => writeln!(out, "nim-sum {g} ≠ 0: the player to move can win")?,
        None => {}
    }
    Ok(())
}

/// The position, one component per row, each with its number: heaps as rows of tokens,
/// anything else as its text. Emptied heaps are left off.
fn write_board(out: &mut impl Write, table: &Table) -> Result<(), GameError> {
    let heaps = draws_heaps(table.session.family());
    let shown = table.shown();
    if shown.is_empty() {
        writeln!(out, "     (nothing left)")?;
    }
    for index in shown {
        let position = &table.session.positions()[index];
        let row = match position.parse::<u64>() {
            Ok(n) if heaps => draw_heap(n),
            _ => position.clone(),
        };
        writeln!(out, "  {:>2} │ {row}", table.label(index))?;
    }
    Ok(())
}

fn draw_heap(n: u64) -> String {
    let drawn = n.min(MAX_DRAWN_TOKENS) as usize;
    let cut = if n > MAX_DRAWN_TOKENS { "…" } else { "" };
    format!("{}{cut} ({n})", "●".repeat(drawn))
}
