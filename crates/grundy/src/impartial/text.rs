//! The one text adapter: [`Text`] turns any typed [`Ruleset`] into the [`Family`] the CLI
//! and the Python package talk to. It parses POSITION text into typed positions (by the
//! ruleset's [`Layout`]), calls the ruleset, and writes its typed answers back as text; no
//! game writes its own `Family`.

use crate::error::GameError;
use crate::impartial::family::{
    batch_by_outcome, component_at, ComponentReport, Family, Layout, Move, OptionReport, Play,
    Solution,
};
use crate::impartial::ruleset::{finite, Misere, Reply, Ruleset, Solved};
use crate::outcome::{GameValue, Winner};
use crate::theory::period::HeapSequence;

/// A typed ruleset seen through text: `Box::new(Text(Chessboard::parse(…)?))` is a family.
///
/// ```
/// use grundy::{Family, Play, Text, Winner};
/// use grundy::impartial::games::staircase::Staircase;
/// let staircase = Text(Staircase);
/// // Staircase Nim is Nim on the odd steps: 1 ⊕ 1 = 0.
/// assert_eq!(staircase.outcome(&["3", "1", "4", "1"], Play::Normal).unwrap(), Winner::Second);
/// assert!(staircase.solve(&["x"], Play::Normal).is_err());
/// ```
pub struct Text<R>(pub R);

impl<R: Ruleset> Text<R> {
    /// The typed ruleset inside.
    pub fn rules(&self) -> &R {
        &self.0
    }

    /// The POSITION arguments as typed components: one whole position, or every argument
    /// read (an argument may hold several components). An empty sum is refused, so that a
    /// forgotten argument is never the empty game.
    pub fn read_all(&self, positions: &[&str]) -> Result<Vec<R::Position>, GameError> {
        if self.0.layout() == Layout::Whole {
            return self.0.read(&positions.join(" "));
        }
        if positions.is_empty() {
            return self.0.read_nothing();
        }
        self.0.read_sum(positions)
    }

    /// One component given alone (`value`, `explain`, `play`).
    fn read_one(&self, text: &str) -> Result<R::Position, GameError> {
        one_of(self.0.read(text)?, text)
    }

    /// The misère theory `play` needs (`None`: normal play), or the game's refusal.
    fn misere(&self, play: Play) -> Result<Option<&dyn Misere<R::Position>>, GameError> {
        match play {
            Play::Normal => Ok(None),
            Play::Misere => self
                .0
                .misere()
                .map(Some)
                .ok_or_else(|| self.0.misere_refusal()),
        }
    }

    fn write_reply(&self, sum: &[R::Position], reply: Reply<R::Position>) -> Move {
        let from = &sum[reply.component.min(sum.len() - 1)];
        Move {
            component: reply.component,
            to: self.0.write_move(from, &reply.to),
        }
    }

    fn write(&self, sum: &[R::Position], solved: Solved<R::Position>) -> Solution {
        Solution {
            winner: solved.winner,
            grundy: solved.grundy,
            winning_moves: solved
                .winning_moves
                .into_iter()
                .map(|r| self.write_reply(sum, r))
                .collect(),
            components: solved.components,
            method: solved.method,
            moves_omitted: solved.moves_omitted,
            one_winning_move: solved.one_winning_move.map(|r| self.write_reply(sum, r)),
        }
    }
}

/// The one component of what an argument held, or the refusal naming how many it held.
fn one_of<P>(mut read: Vec<P>, text: &str) -> Result<P, GameError> {
    match read.len() {
        1 => Ok(read.remove(0)),
        n => Err(GameError::bad_position(
            text,
            format!("this is a sum of {n} components; give one"),
        )),
    }
}

impl<R: Ruleset> Family for Text<R> {
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn layout(&self) -> Layout {
        self.0.layout()
    }

    /// A game without a misère theory refuses misère play before reading the positions.
    fn solve(&self, positions: &[&str], play: Play) -> Result<Solution, GameError> {
        let misere = self.misere(play)?;
        let sum = self.read_all(positions)?;
        let solved = match misere {
            None => self.0.solve(&sum)?,
            Some(theory) => theory.solve_misere(&sum)?,
        };
        Ok(self.write(&sum, solved))
    }

