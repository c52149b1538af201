//! Define your own heap game and ask grundy about it: its table, a certified period, and the
//! winning moves of a sum.
//!
//! The game: from a heap, take 1 or 2 tokens; when you take, you may also split what is left
//! into two non-empty heaps. (This is Kayles, octal code 0.77; the example checks that.)
//!
//! Run: `cargo run --release -p grundy --example heap_game`

use grundy::{search, Budget, Family, GameError, HeapFamily, HeapGame, HeapRules, PeriodRule};

struct TakeAndSplit;

impl HeapGame for TakeAndSplit {
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for take in 1..=2.min(n) {
            let rest = n - take;
            visit(&[rest]);
            for a in 1..=rest / 2 {
                visit(&[a, rest - a]);
            }
        }
    }
}

impl HeapRules for TakeAndSplit {
    fn spec(&self) -> String {
        "take-and-split".into()
    }
    fn option_count(&self, n: u64) -> u128 {
        n as u128 + 2
    }
    /// Guy–Smith: a take-and-break game with finite code has a period that a finite table proves.
    fn period_rule(&self) -> PeriodRule {
        PeriodRule::GuySmith { max_removal: 2 }
    }
}

fn main() -> Result<(), GameError> {
    let game = HeapFamily::new(TakeAndSplit);
    let sequence = game.sequence().expect("a heap family has a sequence");
    let table = sequence.values(20)?;
    println!("G(0..=20) = {table:?}");

    // Grow the table from 1023 values up to 2^20 until a theorem proves the period.
    let budget = Budget {
        start: 1023,
        max: 1 << 20,
        time: None,
    };
    let found = search(sequence, budget)?;
    let period = found.certified.expect("Kayles has a certified period");
    println!(
        "certified: preperiod {}, period {} (checked to {})",
        period.preperiod,
        period.period,
        found.checked_to()
    );

    let solution = game.solve(&["10", "20", "30"], grundy::Play::Normal)?;
    println!("10 + 20 + 30: {} player wins", solution.winner);
    for m in &solution.winning_moves {
        println!("  winning move: heap {} → {}", m.component, m.to);
    }

    // The same game by its registry name gives the same answers.
    let kayles = grundy::parse_spec("kayles")?;
    assert_eq!(kayles.sequence().unwrap().values(20)?, table);
    assert_eq!((period.preperiod, period.period), (71, 12));
    Ok(())
}
