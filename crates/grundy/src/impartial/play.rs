//! A game against a perfect opponent (`grundy play`), as a state machine with no I/O: the CLI
//! reads lines, hands them to [`parse_command`], calls the session, and prints what it returns.
//! Keeping the terminal out of the library makes every rule here testable in-process.
//!
//! The engine's choice ([`advise`]): from a won position, the first winning move that `solve`
//! lists; from a lost one (where every move loses), the family's first move of the first
//! component that can move — for heap games that removes as little as possible, which keeps
//! the game long and gives the opponent the most chances to go wrong; from a drawn one (loopy
//! graphs), the first move after which the opponent still cannot force a win. Families
//! without Grundy values (geography, prime-heap) are played the same way, argued in words.

use crate::error::GameError;
use crate::impartial::explain::MoveReason;
use crate::impartial::family::{no_moves_left, Family, Layout, Play, Winner};

/// Whether `play` draws the components of `family` as rows of tokens: heaps do; coins,
/// cells, files and whole positions are shown as their text.
pub fn draws_heaps(family: &dyn Family) -> bool {
    family.layout() == Layout::Heaps
}

/// Who is to move, or who won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// The person at the terminal.
    Human,
    /// The perfect engine.
    Engine,
}

impl Side {
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::Human => Side::Engine,
            Side::Engine => Side::Human,
        }
    }
}

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Set the component numbered `component` (0-based, as the board shows it) to `to`.
    Move {
        /// Which component (0-based).
        component: usize,
        /// What it becomes, as the family reads a move.
        to: String,
    },
    /// Show a winning move (or the best one) without playing it.
    Hint,
    /// Explain the engine's last move.
    Why,
    /// Each component's Grundy value and their nim-sum.
    Values,
    /// Take back the last move pair (yours and the engine's reply).
    Undo,
    /// List the commands.
    Help,
    /// Print the position again.
    Show,
    /// Leave the game.
    Quit,
}

/// How to type a move, for prompts and error messages.
pub const MOVE_SYNTAX: &str =
    "COMPONENT TO (components numbered from 0, as in `solve`: `1 5` sets component 1 to 5; a split is written `1 3+3`), or: hint, why, values, undo, show, help, quit";

/// Parses one input line. Components are numbered from 0 (as the board, `solve` and
/// `explain` show them; `components` is one more than the largest number); with a single
/// component the number may be left out (`5` = `0 5`).
pub fn parse_command(line: &str, components: usize) -> Result<Command, String> {
    parse_command_for(line, components, false)
}

/// [`parse_command`] for a family; in whole-position games (`moore:K`, `staircase`) a single
/// word with commas is the whole new position (`3,3,3`), besides `COMPONENT TO`.
pub fn parse_command_for(
    line: &str,
    components: usize,
    whole_position: bool,
) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if let [word] = words[..] {
        if whole_position && word.contains(',') {
            return Ok(Command::Move {
                component: 0,
                to: word.to_string(),
            });
        }
    }
    let keyword = words.first().map(|w| w.to_ascii_lowercase());
    match (keyword.as_deref(), words.len()) {
        (Some("hint" | "h" | "?"), 1) => Ok(Command::Hint),
        (Some("why" | "w"), 1) => Ok(Command::Why),
        (Some("values" | "v"), 1) => Ok(Command::Values),
        (Some("undo" | "u"), 1) => Ok(Command::Undo),
        (Some("help"), 1) => Ok(Command::Help),
        (Some("show" | "board" | "s"), 1) => Ok(Command::Show),
        (Some("quit" | "exit" | "q"), 1) => Ok(Command::Quit),
        (None, _) => Err(format!("empty line: type {MOVE_SYNTAX}")),
        (Some(_), 1) if components == 1 => Ok(Command::Move {
            component: 0,
            to: words[0].to_string(),
        }),
        // `COMPONENT TO`, where TO is the rest of the line (a whole position `3 3 3`, or
        // `solve`'s wording of a move such as `cut edge at line 12 (5 5)`).
        (Some(_), n) if n >= 2 => {
            let last = components.saturating_sub(1);
            let label: usize = words[0].parse().map_err(|_| {
                format!(
                    "`{}` is not a component number (0 to {last}); type {MOVE_SYNTAX}",
                    words[0]
                )
            })?;
            if label >= components {
                return Err(format!(
                    "there is no component {label}: they are numbered 0 to {last}"
                ));
            }
            // `3 3 3` in a sum: one component changes per move, and a split is `3+3`.
            if !whole_position && n > 2 && words[1..].iter().all(|w| w.parse::<u64>().is_ok()) {
                return Err(format!(
                    "a move changes one component, written `COMPONENT TO`; a heap split into several is written with `+`, e.g. `{label} {}`",
                    words[1..].join("+")
                ));
            }
            Ok(Command::Move {
                component: label,
                to: words[1..].join(" "),
            })
        }
        _ => Err(format!(
            "I did not understand `{}`: type {MOVE_SYNTAX}",
            line.trim()
        )),
    }
}

