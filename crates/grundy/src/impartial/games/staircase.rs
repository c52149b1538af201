//! Staircase Nim: coins lie on steps `0, 1, 2, …` (POSITION lists the counts, step 0 first);
//! a move takes any positive number of coins from one step `i ≥ 1` down to step `i − 1`.
//! Coins on step 0 are out of play.
//!
//! `G = c₁ ⊕ c₃ ⊕ c₅ ⊕ …` (the nim-sum of the odd steps). Proof: a move changes exactly one
//! odd step — it lowers step `i` if `i` is odd, raises step `i − 1` if `i` is even — so no
//! option keeps the value; and every smaller value is reached as in Nim by lowering one odd
//! step. Hence the winning moves are the Nim moves on odd steps (`cᵢ → cᵢ ⊕ G` when smaller)
//! and the "additions" from an even step `i ≥ 2` that raise step `i − 1` to `c_{i−1} ⊕ G`
//! when step `i` holds enough coins.

use crate::error::GameError;
use crate::impartial::family::Layout;
use crate::impartial::games::tuple::{
    entry_reports, first_change, not_an_option, parse_target, Target, Tuple,
};
use crate::impartial::heap::MAX_LISTED_OPTIONS;
use crate::impartial::ruleset::{GameValue, Reply, Ruleset, Solved, Winner};
use crate::numeric::Nimber;

/// `staircase`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

/// The nim-sum of the odd steps, or an error naming an odd step of 2^64 coins or more (its
/// Grundy value would not fit a [`Nimber`]; such a step is only reached by piling coins).
pub fn staircase_value(steps: &[u128]) -> Result<u64, GameError> {
    steps
        .iter()
        .enumerate()
        .skip(1)
        .step_by(2)
        .try_fold(0, |a, (i, &c)| Ok(a ^ odd_count(i, c)?))
}

/// Odd step `i`'s count as a Grundy value.
fn odd_count(i: usize, coins: u128) -> Result<u64, GameError> {
    u64::try_from(coins).map_err(|_| {
        GameError::TooLarge(format!(
            "step {i} holds {coins} coins, past 2^64−1: its Grundy value does not fit in 64 bits"
        ))
    })
}

/// Every move to value 0, as new positions. Counts are `u128`: coins moved down may pile
/// past 2^64−1 on an even step (step 0 above all), which changes no value.
pub fn winning_moves(steps: &[u128]) -> Result<Vec<Vec<u128>>, GameError> {
    let total = staircase_value(steps)? as u128;
    let mut out = Vec::new();
    if total == 0 {
        return Ok(out);
    }
    for i in 1..steps.len() {
        let moved = if i % 2 == 1 {
            // Lower odd step i to c ⊕ total.
            let target = steps[i] ^ total;
            if target >= steps[i] {
                continue;
            }
            steps[i] - target
        } else {
            // Raise odd step i−1 to c ⊕ total with coins from step i.
            let target = steps[i - 1] ^ total;
            if target <= steps[i - 1] || target - steps[i - 1] > steps[i] {
                continue;
            }
            target - steps[i - 1]
        };
        if let Some(next) = moved_down(steps, i, moved) {
            out.push(next);
        }
    }
    Ok(out)
}

/// The position after `moved` coins go from step `i` to step `i − 1` (`None` past 2^128−1
/// coins on one step, which no typed position reaches).
fn moved_down(steps: &[u128], i: usize, moved: u128) -> Option<Vec<u128>> {
    let mut next = steps.to_vec();
    next[i] = next[i].checked_sub(moved)?;
    next[i - 1] = next[i - 1].checked_add(moved)?;
    Some(next)
}

fn too_many_coins() -> GameError {
    GameError::bad_position("", "a step would hold more than 2^128−1 coins")
}

/// A staircase position: coins per step, step 0 first (`0 5 9`). Counts are `u128`: coins
/// moved down may pile past 2^64−1 on a step, and the position must stay typeable (`play`).
pub type Steps = Tuple<u128>;

const RULE: &str = "coins move from one step to the step below";

