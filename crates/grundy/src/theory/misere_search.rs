//! Misère play of a sum of heaps by exhaustive search, for the heap games no misère theorem
//! covers (take-and-break games such as Kayles: their misère play is "wild", so neither the
//! normal-play values nor the SJ rule of `misere` decide it, and a misère quotient is a
//! research computation of its own).
//!
//! A position is the sorted multiset of its heaps; heaps with no move are dropped, since a
//! component with no move changes nothing in either convention. The player to move wins
//! misère play iff the position has no move, or some move reaches a position the next player
//! loses. Outcomes are memoised per multiset and the memo is shared by every query on the same
//! game, so `solve`'s winning moves and `batch`'s lines reuse each other's work.
//!
//! The cost is the number of multisets reachable, which grows like the partitions of the
//! total heap size (190 569 292 for a total of 100): the search stops at [`MAX_POSITIONS`]
//! (about 5 s here) and refuses in one line, naming the sum and the bound. A sum of more
//! than [`MAX_TOKENS`] is refused before it starts: its search could not finish, and the
//! recursion, one level a move, stays shallow below it (a move removes a token or splits a
//! heap, so a game lasts at most twice its tokens).

use crate::error::GameError;
use crate::outcome::Winner;
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::sync::Mutex;

/// `options(n, visit)`: visits each option of a heap of `n`, as a list of heaps.
pub type HeapOptions<'a> = &'a dyn Fn(u64, &mut dyn FnMut(&[u64]));

/// Positions the search may memoise for one game (about 100 bytes each).
pub const MAX_POSITIONS: usize = 2_000_000;

/// The largest total of heap sizes searched (module docs).
pub const MAX_TOKENS: u64 = 200;

/// The memoised misère outcomes of one heap game's sums (module docs).
#[derive(Debug)]
pub struct MisereSearch {
    /// Whether the player to move wins misère play, per sorted multiset of live heaps.
    wins: Mutex<FxHashMap<Vec<u64>, bool>>,
    /// [`MAX_POSITIONS`], or fewer in tests.
    max_positions: usize,
}

impl Default for MisereSearch {
    fn default() -> MisereSearch {
        MisereSearch {
            wins: Mutex::default(),
            max_positions: MAX_POSITIONS,
        }
    }
}

impl MisereSearch {
    /// Who wins misère play of `heaps`, where `options(n, visit)` lists the options of a heap
    /// of `n` (each a list of heaps). `spec` names the game in a refusal.
    pub fn outcome(
        &self,
        spec: &str,
        heaps: &[u64],
        options: HeapOptions,
    ) -> Result<Winner, GameError> {
        let refusal = |why: String| {
            GameError::TooLarge(format!(
                "misère play of `{spec}` has no theory in grundy, so the sum {} is searched position by position, and {why}; try smaller heaps (normal play has no such limit)",
                heaps
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ")
            ))
        };
        let tokens: u128 = heaps.iter().map(|&n| n as u128).sum();
        if tokens > MAX_TOKENS as u128 {
            return Err(refusal(format!(
                "its {tokens} tokens are past the {MAX_TOKENS} it can search"
            )));
        }
        let mut wins = self.wins.lock().unwrap_or_else(|e| e.into_inner());
        let mut search = Search {
            wins: &mut wins,
            max_positions: self.max_positions,
            options,
            live: (0..=tokens as u64)
                .map(|n| {
                    let mut any = false;
                    options(n, &mut |_| any = true);
                    any
                })
                .collect(),
            moves: vec![None; tokens as usize + 1],
        };
        let start = search.live(heaps.iter().copied());
        let earlier = search.wins.len();
        let mut found = search.wins(start.clone());
        if found.is_none() && earlier > search.max_positions / 2 {
            // The memo was more than half full of earlier queries' positions (a long
            // `batch`): this sum gets the whole bound to itself before it is refused. A sum
            // that had half the bound or more is refused at once: searching it again would
            // double the wait for the same refusal (`solve kayles 200 --misere`).
            search.wins.clear();
            found = search.wins(start);
        }
        match found {
            Some(true) => Ok(Winner::First),
            Some(false) => Ok(Winner::Second),
            None => Err(refusal(format!(
                "it reaches more than {} positions",
                self.max_positions
            ))),
        }
    }
}

struct Search<'a> {
    wins: &'a mut FxHashMap<Vec<u64>, bool>,
    max_positions: usize,
    options: HeapOptions<'a>,
    /// Whether a heap of each size up to the sum's total has a move.
    live: Vec<bool>,
    /// The options of each heap size met so far, each a sorted list of live heaps: listed
    /// once per size, where the search meets each size in thousands of positions.
    moves: Vec<Option<Rc<[Vec<u64>]>>>,
}

