//! Numbers read off a canonical form: birthday, stops, mean, temperature, cooling and
//! heating, atomic weight, reduced canonical form.

use super::Game;
use std::collections::HashMap;

impl Game {
    /// The day on which the game is born: `0` for `0`, `1 + ` the largest birthday of its
    /// canonical options otherwise.
    pub fn birthday(self) -> u64 {
        birthday(self, &mut HashMap::new())
    }
}

fn birthday(g: Game, memo: &mut HashMap<Game, u64>) -> u64 {
    if let Some(v) = g.closed_form() {
        return v.birthday();
    }
    if let Some(&known) = memo.get(&g) {
        return known;
    }
    let day = 1 + g
        .left_options()
        .into_iter()
        .chain(g.right_options())
        .map(|o| birthday(o, memo))
        .max()
        .unwrap_or(0);
    memo.insert(g, day);
    day
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::dyadic::Dyadic;

    #[test]
    fn birthdays() {
        for (text, day) in [
            ("0", 0),
            ("1", 1),
            ("-2", 2),
            ("1/2", 2),
            ("*", 1),
            ("^", 2),
            ("{2|-1}", 3),
            ("{3||2*|1*}", 5),
        ] {
            let g: Game = text.parse().unwrap();
            assert_eq!(g.birthday(), day, "{text}");
        }
        assert_eq!(Game::number(Dyadic::new(3, 2).unwrap()).birthday(), 3);
    }
}
