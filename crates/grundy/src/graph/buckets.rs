//! Items grouped by a small integer key in two flat arrays (a counting sort): the compressed
//! adjacency lists every graph algorithm here walks. Two passes over the input, no per-key
//! allocation, so 10^6 keys cost two arrays, not 10^6 vectors.

/// `of(k)` lists, in input order, the items given with key `k`.
#[derive(Clone, Debug)]
pub(crate) struct Buckets<T> {
    offsets: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy + Default> Buckets<T> {
    /// Groups `(key, item)` pairs with keys below `keys`. The iterator is walked twice (once
    /// to count, once to place), so it must yield the same pairs both times.
    pub(crate) fn new(keys: usize, pairs: impl Iterator<Item = (u32, T)> + Clone) -> Buckets<T> {
        let mut offsets = vec![0u32; keys + 1];
        for (k, _) in pairs.clone() {
            offsets[k as usize + 1] += 1;
        }
        for k in 0..keys {
            offsets[k + 1] += offsets[k];
        }
        let mut fill = offsets.clone();
        let mut items = vec![T::default(); offsets[keys] as usize];
        for (k, item) in pairs {
            items[fill[k as usize] as usize] = item;
            fill[k as usize] += 1;
        }
        Buckets { offsets, items }
    }

    /// Already grouped: `of(k) = items[offsets[k]..offsets[k+1]]`.
    pub(crate) fn from_parts(offsets: Vec<u32>, items: Vec<T>) -> Buckets<T> {
        Buckets { offsets, items }
    }

    /// Number of keys.
    pub(crate) fn keys(&self) -> usize {
        self.offsets.len() - 1
    }

    pub(crate) fn of(&self, key: usize) -> &[T] {
        &self.items[self.offsets[key] as usize..self.offsets[key + 1] as usize]
    }

    /// Sorts and deduplicates every bucket in place (for simple-graph adjacency).
    pub(crate) fn sort_dedup(&mut self)
    where
        T: Ord,
    {
        let mut write = 0usize;
        let mut start = 0usize;
        for k in 0..self.keys() {
            let end = self.offsets[k + 1] as usize;
            self.items[start..end].sort_unstable();
            let first = write;
            for read in start..end {
                if write == first || self.items[write - 1] != self.items[read] {
                    self.items[write] = self.items[read];
                    write += 1;
                }
            }
            start = end;
            self.offsets[k + 1] = write as u32;
        }
        self.items.truncate(write);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_sorts_and_deduplicates() {
        let pairs = [(2u32, 7u32), (0, 5), (2, 1), (2, 7), (0, 5)];
        let mut b = Buckets::new(4, pairs.iter().copied());
        assert_eq!(b.of(0), [5, 5]);
        assert_eq!(b.of(1), [] as [u32; 0]);
        assert_eq!(b.of(2), [7, 1, 7]);
        b.sort_dedup();
        assert_eq!(
            (b.of(0), b.of(2), b.of(3)),
            (&[5][..], &[1, 7][..], &[][..])
        );
    }
}