/// A move the engine chose, and the argument for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    /// 0-based component moved (for whole-position games, the first entry changed).
    pub component: usize,
    /// What was moved: the component, or the whole position in whole-position games.
    pub from: String,
    /// What it becomes.
    pub to: String,
    /// Whether the move wins with perfect play.
    pub wins: bool,
    /// The argument by Grundy values, where every component has one.
    pub values: Option<MoveReason>,
    /// Otherwise the argument in words (the family's method, or why the move keeps a draw).
    pub argument: String,
}

impl Advice {
    /// Whether the move wins with perfect play.
    pub fn wins(&self) -> bool {
        self.wins
    }
}

/// Most moves the engine examines to keep a draw (each is one `outcome` call).
const MAX_DRAW_CANDIDATES: usize = 10_000;

/// The move the engine would make in `positions` for the player to move, and why: the first
/// winning move `solve` lists; in a lost position the family's first move (for heap games the
/// smallest removal: it keeps the game long); in a drawn one (loopy graphs) the first move
/// after which the opponent cannot win.
pub fn advise(family: &dyn Family, positions: &[&str]) -> Result<Advice, GameError> {
    let solution = family.solve(positions, Play::Normal)?;
    let whole = family.whole_position_moves();
    // Whole-position games have one value, the game's; sums one per component.
    let values: Option<Vec<u64>> = if whole {
        solution.grundy.map(|g| vec![g])
    } else {
        solution.components.iter().map(|c| c.grundy).collect()
    };
    let from_text = |component: usize| {
        if whole {
            positions.join(" ")
        } else {
            positions[component].to_string()
        }
    };
    let reason = |component: usize, to: &str, to_grundy: Option<u64>| {
        let values = values.clone()?;
        let index = if whole { 0 } else { component };
        Some(MoveReason::new(
            index,
            &from_text(component),
            to,
            values,
            to_grundy?,
        ))
    };
    if let Some(m) = solution.winning_moves.first() {
        let to_grundy = values
            .as_ref()
            .map(|v| v.iter().fold(0, |a, x| a ^ x) ^ v[if whole { 0 } else { m.component }]);
        return Ok(Advice {
            component: m.component,
            from: from_text(m.component),
            to: m.to.clone(),
            wins: true,
            values: reason(m.component, &m.to, to_grundy),
            argument: format!(
                "it leaves the opponent a lost position ({})",
                solution.method
            ),
        });
    }
    if solution.winner == Winner::First {
        return Err(GameError::TooLarge(format!(
            "the position is won but its winning moves cannot be listed: {}",
            solution.moves_omitted.unwrap_or_default()
        )));
    }
    let draw = solution.winner == Winner::Draw;
    let components: Vec<String> = if whole {
        vec![positions.join(" ")]
    } else {
        positions.iter().map(|p| p.to_string()).collect()
    };
    let mut refused = None;
    let mut examined = 0;
    for (component, position) in components.iter().enumerate() {
        // Options carry values (for the argument); families without them list moves.
        let candidates: Vec<(String, Option<u64>)> = match family.options(position) {
            Ok(options) => options
                .into_iter()
                .map(|o| (o.position, Some(o.grundy)))
                .collect(),
            Err(GameError::Unsupported(_)) => match family.moves(position) {
                Ok(moves) => moves.into_iter().map(|m| (m, None)).collect(),
                Err(e @ GameError::TooLarge(_)) => {
                    refused = Some(e);
                    continue;
                }
                Err(e) => return Err(e),
            },
            Err(e @ GameError::TooLarge(_)) => {
                refused = Some(e);
                continue;
            }
            Err(e) => return Err(e),
        };
        for (to, to_grundy) in candidates {
            if draw {
                examined += 1;
                if examined > MAX_DRAW_CANDIDATES {
                    break;
                }
                let after = family.apply_move(positions, component, &to)?;
                let after: Vec<&str> = after.iter().map(String::as_str).collect();
                if family.outcome(&after, Play::Normal)? == Winner::First {
                    continue;
                }
            }
            let component_moved = if whole {
                crate::impartial::games::tuple::parse_tuple::<u128>(&[to.as_str()])
                    .ok()
                    .and_then(|next| {
                        let now =
                            crate::impartial::games::tuple::parse_tuple::<u128>(positions).ok()?;
                        now.iter().zip(&next).position(|(a, b)| a != b)
                    })
                    .unwrap_or(0)
            } else {
                component
            };
            return Ok(Advice {
                component: component_moved,
                from: position.clone(),
                values: if draw {
                    None
                } else {
                    reason(component, &to, to_grundy)
                },
                to,
                wins: false,
                argument: if draw {
                    "the position is a draw (play can go on for ever); after this move the opponent still cannot force a win".to_string()
                } else {
                    format!(
                        "every move loses against perfect play ({})",
                        solution.method
                    )
                },
            });
        }
    }
    Err(refused
        .unwrap_or_else(|| GameError::Unsupported("there is no move: the game is over".into())))
}

