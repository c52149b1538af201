//! Impartial game families, one file (or folder) each: the definition of the game, its fast
//! paths next to it, and the tests that hold the two together. Their names live in
//! [`registry`](crate::registry).

pub mod cells;
pub mod chessboard;
pub mod coin_product;
pub mod coins;
pub mod gcd;
pub mod geography;
pub mod geography_grid;
pub mod grundys_game;
pub mod hackenbush;
pub mod loopy_graph;
pub mod moore;
pub mod nim;
pub mod octal;
pub mod prime_heap;
pub mod staircase;
pub mod subtraction;
pub mod subtraction_sets;
pub mod tuple;
pub mod wythoff;
