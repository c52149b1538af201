//! Coin-turning games on a strip (Winning Ways, ch. 14): coins in a row at positions
//! 0, 1, 2, …; a move turns over some coins, the rightmost of which must go heads → tails.
//!
//! A position is its set of heads, and each head is an independent game: turning a coin
//! that shows heads to tails is the same, for the nim-sum, as adding a second copy of that
//! head (two equal values cancel). So a head at `x` is a "heap" `x` whose options are the
//! sets of *other* coins turned — all at positions `< x` — and the value of a position is the
//! XOR of its heads' values. That is exactly a [`HeapGame`], so these games reuse
//! [`HeapFamily`] for values, batches and tables (through [`CoinStrip`], which reports moves
//! as the coins they turn): `grundy solve mock-turtles 0 3 5` is the strip with heads at 0, 3
//! and 5; a winning move `5 → 1+2` turns coins 5, 1 and 2, and `5 → none` turns coin 5 alone.
//!
//! | game | a move turns | value of a head at `x` |
//! |---|---|---|
//! | `mock-turtles` | 1, 2 or 3 coins | the `x`-th odious number `2x + [popcount(x) even]`: 1, 2, 4, 7, 8, 11, … |
//! | `ruler` | any run of consecutive coins ending at `x` | the largest power of 2 dividing `x + 1`: 1, 2, 1, 4, … |
//! | `twins` | exactly 2 coins | `x` (Twins is Nim) |
//!
//! Each closed form is checked against the definition (the bottom-up table and the generic
//! solver) in the tests below; so are the direct winning-move searches.

use crate::impartial::HeapGame;

use crate::error::GameError;
use crate::impartial::family::illegal_move_reason;
use crate::impartial::heap::{
    parse_heap, HeapFamily, HeapRules, MAX_ENUMERATED_OPTIONS, MAX_LISTED_OPTIONS,
};
use crate::impartial::ruleset::{solve_with, GameValue, Heap, Ruleset, Solved};
use crate::numeric::Nimber;
use crate::theory::period::HeapSequence;
use crate::theory::period::PeriodRule;
use std::collections::HashSet;

/// Largest total number of coins we print when listing winning moves of `ruler` (each move
/// can turn a long run).
pub const MAX_LISTED_COINS: u128 = 10_000_000;

/// The one-dimensional coin-turning games grundy knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CoinGame {
    /// Turn 1, 2 or 3 coins.
    MockTurtles,
    /// Turn any run of consecutive coins.
    Ruler,
    /// Turn exactly 2 coins.
    Twins,
}

impl CoinGame {
    /// Every strip game, in the order `games` lists them.
    pub const ALL: [CoinGame; 3] = [CoinGame::MockTurtles, CoinGame::Ruler, CoinGame::Twins];

