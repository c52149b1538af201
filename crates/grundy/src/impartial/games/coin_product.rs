//! Two-dimensional coin-turning games: products of strip games, by the Tartan theorem.
//!
//! The product `G₁ × G₂` is played on a grid. A move picks a move of `G₁` that turns the coins
//! `A` (rightmost `x`) and a move of `G₂` that turns `B` (rightmost `y`), and turns every coin
//! of the rectangle-like set `A × B`; the coin `(x, y)` must go heads → tails. As on a strip,
//! each head is an independent game whose options are the other coins turned (all of them
//! above-left in the product order), and a position is worth the XOR of its heads.
//!
//! **Tartan theorem** (Winning Ways, ch. 14): a head at `(x, y)` is worth `G₁(x) ⊗ G₂(y)`, the
//! nim-product of the strip values ([`crate::numeric::nim_arith`]). `turning-corners` is
//! `twins × twins`: a move turns the four corners of a rectangle, and `(x, y)` is worth `x ⊗ y`.
//!
//! Winning moves use the field structure: the move `(A', B')` (the coins besides `x`, `y`,
//! with values `a'`, `b'`) leaves `(g₁ ⊕ a') ⊗ (g₂ ⊕ b') ⊕ g₁g₂`, where `g₁ ⊕ a' ≠ 0` because
//! `g₁` is the mex of the `a'`. So for each option `A'` of one side the other side's value is
//! determined by one nim-division, and the strip game finds the options with that value
//! directly ([`CoinGame::options_with_value`]): about `options(x) × search(y)` steps instead of
//! `options(x) × options(y)`.
//!
//! Positions are heads written `x,y`; the spec is `turning-corners` or `product:G1,G2` with
//! `G1`, `G2` among `mock-turtles`, `ruler`, `twins`. The generic solver on the definition
//! ([`ImpartialGame`] below) checks values and moves in the tests.

use crate::error::GameError;
use crate::impartial::games::coins::{turn_coins, CoinGame, MAX_LISTED_COINS};
use crate::impartial::heap::{HeapRules, MAX_ENUMERATED_OPTIONS, MAX_LISTED_OPTIONS};
use crate::impartial::ruleset::{solve_with, GameValue, Reply, Ruleset, Solved};
use crate::impartial::{HeapGame, ImpartialGame};
use crate::numeric::number::parse_u64_expr;
use crate::numeric::Nimber;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// The most search steps `solve` spends to find one winning move when the list is omitted
/// (one nim-division a step: a few seconds at most).
pub const MAX_ONE_MOVE_COST: u128 = 1 << 26;

/// A head on the grid: `(x, y)`, `x` for the first game and `y` for the second.
pub type Head = (u64, u64);

/// The product of two strip games.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CoinProduct {
    /// The strip of the first coordinate `x`.
    pub first: CoinGame,
    /// The strip of the second coordinate `y`.
    pub second: CoinGame,
}

impl CoinProduct {
    /// Turning Corners: `twins × twins`.
    pub const TURNING_CORNERS: CoinProduct = CoinProduct {
        first: CoinGame::Twins,
        second: CoinGame::Twins,
    };

    /// Parses the part after `product:`: two strip games separated by a comma.
    pub fn parse(args: &str, spec: &str) -> Result<CoinProduct, GameError> {
        let names: Vec<&str> = CoinGame::ALL.iter().map(|g| g.name()).collect();
        let game = |name: &str| {
            CoinGame::from_name(name.trim()).ok_or_else(|| {
                GameError::bad_spec(
                    spec,
                    format!(
                        "`{}` is not a strip coin game; expected two of {} (e.g. `product:mock-turtles,ruler`)",
                        name.trim(),
                        names.join(", ")
                    ),
                )
            })
        };
        match args.split(',').collect::<Vec<_>>()[..] {
            [first, second] => Ok(CoinProduct {
                first: game(first)?,
                second: game(second)?,
            }),
            _ => Err(GameError::bad_spec(
                spec,
                format!("expected two strip games `G1,G2` from {}", names.join(", ")),
            )),
        }
    }

    /// The value of a head at `(x, y)`: `G₁(x) ⊗ G₂(y)` (Tartan theorem).
    pub fn head_value(&self, (x, y): Head) -> Result<Nimber, GameError> {
        Ok(self.first.checked_head_value(x)? * self.second.checked_head_value(y)?)
    }

