//! The cheap corner of the game universe: `x + n·↑ + *m` (a number, a multiple of up and a
//! nimber), in closed form. Sums, negatives, signs, birthdays and canonical options of these
//! values need no search; the interner stores them by these three coordinates, so that the
//! library's `Game::nimber(1000)` or `Game::integer(1 << 40)` costs one node, and builds their
//! options only when asked. Text is bounded tighter (`*256`, `^256` and `2^32` at most, see
//! `notation::MAX_UP_OR_NIM`): what walks the options of `*m` (sums with hot games, the
//! invariants) costs `m²`, and a typed literal should not reach that.
//!
//! Canonical forms (Conway; Berlekamp–Conway–Guy), for `n ≥ 1`:
//! `x + *m = {x + *k (k < m) | x + *k (k < m)}`, `x + ↑* = {x, x* | x}` and otherwise
//! `x + n·↑ + *m = {x | x + (n−1)·↑ + *(m ⊕ 1)}`; negative multiples by symmetry. The tests of
//! `canonical.rs` check these against the general simplifier.

use crate::numeric::dyadic::Dyadic;
use crate::GameError;
use std::cmp::Ordering;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nui {
    pub number: Dyadic,
    pub ups: i64,
    pub nim: u32,
}

impl Nui {
    pub fn number(x: Dyadic) -> Nui {
        Nui {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    pub fn is_number(self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    pub fn checked_add(self, other: Nui) -> Result<Nui, GameError> {
        Ok(Nui {
            number: self.number.checked_add(other.number)?,
            ups: self.ups.checked_add(other.ups).ok_or_else(|| {
                GameError::TooLarge("a multiple of up beyond 64 bits".to_string())
            })?,
            nim: self.nim ^ other.nim,
        })
    }

    pub fn checked_neg(self) -> Result<Nui, GameError> {
        Ok(Nui {
            number: self.number.checked_neg()?,
            ups: self.ups.checked_neg().ok_or_else(|| {
                GameError::TooLarge("a multiple of up beyond 64 bits".to_string())
            })?,
            nim: self.nim,
        })
    }

    /// `self` compared with 0; `None` when confused with 0 (`*m`, `↑*`, `↓*`).
    pub fn sign(self) -> Option<Ordering> {
        match self.number.signum() {
            1 => Some(Ordering::Greater),
            -1 => Some(Ordering::Less),
            _ => match (self.ups.signum(), self.nim) {
                (0, 0) => Some(Ordering::Equal),
                (0, _) | (1 | -1, 1) if self.ups.abs() <= 1 => None,
                (1, _) => Some(Ordering::Greater),
                _ => Some(Ordering::Less),
            },
        }
    }

    /// Left and right options of the canonical form.
    pub fn options(self) -> Result<(Vec<Nui>, Vec<Nui>), GameError> {
        let x = self.number;
        if self.ups < 0 {
            let (left, right) = self.checked_neg()?.options()?;
            let negate = |v: Vec<Nui>| -> Result<Vec<Nui>, GameError> {
                v.into_iter().map(|g| g.checked_neg()).collect()
            };
            return Ok((negate(right)?, negate(left)?));
        }
        let with = |ups: i64, nim: u32| Nui {
            number: x,
            ups,
            nim,
        };
        if self.ups == 0 && self.nim == 0 {
            if x.is_integer() {
                let n = x.numerator();
                return Ok(match n.signum() {
                    1 => (vec![Nui::number(Dyadic::integer(n - 1))], vec![]),
                    -1 => (vec![], vec![Nui::number(Dyadic::integer(n + 1))]),
                    _ => (vec![], vec![]),
                });
            }
            let step = Dyadic::new(1, x.exponent())?;
            return Ok((
                vec![Nui::number(x.checked_sub(step)?)],
                vec![Nui::number(x.checked_add(step)?)],
            ));
        }
        if self.ups == 0 {
            let stars: Vec<Nui> = (0..self.nim).map(|k| with(0, k)).collect();
            return Ok((stars.clone(), stars));
        }
        if self.ups == 1 && self.nim == 1 {
            return Ok((vec![with(0, 0), with(0, 1)], vec![with(0, 0)]));
        }
        Ok((vec![with(0, 0)], vec![with(self.ups - 1, self.nim ^ 1)]))
    }

    /// The value whose canonical options are `left | right`, if it is `x + n·↑ + *m` but not
    /// a number (numbers are recognised by the simplest-number rule). Exact when the options
    /// are the canonical options of a canonical form.
    pub fn recognise(left: &[Nui], right: &[Nui]) -> Option<Nui> {
        if let Some(star) = Nui::recognise_nimber(left, right) {
            return Some(star);
        }
        Nui::recognise_positive(left, right).or_else(|| {
            let neg = |v: &[Nui]| -> Option<Vec<Nui>> {
                v.iter().map(|g| g.checked_neg().ok()).collect()
            };
            Nui::recognise_positive(&neg(right)?, &neg(left)?)?
                .checked_neg()
                .ok()
        })
    }

    /// `{x + *k (k < m) | same}`.
    fn recognise_nimber(left: &[Nui], right: &[Nui]) -> Option<Nui> {
        let x = left.first()?.number;
        if left.len() != right.len() || left.iter().any(|g| g.number != x || g.ups != 0) {
            return None;
        }
        let mut nims: Vec<u32> = left.iter().map(|g| g.nim).collect();
        let mut right_nims: Vec<u32> = right.iter().map(|g| g.nim).collect();
        nims.sort_unstable();
        right_nims.sort_unstable();
        let all_below = nims.iter().enumerate().all(|(k, &m)| m as usize == k);
        let same = right.iter().all(|g| g.number == x && g.ups == 0) && nims == right_nims;
        (all_below && same).then_some(Nui {
            number: x,
            ups: 0,
            nim: left.len() as u32,
        })
    }

    /// `{x | x + (n−1)·↑ + *(m ⊕ 1)}` or `{x, x* | x}`, with `n ≥ 1`.
    fn recognise_positive(left: &[Nui], right: &[Nui]) -> Option<Nui> {
        let [r] = right else { return None };
        let x = r.number;
        let base = Nui::number(x);
        let star = Nui {
            number: x,
            ups: 0,
            nim: 1,
        };
        match left {
            [l] if *l == base && r.ups >= 0 && !r.is_number() => Some(Nui {
                number: x,
                ups: r.ups + 1,
                nim: r.nim ^ 1,
            }),
            [a, b] if *r == base && ((*a == base && *b == star) || (*a == star && *b == base)) => {
                Some(Nui {
                    number: x,
                    ups: 1,
                    nim: 1,
                })
            }
            _ => None,
        }
    }

    /// The day on which `self` is born.
    pub fn birthday(self) -> u64 {
        let x = self.number;
        let whole = x.floor().unsigned_abs().max(x.ceil().unsigned_abs());
        let number_day = if x.is_integer() {
            whole
        } else {
            // m/2^j is born on day ⌊|x|⌋ + j + 1.
            x.floor().unsigned_abs().min(x.ceil().unsigned_abs()) + x.exponent() as u64 + 1
        };
        let n = self.ups.unsigned_abs();
        if n == 0 {
            return number_day + self.nim as u64;
        }
        // Walk n·↑ + *m down to ↑ + *m₁ (each step adds a day and flips *1).
        let m1 = self.nim ^ ((n - 1) & 1) as u32;
        if m1 == 1 {
            (n - 1) + number_day + 2
        } else {
            n + number_day + (m1 ^ 1) as u64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nui(x: i64, ups: i64, nim: u32) -> Nui {
        Nui {
            number: Dyadic::integer(x),
            ups,
            nim,
        }
    }

    #[test]
    fn signs() {
        assert_eq!(nui(0, 1, 0).sign(), Some(Ordering::Greater));
        assert_eq!(nui(0, 1, 1).sign(), None);
        assert_eq!(nui(0, -1, 1).sign(), None);
        assert_eq!(nui(0, 1, 2).sign(), Some(Ordering::Greater));
        assert_eq!(nui(0, 2, 1).sign(), Some(Ordering::Greater));
        assert_eq!(nui(0, -2, 0).sign(), Some(Ordering::Less));
        assert_eq!(nui(0, 0, 5).sign(), None);
        assert_eq!(nui(-1, 5, 5).sign(), Some(Ordering::Less));
    }

    #[test]
    fn birthdays() {
        let half = Nui::number(Dyadic::new(1, 1).unwrap());
        assert_eq!(half.birthday(), 2);
        assert_eq!(Nui::number(Dyadic::new(-3, 2).unwrap()).birthday(), 3);
        assert_eq!(Nui::number(Dyadic::new(5, 2).unwrap()).birthday(), 4);
        assert_eq!(nui(-3, 0, 0).birthday(), 3);
        assert_eq!(nui(0, 1, 0).birthday(), 2);
        assert_eq!(nui(0, 1, 1).birthday(), 2);
        assert_eq!(nui(0, 2, 0).birthday(), 3);
        assert_eq!(nui(0, 2, 1).birthday(), 3);
        assert_eq!(nui(0, 1, 2).birthday(), 4);
        assert_eq!(nui(1, 0, 1).birthday(), 2);
        assert_eq!(nui(0, -3, 0).birthday(), 4);
    }

    #[test]
    fn options_are_recognised_back() {
        for x in -2..=2 {
            for ups in -4..=4 {
                for nim in 0..4 {
                    let g = nui(x, ups, nim);
                    if g.is_number() {
                        continue;
                    }
                    let (l, r) = g.options().unwrap();
                    assert_eq!(Nui::recognise(&l, &r), Some(g), "{g:?}");
                }
            }
        }
    }
}