    /// The spec name (`mock-turtles`, `ruler`, `twins`).
    pub fn name(self) -> &'static str {
        match self {
            CoinGame::MockTurtles => "mock-turtles",
            CoinGame::Ruler => "ruler",
            CoinGame::Twins => "twins",
        }
    }

    /// The game with the given spec name.
    pub fn from_name(name: &str) -> Option<CoinGame> {
        CoinGame::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The value of a head at `x` by the closed form; `None` where it exceeds 2^64−1.
    pub fn head_value(self, x: u64) -> Option<Nimber> {
        match self {
            CoinGame::MockTurtles => {
                let evil = x.count_ones() % 2 == 0;
                x.checked_mul(2).map(|v| Nimber(v | evil as u64))
            }
            CoinGame::Ruler => x.checked_add(1).map(|n| Nimber(n & n.wrapping_neg())),
            CoinGame::Twins => Some(Nimber(x)),
        }
    }

    /// [`Self::head_value`], or an error naming the coin whose value does not fit.
    pub fn checked_head_value(self, x: u64) -> Result<Nimber, GameError> {
        self.head_value(x).ok_or_else(|| {
            GameError::bad_position(
                &x.to_string(),
                format!(
                    "the value of a head at {x} in `{}` exceeds 2^64−1 (positions up to {} are supported)",
                    self.name(),
                    self.largest_position()
                ),
            )
        })
    }

    /// The largest position whose head value fits in 64 bits.
    pub fn largest_position(self) -> u64 {
        match self {
            CoinGame::MockTurtles => u64::MAX / 2,
            CoinGame::Ruler => u64::MAX - 1,
            CoinGame::Twins => u64::MAX,
        }
    }

    /// How many coins a search for the winning options of a head at `x` examines: what
    /// [`Self::options_with_value`] costs, and what a product game multiplies.
    pub fn search_cost(self, x: u64) -> u128 {
        match self {
            CoinGame::Twins => 1,
            CoinGame::MockTurtles | CoinGame::Ruler => x as u128 + 1,
        }
    }

    /// How many coins all the options of a head at `x` hold together, plus one per option:
    /// the cost of walking them with [`HeapGame::heap_options`].
    pub fn walk_cost(self, x: u64) -> u128 {
        let x = x as u128;
        self.option_count(x as u64)
            + match self {
                CoinGame::MockTurtles => x + x * x.saturating_sub(1),
                CoinGame::Ruler => x * (x + 1) / 2,
                CoinGame::Twins => x,
            }
    }

    /// The options of a head at `x` (the other coins turned) whose value is `target`, found
    /// directly instead of by enumerating every option:
    /// - Twins: the one coin `target`, if it is left of `x`;
    /// - Mock Turtles: values are distinct (`x ↦ 2x + …` is injective), so for each first
    ///   coin `y` the partner `z` is the coin of value `target ⊕ G(y)`, if any: O(x);
    /// - Ruler: one pass over the runs `y..x` with a running XOR: O(x).
    pub fn options_with_value(self, x: u64, target: Nimber) -> Result<Vec<Vec<u64>>, GameError> {
        if self.search_cost(x) > MAX_ENUMERATED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "a head at {x} of `{}` has about {} options; listing winning moves would examine them all",
                self.name(),
                self.option_count(x)
            )));
        }
        let value = |y: u64| self.head_value(y).expect("positions below x have values").0;
        let mut out = Vec::new();
        match self {
            CoinGame::Twins => {
                if target.0 < x {
                    out.push(vec![target.0]);
                }
            }
            CoinGame::MockTurtles => {
                // The coin whose value is `v`, if `v` is odious (an odious v is G(v >> 1)).
                let coin_of = |v: u64| (v.count_ones() % 2 == 1).then_some(v >> 1);
                if target.0 == 0 {
                    out.push(vec![]);
                }
                if let Some(y) = coin_of(target.0).filter(|&y| y < x) {
                    out.push(vec![y]);
                }
                for y in 0..x {
                    if let Some(z) = coin_of(target.0 ^ value(y)).filter(|&z| y < z && z < x) {
                        out.push(vec![y, z]);
                    }
                }
            }
            CoinGame::Ruler => {
                let mut run_value = 0;
                let mut listed: u128 = 0;
                for y in (0..=x).rev() {
                    if y < x {
                        run_value ^= value(y);
                    }
                    if run_value == target.0 {
                        listed += (x - y) as u128;
                        if listed > MAX_LISTED_COINS {
                            return Err(GameError::TooLarge(format!(
                                "the winning moves of a head at {x} of `ruler` turn more than {MAX_LISTED_COINS} coins in all; too many to list"
                            )));
                        }
                        out.push((y..x).collect());
                    }
                }
            }
        }
        Ok(out)
    }
}

impl HeapGame for CoinGame {
    /// The definition: the sets of other coins a move may turn together with coin `x`.
    fn heap_options(&self, x: u64, visit: &mut dyn FnMut(&[u64])) {
        match self {
            CoinGame::MockTurtles => {
                visit(&[]);
                for z in (0..x).rev() {
                    visit(&[z]);
                    for y in (0..z).rev() {
                        visit(&[y, z]);
                    }
                }
            }
            CoinGame::Ruler => {
                let run: Vec<u64> = (0..x).collect();
                for y in (0..=x as usize).rev() {
                    visit(&run[y..]);
                }
            }
            CoinGame::Twins => {
                for y in (0..x).rev() {
                    visit(&[y]);
                }
            }
        }
    }
}

impl HeapRules for CoinGame {
    fn spec(&self) -> String {
        self.name().to_string()
    }