impl Ruleset for Staircase {
    type Position = Steps;

    fn spec(&self) -> String {
        "staircase".to_string()
    }

    fn layout(&self) -> Layout {
        Layout::Whole
    }

    fn value(&self, steps: &Steps) -> Result<GameValue, GameError> {
        Ok(GameValue::Finite(Nimber(staircase_value(&steps.0)?)))
    }

    /// Every move of the whole position, each the whole new position.
    fn options(&self, steps: &Steps) -> Result<Vec<Vec<Steps>>, GameError> {
        let steps = &steps.0;
        let count = steps
            .iter()
            .skip(1)
            .try_fold(0u128, |a, &c| a.checked_add(c))
            .unwrap_or(u128::MAX);
        if count > MAX_LISTED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "this staircase has {count} moves; too many to list one by one"
            )));
        }
        let mut options = Vec::new();
        for i in 1..steps.len() {
            for moved in 1..=steps[i] {
                let next = moved_down(steps, i, moved).ok_or_else(too_many_coins)?;
                options.push(vec![Tuple(next)]);
            }
        }
        Ok(options)
    }

    fn has_moves(&self, steps: &Steps) -> Result<bool, GameError> {
        Ok(steps.0.iter().skip(1).any(|&c| c > 0))
    }

    /// Legal iff exactly one step `i ≥ 1` lost `m ≥ 1` coins and step `i − 1` gained them.
    fn is_option(&self, from: &Steps, to: &[Steps]) -> Result<bool, GameError> {
        let ([next], steps) = (to, &from.0) else {
            return Ok(false);
        };
        let next = &next.0;
        Ok(next.len() == steps.len()
            && (1..steps.len()).any(|i| {
                let moved = steps[i].checked_sub(next[i]).filter(|&m| m > 0);
                moved.is_some_and(|m| {
                    next[i - 1].checked_sub(steps[i - 1]) == Some(m)
                        && (0..steps.len()).all(|j| j == i || j == i - 1 || next[j] == steps[j])
                })
            }))
    }

    /// `to` is the whole new position, or the new count of step `component`: lower, the coins
    /// go down one step; higher, they come down from the step above.
    fn read_move(&self, from: &Steps, component: usize, to: &str) -> Result<Vec<Steps>, GameError> {
        let steps = &from.0;
        let next = match parse_target(steps, to)? {
            Target::Whole(next) => next,
            Target::Entry(count) => {
                let now = *steps
                    .get(component)
                    .ok_or_else(|| not_an_option(to, steps, RULE))?;
                // Lower: coins go down from this step; higher: they come down from the next.
                let (source, moved) = if count < now {
                    (component, now - count)
                } else {
                    (component + 1, count - now)
                };
                (moved > 0 && source >= 1 && source < steps.len())
                    .then(|| moved_down(steps, source, moved))
                    .flatten()
                    .filter(|next| next[component] == count)
                    .ok_or_else(|| not_an_option(to, steps, RULE))?
            }
        };
        Ok(vec![Tuple(next)])
    }

    fn illegal_move(&self, from: &Steps, to: &str) -> GameError {
        not_an_option(to, &from.0, RULE)
    }

    fn method(&self) -> String {
        "G = nim-sum of the odd steps".into()
    }

    fn solve(&self, sum: &[Steps]) -> Result<Solved<Steps>, GameError> {
        let steps = &sum[0].0;
        let total = staircase_value(steps)?;
        let odd = |i: usize| (i % 2 == 1).then(|| odd_count(i, steps[i]).ok()).flatten();
        Ok(Solved {
            winner: Winner::from_grundy(Nimber(total)),
            grundy: Some(total),
            winning_moves: winning_moves(steps)?
                .into_iter()
                .map(|to| Reply {
                    component: first_change(steps, &to),
                    to: vec![Tuple(to)],
                })
                .collect(),
            // Even steps add nothing to the value: 0 (the JSON's `grundy` of a step).
            components: entry_reports(steps, |i| Some(odd(i).unwrap_or(0))),
            method: self.method(),
            moves_omitted: None,
            one_winning_move: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::text::Text;
    use crate::impartial::{ImpartialGame, Solver};
    use proptest::prelude::*;

    /// The definition, for the generic solver.
    struct Definition;
    impl ImpartialGame for Definition {
        type Position = Vec<u64>;
        fn options(&self, steps: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
            let mut out = Vec::new();
            for i in 1..steps.len() {
                for moved in 1..=steps[i] {
                    let mut next = steps.clone();
                    next[i] -= moved;
                    next[i - 1] += moved;
                    out.push(vec![next]);
                }
            }
            out
        }
    }

    proptest! {
        #[test]
        fn value_and_moves_match_solver(steps in proptest::collection::vec(0u64..5, 1..5)) {
            let mut solver = Solver::new(&Definition);
            let wide: Vec<u128> = steps.iter().map(|&c| c as u128).collect();
            prop_assert_eq!(solver.grundy(&steps).unwrap().0, staircase_value(&wide).unwrap());
            let mut expected: Vec<Vec<u128>> = solver
                .winning_moves(std::slice::from_ref(&steps))
                .unwrap()
                .into_iter()
                .map(|(_, o)| o[0].iter().map(|&c| c as u128).collect())
                .collect();
            expected.sort();
            let mut got = winning_moves(&wide).unwrap();
            got.sort();
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn reports_and_huge_counts() {
        let family = Text(Staircase);
        let s = family.solve(&["3", "1", "4", "1"], Play::Normal).unwrap();
        // odd steps 1 and 1: value 0.
        assert_eq!((s.winner, s.grundy), (Winner::Second, Some(0)));
        let s = family.solve(&["0", "5", "9"], Play::Normal).unwrap();
        let to: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["5 0 9"]);
        assert_eq!(s.winning_moves[0].component, 0);
        // Coins moved down may push a step past 2^64−1: still a legal move, printed exactly.
        let max = u64::MAX.to_string();
        let s = family.solve(&[&max, &max], Play::Normal).unwrap();
        assert_eq!(s.winning_moves[0].to, "36893488147419103230 0");
        assert!(family.solve(&["1", "2"], Play::Misere).is_err());
        assert_eq!(family.value("0,5,9").unwrap(), GameValue::Finite(Nimber(5)));
        // A move names the whole new position or one step's new count.
        assert_eq!(
            family.apply_move(&["0", "5", "9"], 1, "2").unwrap(),
            ["3", "2", "9"]
        );
        assert_eq!(
            family.apply_move(&["0", "5", "9"], 1, "7").unwrap(),
            ["0", "7", "7"]
        );
        let err = family.apply_move(&["0", "5", "9"], 0, "0 4 9").unwrap_err();
        assert!(
            err.to_string().contains("coins move from one step"),
            "{err}"
        );
    }

    #[test]
    fn piled_counts_stay_typeable() {
        // The one winning move piles 2^64 coins on step 0: the hint's move can be typed back,
        // as the whole position or as step 1's new count, and the engine values the result.
        let family = Text(Staircase);
        let max = u64::MAX.to_string();
        let s = family.solve(&[&max, "1"], Play::Normal).unwrap();
        assert_eq!(s.winning_moves[0].to, "18446744073709551616 0");
        assert_eq!(s.winning_moves[0].component, 0);
        let piled = ["18446744073709551616", "0"];
        for (component, to) in [(0, "18446744073709551616 0"), (1, "0")] {
            assert_eq!(
                family.apply_move(&[&max, "1"], component, to).unwrap(),
                piled
            );
        }
        assert_eq!(
            family.solve(&piled, Play::Normal).unwrap().winner,
            Winner::Second
        );
        // An odd step past 2^64−1 has a Grundy value past 64 bits: refused, naming the step.
        let err = family
            .solve(&["0", "18446744073709551616"], Play::Normal)
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("step 1 holds 18446744073709551616 coins"),
            "{err}"
        );
        // Moving no coins is no move.
        assert!(family.apply_move(&["0", "5", "9"], 1, "5").is_err());
    }
}