/// A game in progress between a person and the engine (`Clone`, so that `undo` can keep
/// earlier states).
#[derive(Clone)]
pub struct Session<'f> {
    family: &'f dyn Family,
    positions: Vec<String>,
    to_move: Side,
    last_engine_move: Option<Advice>,
    /// Whether the player to move has no move (and so has lost).
    over: bool,
}

impl<'f> Session<'f> {
    /// Starts a game from `positions` with `first` to move. Positions are checked by solving
    /// them once, so a bad position fails here, not mid-game.
    pub fn new(
        family: &'f dyn Family,
        positions: Vec<String>,
        first: Side,
    ) -> Result<Session<'f>, GameError> {
        let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
        let solution = family.solve(&refs, Play::Normal)?;
        let standalone = family.standalone_components(&refs)?;
        // The family's canonical text (`1000` for `10^3`), where it reports one per component.
        let positions = if let Some(standalone) = standalone {
            standalone
        } else if solution.components.len() == positions.len() {
            solution
                .components
                .into_iter()
                .map(|c| c.position)
                .collect()
        } else {
            positions
        };
        let mut session = Session {
            family,
            positions,
            to_move: first,
            last_engine_move: None,
            over: false,
        };
        session.over = !session.any_moves()?;
        Ok(session)
    }

    /// The family being played.
    pub fn family(&self) -> &dyn Family {
        self.family
    }

    /// The components now, as the family writes them.
    pub fn positions(&self) -> &[String] {
        &self.positions
    }

    /// Who moves next.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The winner once the player to move cannot move (normal play: that player loses).
    pub fn winner(&self) -> Option<Side> {
        self.over.then(|| self.to_move.other())
    }

    /// The engine's last move and the argument for it (`why`).
    pub fn last_engine_move(&self) -> Option<&Advice> {
        self.last_engine_move.as_ref()
    }

    /// The person's move: component `component` (0-based) to `to`. An illegal move changes
    /// nothing and says why.
    pub fn play_human(&mut self, component: usize, to: &str) -> Result<(), GameError> {
        self.expect_turn(Side::Human)?;
        self.apply(component, to)
    }

    /// The engine moves; returns the move with its reason.
    pub fn play_engine(&mut self) -> Result<Advice, GameError> {
        self.expect_turn(Side::Engine)?;
        let reason = advise(self.family, &self.refs())?;
        self.apply(reason.component, &reason.to)?;
        self.last_engine_move = Some(reason.clone());
        Ok(reason)
    }

    /// What the engine would play for the player to move, and why.
    pub fn hint(&self) -> Result<Advice, GameError> {
        if self.over {
            return Err(GameError::Unsupported("the game is over".into()));
        }
        advise(self.family, &self.refs())
    }

    fn refs(&self) -> Vec<&str> {
        self.positions.iter().map(String::as_str).collect()
    }

    fn expect_turn(&self, side: Side) -> Result<(), GameError> {
        if self.over {
            return Err(GameError::Unsupported("the game is over".into()));
        }
        if self.to_move != side {
            return Err(GameError::Unsupported(match side {
                Side::Human => "it is the engine's turn".into(),
                Side::Engine => "it is your turn".into(),
            }));
        }
        Ok(())
    }

    fn apply(&mut self, component: usize, to: &str) -> Result<(), GameError> {
        self.positions = self.family.apply_move(&self.refs(), component, to)?;
        self.to_move = self.to_move.other();
        self.over = self.family.over_after_move(&self.refs())?;
        Ok(())
    }

    /// Whether the starting position has a move (a game won by reaching a target may start
    /// on one, and the player to move still plays).
    fn any_moves(&self) -> Result<bool, GameError> {
        Ok(!no_moves_left(self.family, &self.refs())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::parse_spec;
    use proptest::prelude::*;

    fn session<'f>(family: &'f dyn Family, heaps: &[u64], first: Side) -> Session<'f> {
        Session::new(family, heaps.iter().map(u64::to_string).collect(), first).unwrap()
    }

    #[test]
    fn commands() {
        assert_eq!(
            parse_command(" 2 5 ", 3),
            Ok(Command::Move {
                component: 2,
                to: "5".into()
            })
        );
        assert_eq!(
            parse_command("7", 1),
            Ok(Command::Move {
                component: 0,
                to: "7".into()
            })
        );
        assert_eq!(parse_command("HINT", 3), Ok(Command::Hint));
        assert_eq!(parse_command("why", 3), Ok(Command::Why));
        assert_eq!(parse_command("q", 3), Ok(Command::Quit));
        assert_eq!(
            parse_command_for("1 3 3 3", 3, true),
            Ok(Command::Move {
                component: 1,
                to: "3 3 3".into()
            })
        );
        assert_eq!(parse_command("undo", 3), Ok(Command::Undo));
        assert_eq!(parse_command("values", 3), Ok(Command::Values));
        for bad in ["", "3 1", "4 1", "x 1", "7", "hint me"] {
            assert!(parse_command(bad, 3).is_err(), "{bad:?}");
        }
        // A split typed with spaces is refused with the `+` syntax.
        let e = parse_command("3 3 3", 4).unwrap_err();
        assert!(e.contains("written with `+`, e.g. `3 3+3`"), "{e}");
    }

    #[test]
    fn illegal_moves_change_nothing_and_say_why() {
        let family = parse_spec("subtraction:1,3,4").unwrap();
        let mut s = session(family.as_ref(), &[9, 2], Side::Human);
        let err = s.play_human(0, "7").unwrap_err().to_string();
        assert!(
            err.contains("not reachable from `9` in one move (the moves leave 8, 6, 5)"),
            "{err}"
        );
        assert!(s.play_human(0, "10").is_err());
        assert!(s.play_human(2, "1").is_err());
        assert!(s.play_human(0, "x").is_err());
        assert_eq!(s.positions(), ["9", "2"]);
        assert_eq!(s.to_move(), Side::Human);
        assert!(s.play_engine().is_err(), "not the engine's turn");
        s.play_human(0, "6").unwrap();
        assert_eq!(
            (s.positions(), s.to_move()),
            (&["6".into(), "2".into()][..], Side::Engine)
        );
    }

    #[test]
    fn engine_explains_its_winning_move() {
        let family = parse_spec("nim").unwrap();
        let mut s = session(family.as_ref(), &[3, 5, 7], Side::Engine);
        let m = s.play_engine().unwrap();
        assert!(m.wins());
        assert_eq!((m.component, m.to.as_str()), (0, "2"));
        assert_eq!(s.positions(), ["2", "5", "7"]);
        let why = s.last_engine_move().unwrap().render(1);
        assert!(
            why.contains("3 ⊕ 5 ⊕ 7 = 1 ≠ 0; component 1: 3 → 2 changes G = 3 to G = 2 = 1 ⊕ 3, so the nim-sum becomes 2 ⊕ 5 ⊕ 7 = 0"),
            "{why}"
        );
        let hint = s.hint().unwrap();
        assert!(!hint.wins() && hint.values.as_ref().unwrap().total_before == 0);
    }

    #[test]
    fn a_lost_position_with_a_huge_heap_still_gets_a_move() {
        let family = parse_spec("nim").unwrap();
        let m = advise(family.as_ref(), &["10^18", "10^18", "5", "5"]).unwrap();
        assert_eq!((m.component, m.to.as_str(), m.wins()), (2, "4", false));
        assert!(advise(family.as_ref(), &["10^18", "10^18"]).is_err());
    }

    #[test]
    fn positions_are_shown_in_canonical_form() {
        let family = parse_spec("nim").unwrap();
        let s = Session::new(
            family.as_ref(),
            vec!["2^3".into(), "1e1".into()],
            Side::Human,
        );
        assert_eq!(s.unwrap().positions(), ["8", "10"]);
    }

    #[test]
    fn a_terminal_start_is_over_at_once() {
        let family = parse_spec("nim").unwrap();
        let s = session(family.as_ref(), &[0, 0], Side::Human);
        assert_eq!(s.winner(), Some(Side::Engine));
        assert!(s.hint().is_err());
    }

    /// From a drawn position the engine never moves into a loss: 0 ⇄ 1 is a cycle, and the
    /// move 0 → 2 lets the opponent finish with 2 → 3.
    #[test]
    fn the_engine_keeps_a_draw() {
        let path = std::env::temp_dir().join(format!("grundy-draw-{}.txt", std::process::id()));
        std::fs::write(&path, "0 2\n0 1\n1 0\n2 3\nstart 0\n").unwrap();
        let position = format!("@{}", path.display());
        let family = parse_spec("graph").unwrap();
        let solution = family.solve(&[&position], Play::Normal).unwrap();
        assert_eq!(solution.winner, Winner::Draw);
        let mut s = Session::new(family.as_ref(), vec![position.clone()], Side::Engine).unwrap();
        let m = s.play_engine().unwrap();
        assert_eq!((m.to.as_str(), m.wins()), ("1", false));
        assert!(m.render(1).contains("draw"), "{}", m.render(1));
        assert_eq!(s.positions(), [format!("{position}#at=1")]);
        std::fs::remove_file(&path).unwrap();
    }

    proptest! {
        /// The engine wins every position the theory gives it (non-zero nim-sum with the engine
        /// to move, or zero with the person) against arbitrary legal moves; a person who
        /// follows the hints wins all the others.
        #[test]
        fn engine_wins_what_theory_says(
            heaps in proptest::collection::vec(0u64..12, 1..4),
            engine_first in any::<bool>(),
            choices in proptest::collection::vec(any::<usize>(), 64),
        ) {
            let family = parse_spec("subtraction:1,2,5").unwrap();
            let first = if engine_first { Side::Engine } else { Side::Human };
            let mut s = session(family.as_ref(), &heaps, first);
            let refs: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
            let total = family.solve(&refs, Play::Normal).unwrap().grundy.unwrap();
            let engine_should_win = (total != 0) == engine_first;
            let mut turn = 0;
            while s.winner().is_none() {
                match s.to_move() {
                    Side::Engine => { s.play_engine().unwrap(); }
                    Side::Human if !engine_should_win => {
                        let hint = s.hint().unwrap();
                        prop_assert!(hint.wins());
                        s.play_human(hint.component, &hint.to).unwrap();
                    }
                    Side::Human => {
                        // An arbitrary legal move from the listed options.
                        let movable: Vec<usize> = (0..s.positions().len())
                            .filter(|&i| family.has_moves(&s.positions()[i]).unwrap())
                            .collect();
                        let c = movable[choices[turn % choices.len()] % movable.len()];
                        let options = family.options(&s.positions()[c]).unwrap();
                        let o = &options[choices[(turn + 1) % choices.len()] % options.len()];
                        s.play_human(c, &o.position.clone()).unwrap();
                    }
                }
                turn += 1;
            }
            prop_assert_eq!(s.winner() == Some(Side::Engine), engine_should_win);
        }
    }
}
