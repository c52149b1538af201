//! Exact dyadic rationals `m / 2^j`: the numbers that short partizan games can equal.
//!
//! Stored as an `i64` numerator over `2^exp` in lowest terms (`exp == 0` or the numerator is
//! odd), with `exp ≤ 62`. Every operation is exact; one whose result leaves that range is an
//! error ([`Dyadic::checked_add`] and friends return `GameError::TooLarge`) or, through the
//! operator impls, a panic with the same message — never a silent wrap. Comparisons widen to
//! `i128`, so they cannot overflow.

use crate::GameError;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// Largest allowed denominator exponent: `2^62` keeps any aligned numerator inside `i128`.
pub const MAX_EXP: u32 = 62;

/// A dyadic rational `m / 2^j`: the numbers short games equal, exact (see the module notes).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

fn overflow(what: &str) -> GameError {
    GameError::TooLarge(format!(
        "dyadic rational overflow in {what}: numerators must fit in 64 bits and denominators in 2^{MAX_EXP}"
    ))
}

impl Dyadic {
    /// `0`.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// `1`.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: i64, exp: u32) -> Result<Dyadic, GameError> {
        Dyadic::from_wide(num as i128, exp, "a fraction")
    }

    /// Reduces `num / 2^exp` and checks that it fits.
    fn from_wide(mut num: i128, mut exp: u32, what: &str) -> Result<Dyadic, GameError> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let shift = num.trailing_zeros().min(exp);
        num >>= shift;
        exp -= shift;
        if exp > MAX_EXP {
            return Err(overflow(what));
        }
        let num = i64::try_from(num).map_err(|_| overflow(what))?;
        Ok(Dyadic { num, exp })
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// `j` in `m / 2^j` (lowest terms).
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the denominator is 1.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Whether this is 0.
    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// `−1`, `0` or `1`: the sign, which decides outcomes of numbers.
    pub fn signum(self) -> i64 {
        self.num.signum()
    }

    /// The largest integer `≤ self`.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer `≥ self`.
    pub fn ceil(self) -> i64 {
        // -floor(-x), without negating i64::MIN.
        let floor = self.floor();
        if self.exp == 0 {
            floor
        } else {
            floor + 1
        }
    }

    /// `self` as a float (for pictures only).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / (self.exp as f64).exp2()
    }

    /// `(a, b)` aligned to a common denominator exponent, in `i128`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (
            (self.num as i128) << (exp - self.exp),
            (other.num as i128) << (exp - other.exp),
            exp,
        )
    }

    /// `self + other`, or `GameError::TooLarge` past the 64-bit range (never a wrap).
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, GameError> {
        let (a, b, exp) = self.aligned(other);
        Dyadic::from_wide(a + b, exp, "a sum")
    }

    /// `self − other`, or `GameError::TooLarge` past the 64-bit range.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, GameError> {
        let (a, b, exp) = self.aligned(other);
        Dyadic::from_wide(a - b, exp, "a difference")
    }

    /// `−self`; only `−2^63` has no 64-bit negative, and that is an error.
    pub fn checked_neg(self) -> Result<Dyadic, GameError> {
        Dyadic::from_wide(-(self.num as i128), self.exp, "a negation")
    }

    /// `self / 2`.
    pub fn checked_half(self) -> Result<Dyadic, GameError> {
        Dyadic::from_wide(self.num as i128, self.exp + 1, "a halving")
    }

    /// `self · n`.
    pub fn checked_mul_int(self, n: i64) -> Result<Dyadic, GameError> {
        Dyadic::from_wide(self.num as i128 * n as i128, self.exp, "a product")
    }

    /// `self · other` (exact; denominators multiply).
    pub fn checked_mul(self, other: Dyadic) -> Result<Dyadic, GameError> {
        let num = (self.num as i128)
            .checked_mul(other.num as i128)
            .ok_or_else(|| overflow("a product"))?;
        Dyadic::from_wide(num, self.exp + other.exp, "a product")
    }

    /// The simplest number strictly between `lo` and `hi` (either may be absent): the
    /// simplest-number rule behind `{a|b} = x` for numbers `a < b`.
    ///
    /// Simplest means smallest birthday: the integer of least magnitude if one fits, else
    /// the fraction with the smallest denominator.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Result<Dyadic, GameError> {
        if let (Some(a), Some(b)) = (lo, hi) {
            if a >= b {
                return Err(GameError::Unsupported(format!(
                    "no number lies strictly between {a} and {b}"
                )));
            }
        }
        let above = |a: Dyadic| -> Result<i64, GameError> {
            a.floor().checked_add(1).ok_or_else(|| overflow("a bound"))
        };
        let below = |b: Dyadic| -> Result<i64, GameError> {
            b.ceil().checked_sub(1).ok_or_else(|| overflow("a bound"))
        };
        // Integer candidate of least magnitude above lo and below hi.
        let candidate = match (lo, hi) {
            (None, None) => 0,
            (Some(a), None) => {
                if a.signum() < 0 {
                    0
                } else {
                    above(a)?
                }
            }
            (None, Some(b)) => {
                if b.signum() > 0 {
                    0
                } else {
                    below(b)?
                }
            }
            (Some(a), Some(b)) => {
                if a.signum() < 0 && b.signum() > 0 {
                    0
                } else if a.signum() >= 0 {
                    above(a)?
                } else {
                    below(b)?
                }
            }
        };
        let candidate = Dyadic::integer(candidate);
        if lo.map_or(true, |a| a < candidate) && hi.map_or(true, |b| candidate < b) {
            return Ok(candidate);
        }
        // Both bounds exist and no integer lies between: the smallest denominator wins.
        let (a, b) = (lo.unwrap_or_default(), hi.unwrap_or_default());
        for exp in 1..=MAX_EXP {
            // floor(a · 2^exp), exactly.
            let floor = if a.exp <= exp {
                (a.num as i128) << (exp - a.exp)
            } else {
                (a.num as i128) >> (a.exp - exp)
            };
            let x = Dyadic::from_wide(floor + 1, exp, "the simplest number")?;
            if x < b {
                return Ok(x);
            }
        }
        Err(overflow("the simplest number"))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::integer(n)
    }
}

