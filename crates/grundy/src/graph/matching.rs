//! Maximum matchings in general graphs (Edmonds' blossom algorithm), and the question
//! undirected vertex geography needs: is a vertex covered by *every* maximum matching?
//!
//! Hand-written rather than taken from a crate because geography needs what general matching
//! crates do not expose: augmenting-path searches in a graph with vertices deleted on the fly
//! (`G − s`, `G − s − t`), started from a chosen root, on 10^6-vertex grids, with scratch
//! memory reset only where the search went (so a few searches cost O(visited), not O(V)).
//!
//! The search is the classical single-root one: grow an alternating tree from a free root,
//! shrink each odd cycle (blossom) found between two outer vertices into its base, and stop
//! at the first free vertex reached. Edmonds' theorem makes it exact: it finds an augmenting
//! path from the root whenever one exists.
//!
//! Vertex `v` is missed by some maximum matching iff it is free in a maximum matching `M`,
//! or, with `u = M(v)`, the matching `M − uv` of `G − v` has an augmenting path (necessarily
//! starting at `u`). That is one search: `Matcher::avoidable`.

use crate::error::GameError;
use crate::graph::buckets::Buckets;
use crate::limits::check_memory;

/// "No vertex".
pub(crate) const NONE: u32 = u32::MAX;

/// A simple undirected graph in compressed adjacency form (each edge listed at both ends,
/// each list sorted).
#[derive(Clone, Debug)]
pub struct Graph {
    adjacency: Buckets<u32>,
}

impl Graph {
    /// Builds the graph from an edge list on vertices `0..n`, dropping loops and parallel
    /// edges (neither matters to matchings). Refuses when the lists would not fit in memory.
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Result<Graph, GameError> {
        check_memory(
            "the adjacency lists",
            (n as u128 + 1) * 4 + edges.len() as u128 * 8,
        )?;
        let ends = edges
            .iter()
            .filter(|(u, v)| u != v)
            .flat_map(|&(u, v)| [(u, v), (v, u)]);
        let mut adjacency = Buckets::new(n, ends);
        adjacency.sort_dedup();
        Ok(Graph { adjacency })
    }

    /// A graph from adjacency lists already in compressed form (no loops, no repeats, sorted,
    /// each edge at both ends): `neighbours(v) = targets[offsets[v]..offsets[v+1]]`.
    pub(crate) fn from_compressed(offsets: Vec<u32>, targets: Vec<u32>) -> Graph {
        Graph {
            adjacency: Buckets::from_parts(offsets, targets),
        }
    }

    /// Vertices `0..vertex_count()`.
    pub fn vertex_count(&self) -> usize {
        self.adjacency.keys()
    }

    /// The neighbours of `v`, as one contiguous slice (counting-sort adjacency).
    pub fn neighbours(&self, v: u32) -> &[u32] {
        self.adjacency.of(v as usize)
    }
}

/// A matching of a graph, the vertices deleted from it, and the scratch space of the
/// augmenting-path search.
///
/// ```
/// use grundy::graph::matching::{Graph, Matcher};
/// // A path on 4 vertices has a perfect matching; a path on 3 does not.
/// let path4 = Graph::new(4, &[(0, 1), (1, 2), (2, 3)])?;
/// assert_eq!(Matcher::maximum(&path4)?.size(), 2);
/// let path3 = Graph::new(3, &[(0, 1), (1, 2)])?;
/// assert_eq!(Matcher::maximum(&path3)?.size(), 1);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub struct Matcher<'g> {
    graph: &'g Graph,
    /// `mate[v]`: the vertex matched to `v`, or `NONE`.
    mate: Vec<u32>,
    deleted: Vec<bool>,
    // Search state, valid for the vertices in `touched` only (reset after every search).
    /// Outer (even) vertices of the current tree.
    outer: Vec<bool>,
    /// Tree parent of an inner (odd) vertex.
    parent: Vec<u32>,
    /// Union-find forest of blossoms: the root of a vertex's tree is its blossom's base.
    base: Vec<u32>,
    touched: Vec<u32>,
    queue: Vec<u32>,
    /// Marks for the lowest-common-ancestor walk (by stamp, so they never need clearing).
    path_mark: Vec<u32>,
    /// Bases of the blossoms being merged into a new one.
    merging: Vec<u32>,
    stamp: u32,
}

