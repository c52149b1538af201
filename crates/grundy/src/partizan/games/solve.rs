//! Answers about a sum of positions of one partizan game, as data: the outcome, the canonical
//! form, and every winning move for each player moving first ([`solve`]); the options of a
//! position and which of them the canonical form drops as dominated or reversible
//! ([`explain`]).
//!
//! A first move wins exactly when it leaves a sum the mover wins moving second: `≥ 0` for
//! Left, `≤ 0` for Right.

use super::search::{too_many_moves, Session, MAX_LISTED_MOVES};
use super::Side;
use crate::error::GameError;
use crate::partizan::{Game, Outcome, Relation};
#[cfg(feature = "serde")]
use serde::Serializer;

#[cfg(feature = "serde")]
fn as_text<T: std::fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

#[cfg(feature = "serde")]
fn side_name<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match side {
        Side::Left => "left",
        Side::Right => "right",
    })
}

/// One move of a sum: component `component` becomes `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WinningMove {
    /// Which component of the sum (from 0).
    pub component: usize,
    /// That component after the move, in the game's notation.
    pub to: String,
    /// The move in words, where the notation cannot show it (Snort, Col, Toppling
    /// Dominoes: `colour vertex 2`, `topple domino 3 to the left`); see
    /// [`super::PartizanRules::move_sites`].
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub label: Option<String>,
}

impl std::fmt::Display for WinningMove {
    /// `→ TO`, then the move's name in parentheses when it has one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "→ {}", self.to)?;
        match &self.label {
            Some(label) => write!(f, " ({label})"),
            None => Ok(()),
        }
    }
}

/// What happens when one player moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FirstMove {
    /// Who wins, read off the canonical form (so it is known even when the list is refused).
    #[cfg_attr(feature = "serde", serde(serialize_with = "side_name"))]
    pub winner: Side,
    /// Every winning move of the first player (empty when the first player loses, or when
    /// `moves_omitted` is present).
    pub winning_moves: Vec<WinningMove>,
    /// Present only when listing the moves was refused (more than
    /// [`super::search::MAX_LISTED_MOVES`], e.g. the 5·10^17 cuts of a cake
    /// of 10^18 rows): says why. `winning_moves` is then empty whoever wins — never read it
    /// as "no winning move". The same field as impartial `solve --json`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub moves_omitted: Option<String>,
}

/// The solution of a sum (the `solve --json` fields).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Solution {
    /// `L`, `R`, `P` or `N`.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub outcome: Outcome,
    /// The canonical form of the sum.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub canonical: Game,
    /// Left moving first.
    pub left_first: FirstMove,
    /// Right moving first.
    pub right_first: FirstMove,
}

/// Whether `side` wins moving second in a game of value `g`.
pub fn wins_second(g: Game, side: Side) -> bool {
    match side {
        Side::Left => Game::zero().le(g),
        Side::Right => g.le(Game::zero()),
    }
}

/// The values of the components and of their sum.
pub fn values(
    session: &mut dyn Session,
    positions: &[&str],
) -> Result<(Vec<Game>, Game), GameError> {
    if positions.is_empty() {
        return Err(GameError::bad_position(
            "",
            "no position given: name at least one component",
        ));
    }
    let values = positions
        .iter()
        .map(|p| session.value(p))
        .collect::<Result<Vec<Game>, _>>()?;
    let sum = values
        .iter()
        .try_fold(Game::zero(), |sum, &v| sum.try_add(v))?;
    Ok((values, sum))
}

/// Every move of `side` in the sum, with the value of the whole sum after it.
/// Refused with `GameError::TooLarge` past [`MAX_LISTED_MOVES`] moves in all, counted before
/// any is built.
pub fn moves_of_sum(
    session: &mut dyn Session,
    positions: &[&str],
    side: Side,
) -> Result<Vec<(WinningMove, Game)>, GameError> {
    let (values, sum) = values(session, positions)?;
    let mut count: u128 = 0;
    for position in positions {
        count = count.saturating_add(session.move_count(position, side)?);
    }
    if count > MAX_LISTED_MOVES {
        return Err(too_many_moves(count, side));
    }
    let mut out = Vec::new();
    for (component, (position, &value)) in positions.iter().zip(&values).enumerate() {
        let rest = sum.try_sub(value)?;
        let sites = session.move_sites(position, side)?.unwrap_or_default();
        for (k, (to, after)) in session.moves(position, side)?.into_iter().enumerate() {
            let label = sites.get(k).map(|site| site.label.clone());
            out.push((
                WinningMove {
                    component,
                    to,
                    label,
                },
                rest.try_add(after)?,
            ));
        }
    }
    Ok(out)
}

/// Whether `side` wins moving first in a game of value `g`: unless the opponent wins
/// moving second.
pub fn wins_first(g: Game, side: Side) -> bool {
    !wins_second(g, side.other())
}

