//! The text interface of a game: a [`Family`] is a parsed GAME spec that answers `solve`,
//! `value`, `batch` and (for heap games) `table` from position *text*, and the report types
//! it answers with ([`Solution`], [`Move`], [`OptionReport`]).
//!
//! Families are trait objects so the CLI and the Python package need no knowledge of any
//! particular game. No game implements `Family` itself: there are exactly two adapters, one
//! per kind of rules. Heap games implement
//! [`HeapRules`](crate::impartial::heap::HeapRules) and are wrapped in
//! [`HeapFamily`](crate::impartial::heap::HeapFamily) (tables, periods, the gcd sieve);
//! every other game is a typed [`Ruleset`](crate::impartial::ruleset::Ruleset) wrapped in
//! [`Text`](crate::impartial::text::Text), which parses positions with the ruleset's
//! `FromStr` and writes its typed answers back.

use crate::error::GameError;
pub use crate::outcome::{GameValue, Play, Winner};
use crate::theory::period::HeapSequence;

/// How a POSITION list is read.
///
/// ```
/// use grundy::Layout;
/// assert_eq!(grundy::parse_spec("nim").unwrap().layout(), Layout::Heaps);
/// assert_eq!(grundy::parse_spec("chessboard").unwrap().layout(), Layout::Sum);
/// assert_eq!(grundy::parse_spec("moore:2").unwrap().layout(), Layout::Whole);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A sum of independent components, one per argument (cells, coins, pictures, tokens).
    Sum,
    /// Heaps of tokens, one per argument (a sum of heaps, or one game of heaps: prime-heap).
    Heaps,
    /// One position written over all the arguments, whose moves may change several entries
    /// at once (Moore's Nim, staircase Nim): a move names the first entry it changes.
    Whole,
}

/// One winning move: replace component `component` (0-based) by the position `to`.
///
/// ```
/// use grundy::{Move, Play};
/// let game = grundy::parse_spec("subtraction:1,2").unwrap();
/// // G(n) = n mod 3: from 4 + 0 the winning move takes one token.
/// let solution = game.solve(&["4", "0"], Play::Normal).unwrap();
/// assert_eq!(solution.winning_moves, [Move { component: 0, to: "3".into() }]);
/// // The same text is what `apply_move` takes.
/// assert_eq!(game.apply_move(&["4", "0"], 0, "3").unwrap(), ["3", "0"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Move {
    /// Which component moves (0-based).
    pub component: usize,
    /// What it becomes, as `play` and `apply_move` take it.
    pub to: String,
}

/// One component of a solved position, for reports.
///
/// ```
/// use grundy::{ComponentReport, Play};
/// let nim = grundy::parse_spec("nim").unwrap();
/// let solution = nim.solve(&["2^3"], Play::Normal).unwrap();
/// // Reported in the family's canonical text.
/// assert_eq!(solution.components, [ComponentReport { position: "8".into(), grundy: Some(8) }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ComponentReport {
    /// The component as typed (or as the family reports it: a token as its vertex).
    pub position: String,
    /// The component's (normal-play) Grundy value, also in misère play, where the misère
    /// rule of heap games decides from these values; `null` for ∞ in loopy games, where the
    /// position has none (prime-heap: the mover wins at once), and for whole-position games
    /// in misère play (`moore:K`, whose rule reads the heaps, not values).
    pub grundy: Option<u64>,
}

