//! The numeric core shared by both worlds of values: exact dyadic rationals (the numbers of
//! partizan game theory). Nimbers and nim arithmetic live in `engine/` for now.

pub mod dyadic;