    /// One component's value, or the game's own sum of what one argument holds
    /// ([`Ruleset::sum_value`]).
    fn value(&self, position: &str) -> Result<GameValue, GameError> {
        let read = self.0.read(position)?;
        if read.len() != 1 {
            if let Some(value) = self.0.sum_value(&read) {
                return value;
            }
        }
        self.0.value(&one_of(read, position)?)
    }

    fn outcome(&self, positions: &[&str], play: Play) -> Result<Winner, GameError> {
        let misere = self.misere(play)?;
        let sum = self.read_all(positions)?;
        match misere {
            None => self.0.outcome(&sum),
            Some(theory) => theory.misere_outcome(&sum),
        }
    }

    /// A game without a misère theory refuses a misère batch at once, whatever its lines.
    fn batch(&self, input: &str, play: Play, out: &mut String) -> Result<(), GameError> {
        self.misere(play)?;
        batch_by_outcome(self, input, play, out)
    }

    fn sequence(&self) -> Option<&dyn HeapSequence> {
        self.0.sequence()
    }

    fn count_second_player_wins(
        &self,
        sizes: &[u64],
        heaps: u64,
        modulus: u64,
    ) -> Option<Result<u64, GameError>> {
        self.0.count_second_player_wins(sizes, heaps, modulus)
    }

    fn options(&self, position: &str) -> Result<Vec<OptionReport>, GameError> {
        let from = self.read_one(position)?;
        if let Some(refusal) = self.0.options_refusal(&from) {
            return Err(refusal);
        }
        self.0
            .options(&from)?
            .into_iter()
            .map(|to| {
                let parts = to
                    .iter()
                    .map(|part| {
                        // A part is written standalone (what `play` moves in next), not
                        // labelled as `solve` reports a component (a token as its vertex).
                        Ok(ComponentReport {
                            position: part.to_string(),
                            grundy: Some(finite(&self.0, part)?.0),
                        })
                    })
                    .collect::<Result<Vec<_>, GameError>>()?;
                Ok(OptionReport {
                    position: self.0.write_move(&from, &to),
                    grundy: parts.iter().filter_map(|p| p.grundy).fold(0, |a, v| a ^ v),
                    parts,
                })
            })
            .collect()
    }

    fn has_moves(&self, position: &str) -> Result<bool, GameError> {
        self.0.has_moves(&self.read_one(position)?)
    }

    fn moves(&self, position: &str) -> Result<Vec<String>, GameError> {
        let from = self.read_one(position)?;
        Ok(self
            .0
            .options(&from)?
            .iter()
            .map(|to| self.0.write_move(&from, to))
            .collect())
    }