    fn option_count(&self, x: u64) -> u128 {
        let x = x as u128;
        match self {
            CoinGame::MockTurtles => 1 + x + x * x.saturating_sub(1) / 2,
            CoinGame::Ruler => x + 1,
            CoinGame::Twins => x,
        }
    }

    fn closed_form(&self, x: u64) -> Option<Nimber> {
        self.head_value(x)
    }

    fn closed_form_name(&self) -> &'static str {
        match self {
            CoinGame::MockTurtles => "closed form: a head at x is worth the x-th odious number",
            CoinGame::Ruler => {
                "closed form: a head at x is worth the largest power of 2 dividing x+1"
            }
            CoinGame::Twins => "closed form: a head at x is worth x (Twins is Nim)",
        }
    }

    /// Twins is Nim (turning coins `x` and `y < x` moves a heap of `x` to `y`): `G(x) = x`,
    /// arithmetic-periodic by that closed form. The other strips have no period.
    fn period_rule(&self) -> PeriodRule {
        match self {
            CoinGame::Twins => PeriodRule::ClosedForm {
                preperiod: 0,
                period: 1,
                saltus: 1,
                statement: "a head at x is worth x for every x: turning x and a coin y < x moves a Nim heap of x to y (two heads at y cancel), so Twins is Nim",
            },
            CoinGame::MockTurtles | CoinGame::Ruler => PeriodRule::None,
        }
    }

    /// All heads at once, so that a head whose value does not fit is reported by name.
    fn bulk_values(&self, heads: &[u64]) -> Option<Result<Vec<u64>, GameError>> {
        Some(
            heads
                .iter()
                .map(|&x| self.checked_head_value(x).map(|v| v.0))
                .collect(),
        )
    }

    /// A head at 0 is a coin, not an empty heap; a move turning one coin leaves `none`.
    fn zero_is_empty(&self) -> bool {
        false
    }

    fn options_with_value(
        &self,
        x: u64,
        target: Nimber,
        _value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
    ) -> Result<Vec<Vec<u64>>, GameError> {
        CoinGame::options_with_value(*self, x, target)
    }
}

/// The heads of a strip or grid after a move, in order: a coin listed twice was turned from
/// heads to tails, so equal heads cancel in pairs (as their equal values do in the nim-sum).
pub fn turn_coins<H: Ord + Copy>(heads: &mut Vec<H>) -> &[H] {
    heads.sort_unstable();
    let mut kept: Vec<H> = Vec::with_capacity(heads.len());
    for &h in heads.iter() {
        if kept.last() == Some(&h) {
            kept.pop();
        } else {
            kept.push(h);
        }
    }
    *heads = kept;
    heads
}

fn strip_heads(coins: Vec<u64>) -> Vec<Heap> {
    coins.into_iter().map(Heap).collect()
}

/// A strip game as a ruleset: heads are positions, a move is written as the other coins it
/// turns (`5 → 1+2`, `none` for the head's coin alone), which heap-game reports (where a heap
/// of 0 is nothing) cannot say. The [`HeapFamily`] inside serves the sequence (`table`,
/// `period`, `plot`).
pub struct CoinStrip(HeapFamily<CoinGame>);

impl CoinStrip {
    /// The strip game `game`.
    pub fn new(game: CoinGame) -> CoinStrip {
        CoinStrip(HeapFamily::new(game))
    }

    fn game(&self) -> CoinGame {
        *self.0.rules()
    }
}

impl Ruleset for CoinStrip {
    type Position = Heap;

    fn spec(&self) -> String {
        self.game().spec()
    }

