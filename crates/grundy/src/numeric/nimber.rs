//! Nimbers: the values of impartial games.
//!
//! A nimber `*n` is stored as its index `n`. Nim-addition is bitwise XOR; nim-multiplication
//! (the field GF(2^64) in Conway's arithmetic) lives in [`crate::numeric::nim_arith`].

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// The nimber `*n`. The Sprague–Grundy theorem says every impartial game under normal play
/// is equivalent to exactly one nimber; a sum of games is equivalent to the nim-sum (XOR).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber(3) ^ Nimber(5), Nimber(6)); // nim-sum
/// assert_eq!(Nimber(2) * Nimber(2), Nimber(3)); // nim-product
/// assert_eq!(Nimber::sum([Nimber(1), Nimber(2), Nimber(3)]), Nimber::ZERO);
/// assert_eq!(Nimber(4).to_string(), "*4");
/// ```
pub struct Nimber(pub u64);

impl Nimber {
    /// `*0`: the value of a lost position (the previous player wins).
    pub const ZERO: Nimber = Nimber(0);

    /// `true` for `*0`: the player to move loses (a P-position).
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Nim-sum of any number of nimbers (`*0` for none).
    pub fn sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
        values.into_iter().fold(Nimber::ZERO, |acc, v| acc ^ v)
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(Nimber::sum([Nimber(3), Nimber(5), Nimber(6)]), Nimber(0));
        assert_eq!(Nimber(12) ^ Nimber(10), Nimber(6));
        assert_eq!(Nimber(7).to_string(), "*7");
    }
}
