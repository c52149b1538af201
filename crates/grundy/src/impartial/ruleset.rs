//! The typed face of a structured impartial game: a [`Ruleset`] works on its own
//! [`Ruleset::Position`] type (a cell, a tuple of heaps, a graph and a token), never on text;
//! the one text adapter [`Text`](crate::impartial::text::Text) turns any ruleset into the
//! [`Family`](crate::impartial::family::Family) the CLI and the Python package talk to.
//!
//! What only some games can do is a *capability*: a method returning `Option` (a misère theory,
//! a Grundy sequence to search for periods, a count by the game's own outcome rule), so that a
//! game without it says nothing instead of refusing a parameter.
//!
//! Heap games (a position is one integer) are written as
//! [`HeapRules`](crate::impartial::heap::HeapRules) instead: their capabilities (closed form,
//! bulk values, period certificate, long-run checkpointing) live there, because they are about
//! the sequence `G(0), G(1), …` rather than about one position.

use crate::error::GameError;
pub use crate::impartial::family::{ComponentReport, Layout};
use crate::numeric::Nimber;
pub use crate::outcome::{GameValue, Winner};
use crate::theory::period::HeapSequence;
use std::fmt::{self, Display};
use std::hash::Hash;
use std::str::FromStr;

/// The typed position of one heap (or one coin at `x`): an integer up to 2^64−1, read as
/// `10^18` or `2^64-1` too.
///
/// ```
/// use grundy::Heap;
/// assert_eq!("2^10".parse::<Heap>().unwrap(), Heap(1024));
/// assert_eq!(Heap(7).to_string(), "7");
/// assert!("-1".parse::<Heap>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heap(pub u64);

impl FromStr for Heap {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Heap, GameError> {
        crate::impartial::heap::parse_heap(text).map(Heap)
    }
}

impl Display for Heap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One typed move of a solved position: component `component` becomes the sum `to` (empty:
/// nothing is left). In a [`Layout::Whole`] game, `to` is the whole new position and
/// `component` the first entry the move changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply<P> {
    /// Which component moves (0-based).
    pub component: usize,
    /// What it becomes.
    pub to: Vec<P>,
}

/// A solved position as data, typed: what [`Ruleset::solve`] returns and the text adapter
/// writes as a [`Solution`](crate::impartial::family::Solution).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<P> {
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The value of the whole position, where it is a nimber.
    pub grundy: Option<u64>,
    /// Every winning move (empty when the player to move cannot win, or when listing them
    /// was refused: then `moves_omitted` says why).
    pub winning_moves: Vec<Reply<P>>,
    /// The components as reported, with their values.
    pub components: Vec<ComponentReport>,
    /// How the answer was obtained.
    pub method: String,
    /// Why the winning moves are not listed although the first player wins.
    pub moves_omitted: Option<String>,
    /// One winning move found without listing them all, when they are omitted.
    pub one_winning_move: Option<Reply<P>>,
}

/// The rules of a structured impartial game, on typed positions. Every fast path a ruleset
/// takes (a closed form, a theorem) must agree with [`Ruleset::options`] read as the
/// definition; each game's tests check that with the generic [`Solver`](crate::impartial::Solver).
///
/// A game needs only `spec`, `value` and `options`; [`Text`](crate::impartial::text::Text)
/// gives it the whole text interface:
///
/// ```
/// use grundy::{Family, GameError, GameValue, Heap, Nimber, Play, Ruleset, Text};
/// /// Take one or two tokens: G(n) = n mod 3.
/// struct TakeOneOrTwo;
/// impl Ruleset for TakeOneOrTwo {
///     type Position = Heap;
///     fn spec(&self) -> String {
///         "take-1-or-2".into()
///     }
///     fn value(&self, h: &Heap) -> Result<GameValue, GameError> {
///         Ok(GameValue::Finite(Nimber(h.0 % 3)))
///     }
///     fn options(&self, h: &Heap) -> Result<Vec<Vec<Heap>>, GameError> {
///         Ok((1..=2.min(h.0)).map(|t| vec![Heap(h.0 - t)]).collect())
///     }
/// }
/// let game = Text(TakeOneOrTwo);
/// let solution = game.solve(&["4", "2"], Play::Normal).unwrap();
/// // G(4) ⊕ G(2) = 1 ⊕ 2 = 3: win by 4 → 2 (2 ⊕ 2 = 0) or by 2 → 1 (1 ⊕ 1 = 0).
/// assert_eq!(solution.grundy, Some(3));
/// let moves: Vec<(usize, &str)> =
///     solution.winning_moves.iter().map(|m| (m.component, m.to.as_str())).collect();
/// assert_eq!(moves, [(0, "2"), (1, "1")]);
/// assert!(game.apply_move(&["4", "2"], 0, "1").is_err()); // takes three
/// ```
pub trait Ruleset: Send + Sync {
    /// One component of a sum (or, for [`Layout::Whole`], the whole position). Parsing
    /// errors name the token and what was expected.
    type Position: FromStr<Err = GameError> + Display + Clone + Eq + Hash;