/// Operators panic (with the overflow message) where the checked forms return an error;
/// use them where the operands are known to be small.
macro_rules! checked_op {
    ($trait:ident, $method:ident, $checked:ident) => {
        impl std::ops::$trait for Dyadic {
            type Output = Dyadic;
            fn $method(self, other: Dyadic) -> Dyadic {
                self.$checked(other).unwrap_or_else(|e| panic!("{e}"))
            }
        }
    };
}
checked_op!(Add, add, checked_add);
checked_op!(Sub, sub, checked_sub);

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        self.checked_neg().unwrap_or_else(|e| panic!("{e}"))
    }
}

impl fmt::Display for Dyadic {
    /// `5`, `-3/4`, `13/16`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl FromStr for Dyadic {
    type Err = GameError;

    /// `5`, `-3/4`, `13/16`: the denominator must be a power of two.
    fn from_str(text: &str) -> Result<Dyadic, GameError> {
        let bad = |reason: String| GameError::bad_spec(text, reason);
        let (num, den) = match text.split_once('/') {
            Some((n, d)) => (n.trim(), Some(d.trim())),
            None => (text.trim(), None),
        };
        let num: i64 = num
            .parse()
            .map_err(|_| bad(format!("`{num}` is not an integer numerator")))?;
        let exp = match den {
            None => 0,
            Some(d) => {
                let d: u64 = d
                    .parse()
                    .map_err(|_| bad(format!("`{d}` is not a positive integer denominator")))?;
                if d == 0 || !d.is_power_of_two() {
                    return Err(bad(format!(
                        "denominator {d} is not a power of two (only dyadic fractions are short game values)"
                    )));
                }
                d.trailing_zeros()
            }
        };
        Dyadic::new(num, exp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Dyadic {
        text.parse().unwrap()
    }

    #[test]
    fn reduces_and_prints() {
        assert_eq!(Dyadic::new(6, 3).unwrap(), d("3/4"));
        assert_eq!(d("-12/16").to_string(), "-3/4");
        assert_eq!(d("8/4").to_string(), "2");
        assert!("1/3".parse::<Dyadic>().is_err());
        assert!("1/0".parse::<Dyadic>().is_err());
        assert!("x".parse::<Dyadic>().is_err());
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d("1/2") + d("1/4"), d("3/4"));
        assert_eq!(d("1/2") - d("3/4"), d("-1/4"));
        assert_eq!(d("-3/4").floor(), -1);
        assert_eq!(d("-3/4").ceil(), 0);
        assert_eq!(d("7/4").floor(), 1);
        assert_eq!(d("7/4").ceil(), 2);
        assert!(d("-1/2") < d("1/4"));
        assert_eq!(d("3/2").checked_half().unwrap(), d("3/4"));
        assert_eq!(d("3/4").checked_mul(d("-1/2")).unwrap(), d("-3/8"));
    }

    #[test]
    fn overflow_is_an_error_not_a_wrap() {
        let big = Dyadic::integer(i64::MAX);
        assert!(matches!(
            big.checked_add(Dyadic::ONE),
            Err(GameError::TooLarge(_))
        ));
        assert!(Dyadic::integer(i64::MIN).checked_neg().is_err());
        let tiny = Dyadic::new(1, MAX_EXP).unwrap();
        assert!(tiny.checked_half().is_err());
    }

    #[test]
    fn simplest_numbers() {
        let s = |a: Option<&str>, b: Option<&str>| {
            Dyadic::simplest_between(a.map(d), b.map(d))
                .unwrap()
                .to_string()
        };
        assert_eq!(s(Some("1/2"), Some("2")), "1");
        assert_eq!(s(Some("3/4"), Some("7/8")), "13/16");
        assert_eq!(s(Some("0"), Some("2")), "1");
        assert_eq!(s(Some("2"), None), "3");
        assert_eq!(s(Some("-5/2"), None), "0");
        assert_eq!(s(None, Some("-5/2")), "-3");
        assert_eq!(s(Some("-3"), Some("-2")), "-5/2");
        assert_eq!(s(Some("-1"), Some("1")), "0");
        assert_eq!(s(None, None), "0");
        assert_eq!(s(Some("0"), Some("1")), "1/2");
        assert!(Dyadic::simplest_between(Some(d("1")), Some(d("1"))).is_err());
    }
}
