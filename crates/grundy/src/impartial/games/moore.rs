//! Moore's Nim_k (`moore:K`): a move takes tokens from at least one and at most `K` heaps
//! (any positive number from each). `moore:1` is Nim.
//!
//! **Moore's rule** (1910): a position is a P-position iff, writing the heaps in binary, every
//! column has a number of 1s divisible by `K + 1`. Outcomes therefore cost one pass over the
//! bits at any size. Grundy values have no known formula; grundy computes them by the generic
//! solver for small positions only.
//!
//! **Misère play** (Moore, same paper): the P-positions are the same, except that when every
//! heap is at most 1 they are those whose number of 1s is `≡ 1 (mod K + 1)`.
//!
//! Winning moves are the moves to P-positions, found by a search over the columns from the top
//! bit down: each heap is *tight* (its new value agrees with the old one so far) or *lowered*
//! (already smaller, so its remaining bits are free); a tight heap with a 1 may drop to 0 and
//! become lowered, at most `K` heaps may be lowered, and each column must sum to a multiple of
//! `K + 1`. Every leaf with at least one lowered heap is a distinct winning move.

use crate::error::GameError;
use crate::impartial::family::{Layout, Play};
use crate::impartial::games::tuple::{
    entry_reports, first_change, not_an_option, parse_target, Target, Tuple,
};
use crate::impartial::heap::MAX_LISTED_OPTIONS;
use crate::impartial::ruleset::{GameValue, Misere, Reply, Ruleset, Solved, Winner};
use crate::impartial::{ImpartialGame, Solver};
use crate::numeric::Nimber;

/// At most this many winning moves are listed (there can be astronomically many).
pub const MAX_LISTED_MOVES: usize = 100_000;

/// Winning moves are listed for positions of at most this many heaps (the search recurses
/// once per heap and column).
pub const MAX_SEARCH_HEAPS: usize = 64;

/// Search nodes allowed while looking for winning moves.
const MAX_SEARCH_NODES: u64 = 20_000_000;

/// Grundy values are computed for positions with at most this many sub-positions.
pub const MAX_VALUE_STATES: u128 = 2_000;

/// `moore:K`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moore {
    k: u64,
}

impl Moore {
    /// Parses the text after `moore:`.
    pub fn parse(args: &str, spec: &str) -> Result<Moore, GameError> {
        let k = crate::numeric::number::parse_u64_expr(args)
            .map_err(|e| format!("K: {e}"))
            .and_then(|k| match k {
                0 => Err("K = 0 lets no move change any heap".to_string()),
                k if k > 1 << 32 => Err(format!("K = {k} is above 2^32 = 4294967296")),
                k => Ok(k),
            })
            .map_err(|reason| {
                GameError::bad_spec(
                    spec,
                    format!("{reason}; expected `moore:K` with 1 ≤ K ≤ 2^32 the most heaps one move may change, e.g. `moore:2`"),
                )
            })?;
        Ok(Moore { k })
    }

    /// Moore's rule: every binary column sum is a multiple of `K + 1`.
    pub fn is_p_position(&self, heaps: &[u64]) -> bool {
        let modulus = self.k as u128 + 1;
        (0..64).all(|bit| {
            let ones = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u128;
            ones % modulus == 0
        })
    }

    /// Moore's misère rule (module doc).
    pub fn is_misere_p_position(&self, heaps: &[u64]) -> bool {
        if heaps.iter().all(|&h| h <= 1) {
            let ones = heaps.iter().filter(|&&h| h == 1).count() as u128;
            ones % (self.k as u128 + 1) == 1
        } else {
            self.is_p_position(heaps)
        }
    }

    /// Every move to a misère P-position: the normal-play targets with a heap above 1, and the
    /// targets with every heap at most 1 and `≡ 1 (mod K+1)` ones.
    pub fn misere_winning_moves(&self, heaps: &[u64]) -> Result<Vec<Vec<u64>>, GameError> {
        let mut moves: Vec<Vec<u64>> = self
            .winning_moves(heaps)?
            .into_iter()
            .filter(|y| y.iter().any(|&h| h > 1))
            .collect();
        let mut small = SmallTargets {
            heaps,
            k: self.k as usize,
            new: heaps.to_vec(),
            out: Vec::new(),
        };
        small.choose(0, 0)?;
        moves.extend(small.out);
        moves.sort_unstable_by(|a, b| b.cmp(a));
        Ok(moves)
    }