    /// The canonical spec, e.g. `chessboard:15`.
    fn spec(&self) -> String;

    /// How a POSITION list is read. Default: a sum of components.
    fn layout(&self) -> Layout {
        Layout::Sum
    }

    /// What to type, for the refusal of an empty POSITION list (`list one cell `x,y` per
    /// component`).
    fn what_to_give(&self) -> &'static str {
        "list one position per component"
    }

    /// Reads one POSITION argument: by default `FromStr`, then [`Ruleset::check`]. A game
    /// whose one argument holds several components (a graph file with several tokens)
    /// returns them all.
    fn read(&self, text: &str) -> Result<Vec<Self::Position>, GameError> {
        let position: Self::Position = text.parse()?;
        self.check(&position)?;
        Ok(vec![position])
    }

    /// Reads every POSITION argument of a sum (none required: what is left after a move may
    /// be nothing). Default: each argument by [`Ruleset::read`]. A game whose arguments are
    /// read together (the tokens of one graph file, whose values are computed once)
    /// overrides it.
    fn read_sum(&self, positions: &[&str]) -> Result<Vec<Self::Position>, GameError> {
        let mut sum = Vec::with_capacity(positions.len());
        for text in positions {
            sum.extend(self.read(text)?);
        }
        Ok(sum)
    }

    /// What an empty POSITION list means to `solve`, `batch` and `play`. Default: a refusal
    /// naming [`Ruleset::what_to_give`], so that a forgotten argument is never the empty
    /// game; a game with a natural start (geography-grid: the corner) returns it.
    fn read_nothing(&self) -> Result<Vec<Self::Position>, GameError> {
        Err(crate::impartial::family::no_position_given(
            self.what_to_give(),
        ))
    }

    /// Checks what depends on the rules rather than the syntax (a cell on this board).
    fn check(&self, _position: &Self::Position) -> Result<(), GameError> {
        Ok(())
    }

    /// The normal-play value of one component.
    fn value(&self, position: &Self::Position) -> Result<GameValue, GameError>;

    /// Every option of one component, each a sum of positions (empty: nothing is left), in
    /// the game's move order. This is the definition the fast paths must agree with.
    fn options(&self, position: &Self::Position) -> Result<Vec<Vec<Self::Position>>, GameError>;

    /// Why the options of `position` have no values to list although it has moves: a game
    /// not decided by the mex of its options (prime-heap). `explain` reports it; `play` then
    /// lists the moves without values. Default: `None`.
    fn options_refusal(&self, _position: &Self::Position) -> Option<GameError> {
        None
    }

    /// Whether one component has a move. Default: from [`Ruleset::options`].
    fn has_moves(&self, position: &Self::Position) -> Result<bool, GameError> {
        Ok(!self.options(position)?.is_empty())
    }

    /// Whether `to` is an option of `from`. Default: one of [`Ruleset::options`]; games that
    /// can test a move directly at any size override it.
    fn is_option(&self, from: &Self::Position, to: &[Self::Position]) -> Result<bool, GameError> {
        Ok(self.options(from)?.iter().any(|o| o == to))
    }

    /// Reads the `to` of a move from `from` (`component` is the entry named, for
    /// [`Layout::Whole`] games). Default: parts separated by `+`, `none` for nothing left.
    fn read_move(
        &self,
        _from: &Self::Position,
        _component: usize,
        to: &str,
    ) -> Result<Vec<Self::Position>, GameError> {
        match to.trim() {
            "none" => Ok(Vec::new()),
            text => text
                .split('+')
                .map(|part| {
                    let position: Self::Position = part.parse()?;
                    self.check(&position)?;
                    Ok(position)
                })
                .collect(),
        }
    }

    /// Writes the `to` of a move: the parts joined by `+`, `none` for nothing left.
    fn write_move(&self, _from: &Self::Position, to: &[Self::Position]) -> String {
        write_parts(to)
    }

    /// The refusal of a move `to` that is not an option of `from`.
    fn illegal_move(&self, from: &Self::Position, to: &str) -> GameError {
        GameError::bad_position(to, format!("not reachable from `{from}` in one move"))
    }

    /// The sum after a move, tidied where the rules merge components (coins turned twice
    /// show tails again). Default: unchanged.
    fn after_move(&self, sum: Vec<Self::Position>) -> Vec<Self::Position> {
        sum
    }

    /// How `solve` reports a component (a token as its vertex). Default: the position.
    fn label(&self, position: &Self::Position) -> String {
        position.to_string()
    }

    /// How the normal-play answer is obtained, for the default [`Ruleset::solve`].
    fn method(&self) -> String {
        "Grundy values of the components by the definition (mex over options), nim-summed".into()
    }

    /// The normal-play answer for a sum. Default: each component's value, the nim-sum, and
    /// as winning moves every option of value `total ⊕ G(i)` ([`solve_by_values`]).
    fn solve(&self, sum: &[Self::Position]) -> Result<Solved<Self::Position>, GameError> {
        solve_by_values(self, sum)
    }

    /// Who wins a sum in normal play. Default: the nim-sum of the components' values.
    fn outcome(&self, sum: &[Self::Position]) -> Result<Winner, GameError> {
        let mut total = Nimber::ZERO;
        for position in sum {
            total ^= finite(self, position)?;
        }
        Ok(Winner::from_grundy(total))
    }

    /// Whether the game is over after a move that left `sum` (the player to move has lost).
    /// Default: no component has a move. Games won by reaching a target override it.
    fn is_over(&self, sum: &[Self::Position]) -> Result<bool, GameError> {
        for position in sum {
            if self.has_moves(position)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Capability: the value of one POSITION argument that holds several components (a graph
    /// file with several tokens), where the game adds values by its own rule (Smith's sums
    /// of loopy values). Default `None`: `value` takes one component.
    fn sum_value(&self, _sum: &[Self::Position]) -> Option<Result<GameValue, GameError>> {
        None
    }

    /// Capability: misère play, where the game has a theory of it.
    fn misere(&self) -> Option<&dyn Misere<Self::Position>> {
        None
    }

    /// Why misère play is refused when [`Ruleset::misere`] is `None`.
    fn misere_refusal(&self) -> GameError {
        GameError::Unsupported(format!(
            "misère play of `{}` has no theory in grundy; only normal play is available",
            self.spec()
        ))
    }

    /// Capability: the Grundy sequence of single heaps, for games whose components are heaps
    /// (`table`, `period`, `plot`).
    fn sequence(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// Capability: `count` for a game whose tuples of heaps are *not* sums: how many
    /// `heaps`-tuples of `sizes` are second-player wins, modulo `modulus`. See
    /// [`Family::count_second_player_wins`](crate::impartial::family::Family::count_second_player_wins).
    fn count_second_player_wins(
        &self,
        _sizes: &[u64],
        _heaps: u64,
        _modulus: u64,
    ) -> Option<Result<u64, GameError>> {
        None
    }
}

/// A misère theory of a game: its answer and outcome for a sum under misère play (who cannot
/// move wins). A theory may still refuse some positions (a sum where its condition fails).
pub trait Misere<P>: Send + Sync {
    /// The misère answer for a sum.
    fn solve_misere(&self, sum: &[P]) -> Result<Solved<P>, GameError>;

    /// Who wins a sum in misère play. Default: from [`Misere::solve_misere`].
    fn misere_outcome(&self, sum: &[P]) -> Result<Winner, GameError> {
        Ok(self.solve_misere(sum)?.winner)
    }
}

/// The parts of an option joined by `+`; `none` for nothing left.
pub fn write_parts<P: Display>(parts: &[P]) -> String {
    if parts.is_empty() {
        return "none".to_string();
    }
    let texts: Vec<String> = parts.iter().map(ToString::to_string).collect();
    texts.join("+")
}

/// The value of a component that must be a nimber (a sum needs one), or the refusal.
pub fn finite<R: Ruleset + ?Sized>(rules: &R, position: &R::Position) -> Result<Nimber, GameError> {
    match rules.value(position)? {
        GameValue::Finite(v) => Ok(v),
        other => Err(GameError::Unsupported(format!(
            "`{position}` of `{}` has no Grundy value ({other}); sums need one",
            rules.spec()
        ))),
    }
}

/// The options of `position` worth `target` (by [`Ruleset::options`] and each part's value).
pub fn options_worth<R: Ruleset + ?Sized>(
    rules: &R,
    position: &R::Position,
    target: Nimber,
) -> Result<Vec<Vec<R::Position>>, GameError> {
    let mut out = Vec::new();
    for to in rules.options(position)? {
        let mut value = Nimber::ZERO;
        for part in &to {
            value ^= finite(rules, part)?;
        }
        if value == target {
            out.push(to);
        }
    }
    Ok(out)
}

/// The normal-play answer of a sum from its components' values: the nim-sum, and as winning
/// moves every option of value `total ⊕ G(i)` (those make the sum 0), by [`options_worth`].
pub fn solve_by_values<R: Ruleset + ?Sized>(
    rules: &R,
    sum: &[R::Position],
) -> Result<Solved<R::Position>, GameError> {
    solve_with(rules, sum, |position, target| {
        options_worth(rules, position, target)
    })
}

/// [`solve_by_values`] with the game's own search for the options of a component worth a
/// target (`moves_to`), e.g. one nim-division instead of every option. A search that refuses
/// (`TooLarge`), or a list over the total cap of [`limits`](crate::limits) (issue 20: the sum's
/// list, not only each component's), omits the whole list and says why, never a partial list.
pub fn solve_with<R: Ruleset + ?Sized>(
    rules: &R,
    sum: &[R::Position],
    mut moves_to: impl FnMut(&R::Position, Nimber) -> Result<Vec<Vec<R::Position>>, GameError>,
) -> Result<Solved<R::Position>, GameError> {
    let values = sum
        .iter()
        .map(|p| finite(rules, p))
        .collect::<Result<Vec<Nimber>, _>>()?;
    let total = Nimber::sum(values.iter().copied());
    let mut winning_moves = Vec::new();
    let mut moves_omitted = None;
    if !total.is_zero() {
        for (component, (position, &v)) in sum.iter().zip(&values).enumerate() {
            match moves_to(position, total ^ v) {
                Ok(options) => {
                    if let Some(reason) =
                        crate::limits::winning_moves_over_cap(winning_moves.len(), options.len())
                    {
                        winning_moves.clear();
                        moves_omitted = Some(reason);
                        break;
                    }
                    winning_moves.extend(options.into_iter().map(|to| Reply { component, to }))
                }
                Err(GameError::TooLarge(reason)) => {
                    winning_moves.clear();
                    moves_omitted = Some(reason);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
    }
    Ok(Solved {
        winner: Winner::from_grundy(total),
        grundy: Some(total.0),
        winning_moves,
        components: sum
            .iter()
            .zip(&values)
            .map(|(p, v)| ComponentReport {
                position: rules.label(p),
                grundy: Some(v.0),
            })
            .collect(),
        method: rules.method(),
        moves_omitted,
        one_winning_move: None,
    })
}