/// Outcome, canonical form and every winning first move of the sum of `positions`.
pub fn solve(session: &mut dyn Session, positions: &[&str]) -> Result<Solution, GameError> {
    let (_, canonical) = values(session, positions)?;
    // The answer prints it: refused here, before the moves are searched, if its text would
    // not fit the memory.
    canonical.check_text_fits()?;
    let mut first = |side: Side| -> Result<FirstMove, GameError> {
        let winner = if wins_first(canonical, side) {
            side
        } else {
            side.other()
        };
        let (winning_moves, moves_omitted) = match moves_of_sum(session, positions, side) {
            Ok(moves) => (
                moves
                    .into_iter()
                    .filter(|&(_, after)| wins_second(after, side))
                    .map(|(m, _)| m)
                    .collect::<Vec<_>>(),
                None,
            ),
            // The winner is known; only the list is out of reach: say so, never a partial list.
            Err(GameError::TooLarge(reason)) => (Vec::new(), Some(reason)),
            Err(e) => return Err(e),
        };
        debug_assert!(moves_omitted.is_some() || winning_moves.is_empty() == (winner != side));
        Ok(FirstMove {
            winner,
            winning_moves,
            moves_omitted,
        })
    };
    Ok(Solution {
        outcome: canonical.outcome(),
        canonical,
        left_first: first(Side::Left)?,
        right_first: first(Side::Right)?,
    })
}

/// Why an option is or is not in the canonical form.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", tag = "status"))]
pub enum Fate {
    /// An option of the canonical form.
    Kept,
    /// No better for its player than option `by` of the same side (equal values: the later
    /// one goes).
    Dominated {
        /// Index of the option (same side) that dominates it.
        by: usize,
    },
    /// The opponent's reply `through` is at least as good for the opponent as the whole
    /// game, so the option is replaced by `through`'s options for the mover.
    Reversible {
        /// The opponent's reply through which it reverses.
        #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
        through: Game,
    },
}

/// One option of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OptionNote {
    /// The position the move leads to.
    pub to: String,
    /// Its canonical form.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub value: Game,
    /// Whether the canonical form keeps it, and why not.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub fate: Fate,
}

/// The options of one position and the canonical form they simplify to.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Explanation {
    /// The position, written back in the game's notation.
    pub position: String,
    /// Left's options.
    pub left: Vec<OptionNote>,
    /// Right's options.
    pub right: Vec<OptionNote>,
    /// The canonical form they simplify to.
    #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
    pub canonical: Game,
}

/// Each option of `position` for both players, marked kept, dominated or reversible.
pub fn explain(session: &mut dyn Session, position: &str) -> Result<Explanation, GameError> {
    let canonical = session.value(position)?;
    canonical.check_text_fits()?;
    let notes = |moves: Vec<(String, Game)>, side: Side| -> Vec<OptionNote> {
        // `at_least(a, b)`: b is at least as good as a for `side`.
        let at_least = |a: Game, b: Game| match side {
            Side::Left => a.le(b),
            Side::Right => b.le(a),
        };
        moves
            .iter()
            .enumerate()
            .map(|(i, (to, value))| {
                let dominated = moves.iter().enumerate().position(|(j, (_, other))| {
                    j != i
                        && at_least(*value, *other)
                        && (value.compare(*other) != Relation::Equal || j < i)
                });
                let replies = match side {
                    Side::Left => value.right_options(),
                    Side::Right => value.left_options(),
                };
                let reverse = replies.into_iter().find(|&r| at_least(r, canonical));
                let fate = match (dominated, reverse) {
                    (Some(by), _) => Fate::Dominated { by },
                    (None, Some(through)) => Fate::Reversible { through },
                    (None, None) => Fate::Kept,
                };
                OptionNote {
                    to: to.clone(),
                    value: *value,
                    fate,
                }
            })
            .collect()
    };
    let left = notes(session.moves(position, Side::Left)?, Side::Left);
    let right = notes(session.moves(position, Side::Right)?, Side::Right);
    Ok(Explanation {
        position: session.parse(position)?,
        left,
        right,
        canonical,
    })
}

/// The move a player should make in a sum, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    /// The player to move.
    pub side: Side,
    /// The move advised.
    pub choice: WinningMove,
    /// The value of the whole sum after the move.
    pub after: Game,
    /// Whether the move wins (leaves a sum the mover wins moving second).
    pub wins: bool,
}

impl Advice {
    /// One sentence: why this move.
    pub fn reason(&self) -> String {
        let (name, relation) = match self.side {
            Side::Left => ("Left", "≥ 0"),
            Side::Right => ("Right", "≤ 0"),
        };
        if self.wins {
            format!(
                "it leaves the sum {} {relation}, so {name} wins with the opponent to move",
                self.after
            )
        } else {
            format!(
                "no move leaves the sum {relation}: {name} loses against perfect play; this one leaves {}",
                self.after
            )
        }
    }
}

/// `side`'s best move in the sum: the first winning move, else the first move; `None` when
/// `side` cannot move.
pub fn advise(
    session: &mut dyn Session,
    positions: &[&str],
    side: Side,
) -> Result<Option<Advice>, GameError> {
    let moves = moves_of_sum(session, positions, side)?;
    let best = moves
        .iter()
        .position(|&(_, after)| wins_second(after, side))
        .or((!moves.is_empty()).then_some(0));
    Ok(best.map(|i| {
        let (choice, after) = moves[i].clone();
        Advice {
            side,
            choice,
            after,
            wins: wins_second(after, side),
        }
    }))
}
