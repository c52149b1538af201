//! The moves of a take-and-break game, decoded: which removals may take a whole heap, leave one
//! heap, or leave two or three heaps. Octal codes and Grundy's game both compile to
//! [`MoveRules`], so one definition ([`MoveRules::visit_options`]) and one pair of solvers serve
//! them all.

use crate::impartial::HeapGame;

/// Take-and-break moves. A move removes `k` tokens from one heap and then, by kind:
/// - `whole`: the heap had exactly `k` tokens (nothing is left);
/// - `take`: one non-empty heap `n − k` is left;
/// - `split`: the rest is left as two non-empty heaps (`k = 0`: split without removing);
/// - `split3`: the rest is left as three non-empty heaps (hexadecimal digits ≥ 8).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveRules {
    /// Removals that may take a whole heap (bit 1 of the digit).
    pub whole: Vec<u64>,
    /// Removals that leave one heap (bit 2).
    pub take: Vec<u64>,
    /// Removals that leave two heaps (bit 4).
    pub split: Vec<u64>,
    /// Removals that leave three heaps (bit 8, hexadecimal digits).
    pub split3: Vec<u64>,
    /// The removals `k` (among `split`) whose parts must differ: CGSuite's TBCode `!`
    /// after the digit (`4!.0` is Grundy's game).
    pub distinct: Vec<u64>,
}

impl MoveRules {
    /// The largest number of tokens any move removes (`t` of the Guy–Smith theorem).
    pub fn max_removal(&self) -> u64 {
        [&self.whole, &self.take, &self.split, &self.split3]
            .iter()
            .flat_map(|kinds| kinds.iter().copied())
            .max()
            .unwrap_or(0)
    }

    /// Whether a split removing `k` tokens must leave parts of different sizes.
    pub fn parts_differ(&self, k: u64) -> bool {
        self.distinct.contains(&k)
    }

    /// An upper bound on the number of options of heap `n`.
    pub fn option_count(&self, n: u64) -> u128 {
        let n = n as u128;
        (self.whole.len() + self.take.len()) as u128
            + self.split.len() as u128 * (n / 2 + 1)
            + self.split3.len() as u128 * (n * n / 12 + 1)
    }

    /// Whether all split removals have the same parity `q`: then the two parts of a split of
    /// heap `n` have sizes of total parity `n ⊕ q`, which the rare-value method can exploit.
    pub fn split_parity(&self) -> Option<u64> {
        let first = self.split.first()? % 2;
        self.split.iter().all(|k| k % 2 == first).then_some(first)
    }

    /// The definition: calls `visit` with every option of heap `n` (each a sum of heaps `< n`;
    /// a split is listed once, parts in increasing order).
    pub fn visit_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for &k in &self.whole {
            if n == k {
                visit(&[]);
            }
        }
        for &k in &self.take {
            if n > k {
                visit(&[n - k]);
            }
        }
        for &k in &self.split {
            let rest = n.saturating_sub(k);
            if n < k + 2 {
                continue;
            }
            let differ = self.parts_differ(k);
            for a in 1..=rest / 2 {
                let b = rest - a;
                if !(differ && a == b) {
                    visit(&[a, b]);
                }
            }
        }
        for &k in &self.split3 {
            if n < k + 3 {
                continue;
            }
            let rest = n - k;
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    visit(&[a, b, rest - a - b]);
                }
            }
        }
    }
}

impl HeapGame for MoveRules {
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        self.visit_options(n, visit)
    }
}