impl Search<'_> {
    /// The sorted heaps of `heaps` that have a move.
    fn live(&self, heaps: impl Iterator<Item = u64>) -> Vec<u64> {
        let mut kept: Vec<u64> = heaps.filter(|&n| self.live[n as usize]).collect();
        kept.sort_unstable();
        kept
    }

    /// The options of a heap of `n` (`n` at most the sum's total), listed on first use.
    fn moves(&mut self, n: u64) -> Rc<[Vec<u64>]> {
        if let Some(known) = &self.moves[n as usize] {
            return Rc::clone(known);
        }
        let mut listed = Vec::new();
        (self.options)(n, &mut |parts| listed.push(parts.to_vec()));
        let listed: Rc<[Vec<u64>]> = listed
            .into_iter()
            .map(|parts| self.live(parts.into_iter()))
            .collect();
        self.moves[n as usize] = Some(Rc::clone(&listed));
        listed
    }

    /// Whether the player to move wins misère play of `position` (sorted live heaps); `None`
    /// past `max_positions`. Recursion depth is the game's length, at most the number of
    /// tokens plus the number of splits, which the bound on positions keeps small.
    fn wins(&mut self, position: Vec<u64>) -> Option<bool> {
        if position.is_empty() {
            return Some(true);
        }
        if let Some(&known) = self.wins.get(&position) {
            return Some(known);
        }
        if self.wins.len() >= self.max_positions {
            return None;
        }
        let mut result = false;
        // Each option is merged into this buffer and looked up in place: most options are
        // met before, and only a new one is copied out to be searched.
        let mut after = Vec::with_capacity(position.len() + 2);
        'heaps: for (i, &n) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == n {
                continue;
            }
            for parts in self.moves(n).iter() {
                merge_without(&position, i, parts, &mut after);
                let next_wins = match self.wins.get(&after) {
                    Some(&known) => known,
                    None => self.wins(after.clone())?,
                };
                if !next_wins {
                    result = true;
                    break 'heaps;
                }
            }
        }
        self.wins.insert(position, result);
        Some(result)
    }
}

/// Writes into `out` the sorted merge of `sorted` without its entry at `skip` and of `parts`
/// (sorted too).
fn merge_without(sorted: &[u64], skip: usize, parts: &[u64], out: &mut Vec<u64>) {
    out.clear();
    let mut rest = sorted[..skip]
        .iter()
        .chain(&sorted[skip + 1..])
        .copied()
        .peekable();
    for &part in parts {
        while let Some(n) = rest.next_if(|&n| n <= part) {
            out.push(n);
        }
        out.push(part);
    }
    out.extend(rest);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Kayles: knock down 1 or 2 adjacent pins, which may split the row.
    fn kayles(n: u64, visit: &mut dyn FnMut(&[u64])) {
        for take in 1..=2.min(n) {
            let rest = n - take;
            for left in 0..=rest / 2 {
                visit(&[left, rest - left]);
            }
        }
    }

    /// Officers (0.6) with its parts listed largest first: take one token from a heap of two
    /// or more, leaving one or two nonempty heaps (a heap of 1 has no move, so it is dead).
    fn officers_unsorted(n: u64, visit: &mut dyn FnMut(&[u64])) {
        if n >= 2 {
            let rest = n - 1;
            visit(&[rest]);
            for small in 1..=rest / 2 {
                visit(&[rest - small, small]);
            }
        }
    }

    /// The definition on the raw list of heaps, with no sorting, dropping or memo.
    fn plain_misere_wins(heaps: &[u64], options: HeapOptions) -> bool {
        let mut any_move = false;
        for (i, &n) in heaps.iter().enumerate() {
            let mut listed = Vec::new();
            options(n, &mut |parts| listed.push(parts.to_vec()));
            for parts in listed {
                any_move = true;
                let mut after = heaps.to_vec();
                after.splice(i..i + 1, parts);
                if !plain_misere_wins(&after, options) {
                    return true;
                }
            }
        }
        !any_move
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_search_agrees_with_the_definition(heaps in proptest::collection::vec(0u64..6, 0..4)) {
            for (name, options) in [("kayles", &kayles as HeapOptions), ("officers", &officers_unsorted)] {
                // A search's memo belongs to one game.
                let search = MisereSearch::default();
                let expected = if plain_misere_wins(&heaps, options) { Winner::First } else { Winner::Second };
                prop_assert_eq!(search.outcome(name, &heaps, options).unwrap(), expected, "{}", name);
            }
        }

        #[test]
        fn merge_without_is_remove_then_sort(
            mut sorted in proptest::collection::vec(0u64..8, 1..6),
            mut parts in proptest::collection::vec(0u64..8, 0..3),
            skip in 0usize..6,
        ) {
            sorted.sort_unstable();
            parts.sort_unstable();
            let skip = skip % sorted.len();
            let mut expected = sorted.clone();
            expected.remove(skip);
            expected.extend(&parts);
            expected.sort_unstable();
            let mut out = vec![99];
            merge_without(&sorted, skip, &parts, &mut out);
            prop_assert_eq!(out, expected);
        }
    }

    #[test]
    fn kayles_rows_and_the_bound() {
        let search = MisereSearch::default();
        // A lone pin: the mover must take it and loses. Two pins: the mover takes one and
        // leaves the opponent the last.
        assert_eq!(search.outcome("k", &[1], &kayles).unwrap(), Winner::Second);
        assert_eq!(search.outcome("k", &[2], &kayles).unwrap(), Winner::First);
        assert_eq!(search.outcome("k", &[], &kayles).unwrap(), Winner::First);
        assert_eq!(
            search.outcome("k", &[1, 1], &kayles).unwrap(),
            Winner::First
        );
        let err = search
            .outcome("k", &[200, 1], &kayles)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("the sum 200 + 1 is searched") && err.contains("201 tokens"),
            "{err}"
        );
        let small = MisereSearch {
            max_positions: 1000,
            ..MisereSearch::default()
        };
        let err = small
            .outcome("k", &[40, 40], &kayles)
            .unwrap_err()
            .to_string();
        assert!(err.contains("more than 1000 positions"), "{err}");
        // A sum that had the bound to itself is refused after one search, not two: the memo
        // is left full, not cleared for a second try.
        assert!(small.wins.lock().unwrap().len() >= 1000);
        // A memo filled by earlier sums does not refuse a sum that fits the bound alone.
        let fresh = MisereSearch::default();
        for n in 10..16 {
            let expected = fresh.outcome("k", &[n, 3], &kayles).unwrap();
            assert!(fresh.wins.lock().unwrap().len() < 1000);
            assert_eq!(
                small.outcome("k", &[n, 3], &kayles).unwrap(),
                expected,
                "{n}"
            );
        }
    }
}