impl<'g> Matcher<'g> {
    /// The empty matching of `graph`.
    pub fn new(graph: &'g Graph) -> Result<Matcher<'g>, GameError> {
        let n = graph.vertex_count();
        check_memory("matching scratch space", n as u128 * 28)?;
        Ok(Matcher {
            graph,
            mate: vec![NONE; n],
            deleted: vec![false; n],
            outer: vec![false; n],
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            touched: Vec::new(),
            queue: Vec::new(),
            path_mark: vec![0; n],
            merging: Vec::new(),
            stamp: 0,
        })
    }

    /// A maximum matching of `graph`: greedy, then one search from each free vertex. A root
    /// with no augmenting path never gets one later, so one pass suffices; moreover the
    /// vertices of its failed (Hungarian) tree can be set aside for the rest of the pass —
    /// no augmenting path of the remaining graph needs them, and the matching inside the
    /// tree is already maximum there — so failed searches cost O(E) in total.
    pub fn maximum(graph: &'g Graph) -> Result<Matcher<'g>, GameError> {
        let mut m = Matcher::new(graph)?;
        for v in 0..graph.vertex_count() as u32 {
            if m.mate[v as usize] == NONE {
                if let Some(&w) = graph
                    .neighbours(v)
                    .iter()
                    .find(|&&w| m.mate[w as usize] == NONE)
                {
                    m.mate[v as usize] = w;
                    m.mate[w as usize] = v;
                }
            }
        }
        for v in 0..graph.vertex_count() as u32 {
            if m.mate[v as usize] == NONE && !m.deleted[v as usize] {
                m.augment(v, true);
            }
        }
        m.deleted.fill(false);
        Ok(m)
    }

    /// Starts from a matching given as pairs (e.g. a known tiling), checking it is one.
    pub(crate) fn with_pairs(
        graph: &'g Graph,
        pairs: &[(u32, u32)],
    ) -> Result<Matcher<'g>, GameError> {
        let mut m = Matcher::new(graph)?;
        for &(u, v) in pairs {
            let valid = m.mate[u as usize] == NONE
                && m.mate[v as usize] == NONE
                && graph.neighbours(u).binary_search(&v).is_ok();
            if !valid {
                return Err(GameError::Unsupported(format!(
                    "internal: ({u}, {v}) cannot be added to the matching"
                )));
            }
            m.mate[u as usize] = v;
            m.mate[v as usize] = u;
        }
        Ok(m)
    }

    /// The graph this matcher works on.
    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    pub(crate) fn mate(&self, v: u32) -> Option<u32> {
        let w = self.mate[v as usize];
        (w != NONE).then_some(w)
    }

    /// Number of matched pairs.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&w| w != NONE).count() / 2
    }

    /// Deletes `v` from the graph, unmatching it. The matching stays maximum in the smaller
    /// graph exactly when `v` was covered by every maximum matching (see `Matcher::avoidable`).
    pub fn delete(&mut self, v: u32) {
        self.unmatch(v);
        self.deleted[v as usize] = true;
    }

    fn unmatch(&mut self, v: u32) {
        let w = self.mate[v as usize];
        if w != NONE {
            self.mate[w as usize] = NONE;
            self.mate[v as usize] = NONE;
        }
    }

    /// Whether some maximum matching of the current graph misses `v`. Requires the current
    /// matching to be maximum; leaves it unchanged.
    pub(crate) fn avoidable(&mut self, v: u32) -> bool {
        let u = self.mate[v as usize];
        if u == NONE {
            return true;
        }
        self.unmatch(v);
        self.deleted[v as usize] = true;
        let found = self.search(u).is_some();
        self.reset_search();
        self.deleted[v as usize] = false;
        self.mate[v as usize] = u;
        self.mate[u as usize] = v;
        found
    }

    /// Augments along a path from the free vertex `root` if there is one.
    pub(crate) fn augment_from(&mut self, root: u32) -> bool {
        self.augment(root, false)
    }