    /// `to` as the ruleset reads it ([`Ruleset::read_move`]), legal by [`Ruleset::is_option`].
    fn apply_move(
        &self,
        positions: &[&str],
        component: usize,
        to: &str,
    ) -> Result<Vec<String>, GameError> {
        let mut sum = self.read_all(positions)?;
        if self.0.layout() == Layout::Whole {
            let from = &sum[0];
            let next = self.0.read_move(from, component, to)?;
            if !self.0.is_option(from, &next)? {
                return Err(self.0.illegal_move(from, to));
            }
            let written: Vec<String> = next.iter().map(ToString::to_string).collect();
            return Ok(written
                .iter()
                .flat_map(|w| w.split_whitespace())
                .map(str::to_string)
                .collect());
        }
        let texts: Vec<String> = sum.iter().map(ToString::to_string).collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        component_at(&refs, component)?;
        let from = &sum[component];
        let parts = self.0.read_move(from, component, to)?;
        if !self.0.is_option(from, &parts)? {
            return Err(self.0.illegal_move(from, to));
        }
        sum.splice(component..=component, parts);
        Ok(self
            .0
            .after_move(sum)
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    fn over_after_move(&self, positions: &[&str]) -> Result<bool, GameError> {
        let sum = match self.0.layout() {
            Layout::Whole => self.read_all(positions)?,
            _ => self.0.read_sum(positions)?,
        };
        self.0.is_over(&sum)
    }

    /// The components as standalone positions when `solve` reports them otherwise (a token
    /// reported as its vertex); `None` when the reported texts stand alone.
    fn standalone_components(&self, positions: &[&str]) -> Result<Option<Vec<String>>, GameError> {
        if self.0.layout() == Layout::Whole {
            return Ok(None);
        }
        let sum = self.read_all(positions)?;
        let standalone =
            sum.len() == positions.len() && sum.iter().all(|p| self.0.label(p) == p.to_string());
        Ok((!standalone).then(|| sum.iter().map(ToString::to_string).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::ruleset::{GameValue, Heap};
    use crate::numeric::Nimber;

    /// The README's "define your own typed game": only `spec`, `value` and `options`.
    struct TakeOneOrTwo;
    impl Ruleset for TakeOneOrTwo {
        type Position = Heap;
        fn spec(&self) -> String {
            "take-1-or-2".into()
        }
        fn value(&self, h: &Heap) -> Result<GameValue, GameError> {
            Ok(GameValue::Finite(Nimber(h.0 % 3)))
        }
        fn options(&self, h: &Heap) -> Result<Vec<Vec<Heap>>, GameError> {
            Ok((1..=2)
                .filter(|&t| t <= h.0)
                .map(|t| vec![Heap(h.0 - t)])
                .collect())
        }
    }

    #[test]
    fn the_defaults_answer_a_minimal_ruleset() {
        let game = Text(TakeOneOrTwo);
        let s = game.solve(&["4", "2"], Play::Normal).unwrap();
        // The generic solver on the same rules is the judge of values and winning moves.
        let mut solver = crate::impartial::Solver::new(&crate::impartial::Heaps(&Subtract12));
        assert_eq!(s.grundy, Some(solver.sum_value(&[4, 2]).unwrap().0));
        let expected: Vec<Move> = solver
            .winning_moves(&[4, 2])
            .unwrap()
            .into_iter()
            .map(|(component, o)| Move {
                component,
                to: o[0].to_string(),
            })
            .collect();
        assert_eq!(s.winning_moves, expected);
        assert_eq!(s.method, game.rules().method());
        // Moves are read, checked and applied; illegal ones say why.
        assert_eq!(game.apply_move(&["4", "2"], 0, "3").unwrap(), ["3", "2"]);
        let err = game
            .apply_move(&["4", "2"], 0, "1")
            .unwrap_err()
            .to_string();
        assert!(err.contains("not reachable from `4`"), "{err}");
        assert!(game.apply_move(&["4"], 1, "0").is_err());
        // Parse errors name the token; an empty sum is refused; misère is refused.
        let err = game.value("x").unwrap_err().to_string();
        assert!(err.contains("`x`"), "{err}");
        assert!(game.solve(&[], Play::Normal).is_err());
        assert!(game.solve(&["3"], Play::Misere).is_err());
        let mut out = String::new();
        assert!(game.batch("1\n", Play::Misere, &mut out).is_err());
        game.batch("3\n1 2\n\n", Play::Normal, &mut out).unwrap();
        assert_eq!(out, "second\nfirst\nsecond\n");
        assert!(game.over_after_move(&[]).unwrap() && !game.over_after_move(&["1"]).unwrap());
        assert_eq!(game.standalone_components(&["3"]).unwrap(), None);
        let options = game.options("2").unwrap();
        let listed: Vec<(&str, u64)> = options
            .iter()
            .map(|o| (o.position.as_str(), o.grundy))
            .collect();
        assert_eq!(listed, [("1", 1), ("0", 0)]);
    }

    /// The same game as a `HeapGame`, the judge's view.
    struct Subtract12;
    impl crate::impartial::HeapGame for Subtract12 {
        fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
            for t in 1..=2.min(n) {
                visit(&[n - t]);
            }
        }
    }
}