    /// Every option of the head `(x, y)` whose value is `target`, each as its sorted heads.
    pub fn options_with_value(
        &self,
        head: Head,
        target: Nimber,
    ) -> Result<Vec<Vec<Head>>, GameError> {
        self.find_options(head, target, usize::MAX, MAX_ENUMERATED_OPTIONS)
    }

    /// **One** option of the head with value `target`, without listing them all. Turning
    /// Corners by algebra: the move to corners `x' < x`, `y' < y` changes the head's value
    /// by `a ⊗ b` with `a = x ⊕ x'`, `b = y ⊕ y'`, so the move is a factorisation of the
    /// change `s` under a rule on each factor, searched down the nim field's tower
    /// ([`crate::numeric::nim_factor`]); if that search misses, then for each `a` of the
    /// shorter side `b = s ⊗ a⁻¹` is one nim-division, and the move exists iff `y ⊕ b < y`.
    /// Other products use the listing search within its budget.
    pub fn one_option_with_value(
        &self,
        head: Head,
        target: Nimber,
    ) -> Result<Option<Vec<Head>>, GameError> {
        if *self != CoinProduct::TURNING_CORNERS {
            return Ok(self
                .find_options(head, target, 1, MAX_ENUMERATED_OPTIONS)?
                .into_iter()
                .next());
        }
        let (x, y) = head;
        let s = target ^ self.head_value(head)?;
        if let Some((a, b)) = crate::numeric::nim_factor::factor_below(x, y, s.0) {
            return Ok(Some(turned_heads(head, &[x ^ a], &[y ^ b])));
        }
        // Walk the shorter side; the product is symmetric.
        let (short, long) = if x <= y { (x, y) } else { (y, x) };
        if short as u128 > MAX_ONE_MOVE_COST {
            return Err(GameError::TooLarge(format!(
                "finding one winning move of the head {x},{y} would try {short} nim-divisions"
            )));
        }
        let m = crate::numeric::nim_arith::NimMultiplier::new();
        for short_to in 0..short {
            let a = short ^ short_to;
            let b = m.mul(s.0, m.inverse(a).expect("a ≠ 0 as short_to < short"));
            let long_to = long ^ b;
            if long_to < long {
                let (x_to, y_to) = if x <= y {
                    (short_to, long_to)
                } else {
                    (long_to, short_to)
                };
                return Ok(Some(turned_heads(head, &[x_to], &[y_to])));
            }
        }
        Ok(None)
    }