    fn what_to_give(&self) -> &'static str {
        "list the positions of the heads"
    }

    fn value(&self, head: &Heap) -> Result<GameValue, GameError> {
        Ok(GameValue::Finite(self.game().checked_head_value(head.0)?))
    }

    /// The other coins each move turns, sorted, each set once.
    fn options(&self, head: &Heap) -> Result<Vec<Vec<Heap>>, GameError> {
        let (game, n) = (self.game(), head.0);
        let count = game.option_count(n);
        if count > MAX_LISTED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "heap {n} of `{}` has about {count} options; too many to list one by one",
                game.spec()
            )));
        }
        let mut options = Vec::new();
        let mut seen = HashSet::new();
        game.heap_options(n, &mut |coins| {
            let coins = game.normalise(coins.to_vec());
            if seen.insert(coins.clone()) {
                options.push(strip_heads(coins));
            }
        });
        Ok(options)
    }

    fn has_moves(&self, head: &Heap) -> Result<bool, GameError> {
        Ok(self.game().option_count(head.0) > 0)
    }

    fn is_option(&self, from: &Heap, to: &[Heap]) -> Result<bool, GameError> {
        let coins: Vec<u64> = to.iter().map(|h| h.0).collect();
        self.game().is_option(from.0, &coins)
    }

    /// `1+2` (in any order) or `none`.
    fn read_move(&self, _: &Heap, _: usize, to: &str) -> Result<Vec<Heap>, GameError> {
        let mut coins = match to.trim() {
            "none" => Vec::new(),
            text => text
                .split('+')
                .map(parse_heap)
                .collect::<Result<Vec<u64>, _>>()?,
        };
        coins.sort_unstable();
        Ok(strip_heads(coins))
    }

    /// Names the legal moves when they are few.
    fn illegal_move(&self, from: &Heap, to: &str) -> GameError {
        let game = self.game();
        let listed = (game.option_count(from.0) <= 12).then(|| {
            let mut listed = Vec::new();
            game.heap_options(from.0, &mut |o| listed.push(game.format_option(o)));
            listed
        });
        GameError::bad_position(
            to,
            format!(
                "{} in `{}`",
                illegal_move_reason(&from.to_string(), listed.as_deref()),
                game.spec()
            ),
        )
    }

    /// A coin turned that already showed heads goes tails ([`turn_coins`]).
    fn after_move(&self, mut sum: Vec<Heap>) -> Vec<Heap> {
        turn_coins(&mut sum);
        sum
    }

    fn method(&self) -> String {
        self.game().closed_form_name().to_string()
    }

    /// Winning moves by the strip's direct search ([`CoinGame::options_with_value`]).
    fn solve(&self, sum: &[Heap]) -> Result<Solved<Heap>, GameError> {
        let game = self.game();
        solve_with(self, sum, |head, target| {
            Ok(game
                .options_with_value(head.0, target)?
                .into_iter()
                .map(strip_heads)
                .collect())
        })
    }

    fn misere_refusal(&self) -> GameError {
        GameError::Unsupported(format!(
            "misère play of `{}` has no theory in grundy (no Anti-SG/SJ condition holds); only normal play is available",
            self.spec()
        ))
    }

    fn sequence(&self) -> Option<&dyn HeapSequence> {
        Some(&self.0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play, Solution};
    use crate::impartial::ruleset::{write_parts, Winner};
    use crate::impartial::table::heap_table;
    use crate::impartial::text::Text;
    use crate::impartial::{Heaps, ImpartialGame, Solver};
    use proptest::prelude::*;

    #[test]
    fn closed_forms_match_the_definition() {
        for game in CoinGame::ALL {
            let table = heap_table(&game, 120).unwrap();
            let solver_view = Heaps(&game);
            let mut solver = Solver::new(&solver_view);
            for (x, &v) in table.iter().enumerate() {
                assert_eq!(game.head_value(x as u64), Some(Nimber(v)), "{game:?} {x}");
                if x < 40 {
                    assert_eq!(solver.grundy(&(x as u64)).unwrap().0, v, "{game:?} {x}");
                }
            }
        }
    }

    #[test]
    fn option_counts_and_walk_costs_are_exact() {
        for game in CoinGame::ALL {
            for x in 0..30 {
                let (mut options, mut coins) = (0u128, 0u128);
                game.heap_options(x, &mut |o| {
                    options += 1;
                    coins += o.len() as u128;
                });
                assert_eq!(game.option_count(x), options, "{game:?} {x}");
                assert_eq!(game.walk_cost(x), options + coins, "{game:?} {x}");
            }
        }
    }

    #[test]
    fn known_sequences() {
        let values =
            |g: CoinGame| -> Vec<u64> { (0..12).map(|x| g.head_value(x).unwrap().0).collect() };
        assert_eq!(
            values(CoinGame::MockTurtles),
            [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
        );
        assert_eq!(
            values(CoinGame::Ruler),
            [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
        );
        assert_eq!(values(CoinGame::Twins), (0..12).collect::<Vec<_>>());
        // 2^63 − 1 has odd popcount 63: worth 2^64 − 2, the largest that fits.
        assert_eq!(
            CoinGame::MockTurtles.head_value(u64::MAX / 2),
            Some(Nimber(u64::MAX - 1))
        );
        assert_eq!(CoinGame::MockTurtles.head_value(u64::MAX / 2 + 1), None);
        assert_eq!(
            CoinGame::Ruler.head_value((1 << 63) - 1),
            Some(Nimber(1 << 63))
        );
        assert_eq!(CoinGame::Ruler.head_value(u64::MAX - 1), Some(Nimber(1)));
        assert_eq!(CoinGame::Ruler.head_value(u64::MAX), None);
    }

    #[test]
    fn positions_out_of_range_are_errors() {
        let family = Text(CoinStrip::new(CoinGame::MockTurtles));
        let err = family
            .solve(&["9223372036854775808"], Play::Normal)
            .unwrap_err();
        assert!(err.to_string().contains("exceeds 2^64−1"), "{err}");
        let big = family.value("9223372036854775807").unwrap();
        assert_eq!(
            big,
            crate::impartial::family::GameValue::Finite(Nimber(u64::MAX - 1))
        );
        // Listing every winning move of such a head would take ~2^63 steps: not attempted,
        // but `solve` still answers (issue 12), saying why the moves are omitted.
        let solved = family
            .solve(&["9223372036854775807"], Play::Normal)
            .unwrap();
        assert_eq!(solved.winner, Winner::First);
        assert_eq!(solved.grundy, Some(u64::MAX - 1));
        assert!(solved.winning_moves.is_empty() && solved.moves_omitted.is_some());
    }

    /// Winning moves as `(component, to)`, sorted.
    pub(crate) type MoveList = Vec<(usize, String)>;

    /// The winning moves `(component, to)` of `solution` and, formatted by `format`, those the
    /// generic solver finds for the same sum, both sorted (for families' move tests).
    pub(crate) fn winning_moves_both_ways<G: ImpartialGame>(
        solution: &Solution,
        solver: &mut Solver<G>,
        sum: &[G::Position],
        format: impl Fn(&[G::Position]) -> String,
    ) -> (MoveList, MoveList) {
        let mut expected: MoveList = solver
            .winning_moves(sum)
            .unwrap()
            .into_iter()
            .map(|(i, option)| (i, format(&option)))
            .collect();
        let mut got: Vec<(usize, String)> = solution
            .winning_moves
            .iter()
            .map(|m| (m.component, m.to.clone()))
            .collect();
        expected.sort();
        got.sort();
        (got, expected)
    }

    proptest! {
        #[test]
        fn direct_option_search_matches_enumeration(x in 0u64..60, target in 0u64..130) {
            for game in CoinGame::ALL {
                let mut fast = game.options_with_value(x, Nimber(target)).unwrap();
                let mut slow = Vec::new();
                game.heap_options(x, &mut |option| {
                    let v = option.iter().fold(0, |a, &y| a ^ game.head_value(y).unwrap().0);
                    if v == target {
                        slow.push(option.to_vec());
                    }
                });
                fast.sort();
                slow.sort();
                prop_assert_eq!(fast, slow, "{:?} at {}", game, x);
            }
        }

        #[test]
        fn winning_moves_match_the_solver(heads in proptest::collection::vec(0u64..12, 1..4)) {
            for game in CoinGame::ALL {
                let family = Text(CoinStrip::new(game));
                let texts: Vec<String> = heads.iter().map(u64::to_string).collect();
                let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
                let solution = family.solve(&refs, Play::Normal).unwrap();
                let view = Heaps(&game);
                let mut solver = Solver::new(&view);
                prop_assert_eq!(solution.grundy, Some(solver.sum_value(&heads).unwrap().0));
                let (got, expected) = winning_moves_both_ways(&solution, &mut solver, &heads, |c| write_parts(&strip_heads(c.to_vec())));
                prop_assert_eq!(got, expected, "{:?}", game);
            }
        }
    }
}
