//! A game against a perfect opponent (`grundy play`), as a state machine with no I/O: the CLI
//! reads lines, hands them to [`parse_command`], calls the session, and prints what it returns.
//! Keeping the terminal out of the library makes every rule here testable in-process.
//!
//! The engine's choice ([`advise`]): from a non-zero nim-sum, the first winning move that
//! `solve` lists; from a zero position (where every move loses), the family's first move of
//! the first component that can move — for heap games that removes as little as possible,
//! which keeps the game long and gives the opponent the most chances to go wrong.

use crate::error::GameError;
use crate::explain::MoveReason;
use crate::family::{Family, Play};

/// Who is to move, or who won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    Human,
    Engine,
}

impl Side {
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
    /// Set component `component` (0-based; typed 1-based) to `to`.
    Move {
        component: usize,
        to: String,
    },
    Hint,
    Why,
    Help,
    Show,
    Quit,
}

/// How to type a move, for prompts and error messages.
pub const MOVE_SYNTAX: &str =
    "COMPONENT TO (e.g. `2 5` sets component 2 to 5), or: hint, why, show, help, quit";

/// Parses one input line. Components are typed from 1 (as the board shows them); with a
/// single component the number may be left out (`5` = `1 5`).
pub fn parse_command(line: &str, components: usize) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let keyword = words.first().map(|w| w.to_ascii_lowercase());
    match (keyword.as_deref(), words.len()) {
        (Some("hint" | "h" | "?"), 1) => Ok(Command::Hint),
        (Some("why" | "w"), 1) => Ok(Command::Why),
        (Some("help"), 1) => Ok(Command::Help),
        (Some("show" | "board" | "s"), 1) => Ok(Command::Show),
        (Some("quit" | "exit" | "q"), 1) => Ok(Command::Quit),
        (None, _) => Err(format!("empty line: type {MOVE_SYNTAX}")),
        (Some(_), 1) if components == 1 => Ok(Command::Move {
            component: 0,
            to: words[0].to_string(),
        }),
        (Some(_), 2) => {
            let label: usize = words[0].parse().map_err(|_| {
                format!(
                    "`{}` is not a component number (1 to {components}); type {MOVE_SYNTAX}",
                    words[0]
                )
            })?;
            if label == 0 || label > components {
                return Err(format!(
                    "there is no component {label}: they are numbered 1 to {components}"
                ));
            }
            Ok(Command::Move {
                component: label - 1,
                to: words[1].to_string(),
            })
        }
        _ => Err(format!(
            "I did not understand `{}`: type {MOVE_SYNTAX}",
            line.trim()
        )),
    }
}

/// The move the engine would make in `positions` for the player to move, and why.
pub fn advise(family: &dyn Family, positions: &[&str]) -> Result<MoveReason, GameError> {
    let solution = family.solve(positions, Play::Normal)?;
    let values: Vec<u64> = solution
        .components
        .iter()
        .map(|c| c.grundy)
        .collect::<Option<_>>()
        .ok_or_else(|| {
            GameError::Unsupported(format!(
                "`{}`: playing needs a Grundy value for every component",
                family.spec()
            ))
        })?;
    let total = values.iter().fold(0, |a, v| a ^ v);
    if let Some(m) = solution.winning_moves.first() {
        let from = positions[m.component];
        return Ok(MoveReason::new(
            m.component,
            from,
            &m.to,
            values.clone(),
            total ^ values[m.component],
        ));
    }
    // Every move loses: the first move of the first component whose options can be listed.
    let mut refused = None;
    for (component, &position) in positions.iter().enumerate() {
        match family.options(position) {
            Ok(options) => {
                if let Some(first) = options.first() {
                    return Ok(MoveReason::new(
                        component,
                        position,
                        &first.position,
                        values,
                        first.grundy,
                    ));
                }
            }
            Err(e @ GameError::TooLarge(_)) => refused = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(refused
        .unwrap_or_else(|| GameError::Unsupported("there is no move: the game is over".into())))
}

/// A game in progress between a person and the engine.
pub struct Session<'f> {
    family: &'f dyn Family,
    positions: Vec<String>,
    to_move: Side,
    last_engine_move: Option<MoveReason>,
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
        // The family's canonical text (`1000` for `10^3`), where it reports one per component.
        let positions = if solution.components.len() == positions.len() {
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

    pub fn family(&self) -> &dyn Family {
        self.family
    }

    pub fn positions(&self) -> &[String] {
        &self.positions
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The winner once the player to move cannot move (normal play: that player loses).
    pub fn winner(&self) -> Option<Side> {
        self.over.then(|| self.to_move.other())
    }

    /// The engine's last move and the argument for it (`why`).
    pub fn last_engine_move(&self) -> Option<&MoveReason> {
        self.last_engine_move.as_ref()
    }

    /// The person's move: component `component` (0-based) to `to`. An illegal move changes
    /// nothing and says why.
    pub fn play_human(&mut self, component: usize, to: &str) -> Result<(), GameError> {
        self.expect_turn(Side::Human)?;
        self.apply(component, to)
    }

    /// The engine moves; returns the move with its reason.
    pub fn play_engine(&mut self) -> Result<MoveReason, GameError> {
        self.expect_turn(Side::Engine)?;
        let reason = advise(self.family, &self.refs())?;
        self.apply(reason.component, &reason.to)?;
        self.last_engine_move = Some(reason.clone());
        Ok(reason)
    }

    /// What the engine would play for the player to move, and why.
    pub fn hint(&self) -> Result<MoveReason, GameError> {
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
        self.over = !self.any_moves()?;
        Ok(())
    }

    fn any_moves(&self) -> Result<bool, GameError> {
        for position in &self.positions {
            if self.family.has_moves(position)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::parse_spec;
    use proptest::prelude::*;

    fn session<'f>(family: &'f dyn Family, heaps: &[u64], first: Side) -> Session<'f> {
        Session::new(family, heaps.iter().map(u64::to_string).collect(), first).unwrap()
    }

    #[test]
    fn commands() {
        assert_eq!(
            parse_command(" 2 5 ", 3),
            Ok(Command::Move {
                component: 1,
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
        for bad in ["", "0 1", "4 1", "x 1", "1 2 3", "7", "hint me"] {
            assert!(parse_command(bad, 3).is_err(), "{bad:?}");
        }
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
        assert!(!hint.wins() && hint.total_before == 0);
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