    /// At most `wanted` options of the head with value `target`, refusing when the search
    /// would cost more than `budget` steps.
    fn find_options(
        &self,
        head: Head,
        target: Nimber,
        wanted: usize,
        budget: u128,
    ) -> Result<Vec<Vec<Head>>, GameError> {
        let (x, y) = head;
        let (g1, g2) = (
            self.first.checked_head_value(x)?,
            self.second.checked_head_value(y)?,
        );
        // (g1 ⊕ a') ⊗ (g2 ⊕ b') must equal s.
        let s = target ^ (g1 * g2);
        let enumerate_first = self.first_is_cheaper_to_enumerate(head, budget)?;
        let (walked, walked_head, walked_value, searched, searched_head, searched_value) =
            if enumerate_first {
                (self.first, x, g1, self.second, y, g2)
            } else {
                (self.second, y, g2, self.first, x, g1)
            };
        let mut found: Vec<Vec<Head>> = Vec::new();
        let mut listed_heads: u128 = 0;
        let mut failure = None;
        let mut cache: HashMap<u64, Vec<Vec<u64>>> = HashMap::new();
        walked.heap_options(walked_head, &mut |walked_rest| {
            if failure.is_some() || found.len() >= wanted {
                return;
            }
            let a = walked_rest
                .iter()
                .fold(walked_value, |acc, &c| acc ^ walked.head_value(c).expect("coins left of a valid head have values"));
            let factor = s
                .checked_div(a)
                .expect("g ⊕ a' ≠ 0: g is the mex of the option values a'");
            let needed = factor ^ searched_value;
            let matches = match cache.get(&needed.0) {
                Some(options) => options,
                None => match searched.options_with_value(searched_head, needed) {
                    Ok(options) => cache.entry(needed.0).or_insert(options),
                    Err(e) => {
                        failure = Some(e);
                        return;
                    }
                },
            };
            for searched_rest in matches {
                listed_heads += ((walked_rest.len() + 1) * (searched_rest.len() + 1)) as u128;
                if listed_heads > MAX_LISTED_COINS {
                    failure = Some(GameError::TooLarge(format!(
                        "the winning moves of the head {x},{y} leave more than {MAX_LISTED_COINS} heads in all; too many to list"
                    )));
                    return;
                }
                found.push(if enumerate_first {
                    turned_heads(head, walked_rest, searched_rest)
                } else {
                    turned_heads(head, searched_rest, walked_rest)
                });
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(found),
        }
    }

    /// Which side to enumerate when searching for moves (the cheaper one), or a refusal.
    fn first_is_cheaper_to_enumerate(&self, (x, y): Head, budget: u128) -> Result<bool, GameError> {
        use crate::impartial::heap::HeapRules;
        // Walking one side reads every coin of every option, and may search the other side
        // once per option (once per distinct value, thanks to the cache).
        let walk_first =
            self.first.walk_cost(x) + self.first.option_count(x) * self.second.search_cost(y);
        let walk_second =
            self.second.walk_cost(y) + self.second.option_count(y) * self.first.search_cost(x);
        let cost = walk_first.min(walk_second);
        if cost > budget {
            return Err(GameError::TooLarge(format!(
                "listing the winning moves of the head {x},{y} would examine about {cost} options; `value` and `batch` still give the outcome"
            )));
        }
        Ok(walk_first <= walk_second)
    }
}

/// The heads left by the move turning `({x} ∪ first_rest) × ({y} ∪ second_rest)` from the single
/// head `(x, y)`: every coin of that set but `(x, y)` itself, sorted.
fn turned_heads((x, y): Head, first_rest: &[u64], second_rest: &[u64]) -> Vec<Head> {
    let rows = std::iter::once(x).chain(first_rest.iter().copied());
    let mut heads: Vec<Head> = rows
        .flat_map(|a| {
            std::iter::once(y)
                .chain(second_rest.iter().copied())
                .map(move |b| (a, b))
        })
        .filter(|&head| head != (x, y))
        .collect();
    heads.sort_unstable();
    heads
}

/// Parses a head `x,y`.
pub fn parse_head(text: &str) -> Result<Head, GameError> {
    let (x, y) = text.split_once(',').ok_or_else(|| {
        GameError::bad_position(text, "expected a head `x,y` (two coordinates from 0)")
    })?;
    let coordinate = |t: &str| {
        parse_u64_expr(t).map_err(|reason| {
            GameError::bad_position(text, format!("coordinate `{}` {reason}", t.trim()))
        })
    };
    Ok((coordinate(x)?, coordinate(y)?))
}

/// The typed position of a coin grid: one head `x,y` (a sum lists several).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridHead(pub Head);

impl FromStr for GridHead {
    type Err = GameError;

    fn from_str(text: &str) -> Result<GridHead, GameError> {
        parse_head(text).map(GridHead)
    }
}

impl fmt::Display for GridHead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0 .0, self.0 .1)
    }
}

fn grid_heads(heads: Vec<Head>) -> Vec<GridHead> {
    heads.into_iter().map(GridHead).collect()
}

/// The definition, for the generic solver: the options of a head are the heads each move leaves.
impl ImpartialGame for CoinProduct {
    type Position = Head;

    fn options(&self, &(x, y): &Head) -> Vec<Vec<Head>> {
        let mut first_rests = Vec::new();
        self.first
            .heap_options(x, &mut |rest| first_rests.push(rest.to_vec()));
        let mut second_rests = Vec::new();
        self.second
            .heap_options(y, &mut |rest| second_rests.push(rest.to_vec()));
        let mut out = Vec::new();
        for first_rest in &first_rests {
            for second_rest in &second_rests {
                out.push(turned_heads((x, y), first_rest, second_rest));
            }
        }
        out
    }
}

impl Ruleset for CoinProduct {
    type Position = GridHead;

    fn spec(&self) -> String {
        if *self == CoinProduct::TURNING_CORNERS {
            "turning-corners".to_string()
        } else {
            format!("product:{},{}", self.first.name(), self.second.name())
        }
    }

