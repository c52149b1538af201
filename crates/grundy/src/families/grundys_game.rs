//! Grundy's game: split one heap into two non-empty heaps of **different** sizes.
//!
//! It is a take-and-break game with one move kind (split, removing nothing) plus the
//! inequality, so it reuses the octal machinery ([`MoveRules`] with `distinct_parts`): the
//! rare-value solver, checkpoints and statistics. Its periodicity is open (values are known
//! far beyond 2^40 with no period), and no Guy–Smith-type theorem is known for it, so no
//! period is ever claimed.

use crate::engine::{HeapGame, Nimber};
use crate::error::GameError;
use crate::families::heap::HeapRules;
use crate::families::octal::sequence::Run;
use crate::families::octal::MoveRules;
use crate::family::PeriodRule;

/// The spec name.
pub const NAME: &str = "grundys-game";

#[derive(Clone, Debug)]
pub struct GrundysGame {
    rules: MoveRules,
}

impl GrundysGame {
    pub fn new() -> GrundysGame {
        GrundysGame {
            rules: MoveRules {
                whole: vec![],
                take: vec![],
                split: vec![0],
                split3: vec![],
                distinct_parts: true,
            },
        }
    }

    /// Parses the text after `grundys-game:` (there are no parameters).
    pub fn parse(args: &str, spec: &str) -> Result<GrundysGame, GameError> {
        if !args.is_empty() {
            return Err(GameError::bad_spec(spec, "this game takes no parameters"));
        }
        Ok(GrundysGame::new())
    }

    pub fn rules(&self) -> &MoveRules {
        &self.rules
    }
}

impl Default for GrundysGame {
    fn default() -> GrundysGame {
        GrundysGame::new()
    }
}

impl HeapGame for GrundysGame {
    /// The definition: heap `n` → `a + b` for `1 ≤ a < b`, `a + b = n`.
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        self.rules.visit_options(n, visit)
    }
}

impl HeapRules for GrundysGame {
    fn spec(&self) -> String {
        NAME.to_string()
    }

    fn option_count(&self, n: u64) -> u128 {
        self.rules.option_count(n)
    }

    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        Run::new(&self.rules, NAME).for_each_value(to, sink)
    }

    fn period_rule(&self) -> PeriodRule {
        PeriodRule::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Heaps, Solver};
    use crate::families::heap::HeapFamily;
    use crate::family::HeapSequence;

    #[test]
    fn known_values_and_the_definition() {
        let family = HeapFamily::new(GrundysGame::new());
        let values = family.values(400).unwrap();
        assert_eq!(
            values[..21],
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        let game = GrundysGame::new();
        let view = Heaps(&game);
        let mut solver = Solver::new(&view);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(solver.grundy(&(n as u64)).unwrap().0, v, "n = {n}");
        }
        let mut options = Vec::new();
        game.heap_options(6, &mut |o| options.push(o.to_vec()));
        assert_eq!(options, [vec![1, 5], vec![2, 4]]);
    }
}
