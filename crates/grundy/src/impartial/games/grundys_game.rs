//! Grundy's game: split one heap into two non-empty heaps of **different** sizes.
//!
//! It is the take-and-break game `4!.0` in CGSuite's TBCode (split, removing nothing, `!`:
//! the parts left must differ), so `grundys-game` is a name in the octal registry
//! ([`crate::impartial::games::octal::ALIASES`]) and runs on the octal machinery
//! ([`crate::impartial::games::octal::MoveRules`] with `distinct`): the rare-value solver,
//! checkpoints and statistics. This file holds the tests that tie the name to the rules. Its periodicity is open (values are known
//! far beyond 2^40 with no period), and no Guy–Smith-type theorem is known for it, so no
//! period is ever claimed.

#[cfg(test)]
mod tests {
    use crate::impartial::games::octal::TakeAndBreak;
    use crate::impartial::heap::{HeapFamily, HeapRules};
    use crate::impartial::{HeapGame, Heaps, Solver};
    use crate::registry::parse_spec;
    use crate::theory::period::{HeapSequence, PeriodRule};

    fn grundys_game() -> TakeAndBreak {
        TakeAndBreak::from_name("grundys-game", "", "grundys-game").unwrap()
    }

    /// `grundys-game` is `octal:4!.0` (issue 12: `!` used to be refused as a repeating code).
    #[test]
    fn the_name_is_the_code_4_bang_0() {
        assert_eq!(parse_spec("grundys-game").unwrap().spec(), "octal:4!.0");
        assert_eq!(parse_spec("octal:4!.0").unwrap().spec(), "octal:4!.0");
        assert_eq!(parse_spec("octal:4!.000").unwrap().spec(), "octal:4!.0");
        assert!(parse_spec("grundys-game:1").is_err());
        let rules = grundys_game().rules().clone();
        assert_eq!((rules.split, rules.distinct), (vec![0], vec![0]));
    }

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
