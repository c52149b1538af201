//! The judge: game forms compared, summed and solved straight from the definitions, with
//! no simplification (no dominated or reversible options removed, no numbers recognised).
//!
//! Forms are kept in an [`Arena`] that shares identical subtrees (structurally equal forms
//! get one id), and memoises `≤` and sums by id pair. That changes nothing in the
//! definitions — a form is compared option by option — but keeps sums of small games from
//! growing exponentially as trees, so the property tests can afford them.

use super::{Game, Outcome};
use std::collections::HashMap;

/// A game form `{left | right}` as a tree (not necessarily canonical).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    /// Left's options.
    pub left: Vec<Form>,
    /// Right's options.
    pub right: Vec<Form>,
}

impl Form {
    /// `{ | }`, the game with no options.
    pub fn zero() -> Form {
        Form {
            left: Vec::new(),
            right: Vec::new(),
        }
    }

    /// The engine's value of this form (options first, then `from_options`).
    pub fn value(&self) -> Game {
        let left: Vec<Game> = self.left.iter().map(Form::value).collect();
        let right: Vec<Game> = self.right.iter().map(Form::value).collect();
        Game::from_options(&left, &right)
    }
}

/// An id of a form in an [`Arena`].
pub type Id = usize;

/// Forms with shared subtrees, and the definitions as memoised recursions.
#[derive(Default)]
pub struct Arena {
    nodes: Vec<(Vec<Id>, Vec<Id>)>,
    index: HashMap<(Vec<Id>, Vec<Id>), Id>,
    le_memo: HashMap<(Id, Id), bool>,
    sum_memo: HashMap<(Id, Id), Id>,
    win_memo: HashMap<(Id, bool), bool>,
}

impl Arena {
    /// An empty arena.
    pub fn new() -> Arena {
        Arena::default()
    }

    /// The form with these options (order kept; nothing removed).
    pub fn node(&mut self, left: Vec<Id>, right: Vec<Id>) -> Id {
        let key = (left, right);
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let id = self.nodes.len();
        self.nodes.push(key.clone());
        self.index.insert(key, id);
        id
    }

    /// Stores `f` (and its options), returning its id; equal forms share one id.
    pub fn form(&mut self, f: &Form) -> Id {
        let left = f.left.iter().map(|o| self.form(o)).collect();
        let right = f.right.iter().map(|o| self.form(o)).collect();
        self.node(left, right)
    }

    /// The canonical form of `g`, as a form.
    pub fn of(&mut self, g: Game) -> Id {
        let left = g.left_options().into_iter().map(|o| self.of(o)).collect();
        let right = g.right_options().into_iter().map(|o| self.of(o)).collect();
        self.node(left, right)
    }

    /// The engine's value of a form.
    pub fn value(&self, a: Id) -> Game {
        let (l, r) = &self.nodes[a];
        let left: Vec<Game> = l.iter().map(|&o| self.value(o)).collect();
        let right: Vec<Game> = r.iter().map(|&o| self.value(o)).collect();
        Game::from_options(&left, &right)
    }

    /// `G ≤ H` unless some `G^L ≥ H` or some `H^R ≤ G`.
    pub fn le(&mut self, g: Id, h: Id) -> bool {
        if let Some(&known) = self.le_memo.get(&(g, h)) {
            return known;
        }
        let (gl, _) = self.nodes[g].clone();
        let (_, hr) = self.nodes[h].clone();
        let result = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
        self.le_memo.insert((g, h), result);
        result
    }

    /// `g = h` by the definition: `g ≤ h` and `h ≤ g`.
    pub fn equal(&mut self, g: Id, h: Id) -> bool {
        self.le(g, h) && self.le(h, g)
    }

    /// `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`.
    pub fn sum(&mut self, g: Id, h: Id) -> Id {
        if let Some(&known) = self.sum_memo.get(&(g, h)) {
            return known;
        }
        let (gl, gr) = self.nodes[g].clone();
        let (hl, hr) = self.nodes[h].clone();
        let mut side = |mine: &[Id], theirs: &[Id]| -> Vec<Id> {
            let mut out: Vec<Id> = mine.iter().map(|&x| self.sum(x, h)).collect();
            out.extend(theirs.iter().map(|&y| self.sum(g, y)));
            out
        };
        let left = side(&gl, &hl);
        let right = side(&gr, &hr);
        let result = self.node(left, right);
        self.sum_memo.insert((g, h), result);
        result
    }

    /// `−G = {−G^R | −G^L}`.
    pub fn neg(&mut self, g: Id) -> Id {
        let (l, r) = self.nodes[g].clone();
        let left = r.iter().map(|&o| self.neg(o)).collect();
        let right = l.iter().map(|&o| self.neg(o)).collect();
        self.node(left, right)
    }

    /// Who wins, by playing it out: a player to move wins if some move leaves a position
    /// the other, moving next, loses.
    pub fn outcome(&mut self, g: Id) -> Outcome {
        match (self.wins_first(g, true), self.wins_first(g, false)) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    fn wins_first(&mut self, g: Id, left: bool) -> bool {
        if let Some(&known) = self.win_memo.get(&(g, left)) {
            return known;
        }
        let moves = if left {
            self.nodes[g].0.clone()
        } else {
            self.nodes[g].1.clone()
        };
        let result = moves.iter().any(|&o| !self.wins_first(o, !left));
        self.win_memo.insert((g, left), result);
        result
    }

    /// The height of the form's tree (its birthday as a form).
    pub fn height(&self, g: Id) -> u64 {
        let (l, r) = &self.nodes[g];
        l.iter()
            .chain(r)
            .map(|&o| 1 + self.height(o))
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_on_small_forms() {
        let mut a = Arena::new();
        let zero = a.node(vec![], vec![]);
        let one = a.node(vec![zero], vec![]);
        let star = a.node(vec![zero], vec![zero]);
        assert!(a.le(zero, one) && !a.le(one, zero));
        assert!(!a.le(star, zero) && !a.le(zero, star));
        let two_stars = a.sum(star, star);
        assert_eq!(a.outcome(two_stars), Outcome::P);
        let minus_one = a.neg(one);
        let diff = a.sum(one, minus_one);
        assert_eq!(a.outcome(diff), Outcome::P);
        assert!(a.equal(diff, zero));
        assert_eq!(a.outcome(star), Outcome::N);
        assert_eq!(a.outcome(one), Outcome::L);
        assert_eq!(a.value(one), Game::integer(1));
        let up = a.of("^".parse().unwrap());
        assert_eq!(a.value(up).to_string(), "^");
        let s = a.sum(star, one);
        assert_eq!(a.height(s), 2);
        let tree = Form {
            left: vec![Form::zero()],
            right: vec![],
        };
        assert_eq!(a.form(&tree), one);
        assert_eq!(tree.value(), Game::integer(1));
    }
}