    /// Every move to a P-position, as new positions (search described in the module doc).
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<Vec<u64>>, GameError> {
        if heaps.len() > MAX_SEARCH_HEAPS {
            return Err(GameError::TooLarge(format!(
                "winning moves of Moore's Nim are listed for at most {MAX_SEARCH_HEAPS} heaps (this position has {}); `batch` gives the outcome at any size",
                heaps.len()
            )));
        }
        let top = heaps
            .iter()
            .map(|&h| 64 - h.leading_zeros())
            .max()
            .unwrap_or(0);
        let mut search = Search {
            heaps,
            modulus: self.k as usize + 1,
            budget: self.k as usize,
            new: vec![0; heaps.len()],
            lowered: vec![false; heaps.len()],
            lowered_count: 0,
            out: Vec::new(),
            nodes: 0,
        };
        search.column(top as i32 - 1)?;
        let mut moves = search.out;
        moves.sort_unstable_by(|a, b| b.cmp(a));
        Ok(moves)
    }

    /// Every option of a position, by the definition (for small positions and tests).
    pub fn all_options(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let mut next = heaps.to_vec();
        self.lower_from(heaps, 0, 0, &mut next, &mut out);
        out
    }

    /// Chooses, from heap `i` on, which heaps to lower (at most `K` in all) and to what.
    fn lower_from(
        &self,
        heaps: &[u64],
        i: usize,
        lowered: u64,
        next: &mut Vec<u64>,
        out: &mut Vec<Vec<u64>>,
    ) {
        if i == heaps.len() {
            if lowered > 0 {
                out.push(next.clone());
            }
            return;
        }
        self.lower_from(heaps, i + 1, lowered, next, out);
        if lowered < self.k {
            for v in 0..heaps[i] {
                next[i] = v;
                self.lower_from(heaps, i + 1, lowered + 1, next, out);
            }
            next[i] = heaps[i];
        }
    }

    /// The Grundy value by the generic solver, for positions with few sub-positions.
    pub fn grundy(&self, heaps: &[u64]) -> Result<u64, GameError> {
        let states: u128 = heaps
            .iter()
            .try_fold(1u128, |acc, &h| acc.checked_mul(h as u128 + 1))
            .unwrap_or(u128::MAX);
        if states > MAX_VALUE_STATES {
            return Err(GameError::Unsupported(format!(
                "Grundy values of Moore's Nim have no known formula; grundy computes them only for positions with at most {MAX_VALUE_STATES} sub-positions (this one has {}); `solve` gives the outcome and winning moves at any size",
                if states == u128::MAX { "more than 2^128".to_string() } else { states.to_string() }
            )));
        }
        let mut sorted = heaps.to_vec();
        sorted.sort_unstable();
        Ok(Solver::new(self).grundy(&sorted)?.0)
    }
}

fn too_many_moves() -> GameError {
    GameError::TooLarge(format!(
        "this Moore position has more than {MAX_LISTED_MOVES} winning moves (or too many to search); its outcome is still exact: first player wins"
    ))
}

/// Misère targets whose heaps are all at most 1: heaps above 1 must drop to 0 or 1, heaps of
/// 1 may drop to 0, at most `k` heaps change, and the number of 1s left is `≡ 1 (mod k+1)`.
struct SmallTargets<'a> {
    heaps: &'a [u64],
    k: usize,
    new: Vec<u64>,
    out: Vec<Vec<u64>>,
}

impl SmallTargets<'_> {
    fn choose(&mut self, i: usize, changed: usize) -> Result<(), GameError> {
        if changed > self.k {
            return Ok(());
        }
        if self.out.len() > MAX_LISTED_MOVES {
            return Err(too_many_moves());
        }
        if i == self.heaps.len() {
            let ones = self.new.iter().filter(|&&h| h == 1).count();
            if changed > 0 && ones % (self.k + 1) == 1 {
                self.out.push(self.new.clone());
            }
            return Ok(());
        }
        match self.heaps[i] {
            0 => self.choose(i + 1, changed),
            h => {
                if h == 1 {
                    self.choose(i + 1, changed)?;
                } else {
                    self.new[i] = 1;
                    self.choose(i + 1, changed + 1)?;
                }
                self.new[i] = 0;
                self.choose(i + 1, changed + 1)?;
                self.new[i] = h;
                Ok(())
            }
        }
    }
}

/// The winning-move search state (module doc).
struct Search<'a> {
    heaps: &'a [u64],
    modulus: usize,
    /// How many heaps may still be lowered.
    budget: usize,
    new: Vec<u64>,
    lowered: Vec<bool>,
    lowered_count: usize,
    out: Vec<Vec<u64>>,
    nodes: u64,
}

