//! Thermographs: how a game's left and right stops move as it is cooled by `t ≥ 0`.
//!
//! Walls are piecewise linear in `t` with exact dyadic breakpoints (slopes −1, 0 or +1, so
//! every crossing is dyadic). For a game that is not a number (Berlekamp):
//! the *left scaffold* is `max over G^L of (RW(G^L)(t) − t)`, the *right scaffold*
//! `min over G^R of (LW(G^R)(t) + t)`; they meet at the temperature `T`, at the mean; below
//! `T` the walls are the scaffolds, above it both are the vertical mast at the mean. A number
//! `x` is a mast at `x` from `t = 0`, with CGSuite's temperature `−1` (integers) or `−1/2^j`.

use super::{Dyadic, Game};
use crate::GameError;
use std::collections::HashMap;

/// A piecewise linear function of `t ≥ 0`: `(t, value, slope after t)` breakpoints with
/// `t` increasing from 0; the last slope continues for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// `(t, value, slope)` breakpoints from `t = 0` up, the last running to infinity.
    pub points: Vec<(Dyadic, Dyadic, i64)>,
}

/// `d / s` for the small integer slopes walls and scaffolds have.
fn divide(d: Dyadic, s: i64) -> Result<Dyadic, GameError> {
    let q = match s.abs() {
        1 => d,
        2 => d.checked_half()?,
        4 => d.checked_half()?.checked_half()?,
        _ => {
            return Err(GameError::Unsupported(format!(
                "thermograph slope difference {s} (walls have slopes -1, 0, 1)"
            )))
        }
    };
    if s < 0 {
        q.checked_neg()
    } else {
        Ok(q)
    }
}

impl Wall {
    /// The constant `x`.
    pub fn constant(x: Dyadic) -> Wall {
        Wall {
            points: vec![(Dyadic::ZERO, x, 0)],
        }
    }

    fn segment(&self, t: Dyadic) -> (Dyadic, Dyadic, i64) {
        *self
            .points
            .iter()
            .rev()
            .find(|p| p.0 <= t)
            .unwrap_or(&self.points[0])
    }

    /// The value at `t`.
    pub fn at(&self, t: Dyadic) -> Result<Dyadic, GameError> {
        let (t0, v0, s) = self.segment(t);
        v0.checked_add(t.checked_sub(t0)?.checked_mul_int(s)?)
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        self.segment(t).2
    }

    /// `value + k·t`.
    fn tilt(&self, k: i64) -> Result<Wall, GameError> {
        let points = self
            .points
            .iter()
            .map(|&(t, v, s)| Ok((t, v.checked_add(t.checked_mul_int(k)?)?, s + k)))
            .collect::<Result<_, GameError>>()?;
        Ok(Wall { points })
    }

    /// The pointwise maximum (`upper`) or minimum of `walls` (at least one).
    fn envelope(walls: &[Wall], upper: bool) -> Result<Wall, GameError> {
        let mut ts: Vec<Dyadic> = walls
            .iter()
            .flat_map(|w| w.points.iter().map(|p| p.0))
            .collect();
        ts.sort_unstable();
        ts.dedup();
        // Crossings inside each interval (and after the last breakpoint).
        let mut crossings = Vec::new();
        for (k, &a) in ts.iter().enumerate() {
            let b = ts.get(k + 1).copied();
            for (i, f) in walls.iter().enumerate() {
                for g in &walls[i + 1..] {
                    let s = f.slope_at(a) - g.slope_at(a);
                    if s == 0 {
                        continue;
                    }
                    let d = f.at(a)?.checked_sub(g.at(a)?)?;
                    let t = a.checked_add(divide(d.checked_neg()?, s)?)?;
                    if t > a && b.map_or(true, |b| t < b) {
                        crossings.push(t);
                    }
                }
            }
        }
        ts.extend(crossings);
        ts.sort_unstable();
        ts.dedup();
        let pick = |a: (Dyadic, i64), b: (Dyadic, i64)| {
            if upper == (b > a) {
                b
            } else {
                a
            }
        };
        let mut points: Vec<(Dyadic, Dyadic, i64)> = Vec::with_capacity(ts.len());
        for &t in &ts {
            let mut best: Option<(Dyadic, i64)> = None;
            for w in walls {
                // Ties go to the slope that stays extreme just after t.
                let here = (w.at(t)?, w.slope_at(t));
                best = Some(best.map_or(here, |b| pick(b, here)));
            }
            let (v, s) = best.expect("an envelope of at least one wall");
            if points.last().is_some_and(|p| p.2 == s) {
                continue;
            }
            points.push((t, v, s));
        }
        Ok(Wall { points })
    }

    /// This wall up to `t`, then constant.
    fn truncate(&self, t: Dyadic) -> Result<Wall, GameError> {
        let mut points: Vec<_> = self.points.iter().copied().filter(|p| p.0 < t).collect();
        let v = self.at(t)?;
        if points.is_empty() || points.last().is_some_and(|p| p.2 != 0) {
            points.push((t, v, 0));
        }
        Ok(Wall { points })
    }
}