    /// Augments from `root`; on failure, deletes the failed tree's vertices if `set_aside`.
    fn augment(&mut self, root: u32, set_aside: bool) -> bool {
        let found = self.search(root);
        if let Some(mut end) = found {
            // Flip the path: end's tree parent, its mate, that mate's tree parent, …
            while end != NONE {
                let up = self.parent[end as usize];
                let next = self.mate[up as usize];
                self.mate[end as usize] = up;
                self.mate[up as usize] = end;
                end = next;
            }
        } else if set_aside {
            for &v in &self.touched {
                self.deleted[v as usize] = true;
            }
        }
        self.reset_search();
        found.is_some()
    }

    fn touch(&mut self, v: u32) {
        if !self.outer[v as usize] && self.parent[v as usize] == NONE {
            self.touched.push(v);
        }
    }

    fn reset_search(&mut self) {
        for &v in &self.touched {
            self.outer[v as usize] = false;
            self.parent[v as usize] = NONE;
            self.base[v as usize] = v;
        }
        self.touched.clear();
        self.queue.clear();
    }

    fn make_outer(&mut self, v: u32) {
        self.touch(v);
        self.outer[v as usize] = true;
        self.queue.push(v);
    }

    /// Edmonds' search from a free `root`: the free vertex at the far end of an augmenting
    /// path, with `parent` links describing it, or `None`.
    fn search(&mut self, root: u32) -> Option<u32> {
        self.make_outer(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let graph = self.graph;
            for &w in graph.neighbours(v) {
                if self.deleted[w as usize]
                    || self.mate[v as usize] == w
                    || self.base_of(v) == self.base_of(w)
                {
                    continue;
                }
                let w_outer = w == root
                    || (self.mate[w as usize] != NONE
                        && self.parent[self.mate[w as usize] as usize] != NONE);
                if w_outer {
                    self.shrink_blossom(v, w);
                } else if self.parent[w as usize] == NONE {
                    self.touch(w);
                    self.parent[w as usize] = v;
                    let partner = self.mate[w as usize];
                    if partner == NONE {
                        return Some(w);
                    }
                    self.make_outer(partner);
                }
            }
        }
        None
    }

    /// The base of the blossom containing `v` (union-find with path halving).
    fn base_of(&mut self, mut v: u32) -> u32 {
        while self.base[v as usize] != v {
            let up = self.base[self.base[v as usize] as usize];
            self.base[v as usize] = up;
            v = up;
        }
        v
    }

    /// Two outer vertices `v`, `w` are adjacent: the odd cycle through their common base
    /// becomes one blossom whose vertices are all outer. Only the two paths up to the common
    /// base are walked (sub-blossoms are merged whole by union-find), so a shrink costs the
    /// length of the cycle, not the size of the tree.
    fn shrink_blossom(&mut self, v: u32, w: u32) {
        let common = self.lowest_common_base(v, w);
        self.shrink_path(v, common, w);
        self.shrink_path(w, common, v);
        // Merge only now: the walks above must see the blossoms as they were.
        for i in 0..self.merging.len() {
            let b = self.merging[i];
            self.base[b as usize] = common;
        }
        self.merging.clear();
    }

    fn lowest_common_base(&mut self, mut a: u32, mut b: u32) -> u32 {
        self.stamp += 1;
        loop {
            a = self.base_of(a);
            self.path_mark[a as usize] = self.stamp;
            if self.mate[a as usize] == NONE {
                break;
            }
            a = self.parent[self.mate[a as usize] as usize];
        }
        loop {
            b = self.base_of(b);
            if self.path_mark[b as usize] == self.stamp {
                return b;
            }
            b = self.parent[self.mate[b as usize] as usize];
        }
    }