/// Everything `grundy solve` reports. Field names are a public interface (`--json`).
///
/// ```
/// use grundy::{Move, Play, Winner};
/// let nim = grundy::parse_spec("nim").unwrap();
/// let solution = nim.solve(&["3", "5"], Play::Normal).unwrap();
/// // 3 ⊕ 5 = 6: the one winning move takes heap 5 down to 5 ⊕ 6 = 3.
/// assert_eq!((solution.winner, solution.grundy), (Winner::First, Some(6)));
/// assert_eq!(solution.winning_moves, [Move { component: 1, to: "3".into() }]);
/// assert_eq!(solution.components[1].grundy, Some(5));
/// assert_eq!(solution.moves_omitted, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Solution {
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The Grundy value of the whole position; `null` where it is not a nimber (loopy ∞,
    /// misère play, a prime-heap position the mover wins at once).
    pub grundy: Option<u64>,
    /// Every winning move (empty when the player to move cannot win).
    pub winning_moves: Vec<Move>,
    /// Each component with its value.
    pub components: Vec<ComponentReport>,
    /// How the answer was obtained (closed form, table, certified period, theorem…).
    pub method: String,
    /// Present only when the winner is known but listing the winning moves was refused
    /// (e.g. a heap of 10^12 with ~10^12 options): says why. `winning_moves` is then empty
    /// although the first player wins — never read it as "no winning move".
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub moves_omitted: Option<String>,
    /// Present only with `moves_omitted` when the first player wins and the family can find
    /// **one** winning move without enumerating options (a periodic heap game: the splits
    /// over one period; Turning Corners: `a ⊗ b = t` solved in the nim field).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub one_winning_move: Option<Move>,
}

/// One option of a position (what one move leaves), with its value: the raw material of a
/// derivation `G(x) = mex{…}` (`grundy explain`) and of move checking (`grundy play`).
///
/// ```
/// let kayles = grundy::parse_spec("kayles").unwrap();
/// // From a row of 3: take 1 from the end (2), 2 from the end (1), 1 from the middle (1+1).
/// let options = kayles.options("3").unwrap();
/// let listed: Vec<(&str, u64)> = options.iter().map(|o| (o.position.as_str(), o.grundy)).collect();
/// assert_eq!(listed, [("2", 2), ("1", 1), ("1+1", 0)]);
/// assert_eq!(options[2].parts.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OptionReport {
    /// The position the move leaves; a move that splits a heap writes the parts as `3+4`.
    pub position: String,
    /// The parts of the option with their values: one for most moves, several when a move
    /// splits a heap, none when the move leaves nothing.
    pub parts: Vec<ComponentReport>,
    /// The option's value: the nim-sum of its parts.
    pub grundy: u64,
}

/// A parsed GAME spec, as the CLI uses it: positions in and answers out as text, under a
/// [`Play`] convention.
///
/// ```
/// use grundy::{Family, GameValue, Nimber, Play, Winner};
/// let nim: Box<dyn Family> = grundy::parse_spec("nim").unwrap();
/// assert_eq!(nim.value("5").unwrap(), GameValue::Finite(Nimber(5)));
/// assert_eq!(nim.outcome(&["3", "3"], Play::Normal).unwrap(), Winner::Second);
/// // Misère Nim with a heap above 1: the nim-sum decides, as in normal play.
/// assert_eq!(nim.outcome(&["3", "2"], Play::Misere).unwrap(), Winner::First);
/// let mut out = String::new();
/// nim.batch("1 1\n2\n", Play::Normal, &mut out).unwrap();
/// assert_eq!(out, "second\nfirst\n");
/// assert!(nim.value("x").is_err());
/// ```
pub trait Family: Send + Sync {
    /// The canonical spec, e.g. `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// Solves the game given by the POSITION arguments (a sum of components for most families).
    fn solve(&self, positions: &[&str], play: Play) -> Result<Solution, GameError>;

    /// The value of a single position.
    fn value(&self, position: &str) -> Result<GameValue, GameError>;

    /// Who wins the game given by `positions`; cheaper than [`Family::solve`] where the
    /// family can skip finding moves.
    fn outcome(&self, positions: &[&str], play: Play) -> Result<Winner, GameError> {
        Ok(self.solve(positions, play)?.winner)
    }

