//! Numbers read off a canonical form: birthday, stops, mean, temperature, cooling and
//! heating, atomic weight, reduced canonical form.

use super::thermograph::{thermograph, Thermograph};
use super::{Dyadic, Game, Relation};
use crate::GameError;
use std::collections::HashMap;

impl Game {
    /// The day on which the game is born: `0` for `0`, `1 + ` the largest birthday of its
    /// canonical options otherwise.
    pub fn birthday(self) -> u64 {
        birthday(self, &mut HashMap::new())
    }
}

fn birthday(g: Game, memo: &mut HashMap<Game, u64>) -> u64 {
    if let Some(v) = g.closed_form() {
        return v.birthday();
    }
    if let Some(&known) = memo.get(&g) {
        return known;
    }
    let day = 1 + g
        .left_options()
        .into_iter()
        .chain(g.right_options())
        .map(|o| birthday(o, memo))
        .max()
        .unwrap_or(0);
    memo.insert(g, day);
    day
}

impl Game {
    /// The thermograph (walls as data).
    pub fn thermograph(self) -> Result<Thermograph, GameError> {
        thermograph(self)
    }

    /// The left stop: where play ends, as a number, when Left starts and both play well.
    pub fn left_stop(self) -> Dyadic {
        self.stops().0
    }

    /// The right stop: where play ends, as a number, when Right starts.
    pub fn right_stop(self) -> Dyadic {
        self.stops().1
    }

    /// (left stop, right stop), read off the thermograph at `t = 0`.
    pub fn stops(self) -> (Dyadic, Dyadic) {
        let t = self.thermograph_or_panic();
        (t.left.points[0].1, t.right.points[0].1)
    }

    /// The mean value: the mast of the thermograph.
    pub fn mean(self) -> Dyadic {
        self.thermograph_or_panic().mast
    }

    /// The temperature; for numbers CGSuite's convention (`−1` for integers, `−1/2^j` for
    /// `m/2^j`); `0` for infinitesimals such as `*` or `1*`.
    pub fn temperature(self) -> Dyadic {
        self.thermograph_or_panic().temperature
    }

    /// Thermographs of short games always exist; only dyadic overflow at 2^62-sized
    /// denominators can fail, and that is reported as a panic with the overflow message.
    fn thermograph_or_panic(self) -> Thermograph {
        thermograph(self).unwrap_or_else(|e| panic!("{e}"))
    }

    /// `G` cooled by `t ≥ 0`: numbers stay; above its temperature a game is its mean;
    /// otherwise `{G^L_t − t | G^R_t + t}`.
    pub fn cool(self, t: Dyadic) -> Result<Game, GameError> {
        if t.signum() < 0 {
            return Err(GameError::Unsupported(format!(
                "cooling by a negative number ({t})"
            )));
        }
        cool(self, t, &mut HashMap::new())
    }

    /// `G` heated by `t`: numbers stay, otherwise `{t + ∫G^L | −t + ∫G^R}` (an error when a
    /// number leaves [`Dyadic`]'s range).
    pub fn heat(self, t: Dyadic) -> Result<Game, GameError> {
        heat(
            self,
            Game::try_number_up_star(t, 0, 0)?,
            &mut HashMap::new(),
        )
    }

    /// All-small: in every subposition, Left can move exactly when Right can (equivalently,
    /// `0` is the only number among the canonical subpositions).
    pub fn is_all_small(self) -> bool {
        all_small(self, &mut HashMap::new())
    }

    /// The atomic weight of an all-small game, by the atomic weight calculus
    /// (`{aw(G^L) − 2 | aw(G^R) + 2}`, corrected against the far star when that is an
    /// integer); an error saying why for other games.
    pub fn atomic_weight(self) -> Result<Game, GameError> {
        if !self.is_all_small() {
            return Err(GameError::Unsupported(format!(
                "{self} is not all-small, so it has no atomic weight"
            )));
        }
        atomic_weight(self, &mut HashMap::new())
    }

    /// The reduced canonical form: the simplest game infinitesimally close to this one (an
    /// error when a number leaves [`Dyadic`]'s range on the way).
    pub fn reduced(self) -> Result<Game, GameError> {
        reduced(self, &mut HashMap::new())
    }
}