    fn what_to_give(&self) -> &'static str {
        "list the heads as `x,y`"
    }

    fn value(&self, head: &GridHead) -> Result<GameValue, GameError> {
        Ok(GameValue::Finite(self.head_value(head.0)?))
    }

    /// The heads each move leaves (`none` for the lone corner where both strips allow it).
    fn options(&self, head: &GridHead) -> Result<Vec<Vec<GridHead>>, GameError> {
        let head = head.0;
        self.head_value(head)?;
        let count = self.first.option_count(head.0) * self.second.option_count(head.1);
        if count > MAX_LISTED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "the head {},{} of `{}` has about {count} options; too many to list one by one",
                head.0,
                head.1,
                self.spec()
            )));
        }
        Ok(ImpartialGame::options(self, &head)
            .into_iter()
            .map(grid_heads)
            .collect())
    }

    fn has_moves(&self, &GridHead((x, y)): &GridHead) -> Result<bool, GameError> {
        Ok(self.first.option_count(x) > 0 && self.second.option_count(y) > 0)
    }

    /// `to` is the heads the move leaves, `+`-separated in any order (`2,1+2,5+3,1`), or
    /// `none`; they replace the head moved.
    fn read_move(&self, _from: &GridHead, _: usize, to: &str) -> Result<Vec<GridHead>, GameError> {
        let mut heads = match to.trim() {
            "none" => Vec::new(),
            text => text
                .split('+')
                .map(|t| t.parse())
                .collect::<Result<Vec<GridHead>, _>>()?,
        };
        heads.sort_unstable();
        Ok(heads)
    }

    fn illegal_move(&self, from: &GridHead, to: &str) -> GameError {
        GameError::bad_position(
            to,
            format!("not reachable from `{from}` in one move: a move turns A × B for moves A, B of the two strips"),
        )
    }

    /// Coins turned twice show tails again.
    fn after_move(&self, mut sum: Vec<GridHead>) -> Vec<GridHead> {
        turn_coins(&mut sum);
        sum
    }

    fn method(&self) -> String {
        format!(
            "Tartan theorem: a head at (x,y) is worth {}(x) ⊗ {}(y) (nim-product)",
            self.first.name(),
            self.second.name()
        )
    }

    /// Winning moves by the field structure ([`CoinProduct::options_with_value`]); when
    /// they are too many to list, one move from the cheapest component that has one.
    fn solve(&self, sum: &[GridHead]) -> Result<Solved<GridHead>, GameError> {
        let mut solved = solve_with(self, sum, |head, target| {
            Ok(self
                .options_with_value(head.0, target)?
                .into_iter()
                .map(grid_heads)
                .collect())
        })?;
        if solved.moves_omitted.is_some() {
            let values = sum
                .iter()
                .map(|h| self.head_value(h.0))
                .collect::<Result<Vec<_>, _>>()?;
            let total = Nimber::sum(values.iter().copied());
            let mut order: Vec<usize> = (0..sum.len()).collect();
            order.sort_by_key(|&i| sum[i].0 .0.min(sum[i].0 .1));
            for i in order {
                match self.one_option_with_value(sum[i].0, total ^ values[i]) {
                    Ok(Some(option)) => {
                        solved.one_winning_move = Some(Reply {
                            component: i,
                            to: grid_heads(option),
                        });
                        break;
                    }
                    Ok(None) | Err(GameError::TooLarge(_)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(solved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::ruleset::{write_parts, Winner};
    use crate::impartial::text::Text;
    use crate::impartial::Solver;
    use proptest::prelude::*;

    fn format_heads(heads: &[Head]) -> String {
        write_parts(&grid_heads(heads.to_vec()))
    }

    fn products() -> Vec<CoinProduct> {
        let mut out = Vec::new();
        for first in CoinGame::ALL {
            for second in CoinGame::ALL {
                out.push(CoinProduct { first, second });
            }
        }
        out
    }

    #[test]
    fn tartan_values_match_the_definition() {
        for product in products() {
            let mut solver = Solver::new(&product);
            for x in 0..6 {
                for y in 0..6 {
                    assert_eq!(
                        solver.grundy(&(x, y)).unwrap(),
                        product.head_value((x, y)).unwrap(),
                        "{} at {x},{y}",
                        product.spec()
                    );
                }
            }
        }
    }

    #[test]
    fn turning_corners_is_the_nim_product_of_coordinates() {
        let game = CoinProduct::TURNING_CORNERS;
        let mut solver = Solver::new(&game);
        for x in 0..10u64 {
            for y in 0..10u64 {
                let expected = Nimber(x) * Nimber(y);
                assert_eq!(solver.grundy(&(x, y)).unwrap(), expected, "{x},{y}");
            }
        }
        let game = Text(game);
        assert_eq!(game.value("2,2").unwrap(), GameValue::Finite(Nimber(3)));
        // Moves from (3,3) to value 0 ⊕ ... : the corners (x',y') with (3⊕x')⊗(3⊕y') = 3⊗3 = 2.
        let s = game.solve(&["3,3"], Play::Normal).unwrap();
        assert_eq!(s.grundy, Some(2));
        assert!(s.winning_moves.iter().all(|m| m.to.split('+').count() == 3));
    }

    #[test]
    fn parsing_and_errors() {
        assert_eq!(parse_head("3,10^3").unwrap(), (3, 1000));
        for bad in ["3", "3,", "a,1", "1,2,3", "-1,2"] {
            assert!(parse_head(bad).is_err(), "{bad}");
        }
        assert!(CoinProduct::parse("ruler", "product:ruler").is_err());
        assert!(CoinProduct::parse("ruler,nim", "product:ruler,nim").is_err());
        let p = CoinProduct::parse("mock-turtles, ruler", "product:mock-turtles,ruler").unwrap();
        assert_eq!(p.spec(), "product:mock-turtles,ruler");
        let p = Text(p);
        assert!(p.solve(&["1,1"], Play::Misere).is_err());
        let err = p.value(&format!("{},0", u64::MAX)).unwrap_err().to_string();
        assert!(err.contains("exceeds 2^64−1"), "{err}");
        // Values of huge heads are fine; listing moves of a huge head is refused, not attempted.
        let corners = Text(CoinProduct::TURNING_CORNERS);
        assert_eq!(
            corners.outcome(&["10^18,10^18"], Play::Normal).unwrap(),
            Winner::First
        );
        // `solve` still answers (issue 12): the list is omitted, and one move is found by
        // factoring in the nim field, where trying each corner would take 10^18 divisions.
        let solved = corners.solve(&["10^18,10^18"], Play::Normal).unwrap();
        assert_eq!(solved.winner, Winner::First);
        assert!(solved.winning_moves.is_empty() && solved.moves_omitted.is_some());
        let one = solved.one_winning_move.expect("a winning move is found");
        assert_eq!(one.component, 0);
        let after: Vec<&str> = one.to.split('+').collect();
        assert_eq!(after.len(), 3, "{}", one.to); // the three other corners turn to heads
        assert_eq!(
            corners.outcome(&after, Play::Normal).unwrap(),
            Winner::Second,
            "{}",
            one.to
        );
    }

    proptest! {
        #[test]
        fn winning_moves_match_the_solver(
            which in 0usize..9,
            heads in proptest::collection::vec((0u64..5, 0u64..5), 1..4),
        ) {
            let product = products()[which];
            let texts: Vec<String> = heads.iter().map(|(x, y)| format!("{x},{y}")).collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let solution = Text(product).solve(&refs, Play::Normal).unwrap();
            let mut solver = Solver::new(&product);
            prop_assert_eq!(solution.grundy, Some(solver.sum_value(&heads).unwrap().0));
            let (got, expected) =
                crate::impartial::games::coins::tests::winning_moves_both_ways(&solution, &mut solver, &heads, format_heads);
            prop_assert_eq!(got, expected, "{}", product.spec());
        }

        #[test]
        fn large_turning_corners_moves_are_winning(x in 1u64..2000, y in 1u64..2000) {
            let game = Text(CoinProduct::TURNING_CORNERS);
            let head = format!("{x},{y}");
            let solution = game.solve(&[head.as_str()], Play::Normal).unwrap();
            // A lone head of value x ⊗ y ≠ 0 has a move to 0 (mex); every listed move must be one.
            prop_assert!(!solution.winning_moves.is_empty());
            for m in &solution.winning_moves {
                let after: Vec<&str> = m.to.split('+').collect();
                prop_assert_eq!(after.len(), 3);
                prop_assert_eq!(game.outcome(&after, Play::Normal).unwrap(), Winner::Second);
            }
        }
    }
}
