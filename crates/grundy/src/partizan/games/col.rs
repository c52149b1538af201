//! Col: players colour vertices of a graph, never next to a vertex of *their own* colour, so
//! colouring a vertex tints its neighbours for the opponent. Positions as in
//! [`super::tinted_graph`]: `R-.-R-.-L`, `L..R/0-1,1-2`, `@FILE`.

use super::tinted_graph::{Colouring, ColouringGame};
use super::Side;

/// Col's rule: a coloured vertex forbids its own colour on its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColRule;

impl Colouring for ColRule {
    fn neighbours_left_to(mover: Side) -> Side {
        mover.other()
    }
}

/// Col positions: a tinted graph under Col's rule.
pub type Col = ColouringGame<ColRule>;
