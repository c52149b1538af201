//! The judge: game forms as plain trees, compared, summed and solved straight from the
//! definitions, with no simplification, no interning and no caches. Exponential, so only
//! for the small random games of the property tests; the engine must agree with it.

use super::{Game, Outcome};

/// A game form `{left | right}` (not necessarily canonical).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    pub left: Vec<Form>,
    pub right: Vec<Form>,
}

impl Form {
    pub fn zero() -> Form {
        Form {
            left: Vec::new(),
            right: Vec::new(),
        }
    }

    /// The canonical form of `g` written out as a tree.
    pub fn of(g: Game) -> Form {
        Form {
            left: g.left_options().into_iter().map(Form::of).collect(),
            right: g.right_options().into_iter().map(Form::of).collect(),
        }
    }

    /// The engine's value of this form (options first, then `from_options`).
    pub fn value(&self) -> Game {
        let left: Vec<Game> = self.left.iter().map(Form::value).collect();
        let right: Vec<Game> = self.right.iter().map(Form::value).collect();
        Game::from_options(&left, &right)
    }

    /// `G ≤ H` unless some `G^L ≥ H` or some `H^R ≤ G`.
    pub fn le(&self, other: &Form) -> bool {
        !self.left.iter().any(|gl| other.le(gl)) && !other.right.iter().any(|hr| hr.le(self))
    }

    /// `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`.
    pub fn sum(&self, other: &Form) -> Form {
        let side = |mine: &[Form], theirs: &[Form]| -> Vec<Form> {
            mine.iter()
                .map(|g| g.sum(other))
                .chain(theirs.iter().map(|h| self.sum(h)))
                .collect()
        };
        Form {
            left: side(&self.left, &other.left),
            right: side(&self.right, &other.right),
        }
    }

    /// `−G = {−G^R | −G^L}`.
    pub fn neg(&self) -> Form {
        Form {
            left: self.right.iter().map(Form::neg).collect(),
            right: self.left.iter().map(Form::neg).collect(),
        }
    }

    /// Who wins, by playing it out: a player to move wins if some move leaves a position
    /// the other, moving next, loses.
    pub fn outcome(&self) -> Outcome {
        match (self.left_wins_first(), self.right_wins_first()) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    fn left_wins_first(&self) -> bool {
        self.left.iter().any(|gl| !gl.right_wins_first())
    }

    fn right_wins_first(&self) -> bool {
        self.right.iter().any(|gr| !gr.left_wins_first())
    }

    /// Birthday of the form (its height as a tree).
    pub fn height(&self) -> u64 {
        self.left
            .iter()
            .chain(&self.right)
            .map(|o| 1 + o.height())
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_on_small_forms() {
        let zero = Form::zero();
        let one = Form {
            left: vec![zero.clone()],
            right: vec![],
        };
        let star = Form {
            left: vec![zero.clone()],
            right: vec![zero.clone()],
        };
        assert!(zero.le(&one) && !one.le(&zero));
        assert!(!star.le(&zero) && !zero.le(&star));
        assert_eq!(star.sum(&star).outcome(), Outcome::P);
        assert_eq!(one.sum(&one.neg()).outcome(), Outcome::P);
        assert_eq!(star.outcome(), Outcome::N);
        assert_eq!(one.outcome(), Outcome::L);
        assert_eq!(one.value(), Game::integer(1));
        assert_eq!(Form::of("^".parse().unwrap()).value().to_string(), "^");
        assert_eq!(star.sum(&one).height(), 2);
    }
}
