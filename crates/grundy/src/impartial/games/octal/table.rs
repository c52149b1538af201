//! The value table at two widths: one byte a heap while every value fits in [`NARROW_BITS`]
//! bits, two bytes ([`Value`]) once one does not.
//!
//! The rare-value solver's hot loops read the table as contiguous runs and XOR them lane by
//! lane: with one-byte cells a vector holds twice the lanes and the table is half the memory
//! traffic (Grundy's game to 2^21 has values below 232). The solver is generic over the cell
//! ([`Cell`], monomorphised: no per-value branch on the width) and widens the table once, when
//! a value outgrows the narrow width ([`ValueTable::widen`]); everything that reads the table
//! from outside sees the same 16-bit values through [`Values`].

use super::Value;

/// Bits a narrow (one-byte) cell holds.
pub const NARROW_BITS: u32 = u8::BITS;

/// An element of the table: `u8` (narrow) or `u16` (wide, [`Value`]).
pub trait Cell:
    Copy + Ord + Default + Send + Sync + std::ops::BitXor<Output = Self> + Into<Value> + 'static
{
    /// `v` as a cell; the caller knows that it fits (the solver widens the table first).
    fn of(v: Value) -> Self;

    /// The cell as an index into a table of flags.
    fn index(self) -> usize;
}

impl Cell for u8 {
    #[inline(always)]
    fn of(v: Value) -> u8 {
        v as u8
    }

    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

impl Cell for u16 {
    #[inline(always)]
    fn of(v: Value) -> u16 {
        v
    }

    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

/// `G(0..len)`, narrow or wide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueTable {
    /// One byte a heap: every value is below `2^NARROW_BITS` (or a test's narrower width).
    Narrow(Vec<u8>),
    /// Two bytes a heap.
    Wide(Vec<Value>),
}

impl Default for ValueTable {
    fn default() -> ValueTable {
        ValueTable::Narrow(Vec::new())
    }
}

impl From<Vec<Value>> for ValueTable {
    fn from(values: Vec<Value>) -> ValueTable {
        ValueTable::Wide(values)
    }
}

impl ValueTable {
    /// A view of every value.
    pub fn view(&self) -> Values<'_> {
        match self {
            ValueTable::Narrow(v) => Values::Narrow(v),
            ValueTable::Wide(v) => Values::Wide(v),
        }
    }

    /// Heaps in the table.
    pub fn len(&self) -> usize {
        self.view().len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`.
    #[inline]
    pub fn get(&self, n: usize) -> Value {
        self.view().get(n)
    }

    /// Bytes the widened table would hold at the copy's peak (the narrow buffer and the wide
    /// one, both at the narrow one's capacity, which was reserved for the whole run).
    pub fn widening_peak(&self) -> u128 {
        match self {
            ValueTable::Narrow(v) => 3 * v.capacity().max(v.len()) as u128,
            ValueTable::Wide(_) => 0,
        }
    }

    /// Makes the table wide (once; a wide table is left as is), keeping its capacity.
    pub fn widen(&mut self) {
        if let ValueTable::Narrow(narrow) = self {
            let mut wide = Vec::with_capacity(narrow.capacity());
            wide.extend(narrow.iter().map(|&v| v as Value));
            *self = ValueTable::Wide(wide);
        }
    }

    /// Appends `v`. A value that does not fit a narrow table widens it first: the solver
    /// widens earlier, after checking the copy against the memory budget, so this only keeps
    /// any other caller from storing a truncated value.
    pub fn push(&mut self, v: Value) {
        if matches!(self, ValueTable::Narrow(_)) && v > u8::MAX as Value {
            self.widen();
        }
        match self {
            ValueTable::Narrow(t) => t.push(v as u8),
            ValueTable::Wide(t) => t.push(v),
        }
    }

    /// Removes and returns the last value.
    pub fn pop(&mut self) -> Option<Value> {
        match self {
            ValueTable::Narrow(t) => t.pop().map(Value::from),
            ValueTable::Wide(t) => t.pop(),
        }
    }

    /// Reserves room for `additional` more heaps.
    pub fn reserve(&mut self, additional: usize) {
        match self {
            ValueTable::Narrow(t) => t.reserve(additional),
            ValueTable::Wide(t) => t.reserve(additional),
        }
    }

    /// The values as a wide `Vec` (copied when narrow).
    pub fn into_wide(self) -> Vec<Value> {
        match self {
            ValueTable::Narrow(t) => t.into_iter().map(Value::from).collect(),
            ValueTable::Wide(t) => t,
        }
    }
}

/// A read-only view of a [`ValueTable`] (or of a part of one): the same 16-bit values at
/// either width.
#[derive(Clone, Copy, Debug)]
pub enum Values<'a> {
    /// One byte a heap.
    Narrow(&'a [u8]),
    /// Two bytes a heap.
    Wide(&'a [Value]),
}

impl<'a> Values<'a> {
    /// Heaps in view.
    pub fn len(self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// Whether the view is empty.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// `G(n)` (the `n`-th value in view).
    #[inline]
    pub fn get(self, n: usize) -> Value {
        match self {
            Values::Narrow(v) => v[n] as Value,
            Values::Wide(v) => v[n],
        }
    }

    /// Bytes a heap: 1 narrow, 2 wide.
    pub fn cell_bytes(self) -> u64 {
        match self {
            Values::Narrow(_) => 1,
            Values::Wide(_) => 2,
        }
    }

    /// The values `range` of the view.
    pub fn slice(self, range: std::ops::Range<usize>) -> Values<'a> {
        match self {
            Values::Narrow(v) => Values::Narrow(&v[range]),
            Values::Wide(v) => Values::Wide(&v[range]),
        }
    }

    /// The values in order.
    pub fn iter(self) -> impl Iterator<Item = Value> + 'a {
        let (narrow, wide): (&[u8], &[Value]) = match self {
            Values::Narrow(v) => (v, &[]),
            Values::Wide(v) => (&[], v),
        };
        narrow
            .iter()
            .map(|&v| v as Value)
            .chain(wide.iter().copied())
    }

    /// The values, copied into a wide `Vec`.
    pub fn to_vec(self) -> Vec<Value> {
        self.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value past a byte widens a narrow table instead of being truncated; the values read
    /// back are the ones pushed, and a wide table stays wide.
    #[test]
    fn a_value_past_a_byte_widens_the_table() {
        let mut table = ValueTable::default();
        for v in [0, 255, 300, 7] {
            table.push(v);
        }
        assert!(matches!(table, ValueTable::Wide(_)));
        assert_eq!(table.view().to_vec(), [0, 255, 300, 7]);
        assert_eq!(table.pop(), Some(7));
        table.push(1);
        assert_eq!(table.into_wide(), [0, 255, 300, 1]);
    }
}