    /// `grundy batch`: one line of whitespace-separated positions in, one winner out, for
    /// every line of `input`, by the one rule of [`batch_lines`] (blank line = the empty
    /// position). Families with a faster bulk method override this and keep that rule.
    fn batch(&self, input: &str, play: Play, out: &mut String) -> Result<(), GameError> {
        batch_by_outcome(self, input, play, out)
    }

    /// The Grundy sequence view, for families whose positions are single heaps.
    fn sequence(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// `count` for a family whose tuples of heaps are *not* disjunctive sums (prime-heap):
    /// how many `heaps`-tuples of `sizes` (sorted, distinct) are second-player wins, modulo
    /// `modulus ≥ 1`, by the family's own outcome rule. `None` (the default): a tuple is a
    /// sum, decided by the nim-sum of the heaps' values ([`crate::impartial::count`]).
    fn count_second_player_wins(
        &self,
        _sizes: &[u64],
        _heaps: u64,
        _modulus: u64,
    ) -> Option<Result<u64, GameError>> {
        None
    }

    /// Every option of the single component `position`, with its value, in the family's move
    /// order (for `explain` and `play`).
    fn options(&self, position: &str) -> Result<Vec<OptionReport>, GameError> {
        Err(GameError::Unsupported(format!(
            "`{}` cannot list the options of a position (`{position}`) yet",
            self.spec()
        )))
    }

    /// Whether the single component `position` has a move. Default: from [`Family::options`].
    fn has_moves(&self, position: &str) -> Result<bool, GameError> {
        Ok(!self.options(position)?.is_empty())
    }

    /// Plays component `component` (0-based) of `positions` to `to`: the new list of
    /// components, or an error saying why the move is illegal. Default: `to` must be the text
    /// of one of [`Family::options`]; its parts replace the component.
    fn apply_move(
        &self,
        positions: &[&str],
        component: usize,
        to: &str,
    ) -> Result<Vec<String>, GameError> {
        let from = component_at(positions, component)?;
        let options = self.options(from)?;
        let option = options
            .iter()
            .find(|o| o.position == to.trim())
            .ok_or_else(|| {
                let listed: Vec<String> = options.iter().map(|o| o.position.clone()).collect();
                GameError::bad_position(to, illegal_move_reason(from, Some(&listed)))
            })?;
        let mut next: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
        let parts: Vec<String> = if option.parts.is_empty() {
            vec![option.position.clone()]
        } else {
            option.parts.iter().map(|p| p.position.clone()).collect()
        };
        next.splice(component..=component, parts);
        Ok(next)
    }

    /// Every move of the single component `position`, as the `to` text [`Family::apply_move`]
    /// takes, for `play` where options have no Grundy value to list (geography, ∞ positions,
    /// the prime-heap game). Default: the positions of [`Family::options`].
    fn moves(&self, position: &str) -> Result<Vec<String>, GameError> {
        Ok(self
            .options(position)?
            .into_iter()
            .map(|o| o.position)
            .collect())
    }

    /// How the POSITION list is read: heaps, a sum of other components, or one whole
    /// position (see [`Layout`]).
    fn layout(&self) -> Layout;

    /// Whether the POSITION list is one game whose moves may change several entries at once
    /// ([`Layout::Whole`]: `moore:K`, `staircase`). Then `options`, `moves` and `has_moves`
    /// read a whole position (entries separated by spaces or commas), `explain` derives the
    /// whole position, and `apply_move` also takes the whole new position as `to`
    /// (`component` is then only the first entry it changes, as `solve` reports it).
    fn whole_position_moves(&self) -> bool {
        self.layout() == Layout::Whole
    }

    /// Whether the game is over after a move that left `positions` (the player to move has
    /// lost). Default: no component has a move. Games won by reaching a target (prime-heap)
    /// override it.
    fn over_after_move(&self, positions: &[&str]) -> Result<bool, GameError> {
        no_moves_left(self, positions)
    }

    /// The components of `positions` as positions this family takes one at a time, when the
    /// `position` texts `solve` reports are not (`graph`: a token is reported as its vertex,
    /// and stands alone as `@FILE#at=V`). `explain` derives them, `play` moves in them.
    /// Default: `None`, the reported texts are standalone.
    fn standalone_components(&self, _positions: &[&str]) -> Result<Option<Vec<String>>, GameError> {
        Ok(None)
    }
}

/// The lines of a `batch` input with their numbers (from 1): the one rule for every family.
/// Lines end in LF or CRLF, the last one needs no line ending, and a `\r` is whitespace
/// anyway. A blank line (empty, or spaces and tabs only) is the *empty position*: no
/// components and no moves, see [`empty_position_winner`]. A leading byte-order mark
/// (Windows editors write one) is not part of the first line.
pub fn batch_lines(input: &str) -> impl Iterator<Item = (usize, &str)> {
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    input.lines().enumerate().map(|(i, line)| (i + 1, line))
}

/// `batch` line by line through [`Family::outcome`], by the rule of [`batch_lines`]: the
/// default of [`Family::batch`], for families with no faster bulk method.
pub fn batch_by_outcome<F: Family + ?Sized>(
    family: &F,
    input: &str,
    play: Play,
    out: &mut String,
) -> Result<(), GameError> {
    let mut positions = Vec::new();
    for (line, text) in batch_lines(input) {
        positions.clear();
        positions.extend(text.split_ascii_whitespace());
        let winner = if positions.is_empty() {
            Ok(empty_position_winner(play))
        } else {
            family.outcome(&positions, play)
        };
        let winner = winner.map_err(|e| GameError::AtLine {
            line,
            reason: e.to_string(),
        })?;
        out.push_str(winner.as_str());
        out.push('\n');
    }
    Ok(())
}

/// Who wins the empty position (a blank `batch` line): the player to move has no move, so
/// loses in normal play (`second`) and wins in misère play (`first`).
pub fn empty_position_winner(play: Play) -> Winner {
    match play {
        Play::Normal => Winner::Second,
        Play::Misere => Winner::First,
    }
}

/// Whether no component of `positions` has a move (a whole-position game: the position).
pub(crate) fn no_moves_left<F: Family + ?Sized>(
    family: &F,
    positions: &[&str],
) -> Result<bool, GameError> {
    if family.whole_position_moves() {
        return Ok(!family.has_moves(&positions.join(" "))?);
    }
    for position in positions {
        if family.has_moves(position)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The refusal of an empty POSITION list, `no position given: {what_to_give}`: a forgotten
/// argument is never the empty game.
pub(crate) fn no_position_given(what_to_give: &str) -> GameError {
    GameError::bad_position("", format!("no position given: {what_to_give}"))
}

/// Component `component` (0-based) of `positions`, or an error naming the valid range.
pub(crate) fn component_at<'p>(
    positions: &[&'p str],
    component: usize,
) -> Result<&'p str, GameError> {
    positions.get(component).copied().ok_or_else(|| {
        GameError::bad_position(
            &component.to_string(),
            format!(
                "there is no component {component}: the position has {} (numbered from 0)",
                positions.len()
            ),
        )
    })
}

/// Why a move from `from` is illegal, listing the legal options when they are known (`None`:
/// too many to list) and few.
pub(crate) fn illegal_move_reason(from: &str, options: Option<&[String]>) -> String {
    match options {
        Some([]) => format!("`{from}` has no moves"),
        Some(listed) if listed.len() <= 12 => format!(
            "not reachable from `{from}` in one move (the moves leave {})",
            listed.join(", ")
        ),
        _ => format!("not reachable from `{from}` in one move"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_position_list_is_refused_by_name() {
        assert_eq!(
            no_position_given("list one heap size per component").to_string(),
            "invalid position: no position given: list one heap size per component"
        );
        assert_eq!(empty_position_winner(Play::Normal), Winner::Second);
        assert_eq!(empty_position_winner(Play::Misere), Winner::First);
    }
}
