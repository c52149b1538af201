//! The reference solver: `G(n)` as the mex over *every* option, O(n) per heap for two-way
//! splits (O(n²) for three-way splits), in plain loops: the O(n²) baseline that the
//! rare-value solver is measured against. The rare-value and three-way solvers are tested
//! against it, and resumed checkpoints are spot-checked with it.

use super::rules::MoveRules;
use super::{checked_value, SequenceSolver, Value, ValueTable, Values};
use crate::error::GameError;

/// The O(n²) reference solver (see the module docs).
pub struct NaiveSolver<'r> {
    rules: &'r MoveRules,
    /// Only the three-way splits of `rules`, enumerated by the definition.
    three_way: MoveRules,
    values: Vec<Value>,
    /// `seen[v] == stamp` ⇔ some option of the current heap has value `v`.
    seen: Vec<u32>,
    stamp: u32,
}

impl<'r> NaiveSolver<'r> {
    /// A solver that continues from `values` = `G(0..values.len())`.
    pub fn new(rules: &'r MoveRules, values: Vec<Value>) -> NaiveSolver<'r> {
        NaiveSolver {
            rules,
            three_way: MoveRules {
                split3: rules.split3.clone(),
                ..MoveRules::default()
            },
            values,
            seen: vec![0; 1 << 16],
            stamp: 0,
        }
    }

    /// The definition: the mex of the values of every option of the next heap.
    fn mex_of_options(&mut self) -> Result<Value, GameError> {
        let n = self.values.len() as u64;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let (rules, values, seen, stamp) = (self.rules, &self.values, &mut self.seen, self.stamp);
        if rules.whole.contains(&n) {
            seen[0] = stamp;
        }
        for &k in rules.take.iter().filter(|&&k| n > k) {
            seen[values[(n - k) as usize] as usize] = stamp;
        }
        for &k in rules.split.iter().filter(|&&k| n >= k + 2) {
            let rest = (n - k) as usize;
            let differ = rules.parts_differ(k);
            for a in 1..=rest / 2 {
                if !(differ && 2 * a == rest) {
                    seen[(values[a] ^ values[rest - a]) as usize] = stamp;
                }
            }
        }
        // Three-way splits by the definition (the closure is no cost next to O(n²) options).
        if !rules.split3.is_empty() {
            self.three_way.visit_options(n, &mut |heaps| {
                let v = heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]);
                seen[v as usize] = stamp;
            });
        }
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        checked_value(n, mex as u64)
    }
}

impl SequenceSolver for NaiveSolver<'_> {
    fn next_value(&mut self) -> Result<Value, GameError> {
        self.mex_of_options()
    }

    fn push(&mut self, v: Value) -> Result<(), GameError> {
        self.values.push(v);
        Ok(())
    }

    fn values(&self) -> Values<'_> {
        Values::Wide(&self.values)
    }

    fn into_values(self: Box<Self>) -> ValueTable {
        ValueTable::Wide(self.values)
    }
}