/// A game's thermograph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall.
    pub left: Wall,
    /// The right wall.
    pub right: Wall,
    /// The temperature: where the walls meet (CGSuite's negative values for numbers).
    pub temperature: Dyadic,
    /// The mean: where the mast stands.
    pub mast: Dyadic,
}

/// The temperature CGSuite gives a number: `−1` for an integer, `−1/2^j` for `m/2^j`.
pub fn number_temperature(x: Dyadic) -> Dyadic {
    Dyadic::new(-1, x.exponent()).expect("an exponent of a valid dyadic is in range")
}

/// The thermograph of `g` (memoised per call over subpositions).
pub fn thermograph(g: Game) -> Result<Thermograph, GameError> {
    thermograph_memo(g, &mut HashMap::new())
}

fn thermograph_memo(
    g: Game,
    memo: &mut HashMap<Game, Thermograph>,
) -> Result<Thermograph, GameError> {
    if let Some(x) = g.as_number() {
        return Ok(Thermograph {
            left: Wall::constant(x),
            right: Wall::constant(x),
            temperature: number_temperature(x),
            mast: x,
        });
    }
    if let Some(known) = memo.get(&g) {
        return Ok(known.clone());
    }
    // Equal stops `x` (infinitesimals, `x + ↑ + *256`, …): the scaffolds start at
    // `ls(0) = L(G) = x = R(G) = rs(0)`, so they meet at once and the thermograph is the mast
    // at `x` from `t = 0`, temperature 0. Read off the stops stored at interning, this skips
    // the options (a quarter of `cgt '*256 + {1|-1}'` was walls of nimbers with 256 options:
    // 1.25 s to 1.04 s, medians of 3 interleaved runs). `from_scaffolds` gives the same (tested).
    if let Some((x, _)) = super::table::stops(g).filter(|(l, r)| l == r) {
        return Ok(Thermograph {
            left: Wall::constant(x),
            right: Wall::constant(x),
            temperature: Dyadic::ZERO,
            mast: x,
        });
    }
    let result = from_scaffolds(g, memo)?;
    memo.insert(g, result.clone());
    Ok(result)
}

/// The thermograph of a game that is not a number, from its options' (Berlekamp's scaffolds).
fn from_scaffolds(
    g: Game,
    memo: &mut HashMap<Game, Thermograph>,
) -> Result<Thermograph, GameError> {
    let mut lefts = Vec::new();
    for gl in g.left_options() {
        lefts.push(thermograph_memo(gl, memo)?.right.tilt(-1)?);
    }
    let mut rights = Vec::new();
    for gr in g.right_options() {
        rights.push(thermograph_memo(gr, memo)?.left.tilt(1)?);
    }
    if lefts.is_empty() || rights.is_empty() {
        unreachable!("a game with no left or no right option is a number");
    }
    let ls = Wall::envelope(&lefts, true)?;
    let rs = Wall::envelope(&rights, false)?;
    let temperature = meeting_point(&ls, &rs)?;
    let mast = ls.at(temperature)?;
    Ok(Thermograph {
        left: ls.truncate(temperature)?,
        right: rs.truncate(temperature)?,
        temperature,
        mast,
    })
}

/// The least `t ≥ 0` with `ls(t) ≤ rs(t)` (`ls − rs` never increases).
fn meeting_point(ls: &Wall, rs: &Wall) -> Result<Dyadic, GameError> {
    let mut ts: Vec<Dyadic> = ls.points.iter().chain(&rs.points).map(|p| p.0).collect();
    ts.sort_unstable();
    ts.dedup();
    for (k, &a) in ts.iter().enumerate() {
        let gap = ls.at(a)?.checked_sub(rs.at(a)?)?;
        if gap.signum() <= 0 {
            return Ok(a);
        }
        let s = ls.slope_at(a) - rs.slope_at(a);
        if s < 0 {
            let t = a.checked_add(divide(gap, -s)?)?;
            if ts.get(k + 1).map_or(true, |&b| t <= b) {
                return Ok(t);
            }
        }
    }
    Err(GameError::Unsupported(
        "the scaffolds of this game never meet (not a short game?)".to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The equal-stops shortcut is what the scaffolds give, on games whose stops are equal
    /// (infinitesimals, with numbers and nimbers added) and on games whose stops differ.
    #[test]
    fn equal_stops_give_the_scaffolds_mast() {
        for text in [
            "*",
            "^",
            "^*",
            "*7",
            "v*3",
            "{0||0|-1}",
            "{0|^}",
            "1/2+^<3>",
            "^<2>*5",
            "3+{0|*}",
            "{1|-1}",
            "{2|0}+*",
            "{3||2*|1*}",
            "1*",
        ] {
            let g: Game = text.parse().unwrap();
            if g.is_number() {
                continue;
            }
            let full = from_scaffolds(g, &mut HashMap::new()).unwrap();
            assert_eq!(thermograph(g).unwrap(), full, "{text}");
        }
    }
}
