//! `G ≤ H` from the definition — `G ≤ H` unless some `G^L ≥ H` or some `H^R ≤ G` — with
//! four shortcuts: closed forms when both are `x + n·↑ + *m`, games known to be one root
//! plus different nimbers (never comparable), number avoidance when one is a number (only
//! the other game's options matter), and a global cache of results by id pair.
//!
//! The simplifier also compares games against a form still being simplified (a
//! [`Pending`] form, not yet interned); those comparisons recurse through the pending form's
//! options and keep their own memo, valid for as long as the pending form keeps its value.

use super::nui::Nui;
use super::table::{intern_nui, nim_root, node, options, stops, Game, IdMap, ShardedMap};
use crate::numeric::dyadic::Dyadic;
use std::cmp::Ordering;
use std::sync::OnceLock;

static LE: OnceLock<ShardedMap<(Game, Game), bool>> = OnceLock::new();

/// `a ≤ b` for two values `x + n·↑ + *m`.
fn nui_le(a: Nui, b: Nui) -> bool {
    match a.number.cmp(&b.number) {
        Ordering::Less => true,
        Ordering::Greater => false,
        Ordering::Equal => {
            // Only the sign of the up-multiple and whether it is ±1 matter.
            let ups = (a.ups as i128 - b.ups as i128).clamp(-2, 2) as i64;
            let diff = Nui {
                number: Dyadic::ZERO,
                ups,
                nim: a.nim ^ b.nim,
            };
            matches!(diff.sign(), Some(Ordering::Less | Ordering::Equal))
        }
    }
}

fn number_of(g: Game) -> Option<Nui> {
    node(g).nui.filter(|v| v.is_number())
}

/// `g ≤ h`.
pub(super) fn le(g: Game, h: Game) -> bool {
    if g == h {
        return true;
    }
    let (a, b) = (node(g).nui, node(h).nui);
    if let (Some(a), Some(b)) = (a, b) {
        return nui_le(a, b);
    }
    // `R + *m ≤ R + *m'` only if `*(m ⊕ m') ≤ 0`, that is `m = m'` (the same game); and
    // `v ≤ R + *m` iff `v + *m ≤ R` for a closed form `v`, whose sum with `*m` is closed too,
    // so the comparison is with the root, whose options do not include `*m`'s `m` moves.
    let ((root_g, m_g), (root_h, m_h)) = (nim_root(g), nim_root(h));
    if root_g == root_h {
        return m_g == m_h;
    }
    let plus_nimber = |v: Nui, m: u32| {
        intern_nui(Nui {
            nim: v.nim ^ m,
            ..v
        })
    };
    match (a, b) {
        (Some(v), None) if m_h != 0 => return le(plus_nimber(v, m_h), root_h),
        (None, Some(w)) if m_g != 0 => return le(root_g, plus_nimber(w, m_g)),
        _ => {}
    }
    // Stops are monotone (`G ≤ H` needs `L(G) ≤ L(H)` and `R(G) ≤ R(H)`), and
    // `L(G − H) ≤ L(G) − R(H)`, where a negative left stop makes a game negative.
    if let (Some((lg, rg)), Some((lh, rh))) = (stops(g), stops(h)) {
        if lg > lh || rg > rh {
            return false;
        }
        if lg < rh {
            return true;
        }
    }
    // Number avoidance: if H is not a number, x ≤ H unless some H^R ≤ x.
    if number_of(g).is_some() {
        return !options(h).1.iter().any(|&hr| le(hr, g));
    }
    if number_of(h).is_some() {
        return !options(g).0.iter().any(|&gl| le(h, gl));
    }
    let cache = LE.get_or_init(ShardedMap::new);
    if let Some(known) = cache.get(&(g, h)) {
        return known;
    }
    let result =
        !options(g).0.iter().any(|&gl| le(h, gl)) && !options(h).1.iter().any(|&hr| le(hr, g));
    cache.insert((g, h), result);
    result
}

/// A form `{left | right}` of canonical options, not (yet) interned.
pub(super) struct Pending<'a> {
    pub left: &'a [Game],
    pub right: &'a [Game],
}

/// Results of comparisons with one pending value: `(x, true)` is `x ≤ P`, `(x, false)` is
/// `P ≤ x`.
pub(super) type PendingMemo = IdMap<(Game, bool), bool>;

/// `x ≤ P`: no `P^R ≤ x` and no `x^L ≥ P`.
pub(super) fn le_pending(x: Game, p: &Pending, memo: &mut PendingMemo) -> bool {
    if let Some(&known) = memo.get(&(x, true)) {
        return known;
    }
    let result = !p.right.iter().any(|&pr| le(pr, x))
        && !options(x).0.iter().any(|&xl| pending_le(p, xl, memo));
    memo.insert((x, true), result);
    result
}

/// `P ≤ y`: no `P^L ≥ y` and no `y^R ≤ P`.
pub(super) fn pending_le(p: &Pending, y: Game, memo: &mut PendingMemo) -> bool {
    if let Some(&known) = memo.get(&(y, false)) {
        return known;
    }
    let result = !p.left.iter().any(|&pl| le(y, pl))
        && !options(y).1.iter().any(|&yr| le_pending(yr, p, memo));
    memo.insert((y, false), result);
    result
}
