//! The reference solver: `G(n)` as the mex over *every* option, O(n) per heap for two-way
//! splits (O(n²) for three-way splits). The rare-value solver is tested against it; it is
//! also what hexadecimal codes with three-way splits use, since the class trick does not
//! apply to three parts.

use super::rules::MoveRules;
use super::{checked_value, SequenceSolver, Value, PROGRESS_CHUNK};
use crate::error::GameError;

pub struct NaiveSolver<'r> {
    rules: &'r MoveRules,
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
            values,
            seen: vec![0; 1 << 16],
            stamp: 0,
        }
    }

    fn next_value(&mut self) -> Result<Value, GameError> {
        let n = self.values.len() as u64;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let (values, seen, stamp) = (&self.values, &mut self.seen, self.stamp);
        self.rules.visit_options(n, &mut |heaps| {
            let v = heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]);
            seen[v as usize] = stamp;
        });
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        checked_value(n, mex as u64)
    }
}

impl SequenceSolver for NaiveSolver<'_> {
    fn extend_to(
        &mut self,
        len: u64,
        on_chunk: &mut dyn FnMut(&[Value]) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        while (self.values.len() as u64) < len {
            let v = self.next_value()?;
            self.values.push(v);
            if self.values.len() % PROGRESS_CHUNK == 0 {
                on_chunk(&self.values)?;
            }
        }
        Ok(())
    }

    fn values(&self) -> &[Value] {
        &self.values
    }

    fn into_values(self: Box<Self>) -> Vec<Value> {
        self.values
    }
}
