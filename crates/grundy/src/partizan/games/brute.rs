//! The judge: who wins, by playing the rules on the whole position — every move, no regions,
//! no normalisation, no table. Exponential, so tests keep positions small.

use super::{PartizanRules, Side};

/// Whether `side`, moving first in `position`, wins (normal play: whoever cannot move loses).
pub fn wins_moving_first<P: PartizanRules>(position: &P, side: Side) -> bool {
    position
        .moves(side)
        .iter()
        .any(|next| !wins_moving_first(next, side.other()))
}

/// The outcome class as a letter: `L` (Left wins whoever starts), `R`, `P` (the second
/// player wins), `N` (the first player wins).
pub fn outcome_letter<P: PartizanRules>(position: &P) -> char {
    match (
        wins_moving_first(position, Side::Left),
        wins_moving_first(position, Side::Right),
    ) {
        (true, true) => 'N',
        (true, false) => 'L',
        (false, true) => 'R',
        (false, false) => 'P',
    }
}