    /// Walks the tree path from `v` up to base `common`, re-pointing tree parents so the path
    /// can later be walked through the blossom (`child` is the vertex across the closing
    /// edge), making its inner vertices outer and listing its blossoms for merging.
    fn shrink_path(&mut self, mut v: u32, common: u32, mut child: u32) {
        loop {
            let bv = self.base_of(v);
            if bv == common {
                break;
            }
            let partner = self.mate[v as usize];
            let bp = self.base_of(partner);
            self.merging.push(bv);
            self.merging.push(bp);
            self.parent[v as usize] = child;
            child = partner;
            if !self.outer[partner as usize] {
                self.outer[partner as usize] = true;
                self.queue.push(partner);
            }
            v = self.parent[partner as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Maximum matching size of every induced subgraph (indexed by vertex set), by the
    /// subset recursion: the lowest vertex stays unmatched or is matched to a neighbour.
    fn matching_sizes(n: usize, edges: &[(u32, u32)]) -> Vec<u8> {
        let mut neighbours = vec![0u32; n];
        for &(u, v) in edges {
            if u != v {
                neighbours[u as usize] |= 1 << v;
                neighbours[v as usize] |= 1 << u;
            }
        }
        let mut best = vec![0u8; 1 << n];
        for mask in 1u32..1 << n {
            let v = mask.trailing_zeros();
            let rest = mask & !(1 << v);
            let mut b = best[rest as usize];
            let mut partners = neighbours[v as usize] & rest;
            while partners != 0 {
                let w = partners.trailing_zeros();
                partners &= partners - 1;
                b = b.max(1 + best[(rest & !(1 << w)) as usize]);
            }
            best[mask as usize] = b;
        }
        best
    }

    fn graph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..=14).prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..=3 * n),
            )
        })
    }

    fn valid(m: &Matcher, g: &Graph) -> bool {
        (0..g.vertex_count() as u32).all(|v| match m.mate(v) {
            None => true,
            Some(w) => m.mate(w) == Some(v) && g.neighbours(v).contains(&w),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn maximum_matching_matches_brute_force((n, edges) in graph()) {
            let g = Graph::new(n, &edges).unwrap();
            let m = Matcher::maximum(&g).unwrap();
            prop_assert!(valid(&m, &g));
            prop_assert_eq!(m.size(), matching_sizes(n, &edges)[(1 << n) - 1] as usize);
        }

        #[test]
        fn avoidable_matches_brute_force((n, edges) in graph()) {
            let g = Graph::new(n, &edges).unwrap();
            let mut m = Matcher::maximum(&g).unwrap();
            let sizes = matching_sizes(n, &edges);
            let all = (1usize << n) - 1;
            let full = sizes[all] as usize;
            for v in 0..n as u32 {
                let without = sizes[all & !(1 << v)] as usize;
                prop_assert_eq!(m.avoidable(v), without == full, "vertex {}", v);
            }
            prop_assert!(valid(&m, &g));
            prop_assert_eq!(m.size(), full);
        }
    }

    #[test]
    fn augmenting_path_through_a_blossom() {
        // Matched 1=2 and 3=4; the odd cycle 2-3-4 must be shrunk for the search from 0 to
        // reach 5 through the inner vertex 3: 0-1=2-4=3-5.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 2), (3, 5)];
        let g = Graph::new(6, &edges).unwrap();
        let mut m = Matcher::with_pairs(&g, &[(1, 2), (3, 4)]).unwrap();
        assert!(m.augment_from(0));
        assert_eq!(m.size(), 3);
        assert!(valid(&m, &g));
        assert!(Matcher::with_pairs(&g, &[(1, 3)]).is_err());
    }

    #[test]
    fn nested_blossoms_merge_after_both_walks() {
        // Found by the property test: the second blossom's walk must pass through the first
        // (base 0) to reach the common base 6 before any base is re-pointed; merging early
        // stopped the walk at 0 and lost the augmenting path 6-3=1-4=5-0=2-7.
        let edges = [
            (6, 3),
            (3, 1),
            (4, 1),
            (5, 0),
            (4, 0),
            (5, 4),
            (2, 6),
            (7, 2),
            (2, 0),
        ];
        let g = Graph::new(8, &edges).unwrap();
        let mut m = Matcher::maximum(&g).unwrap();
        assert_eq!(m.size(), 4);
        assert!(valid(&m, &g));
        assert!((0..8).all(|v| !m.avoidable(v)));
    }
}