impl Search<'_> {
    /// Decides column `bit` (and, recursively, the lower ones).
    fn column(&mut self, bit: i32) -> Result<(), GameError> {
        self.nodes += 1;
        if self.nodes > MAX_SEARCH_NODES || self.out.len() > MAX_LISTED_MOVES {
            return Err(too_many_moves());
        }
        if bit < 0 {
            if self.lowered_count > 0 {
                self.out.push(self.new.clone());
            }
            return Ok(());
        }
        let ones: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| !self.lowered[i] && self.heaps[i] >> bit & 1 == 1)
            .collect();
        let free: Vec<usize> = (0..self.heaps.len()).filter(|&i| self.lowered[i]).collect();
        self.drop_ones(bit, &ones, 0, ones.len(), &free)
    }

    /// Chooses which tight 1s (from `ones[from..]`) drop to 0; `kept` counts 1s that stay.
    fn drop_ones(
        &mut self,
        bit: i32,
        ones: &[usize],
        from: usize,
        kept: usize,
        free: &[usize],
    ) -> Result<(), GameError> {
        if from == ones.len() {
            // Free (lowered) heaps must bring the column to a multiple of K + 1; with at most
            // K of them the number of 1s among them is forced.
            let need = (self.modulus - kept % self.modulus) % self.modulus;
            if need > free.len() {
                return Ok(());
            }
            return self.choose_free(bit, free, 0, need);
        }
        let i = ones[from];
        self.new[i] |= 1 << bit;
        self.drop_ones(bit, ones, from + 1, kept, free)?;
        self.new[i] &= !(1 << bit);
        if self.lowered_count < self.budget {
            self.lowered[i] = true;
            self.lowered_count += 1;
            self.drop_ones(bit, ones, from + 1, kept - 1, free)?;
            self.lowered[i] = false;
            self.lowered_count -= 1;
        }
        Ok(())
    }

    /// Sets `need` of the free heaps `free[from..]` to 1 in column `bit`, the rest to 0.
    fn choose_free(
        &mut self,
        bit: i32,
        free: &[usize],
        from: usize,
        need: usize,
    ) -> Result<(), GameError> {
        if free.len() - from < need {
            return Ok(());
        }
        if from == free.len() {
            return self.column(bit - 1);
        }
        let i = free[from];
        if need > 0 {
            self.new[i] |= 1 << bit;
            self.choose_free(bit, free, from + 1, need - 1)?;
            self.new[i] &= !(1 << bit);
        }
        self.choose_free(bit, free, from + 1, need)
    }
}

impl ImpartialGame for Moore {
    type Position = Vec<u64>;

    /// Options of a sorted position, sorted (heap order does not matter).
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
        self.all_options(heaps)
            .into_iter()
            .map(|mut o| {
                o.sort_unstable();
                vec![o]
            })
            .collect()
    }
}

impl Moore {
    /// The answer under `play`: Moore's rule decides, winning moves by the column search.
    fn answer(&self, heaps: &Tuple, play: Play) -> Result<Solved<Tuple>, GameError> {
        let heaps = &heaps.0;
        let is_p = match play {
            Play::Normal => self.is_p_position(heaps),
            Play::Misere => self.is_misere_p_position(heaps),
        };
        let winner = if is_p { Winner::Second } else { Winner::First };
        let grundy = match (play, winner) {
            (Play::Misere, _) => None,
            (Play::Normal, Winner::Second) => Some(0),
            (Play::Normal, _) => self.grundy(heaps).ok(),
        };
        let winning_moves = match (winner, play) {
            (Winner::First, Play::Normal) => self.winning_moves(heaps)?,
            (Winner::First, Play::Misere) => self.misere_winning_moves(heaps)?,
            _ => Vec::new(),
        };
        Ok(Solved {
            winner,
            grundy,
            winning_moves: winning_moves
                .into_iter()
                .map(|to| Reply {
                    component: first_change(heaps, &to),
                    to: vec![Tuple(to)],
                })
                .collect(),
            components: entry_reports(heaps, |_| None),
            method: format!(
                "Moore's rule{}: every binary column has a multiple of {} ones at a P-position{}",
                if play == Play::Misere {
                    " (misère: with all heaps ≤ 1, P iff the number of 1s is ≡ 1 mod K+1)"
                } else {
                    ""
                },
                self.k + 1,
                if grundy.is_none() && play == Play::Normal {
                    "; Grundy value not computed (no formula, position too large for the solver)"
                } else {
                    ""
                }
            ),
            moves_omitted: None,
            one_winning_move: None,
        })
    }