/// Everything `grundy cgt` reports about a game; the serde field names are the public
/// `--json` interface. Numbers are strings such as `"-3/4"`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// The canonical form.
    pub canonical: String,
    /// `L`, `R`, `P` or `N`.
    pub outcome: String,
    /// Whether the game is a number.
    pub is_number: bool,
    /// Where play ends when Left starts.
    pub left_stop: String,
    /// Where play ends when Right starts.
    pub right_stop: String,
    /// The mean (the thermograph's mast).
    pub mean: String,
    /// The temperature (CGSuite's convention for numbers).
    pub temperature: String,
    /// The day the game is born.
    pub birthday: u64,
    /// `None` for games that are not all-small (see `atomic_weight_note`).
    pub atomic_weight: Option<String>,
    /// Why there is no atomic weight.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub atomic_weight_note: Option<String>,
    /// The reduced canonical form.
    pub reduced: String,
}

impl Game {
    /// Everything `grundy cgt` reports, in one pass.
    pub fn summary(self) -> Result<Summary, GameError> {
        let th = thermograph(self)?;
        let (atomic_weight, atomic_weight_note) = match self.atomic_weight() {
            Ok(a) => (Some(a.to_string()), None),
            Err(e) => (None, Some(e.to_string())),
        };
        Ok(Summary {
            canonical: self.try_text()?,
            outcome: self.outcome().to_string(),
            is_number: self.is_number(),
            left_stop: th.left.points[0].1.to_string(),
            right_stop: th.right.points[0].1.to_string(),
            mean: th.mast.to_string(),
            temperature: th.temperature.to_string(),
            birthday: self.birthday(),
            atomic_weight,
            atomic_weight_note,
            reduced: self.reduced()?.try_text()?,
        })
    }
}

fn cool(g: Game, t: Dyadic, memo: &mut HashMap<Game, Game>) -> Result<Game, GameError> {
    if g.is_number() {
        return Ok(g);
    }
    if let Some(&known) = memo.get(&g) {
        return Ok(known);
    }
    let th = thermograph(g)?;
    let result = if t > th.temperature {
        Game::number(th.mast)
    } else {
        let tg = Game::try_number_up_star(t, 0, 0)?;
        let mut left = Vec::new();
        for gl in g.left_options() {
            left.push(cool(gl, t, memo)?.try_sub(tg)?);
        }
        let mut right = Vec::new();
        for gr in g.right_options() {
            right.push(cool(gr, t, memo)?.try_add(tg)?);
        }
        Game::try_from_options(&left, &right)?
    };
    memo.insert(g, result);
    Ok(result)
}

fn heat(g: Game, t: Game, memo: &mut HashMap<Game, Game>) -> Result<Game, GameError> {
    if g.is_number() {
        return Ok(g);
    }
    if let Some(&known) = memo.get(&g) {
        return Ok(known);
    }
    let left = g
        .left_options()
        .into_iter()
        .map(|o| t.try_add(heat(o, t, memo)?))
        .collect::<Result<Vec<Game>, _>>()?;
    let right = g
        .right_options()
        .into_iter()
        .map(|o| heat(o, t, memo)?.try_sub(t))
        .collect::<Result<Vec<Game>, _>>()?;
    let result = Game::try_from_options(&left, &right)?;
    memo.insert(g, result);
    Ok(result)
}

fn all_small(g: Game, memo: &mut HashMap<Game, bool>) -> bool {
    if let Some(x) = g.as_number() {
        return x.is_zero();
    }
    if let Some(&known) = memo.get(&g) {
        return known;
    }
    let result = g
        .left_options()
        .into_iter()
        .chain(g.right_options())
        .all(|o| all_small(o, memo));
    memo.insert(g, result);
    result
}

fn atomic_weight(g: Game, memo: &mut HashMap<Game, Game>) -> Result<Game, GameError> {
    if g == Game::zero() {
        return Ok(g);
    }
    if let Some(&known) = memo.get(&g) {
        return Ok(known);
    }
    let two = Game::integer(2);
    let left = g
        .left_options()
        .into_iter()
        .map(|o| atomic_weight(o, memo)?.try_sub(two))
        .collect::<Result<Vec<Game>, _>>()?;
    let right = g
        .right_options()
        .into_iter()
        .map(|o| atomic_weight(o, memo)?.try_add(two))
        .collect::<Result<Vec<Game>, _>>()?;
    let candidate = Game::try_from_options(&left, &right)?;
    let result = match candidate.as_number() {
        Some(x) if x.is_integer() => {
            // The far star: a nimber beyond every nimber that can occur in g.
            let far = Game::nimber(1 << (64 - g.birthday().leading_zeros()).min(30));
            match g.compare(far) {
                Relation::Greater => {
                    // The largest integer n with no A^R ≤ n.
                    let mut n = right
                        .iter()
                        .map(|r| r.left_stop().ceil())
                        .max()
                        .unwrap_or(0)
                        + 1;
                    while right.iter().any(|&r| r.le(Game::integer(n))) {
                        n -= 1;
                    }
                    Game::integer(n)
                }
                Relation::Less => {
                    // The least integer n with no n ≤ A^L.
                    let mut n = left
                        .iter()
                        .map(|l| l.right_stop().floor())
                        .min()
                        .unwrap_or(0)
                        - 1;
                    while left.iter().any(|&l| Game::integer(n).le(l)) {
                        n += 1;
                    }
                    Game::integer(n)
                }
                Relation::Equal | Relation::Confused => Game::zero(),
            }
        }
        _ => candidate,
    };
    memo.insert(g, result);
    Ok(result)
}

