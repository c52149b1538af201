//! Grundy's game: split one heap into two non-empty heaps of **different** sizes.
//!
//! It is a take-and-break game with one move kind (split, removing nothing) plus the
//! inequality, so it reuses the octal machinery ([`MoveRules`] with `distinct_parts`): the
//! rare-value solver, checkpoints and statistics. Its periodicity is open (values are known
//! far beyond 2^40 with no period), and no Guy–Smith-type theorem is known for it, so no
//! period is ever claimed.

use crate::error::GameError;
use crate::impartial::games::octal::{MoveRules, TakeAndBreak};

/// The spec name.
pub const NAME: &str = "grundys-game";

/// Grundy's game: one move kind, a split that removes nothing, parts of different sizes.
pub fn grundys_game() -> TakeAndBreak {
    TakeAndBreak::new(
        MoveRules {
            split: vec![0],
            distinct_parts: true,
            ..MoveRules::default()
        },
        NAME.to_string(),
    )
}

/// Parses the text after `grundys-game:` (there are no parameters).
pub fn parse(args: &str, spec: &str) -> Result<TakeAndBreak, GameError> {
    if !args.is_empty() {
        return Err(GameError::bad_spec(spec, "this game takes no parameters"));
    }
    Ok(grundys_game())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::heap::{HeapFamily, HeapRules};
    use crate::impartial::{HeapGame, Heaps, Solver};
    use crate::theory::period::{HeapSequence, PeriodRule};

    #[test]
    fn known_values_and_the_definition() {
        let family = HeapFamily::new(grundys_game());
        let values = family.values(400).unwrap();
        assert_eq!(
            values[..21],
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        let game = grundys_game();
        assert_eq!(game.period_rule(), PeriodRule::None);
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