    fn rule(&self) -> String {
        format!("a move lowers from 1 to {} heaps", self.k)
    }
}

impl Ruleset for Moore {
    type Position = Tuple;

    fn spec(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn layout(&self) -> Layout {
        Layout::Whole
    }

    /// 0 at a P-position at any size; otherwise by the generic solver, small positions only.
    fn value(&self, heaps: &Tuple) -> Result<GameValue, GameError> {
        if self.is_p_position(&heaps.0) {
            return Ok(GameValue::Finite(Nimber::ZERO));
        }
        Ok(GameValue::Finite(Nimber(self.grundy(&heaps.0)?)))
    }

    /// Every move of the whole position, while they are few enough to list.
    fn options(&self, heaps: &Tuple) -> Result<Vec<Vec<Tuple>>, GameError> {
        let count = heaps
            .0
            .iter()
            .try_fold(1u128, |acc, &h| acc.checked_mul(h as u128 + 1))
            .unwrap_or(u128::MAX);
        if count > MAX_LISTED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "this Moore position has up to {count} moves; too many to list one by one"
            )));
        }
        Ok(self
            .all_options(&heaps.0)
            .into_iter()
            .map(|o| vec![Tuple(o)])
            .collect())
    }

    fn has_moves(&self, heaps: &Tuple) -> Result<bool, GameError> {
        Ok(heaps.0.iter().any(|&h| h > 0))
    }

    /// From 1 to `K` heaps lowered, none raised: checked directly at any size.
    fn is_option(&self, from: &Tuple, to: &[Tuple]) -> Result<bool, GameError> {
        let [next] = to else { return Ok(false) };
        let (heaps, next) = (&from.0, &next.0);
        let lowered = heaps.iter().zip(next).filter(|(a, b)| b < a).count() as u64;
        let raised = heaps.iter().zip(next).any(|(a, b)| b > a);
        Ok(next.len() == heaps.len() && !raised && lowered > 0 && lowered <= self.k)
    }

    /// `to` is the whole new position, or the new size of heap `component` (a one-heap move).
    fn read_move(&self, from: &Tuple, component: usize, to: &str) -> Result<Vec<Tuple>, GameError> {
        let heaps = &from.0;
        let next = match parse_target(heaps, to)? {
            Target::Whole(next) => next,
            Target::Entry(size) if component < heaps.len() => {
                let mut next = heaps.clone();
                next[component] = size;
                next
            }
            Target::Entry(_) => return Err(self.illegal_move(from, to)),
        };
        Ok(vec![Tuple(next)])
    }

    fn illegal_move(&self, from: &Tuple, to: &str) -> GameError {
        not_an_option(to, &from.0, &self.rule())
    }

    fn solve(&self, sum: &[Tuple]) -> Result<Solved<Tuple>, GameError> {
        self.answer(&sum[0], Play::Normal)
    }

    fn outcome(&self, sum: &[Tuple]) -> Result<Winner, GameError> {
        Ok(if self.is_p_position(&sum[0].0) {
            Winner::Second
        } else {
            Winner::First
        })
    }

    fn misere(&self) -> Option<&dyn Misere<Tuple>> {
        Some(self)
    }
}

/// Moore's misère rule (module doc).
impl Misere<Tuple> for Moore {
    fn solve_misere(&self, sum: &[Tuple]) -> Result<Solved<Tuple>, GameError> {
        self.answer(&sum[0], Play::Misere)
    }