/// `a ≥ b` modulo infinitesimals: `a − b ≥ −ε` for every positive number `ε`, i.e. the right
/// stop of `a − b` is at least 0.
fn inf_ge(a: Game, b: Game) -> Result<bool, GameError> {
    Ok(thermograph(a.try_sub(b)?)?.right.points[0].1.signum() >= 0)
}

/// The first of `options` with `test` true, or the first error `test` met.
fn find(
    options: Vec<Game>,
    mut test: impl FnMut(Game) -> Result<bool, GameError>,
) -> Result<Option<Game>, GameError> {
    for o in options {
        if test(o)? {
            return Ok(Some(o));
        }
    }
    Ok(None)
}

fn reduced(g: Game, memo: &mut HashMap<Game, Game>) -> Result<Game, GameError> {
    if g.is_number() {
        return Ok(g);
    }
    if let Some(&known) = memo.get(&g) {
        return Ok(known);
    }
    let th = thermograph(g)?;
    let (l, r) = (th.left.points[0].1, th.right.points[0].1);
    let result = if l == r {
        // Infinitesimally close to the number l.
        Game::try_number_up_star(l, 0, 0)?
    } else {
        let mut left = g
            .left_options()
            .into_iter()
            .map(|o| reduced(o, memo))
            .collect::<Result<Vec<Game>, _>>()?;
        let mut right = g
            .right_options()
            .into_iter()
            .map(|o| reduced(o, memo))
            .collect::<Result<Vec<Game>, _>>()?;
        loop {
            keep_inf_extremes(&mut left, |a, b| inf_ge(b, a))?;
            keep_inf_extremes(&mut right, inf_ge)?;
            let mut changed = false;
            let mut new_left = Vec::new();
            for &gl in &left {
                match find(gl.right_options(), |glr| inf_ge(g, glr))? {
                    Some(glr) => {
                        changed = true;
                        new_left.extend(glr.left_options());
                    }
                    None => new_left.push(gl),
                }
            }
            let mut new_right = Vec::new();
            for &gr in &right {
                match find(gr.left_options(), |grl| inf_ge(grl, g))? {
                    Some(grl) => {
                        changed = true;
                        new_right.extend(grl.right_options());
                    }
                    None => new_right.push(gr),
                }
            }
            left = new_left;
            right = new_right;
            if !changed {
                break;
            }
        }
        Game::try_from_options(&left, &right)?
    };
    memo.insert(g, result);
    Ok(result)
}

/// Keeps one option of each class of options maximal under `below` (modulo infinitesimals
/// two options can be equivalent: the first in id order stays).
fn keep_inf_extremes(
    options: &mut Vec<Game>,
    below: impl Fn(Game, Game) -> Result<bool, GameError>,
) -> Result<(), GameError> {
    options.sort_unstable();
    options.dedup();
    let mut kept = Vec::with_capacity(options.len());
    for &x in options.iter() {
        let mut dominated = false;
        for &y in options.iter() {
            if y != x && below(x, y)? && !(below(y, x)? && y > x) {
                dominated = true;
                break;
            }
        }
        if !dominated {
            kept.push(x);
        }
    }
    *options = kept;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn birthdays() {
        for (text, day) in [
            ("0", 0),
            ("1", 1),
            ("-2", 2),
            ("1/2", 2),
            ("*", 1),
            ("^", 2),
            ("{2|-1}", 3),
            ("{3||2*|1*}", 5),
        ] {
            let g: Game = text.parse().unwrap();
            assert_eq!(g.birthday(), day, "{text}");
        }
        assert_eq!(Game::number(Dyadic::new(3, 2).unwrap()).birthday(), 3);
    }
}
