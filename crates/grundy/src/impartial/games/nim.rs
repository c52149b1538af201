//! Nim: take any positive number of tokens from one heap. `G(n) = n`.
//!
//! Misère Nim (Bouton): the player to move wins iff some heap is larger than 1 and the
//! nim-sum is non-zero, or every heap is at most 1 and the nim-sum is zero.

use crate::impartial::HeapGame;

use crate::error::GameError;
use crate::impartial::family::Winner;
use crate::impartial::heap::HeapRules;
use crate::numeric::Nimber;
use crate::theory::period::PeriodRule;

/// Nim; positions are heap sizes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl HeapGame for Nim {
    /// The definition: heap `n` moves to every smaller heap.
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for m in (0..n).rev() {
            visit(&[m]);
        }
    }
}

/// The misère outcome of Nim heaps (Bouton's rule, stated above).
pub fn misere_nim_outcome(heaps: &[u64]) -> Winner {
    let total = heaps.iter().fold(0, |a, &h| a ^ h);
    let all_small = heaps.iter().all(|&h| h <= 1);
    if (all_small && total == 0) || (!all_small && total != 0) {
        Winner::First
    } else {
        Winner::Second
    }
}

impl HeapRules for Nim {
    fn spec(&self) -> String {
        "nim".to_string()
    }

    fn option_count(&self, n: u64) -> u128 {
        n as u128
    }

    fn closed_form(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n))
    }

    fn closed_form_name(&self) -> &'static str {
        "closed form G(n) = n"
    }

    /// `G(n) = n`: arithmetic-periodic from 0 with period 1 and saltus 1.
    fn period_rule(&self) -> PeriodRule {
        PeriodRule::ClosedForm {
            preperiod: 0,
            period: 1,
            saltus: 1,
            statement: "G(n) = n for every n, by induction: heap n moves to every smaller heap and to no other, so its options have the values 0, …, n − 1",
        }
    }

    /// Any smaller heap (the empty option is heap 0).
    fn is_option(&self, n: u64, option: &[u64]) -> Result<bool, GameError> {
        Ok(match option {
            [] => n > 0,
            [m] => *m < n,
            _ => false,
        })
    }

    fn misere_outcome(&self, heaps: &[u64]) -> Result<Winner, GameError> {
        Ok(misere_nim_outcome(heaps))
    }

    /// The only option of heap `n` with value `t` is heap `t` itself (when `t < n`).
    fn options_with_value(
        &self,
        n: u64,
        target: Nimber,
        _value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
    ) -> Result<Vec<Vec<u64>>, GameError> {
        Ok(if target.0 < n {
            vec![vec![target.0]]
        } else {
            vec![]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::heap::HeapFamily;
    use crate::impartial::{Heaps, ImpartialGame, Solver};
    use proptest::prelude::*;

    /// Misère Nim by brute force over sorted heap tuples.
    struct MisereNim;
    impl ImpartialGame for MisereNim {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
            let mut out = Vec::new();
            for i in 0..heaps.len() {
                for m in 0..heaps[i] {
                    let mut next = heaps.clone();
                    next[i] = m;
                    next.sort_unstable();
                    out.push(vec![next]);
                }
            }
            out
        }
    }

    proptest! {
        #[test]
        fn closed_form_matches_solver(n in 0u64..200) {
            let game = Heaps(&Nim);
            let mut solver = Solver::new(&game);
            prop_assert_eq!(solver.grundy(&n).unwrap(), Nim.closed_form(n).unwrap());
        }

        #[test]
        fn misere_rule_matches_brute_force(mut heaps in proptest::collection::vec(0u64..6, 1..4)) {
            heaps.sort_unstable();
            // Misère: a position is a first-player win iff it is terminal (the mover has "lost"
            // the normal game, so wins misère) or some option is a second-player misère win.
            fn misere_wins(h: &[u64]) -> bool {
                if h.iter().all(|&x| x == 0) { return true; }
                let opts = MisereNim.options(&h.to_vec());
                opts.iter().any(|o| !misere_wins(&o[0]))
            }
            let expected = if misere_wins(&heaps) { Winner::First } else { Winner::Second };
            prop_assert_eq!(misere_nim_outcome(&heaps), expected);
        }

        #[test]
        fn winning_moves_are_exactly_moves_to_zero(heaps in proptest::collection::vec(0u64..40, 1..5)) {
            let family = HeapFamily::new(Nim);
            let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let solution = family.solve(&refs, Play::Normal).unwrap();
            let game = Heaps(&Nim);
            let mut solver = Solver::new(&game);
            let expected: Vec<(usize, String)> = solver
                .winning_moves(&heaps)
                .unwrap()
                .into_iter()
                .map(|(i, o)| (i, o[0].to_string()))
                .collect();
            let got: Vec<(usize, String)> =
                solution.winning_moves.iter().map(|m| (m.component, m.to.clone())).collect();
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn is_option_matches_enumeration() {
        struct Enumerated;
        impl HeapGame for Enumerated {
            fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
                Nim.heap_options(n, visit)
            }
        }
        impl HeapRules for Enumerated {
            fn spec(&self) -> String {
                "nim by enumeration".into()
            }
            fn option_count(&self, n: u64) -> u128 {
                n as u128
            }
        }
        for n in 0..12 {
            for option in [vec![], vec![1], vec![5], vec![11], vec![1, 2]] {
                assert_eq!(
                    Nim.is_option(n, &option).unwrap(),
                    Enumerated.is_option(n, &option).unwrap(),
                    "{n} → {option:?}"
                );
            }
        }
        assert!(Nim.is_option(u64::MAX, &[u64::MAX - 1]).unwrap());
    }

    #[test]
    fn huge_heaps() {
        let family = HeapFamily::new(Nim);
        let s = family
            .solve(&["18446744073709551615", "1"], Play::Normal)
            .unwrap();
        assert_eq!(s.winner, Winner::First);
        assert_eq!(s.winning_moves.len(), 1);
        assert_eq!(s.winning_moves[0].to, "1");
        assert_eq!(s.grundy, Some(u64::MAX - 1));
    }
}
