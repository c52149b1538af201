//! The one text adapter: [`Text`] turns any typed [`Ruleset`] into the [`Family`] the CLI
//! and the Python package talk to. It parses POSITION text into typed positions (by the
//! ruleset's [`Layout`]), calls the ruleset, and writes its typed answers back as text; no
//! game writes its own `Family`.

use crate::error::GameError;
use crate::impartial::family::{
    batch_by_outcome, component_at, ComponentReport, Family, Layout, Move, OptionReport, Play,
    Solution,
};
use crate::impartial::ruleset::{finite, Reply, Ruleset, Solved};
use crate::outcome::{GameValue, Winner};
use crate::theory::period::HeapSequence;

/// A typed ruleset seen through text: `Box::new(Text(Chessboard::parse(…)?))` is a family.
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
            return Err(GameError::bad_position(
                "",
                format!("no position given: {}", self.0.what_to_give()),
            ));
        }
        self.read_parts(positions)
    }

    /// Every argument read, none required (what is left after a move may be nothing).
    fn read_parts(&self, positions: &[&str]) -> Result<Vec<R::Position>, GameError> {
        let mut sum = Vec::with_capacity(positions.len());
        for text in positions {
            sum.extend(self.0.read(text)?);
        }
        Ok(sum)
    }

    /// One component given alone (`value`, `explain`, `play`).
    fn read_one(&self, text: &str) -> Result<R::Position, GameError> {
        let mut read = self.0.read(text)?;
        match read.len() {
            1 => Ok(read.remove(0)),
            n => Err(GameError::bad_position(
                text,
                format!("this is a sum of {n} components; give one"),
            )),
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

impl<R: Ruleset> Family for Text<R> {
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn layout(&self) -> Layout {
        self.0.layout()
    }

    fn solve(&self, positions: &[&str], play: Play) -> Result<Solution, GameError> {
        let sum = self.read_all(positions)?;
        let solved = match play {
            Play::Normal => self.0.solve(&sum)?,
            Play::Misere => match self.0.misere() {
                Some(theory) => theory.solve_misere(&sum)?,
                None => return Err(self.0.misere_refusal()),
            },
        };
        Ok(self.write(&sum, solved))
    }

    fn value(&self, position: &str) -> Result<GameValue, GameError> {
        self.0.value(&self.read_one(position)?)
    }

    fn outcome(&self, positions: &[&str], play: Play) -> Result<Winner, GameError> {
        let sum = self.read_all(positions)?;
        match play {
            Play::Normal => self.0.outcome(&sum),
            Play::Misere => match self.0.misere() {
                Some(theory) => theory.misere_outcome(&sum),
                None => Err(self.0.misere_refusal()),
            },
        }
    }

    /// A game without a misère theory refuses a misère batch at once, whatever its lines.
    fn batch(&self, input: &str, play: Play, out: &mut String) -> Result<(), GameError> {
        if play == Play::Misere && self.0.misere().is_none() {
            return Err(self.0.misere_refusal());
        }
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
                        Ok(ComponentReport {
                            position: self.0.label(part),
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
            _ => self.read_parts(positions)?,
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
