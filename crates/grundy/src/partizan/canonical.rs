//! Canonical forms: `{left | right}` simplified, sums and negatives, all interned.
//!
//! Simplification (Conway): delete dominated options (a left option `≤` another, a right
//! option `≥` another) and bypass reversible ones (a left option `G^L` with some
//! `G^{LR} ≤ G` is replaced by the left options of `G^{LR}`; dually on the right), until
//! neither applies. What remains is the unique smallest form of the value. Fast paths before
//! and after: options that are all numbers give a number by the simplest-number rule (or
//! `x*` for `{x|x}`); the result is recognised as `x + n·↑ + *m` when it has that shape, so
//! those values keep one id whichever way they were built.
//!
//! Sums follow the definition `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` with a cache
//! by id pair, except in closed form for two values `x + n·↑ + *m`, and by number
//! translation (`x + G = {x + G^L | x + G^R}` when `G` is not a number), which avoids moving
//! in the number. Nimbers are taken apart: a form `G` plus `*m` records that it is `G + *m`
//! (its nimber root, used by `≤`: the `m` options `G + *j` of `G + *m` are pairwise
//! incomparable, which simplification would otherwise check pair by pair), and a sum of two
//! forms with roots is the sum of the roots plus one nimber. Side by side: `*256 + {1|-1}`
//! went from 0.7 s to 0.14 s, `^<4>*256` from 6.5–7 s to 1.1–1.6 s.
//!
//! Every operation is fallible: a number past the 64-bit numerators or `2^62` denominators of
//! [`Dyadic`] (a stalk of 70 alternating edges, `{0|{0|…{0|1}}}` nested 70 deep, a sum of two
//! 2^62-sized cakes) is a `GameError::TooLarge` that travels up to the caller. Caches keep only
//! successes, so a refused sum leaves no trace.

use super::compare::{le, le_pending, pending_le, Pending, PendingMemo};
use super::nui::Nui;
use super::table::{intern_form, intern_nui, nim_root, node, options, Game, ShardedMap};
use crate::numeric::dyadic::Dyadic;
use crate::GameError;
use std::sync::OnceLock;

static SUMS: OnceLock<ShardedMap<(Game, Game), Game>> = OnceLock::new();

/// The closed-form values of `games`, if all have one.
fn nuis(games: &[Game]) -> Option<Vec<Nui>> {
    games.iter().map(|&g| node(g).nui).collect()
}

fn numbers(games: &[Game]) -> Option<Vec<Dyadic>> {
    games
        .iter()
        .map(|&g| node(g).nui.filter(|v| v.is_number()).map(|v| v.number))
        .collect()
}

fn number_game(x: Dyadic) -> Game {
    intern_nui(Nui::number(x))
}

/// `{a | b}` for number options (only the largest left and smallest right count): the
/// simplest number between them, `x*` for `{x|x}`, or the switch `{a|b}`.
fn number_options(left: &[Dyadic], right: &[Dyadic]) -> Result<Game, GameError> {
    let a = left.iter().copied().max();
    let b = right.iter().copied().min();
    Ok(match (a, b) {
        // Neither option of a hot `{a|b}` is dominated or reversible: it is canonical.
        (Some(a), Some(b)) if a > b => intern_form(vec![number_game(a)], vec![number_game(b)]),
        (Some(a), Some(b)) if a == b => intern_nui(Nui {
            number: a,
            ups: 0,
            nim: 1,
        }),
        _ => number_game(Dyadic::simplest_between(a, b)?),
    })
}

/// The canonical form of `{left | right}` (the options are canonical games already).
pub(super) fn from_options(left: &[Game], right: &[Game]) -> Result<Game, GameError> {
    if let (Some(l), Some(r)) = (numbers(left), numbers(right)) {
        return number_options(&l, &r);
    }
    let mut left = left.to_vec();
    let mut right = right.to_vec();
    let mut memo = PendingMemo::default();
    loop {
        keep_extremes(&mut left, le);
        keep_extremes(&mut right, |a, b| le(b, a));
        let new_left = bypass_left(&left, &right, &mut memo);
        let new_right = bypass_right(new_left.as_deref().unwrap_or(&left), &right, &mut memo);
        if new_left.is_none() && new_right.is_none() {
            break;
        }
        if let Some(l) = new_left {
            left = l;
        }
        if let Some(r) = new_right {
            right = r;
        }
    }
    recognise(left, right)
}

/// Removes duplicates and every option `x` with `below(x, y)` for another option `y` (distinct
/// canonical games are never equal, so no two options dominate each other).
fn keep_extremes(options: &mut Vec<Game>, below: impl Fn(Game, Game) -> bool) {
    options.sort_unstable();
    options.dedup();
    let mut kept: Vec<Game> = Vec::with_capacity(options.len());
    for (i, &x) in options.iter().enumerate() {
        let dominated = options
            .iter()
            .enumerate()
            .any(|(j, &y)| j != i && below(x, y));
        if !dominated {
            kept.push(x);
        }
    }
    *options = kept;
}

/// Left options with every reversible one bypassed, or `None` if none is reversible.
fn bypass_left(left: &[Game], right: &[Game], memo: &mut PendingMemo) -> Option<Vec<Game>> {
    let p = Pending { left, right };
    let mut changed = false;
    let mut out = Vec::with_capacity(left.len());
    for &gl in left {
        match options(gl).1.iter().find(|&&glr| le_pending(glr, &p, memo)) {
            Some(&glr) => {
                changed = true;
                out.extend_from_slice(&options(glr).0);
            }
            None => out.push(gl),
        }
    }
    changed.then_some(out)
}

