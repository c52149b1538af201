//! The games born by day `n`: every value `{L | R}` with `L` and `R` sets of values born by
//! day `n − 1`. Only antichains need trying (a dominated option never changes the value), so
//! day 3 is `A²` canonical forms for the `A` antichains of the 22 day-2 values, not `2^44`.
//! Counts: 1, 4, 22, 1474; day 4 is far beyond reach (about 3·10^12 values) and is refused.

use super::Game;
use crate::GameError;
use std::collections::HashSet;

/// The last day that can be enumerated.
pub const MAX_DAY: u32 = 3;

/// The distinct values born by day `day`, in a fixed order (sorted by their CGSuite text).
pub fn born_by(day: u32) -> Result<Vec<Game>, GameError> {
    if day > MAX_DAY {
        return Err(GameError::TooLarge(format!(
            "the games born by day {day} number about 3·10^12 or more; days 0..={MAX_DAY} can be enumerated"
        )));
    }
    let mut values = vec![Game::zero()];
    for _ in 0..day {
        values = next_day(&values);
    }
    let mut sorted: Vec<(String, Game)> = values.into_iter().map(|g| (g.to_string(), g)).collect();
    sorted.sort();
    Ok(sorted.into_iter().map(|(_, g)| g).collect())
}

fn next_day(previous: &[Game]) -> Vec<Game> {
    let n = previous.len();
    let comparable: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| previous[i].le(previous[j]) || previous[j].le(previous[i]))
                .collect()
        })
        .collect();
    let mut antichains = Vec::new();
    let mut current = Vec::new();
    extend_antichains(0, &comparable, &mut current, &mut antichains);
    let sets: Vec<Vec<Game>> = antichains
        .iter()
        .map(|a| a.iter().map(|&i| previous[i]).collect())
        .collect();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for left in &sets {
        for right in &sets {
            let g = Game::from_options(left, right);
            if seen.insert(g) {
                out.push(g);
            }
        }
    }
    out
}

/// Every antichain (set of pairwise incomparable indices) containing `current` and otherwise
/// only indices `≥ next`.
fn extend_antichains(
    next: usize,
    comparable: &[Vec<bool>],
    current: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if next == comparable.len() {
        out.push(current.clone());
        return;
    }
    extend_antichains(next + 1, comparable, current, out);
    if current.iter().all(|&i| !comparable[i][next]) {
        current.push(next);
        extend_antichains(next + 1, comparable, current, out);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_days() {
        assert_eq!(born_by(0).unwrap().len(), 1);
        let day1: Vec<String> = born_by(1).unwrap().iter().map(|g| g.to_string()).collect();
        assert_eq!(day1, ["*", "-1", "0", "1"]);
        assert_eq!(born_by(2).unwrap().len(), 22);
        assert!(born_by(4).unwrap_err().to_string().contains("day 4"));
    }

    #[test]
    fn every_day_two_value_is_born_by_day_two() {
        assert!(born_by(2).unwrap().iter().all(|g| g.birthday() <= 2));
    }
}
