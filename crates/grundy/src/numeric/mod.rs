//! The numeric core both worlds share: nimbers and the minimum excludant, nim arithmetic,
//! exact dyadic rationals (the numbers of partizan game theory), number theory (primes), and
//! the parsing of numbers written as `10^18` or `2^64-1`.

pub mod dyadic;
pub(crate) mod integer;
pub(crate) mod mex;
pub mod nim_arith;
pub mod nim_factor;
pub(crate) mod nimber;
pub mod number;
pub mod primes;

pub use mex::{mex, MexSet};
pub use nimber::Nimber;
