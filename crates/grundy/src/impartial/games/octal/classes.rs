//! Common and rare classes of Grundy values (the "sparse space" phenomenon).
//!
//! A class is chosen by a bit mask `m` on the value and, optionally, the heap's parity: heap
//! `n` with value `v` is in class `parity(v & m) ⊕ (n ⊕ q) mod 2` (the second term only in the
//! *position-parity variant*, allowed when every split removes a number of tokens `≡ q (mod 2)`).
//! Class 0 is **rare**, class 1 **common**. Because parity is linear, the two parts of a split
//! XOR to a class-0 value exactly when they are in the same class, so every *common* value
//! among the options of a heap comes from a (rare, common) pair — few pairs, when rare
//! positions are few. For many octal games a mask makes all but a few dozen or thousand
//! positions common; the mask minimising the number of rare positions is found from the
//! counts of (value, parity) pairs by one Walsh–Hadamard transform.

/// Which positions are rare: `parity(v & mask) ⊕ (position ? (n ⊕ q) mod 2 : 0) == 0`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClassMask {
    /// The value bits whose parity decides the class.
    pub mask: u64,
    /// Whether the heap's parity takes part (the position-parity variant).
    pub position: bool,
}

impl ClassMask {
    /// Every position rare: a valid (if slow) starting point.
    pub const ALL_RARE: ClassMask = ClassMask {
        mask: 0,
        position: false,
    };

    /// The class (0 rare, 1 common) of a heap whose parity bit is `parity_bit = (n ⊕ q) mod 2`
    /// and whose value is `value`.
    #[inline]
    pub fn class(self, value: u64, parity_bit: u64) -> u64 {
        (((value & self.mask).count_ones() as u64) ^ (parity_bit & self.position as u64)) & 1
    }

    /// `0x1ee`, with `+pos` in the position-parity variant.
    pub fn describe(self) -> String {
        format!(
            "{:#x}{}",
            self.mask,
            if self.position { "+pos" } else { "" }
        )
    }
}

/// Index of the count of heaps with value `value` and parity bit `parity_bit` in the table
/// [`best_mask`] reads.
#[inline]
pub fn count_index(value: u64, parity_bit: u64) -> usize {
    ((value << 1) | (parity_bit & 1)) as usize
}

/// The mask (and whether to use the position bit) that makes the fewest heaps rare, with that
/// number. `counts` has length `2^(bits+1)` (see [`count_index`]) and `total` is its sum.
/// Ties go to the smallest mask, so the choice is deterministic.
pub fn best_mask(counts: &[u64], total: u64, allow_position: bool) -> (ClassMask, u64) {
    debug_assert!(counts.len().is_power_of_two());
    let mut transform: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    walsh_hadamard(&mut transform);
    let mut best = (ClassMask::ALL_RARE, total);
    for (index, &h) in transform.iter().enumerate() {
        let position = index & 1 == 1;
        if position && !allow_position {
            continue;
        }
        // h = #(class 0) − #(class 1) for this mask, so #(class 0) = (total + h) / 2.
        let rare = ((total as i64 + h) / 2) as u64;
        if rare < best.1 {
            best = (
                ClassMask {
                    mask: (index >> 1) as u64,
                    position,
                },
                rare,
            );
        }
    }
    best
}

/// In-place Walsh–Hadamard transform: `out[s] = Σ_x in[x]·(−1)^popcount(x & s)`.
fn walsh_hadamard(values: &mut [i64]) {
    let mut half = 1;
    while half < values.len() {
        for block in values.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high.iter_mut()) {
                let (x, y) = (*a, *b);
                *a = x + y;
                *b = x - y;
            }
        }
        half *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The transform's count of rare heaps equals a direct count, for every mask.
        #[test]
        fn best_mask_counts_rare_heaps(values in proptest::collection::vec(0u64..16, 1..200), q in 0u64..2) {
            let mut counts = vec![0u64; 32];
            for (n, &v) in values.iter().enumerate() {
                counts[count_index(v, (n as u64 ^ q) & 1)] += 1;
            }
            let (best, rare) = best_mask(&counts, values.len() as u64, true);
            let direct = |m: ClassMask| values.iter().enumerate()
                .filter(|&(n, &v)| m.class(v, (n as u64 ^ q) & 1) == 0).count() as u64;
            prop_assert_eq!(direct(best), rare);
            for mask in 0..16 {
                for position in [false, true] {
                    let other = ClassMask { mask, position };
                    prop_assert!(direct(other) >= rare);
                }
            }
        }
    }
}