    fn misere_outcome(&self, sum: &[Tuple]) -> Result<Winner, GameError> {
        Ok(if self.is_misere_p_position(&sum[0].0) {
            Winner::Second
        } else {
            Winner::First
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::Family;
    use crate::impartial::text::Text;
    use proptest::prelude::*;

    fn moore(k: u64) -> Moore {
        Moore::parse(&k.to_string(), "t").unwrap()
    }

    proptest! {
        /// Moore's column rule is the definition's P-positions.
        #[test]
        fn column_rule_matches_solver(k in 1u64..4, heaps in proptest::collection::vec(0u64..6, 1..5)) {
            let game = moore(k);
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let value = Solver::new(&game).grundy(&sorted).unwrap().0;
            prop_assert_eq!(value == 0, game.is_p_position(&heaps));
        }

        /// The column search finds exactly the options that are P-positions.
        #[test]
        fn winning_moves_match_definition(k in 1u64..4, heaps in proptest::collection::vec(0u64..9, 1..5)) {
            let game = moore(k);
            let mut expected: Vec<Vec<u64>> = game
                .all_options(&heaps)
                .into_iter()
                .filter(|o| game.is_p_position(o))
                .collect();
            expected.sort_unstable_by(|a, b| b.cmp(a));
            prop_assert_eq!(game.winning_moves(&heaps).unwrap(), expected);
        }
    }

    /// Misère play by the definition: the mover wins iff there is no move, or some move
    /// leaves the opponent losing.
    fn misere_wins(
        game: &Moore,
        heaps: &[u64],
        memo: &mut std::collections::HashMap<Vec<u64>, bool>,
    ) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let options = game.all_options(&key);
        let w = options.is_empty() || options.iter().any(|o| !misere_wins(game, o, memo));
        memo.insert(key, w);
        w
    }

    proptest! {
        #[test]
        fn misere_rule_and_moves_match_definition(k in 1u64..4, heaps in proptest::collection::vec(0u64..5, 1..5)) {
            let game = moore(k);
            let mut memo = std::collections::HashMap::new();
            prop_assert_eq!(!misere_wins(&game, &heaps, &mut memo), game.is_misere_p_position(&heaps));
            let mut expected: Vec<Vec<u64>> = game
                .all_options(&heaps)
                .into_iter()
                .filter(|o| !misere_wins(&game, o, &mut memo))
                .collect();
            expected.sort_unstable_by(|a, b| b.cmp(a));
            let got = if game.is_misere_p_position(&heaps) { vec![] } else { game.misere_winning_moves(&heaps).unwrap() };
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn moore_1_is_nim_and_reports_whole_positions() {
        let game = moore(1);
        assert!(game.is_p_position(&[1, 2, 3]));
        let game = Text(game);
        let s = game.solve(&["3", "5", "7"], Play::Normal).unwrap();
        let to: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["3 5 6", "3 4 7", "2 5 7"]);
        let components: Vec<usize> = s.winning_moves.iter().map(|m| m.component).collect();
        assert_eq!(components, [2, 1, 0]);
        assert_eq!(s.grundy, Some(1));
    }

    #[test]
    fn large_positions_and_errors() {
        let moore2 = moore(2);
        let game = Text(moore2);
        let many = vec!["1"; 65];
        assert!(game.solve(&many, Play::Normal).is_err());
        assert!(game.outcome(&many, Play::Normal).is_ok());
        // Columns: 3 = 011, 5 = 101, 6 = 110: each column has two 1s, not a multiple of 3.
        assert!(!moore2.is_p_position(&[3, 5, 6]));
        assert!(moore2.is_p_position(&[7, 7, 7]));
        let big = u64::MAX.to_string();
        let s = game.solve(&[&big, &big, &big, "1"], Play::Normal).unwrap();
        assert_eq!(s.winner, Winner::First);
        // Column 0 holds four 1s: clear the 1, or take one token from any of the big heaps.
        let less = (u64::MAX - 1).to_string();
        let to: Vec<String> = s.winning_moves.iter().map(|m| m.to.clone()).collect();
        assert_eq!(
            to,
            [
                format!("{big} {big} {big} 0"),
                format!("{big} {big} {less} 1"),
                format!("{big} {less} {big} 1"),
                format!("{less} {big} {big} 1"),
            ]
        );
        assert_eq!(s.grundy, None);
        assert!(game.value(&format!("{big},1")).is_err());
        let s = game.solve(&["1", "1", "1", "1"], Play::Misere).unwrap();
        // Four 1s under moore:2 in misère play: 4 ≡ 1 (mod 3), a P-position.
        assert_eq!(s.winner, Winner::Second);
        for bad in ["", "0", "x", "-1", "18446744073709551615"] {
            assert!(Moore::parse(bad, bad).is_err(), "{bad}");
        }
        // Lowering the two 2^41 heaps leaves 40 columns holding two tight 1s, each completed
        // by a 1 in either lowered heap: 2^40 winning moves, refused rather than listed.
        let (ones, high) = (((1u64 << 40) - 1).to_string(), (1u64 << 41).to_string());
        let position = [ones.as_str(), &ones, &high, &high];
        let err = game.solve(&position, Play::Normal).unwrap_err();
        assert!(err.to_string().contains("winning moves"), "{err}");
        assert_eq!(
            game.outcome(&position, Play::Normal).unwrap(),
            Winner::First
        );
    }
}