/// Right options with every reversible one bypassed, or `None` if none is reversible.
fn bypass_right(left: &[Game], right: &[Game], memo: &mut PendingMemo) -> Option<Vec<Game>> {
    let p = Pending { left, right };
    let mut changed = false;
    let mut out = Vec::with_capacity(right.len());
    for &gr in right {
        match options(gr).0.iter().find(|&&grl| pending_le(&p, grl, memo)) {
            Some(&grl) => {
                changed = true;
                out.extend_from_slice(&options(grl).1);
            }
            None => out.push(gr),
        }
    }
    changed.then_some(out)
}

/// Interns a canonical form, as `x + n·↑ + *m` when it is one.
fn recognise(left: Vec<Game>, right: Vec<Game>) -> Result<Game, GameError> {
    if let (Some(l), Some(r)) = (numbers(&left), numbers(&right)) {
        return number_options(&l, &r);
    }
    if let (Some(l), Some(r)) = (nuis(&left), nuis(&right)) {
        if let Some(v) = Nui::recognise(&l, &r) {
            return Ok(intern_nui(v));
        }
    }
    Ok(intern_form(left, right))
}

/// `x + n·↑ + *m` as a game; an error when `n` is `i64::MIN` (its negative has no 64-bit
/// multiple of up, and every stored value must have one).
pub(super) fn nui_game(v: Nui) -> Result<Game, GameError> {
    v.checked_neg()?;
    Ok(intern_nui(v))
}

/// `-g`.
pub(super) fn neg(g: Game) -> Result<Game, GameError> {
    let n = node(g);
    if let Some(&known) = n.neg.get() {
        return Ok(known);
    }
    let result = match n.nui {
        Some(v) => nui_game(v.checked_neg()?)?,
        // The negative of a canonical form is canonical, and not `x + n·↑ + *m`.
        None => {
            let (l, r) = options(g);
            let side = |s: &[Game]| s.iter().map(|&x| neg(x)).collect::<Result<Vec<_>, _>>();
            intern_form(side(r)?, side(l)?)
        }
    };
    let _ = n.neg.set(result);
    Ok(result)
}

/// `g + h`.
pub(super) fn add(g: Game, h: Game) -> Result<Game, GameError> {
    let (a, b) = (node(g).nui, node(h).nui);
    if let (Some(a), Some(b)) = (a, b) {
        return nui_game(a.checked_add(b)?);
    }
    let zero = |v: Option<Nui>| v.is_some_and(|v| v.is_number() && v.number.is_zero());
    if zero(a) {
        return Ok(h);
    }
    if zero(b) {
        return Ok(g);
    }
    let key = (g.min(h), g.max(h));
    let cache = SUMS.get_or_init(ShardedMap::new);
    if let Some(known) = cache.get(&key) {
        return Ok(known);
    }
    let (g, h) = key;
    let (a, b) = (node(g).nui, node(h).nui);
    // Two forms, one known to be a root plus a nimber: `(R + *m) + (S + *n)` is
    // `(R + S) + *(m ⊕ n)`, where `R + S` has none of the nimbers' options to sum and
    // simplify, and the nimber is added last, with its options compared by their roots.
    let ((root_g, m_g), (root_h, m_h)) = (nim_root(g), nim_root(h));
    if a.is_none() && b.is_none() && (m_g != 0 || m_h != 0) {
        let roots = add(root_g, root_h)?;
        let nimber = Nui {
            nim: m_g ^ m_h,
            ..Nui::number(Dyadic::ZERO)
        };
        let result = add(roots, intern_nui(nimber))?;
        cache.insert(key, result);
        return Ok(result);
    }
    let (gl, gr) = options(g);
    let (hl, hr) = options(h);
    let translate = |x: Game, side: &[Game], into: &mut Vec<Game>| -> Result<(), GameError> {
        for &y in side {
            into.push(add(x, y)?);
        }
        Ok(())
    };
    let side = |gs: &[Game], hs: &[Game]| -> Result<Vec<Game>, GameError> {
        let mut v = Vec::with_capacity(gs.len() + hs.len());
        // A number is never moved in (number translation): only the other game's options.
        if !a.is_some_and(|v| v.is_number()) {
            translate(h, gs, &mut v)?;
        }
        if !b.is_some_and(|v| v.is_number()) {
            translate(g, hs, &mut v)?;
        }
        Ok(v)
    };
    let result = from_options(&side(gl, hl)?, &side(gr, hr)?)?;
    record_nim_root(g, a, h, b, result);
    cache.insert(key, result);
    Ok(result)
}

/// Records `result = root + *m` ([`super::table::Node::nim_root`]) when `result = g + h` and
/// one of them is a nimber `*n`, the other a form `root + *k` (`m = k ⊕ n`); `a` and `b` are
/// the closed forms of `g` and `h`, if any.
fn record_nim_root(g: Game, a: Option<Nui>, h: Game, b: Option<Nui>, result: Game) {
    let nimber = |v: Option<Nui>| {
        v.filter(|v| v.number.is_zero() && v.ups == 0 && v.nim > 0)
            .map(|v| v.nim)
    };
    let (form, n) = match (a, nimber(a), b, nimber(b)) {
        (_, Some(n), None, _) => (h, n),
        (None, _, _, Some(n)) => (g, n),
        _ => return,
    };
    let (root, k) = nim_root(form);
    // Roots have smaller ids than the games they are roots of (so chains of roots end): a
    // result interned before its root, by another path, keeps no root.
    if root < result && k ^ n != 0 {
        let _ = node(result).nim_root.set((root, k ^ n));
    }
}
