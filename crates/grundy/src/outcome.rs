//! Who wins: the two play conventions and the outcome of a position, shared by every world
//! of games and by the theories (misère play) that decide it.

use crate::numeric::Nimber;
use std::fmt;

/// Normal play (who cannot move loses) or misère play (who cannot move wins).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
///
/// ```
/// use grundy::{parse_spec, Play, Winner};
/// let nim = parse_spec("nim")?;
/// // Heaps 1 and 1: whoever moves leaves the last token.
/// assert_eq!(nim.outcome(&["1", "1"], Play::Normal)?, Winner::Second);
/// assert_eq!(nim.outcome(&["1", "1"], Play::Misere)?, Winner::First);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub enum Play {
    #[default]
    /// The player who makes the last move wins.
    Normal,
    /// The player who makes the last move loses.
    Misere,
}

/// Who wins with perfect play, from the point of view of the player about to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
///
/// ```
/// use grundy::{Nimber, Winner};
/// assert_eq!(Winner::from_grundy(Nimber(0)), Winner::Second);
/// assert_eq!(Winner::from_grundy(Nimber(5)), Winner::First);
/// assert_eq!(Winner::First.as_str(), "first");
/// ```
pub enum Winner {
    /// The player to move wins.
    First,
    /// The player to move loses (a P-position).
    Second,
    /// Neither can force a win (loopy games only).
    Draw,
}

impl Winner {
    /// Normal-play winner of a position with Grundy value `g`.
    pub fn from_grundy(g: Nimber) -> Winner {
        if g.is_zero() {
            Winner::Second
        } else {
            Winner::First
        }
    }

    /// `first`, `second` or `draw`: the CLI's word, also its `--json` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::First => "first",
            Winner::Second => "second",
            Winner::Draw => "draw",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The value of one position: a nimber; in loopy games ∞ together with the finite values it
/// can move to (Smith's generalised Sprague–Grundy function, [`crate::theory::loopy`]); or no
/// value at all where the player to move wins at once by a rule of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
///
/// ```
/// use grundy::{parse_spec, GameValue, Nimber};
/// // Wythoff's game: (1, 2) is a P-position, (2, 2) has value 1.
/// let wythoff = parse_spec("wythoff")?;
/// assert_eq!(wythoff.value("1,2")?, GameValue::Finite(Nimber(0)));
/// assert_eq!(wythoff.value("2,2")?.finite(), Some(Nimber(1)));
/// # Ok::<(), grundy::GameError>(())
/// ```
pub enum GameValue {
    /// A Grundy value.
    Finite(Nimber),
    /// ∞ (a loopy position that is not a second-player win), written `∞(…)`.
    Infinite {
        /// The finite values among its options, ascending.
        reachable: Vec<u64>,
    },
    /// No Grundy value: the player to move wins at once, by a rule that is not "the last
    /// move wins" (prime-heap: a move onto a prime). `why` names the winning move.
    WinsAtOnce {
        /// The move that wins at once.
        why: String,
    },
}

impl GameValue {
    /// The nimber, when the value is finite.
    pub fn finite(self) -> Option<Nimber> {
        match self {
            GameValue::Finite(n) => Some(n),
            GameValue::Infinite { .. } | GameValue::WinsAtOnce { .. } => None,
        }
    }
}

impl fmt::Display for GameValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameValue::Finite(n) => write!(f, "{}", n.0),
            GameValue::Infinite { reachable } => {
                let parts: Vec<String> = reachable.iter().map(u64::to_string).collect();
                write!(f, "∞{{{}}}", parts.join(","))
            }
            GameValue::WinsAtOnce { why } => {
                write!(
                    f,
                    "no Grundy value: the player to move wins at once ({why})"
                )
            }
        }
    }
}
