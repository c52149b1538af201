//! Snort: players colour vertices of a graph, never next to a vertex of the *other* colour,
//! so colouring a vertex tints its neighbours for the mover. Positions as in
//! [`super::tinted_graph`]: `L-.-.-.-L`, `L..R/0-1,1-2`, `@FILE`.

use super::tinted_graph::{Colouring, ColouringGame};
use super::Side;

/// Snort's rule: a coloured vertex forbids the other colour on its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SnortRule;

impl Colouring for SnortRule {
    fn neighbours_left_to(mover: Side) -> Side {
        mover
    }
}

/// Snort positions: a tinted graph under Snort's rule.
pub type Snort = ColouringGame<SnortRule>;
