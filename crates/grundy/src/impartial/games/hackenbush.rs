//! Green Hackenbush (`hackenbush`): a picture of edges, some attached to the ground (vertex 0);
//! a move cuts one edge, and everything no longer connected to the ground falls away.
//!
//! Values, in linear time:
//! - **fusion principle**: the vertices of a cycle may be fused into one vertex, each edge of
//!   the cycle becoming a loop, without changing the value. Fusing every 2-edge-connected
//!   component (found from the bridges, Tarjan's low-link) leaves a tree of bridges;
//! - **colon principle** on that tree: a loop is worth `*1`, and a vertex is worth the XOR of
//!   its loops and of `value(child) + 1` over the bridges to its children.
//!
//! Winning moves (`solve`): cutting bridge `p → c` changes only the contribution of `c` to
//! `p`, so the value `R(p)` each component must take for the whole sum to become 0 propagates
//! down the tree in one pass (`R(c) = (R(p) ⊕ value(p) ⊕ (value(c)+1)) − 1`). Cutting a
//! non-bridge edge reshapes its component, so each is re-evaluated on that component alone
//! (with the fixed values hanging from it): quadratic in the component's size, hence the
//! budget [`MOVE_SEARCH_BUDGET`]. A component that is one simple cycle splits into two
//! stalks, folded without re-running the fusion (about 30 times cheaper).
//!
//! The brute-force reference (tests) plays the game on edge sets.

use crate::error::GameError;
use crate::graph::buckets::Buckets;
use crate::graph::file::{read_state, write_state, GraphFile};
use crate::impartial::ruleset::{solve_with, write_parts, GameValue, Ruleset, Solved};
use crate::numeric::Nimber;
use std::collections::VecDeque;
use std::fmt::{self, Display};
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

const NONE: u32 = u32::MAX;
/// A vertex queued as the entry of a component not yet flooded.
const SEEDED: u32 = u32::MAX - 1;

/// Largest total work we spend listing the winning non-bridge cuts before refusing, in steps
/// of the simple-cycle walk (about a nanosecond each): about a second.
pub const MOVE_SEARCH_BUDGET: u128 = 1_000_000_000;

/// Cost of one edge or vertex visit of a full re-evaluation, in simple-cycle steps (measured:
/// a re-evaluation allocates and runs Tarjan, a cycle step is one XOR and one add).
const REEVALUATION_STEP_COST: u128 = 32;

/// An undirected multigraph's adjacency: `(neighbour, edge index)` per vertex. Loops and
/// the skipped edge are left out: they never affect connectivity or bridges.
fn adjacency(n: usize, edges: &[(u32, u32)], skip: Option<usize>) -> Buckets<(u32, u32)> {
    let kept = move |&(i, &(u, v)): &(usize, &(u32, u32))| u != v && Some(i) != skip;
    let ends = edges
        .iter()
        .enumerate()
        .filter(kept)
        .flat_map(|(i, &(u, v))| [(u, (v, i as u32)), (v, (u, i as u32))]);
    Buckets::new(n, ends)
}

/// The part of a picture connected to the root, with every 2-edge-connected component fused
/// to one vertex: a tree of bridges whose components are numbered parents-first.
struct FusedTree {
    /// Per edge: connected to the root.
    grounded: Vec<bool>,
    bridge: Vec<bool>,
    /// Per vertex: its component, or `NONE` when cut off from the root.
    component: Vec<u32>,
    /// Per component: its parent component and the bridge to it (`NONE` for the root's).
    parent: Vec<u32>,
    parent_bridge: Vec<u32>,
    /// Per component: the value of everything hanging from it (loops, hanging values, and
    /// the components below).
    value: Vec<u64>,
}

impl FusedTree {
    /// Fuses the picture `edges` on `n` vertices seen from `root`, leaving out edge `skip`.
    /// `hanging[v]` is a fixed value attached at `v` (a picture already evaluated).
    fn new(
        n: usize,
        edges: &[(u32, u32)],
        root: u32,
        hanging: &[u64],
        skip: Option<usize>,
    ) -> FusedTree {
        let adjacency = adjacency(n, edges, skip);
        let bridge = bridges(&adjacency, n, edges.len(), root);
        let mut component = vec![NONE; n];
        let (mut parent, mut parent_bridge, mut value) = (Vec::new(), Vec::new(), Vec::new());
        // Components in breadth-first order: each seed is the entry vertex of a component,
        // reached from its parent component through one bridge.
        let mut seeds = VecDeque::from([(root, NONE, NONE)]);
        let mut stack = Vec::new();
        while let Some((seed, from, through)) = seeds.pop_front() {
            let c = parent.len() as u32;
            parent.push(from);
            parent_bridge.push(through);
            let mut base = 0;
            component[seed as usize] = c;
            stack.push(seed);
            while let Some(v) = stack.pop() {
                base ^= hanging[v as usize];
                for &(w, e) in adjacency.of(v as usize) {
                    if component[w as usize] != NONE {
                        continue;
                    }
                    if bridge[e as usize] {
                        // `w` is the entry of a child component; mark it so it is seeded once.
                        component[w as usize] = SEEDED;
                        seeds.push_back((w, c, e));
                    } else {
                        component[w as usize] = c;
                        stack.push(w);
                    }
                }
            }
            value.push(base);
        }
        let mut grounded = vec![false; edges.len()];
        for (i, &(u, _)) in edges.iter().enumerate() {
            let c = component[u as usize];
            if c != NONE && Some(i) != skip {
                grounded[i] = true;
                if !bridge[i] {
                    value[c as usize] ^= 1; // a loop after fusion is worth *1
                }
            }
        }
        for c in (1..parent.len()).rev() {
            let up = parent[c] as usize;
            value[up] ^= value[c] + 1;
        }
        FusedTree {
            grounded,
            bridge,
            component,
            parent,
            parent_bridge,
            value,
        }
    }

    fn root_value(&self) -> u64 {
        self.value[0]
    }
}

/// The bridges of the part of the graph reachable from `root` (iterative Tarjan low-link; the
/// edge index, not the parent vertex, is skipped so that parallel edges are not bridges).
fn bridges(adjacency: &Buckets<(u32, u32)>, n: usize, edge_count: usize, root: u32) -> Vec<bool> {
    let mut bridge = vec![false; edge_count];
    let mut entered = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut timer = 0;
    // Frames: (vertex, edge it was entered by, next adjacency position).
    let mut stack: Vec<(u32, u32, usize)> = vec![(root, NONE, 0)];
    entered[root as usize] = 0;
    while let Some(&mut (v, via, ref mut next)) = stack.last_mut() {
        let neighbours = adjacency.of(v as usize);
        if let Some(&(w, e)) = neighbours.get(*next) {
            *next += 1;
            if e == via {
                continue;
            }
            if entered[w as usize] == NONE {
                timer += 1;
                entered[w as usize] = timer;
                low[w as usize] = timer;
                stack.push((w, e, 0));
            } else {
                low[v as usize] = low[v as usize].min(entered[w as usize]);
            }
        } else {
            stack.pop();
            if let Some(&(up, _, _)) = stack.last() {
                low[up as usize] = low[up as usize].min(low[v as usize]);
                if low[v as usize] > entered[up as usize] {
                    bridge[via as usize] = true;
                }
            }
        }
    }
    bridge
}

/// The Green Hackenbush value of `edges` on `n` vertices with ground `ground`.
pub fn value(n: usize, edges: &[(u32, u32)], ground: u32) -> u64 {
    FusedTree::new(n, edges, ground, &vec![0; n], None).root_value()
}

/// Every edge whose cut leaves the picture with value `target`, in edge order. Errors when
/// re-evaluating the 2-edge-connected components would exceed [`MOVE_SEARCH_BUDGET`].
pub fn cuts_to_value(
    n: usize,
    edges: &[(u32, u32)],
    ground: u32,
    target: u64,
) -> Result<Vec<usize>, GameError> {
    let tree = FusedTree::new(n, edges, ground, &vec![0; n], None);
    let components = tree.parent.len();
    // Internal (non-bridge) edges and vertices of each component.
    let internal = Buckets::new(
        components,
        (0..edges.len())
            .filter(|&i| tree.grounded[i] && !tree.bridge[i])
            .map(|i| (tree.component[edges[i].0 as usize], i as u32)),
    );
    let members = Buckets::new(
        components,
        (0..n as u32)
            .filter(|&v| tree.component[v as usize] != NONE)
            .map(|v| (tree.component[v as usize], v)),
    );
    let work: u128 = (0..components)
        .map(|c| {
            let (e, v) = (internal.of(c).len() as u128, members.of(c).len() as u128);
            if is_simple_cycle(e as usize, v as usize) {
                e * e
            } else {
                e * (e + v) * REEVALUATION_STEP_COST
            }
        })
        .sum();
    if work > MOVE_SEARCH_BUDGET {
        return Err(GameError::TooLarge(format!(
            "listing the winning cuts inside cycles would take about {work} steps (each of the cycle edges re-evaluates its component); `value` still answers in linear time"
        )));
    }
    // Where each child component hangs (the parent-side end of its bridge), and its entry.
    let mut hanging = vec![0u64; n];
    let mut entry = vec![ground; components];
    for c in 1..components {
        let (u, v) = edges[tree.parent_bridge[c] as usize];
        let (outer, inner) = if tree.component[u as usize] as usize == c {
            (v, u)
        } else {
            (u, v)
        };
        hanging[outer as usize] ^= tree.value[c] + 1;
        entry[c] = inner;
    }
    // The value each component must take (None: no cut below it can reach the target).
    let mut required: Vec<Option<u64>> = vec![None; components];
    required[0] = Some(target);
    let mut cuts = Vec::new();
    // Local index of each vertex within its component (filled per component, reused).
    let mut local = vec![NONE; n];
    for c in 0..components {
        if c > 0 {
            let up = tree.parent[c] as usize;
            if let Some(r) = required[up] {
                let needed = r ^ tree.value[up] ^ (tree.value[c] + 1);
                if needed == 0 {
                    cuts.push(tree.parent_bridge[c] as usize);
                } else {
                    required[c] = Some(needed - 1);
                }
            }
        }
        let Some(r) = required[c] else { continue };
        let (inner_edges, vertices) = (internal.of(c), members.of(c));
        if inner_edges.is_empty() {
            continue;
        }
        // Re-evaluate the component without each of its internal edges, on local indices.
        for (i, &v) in vertices.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        let local_edges: Vec<(u32, u32)> = inner_edges
            .iter()
            .map(|&i| {
                let (u, v) = edges[i as usize];
                (local[u as usize], local[v as usize])
            })
            .collect();
        let local_hanging: Vec<u64> = vertices.iter().map(|&v| hanging[v as usize]).collect();
        let root = local[entry[c] as usize];
        let winning: Vec<usize> = if is_simple_cycle(inner_edges.len(), vertices.len()) {
            cycle_cuts_to_value(&local_edges, &local_hanging, root, r)
        } else {
            (0..local_edges.len())
                .filter(|&k| {
                    let after =
                        FusedTree::new(vertices.len(), &local_edges, root, &local_hanging, Some(k));
                    after.root_value() == r
                })
                .collect()
        };
        cuts.extend(winning.into_iter().map(|k| inner_edges[k] as usize));
    }
    cuts.sort_unstable();
    Ok(cuts)
}

/// A 2-edge-connected component with as many edges as vertices (at least two) is one cycle:
/// every vertex has degree 2 and there are no loops.
fn is_simple_cycle(edges: usize, vertices: usize) -> bool {
    vertices >= 2 && edges == vertices
}

/// The cuts (indices into `edges`) of a simple cycle through `root`, with values `hanging` at
/// its vertices, that leave the value `target`. Cutting the edge between the `i`-th and
/// `(i+1)`-th vertex along the cycle leaves two stalks from the root (the colon principle
/// folds each from its far end), so each cut costs one walk round the cycle, with no
/// allocation: O(L²) simple steps in all.
fn cycle_cuts_to_value(
    edges: &[(u32, u32)],
    hanging: &[u64],
    root: u32,
    target: u64,
) -> Vec<usize> {
    let len = edges.len();
    let mut incident = vec![[NONE; 2]; len];
    for (k, &(u, v)) in edges.iter().enumerate() {
        for end in [u, v] {
            let slots = &mut incident[end as usize];
            let free = if slots[0] == NONE { 0 } else { 1 };
            slots[free] = k as u32;
        }
    }
    // Walk round: vertex `along[j]`, then edge `cycle_edges[j]` to `along[j + 1]`.
    let (mut along, mut cycle_edges) = (Vec::with_capacity(len), Vec::with_capacity(len));
    let (mut v, mut came) = (root, NONE);
    for _ in 0..len {
        along.push(hanging[v as usize]);
        let [first, second] = incident[v as usize];
        let e = if first != came { first } else { second };
        cycle_edges.push(e as usize);
        let (a, b) = edges[e as usize];
        v = if a == v { b } else { a };
        came = e;
    }
    // What a stalk adds to the root: its far vertex's hanging value, folded towards the root
    // through the `nearer` vertices (colon principle), plus its first edge.
    let stalk = |far: usize, nearer: &mut dyn Iterator<Item = usize>| {
        let mut x = along[far];
        for j in nearer {
            x = along[j] ^ (x + 1);
        }
        x + 1
    };
    (0..len)
        .filter(|&i| {
            let left = if i == 0 {
                0
            } else {
                stalk(i, &mut (1..i).rev())
            };
            let right = if i + 1 == len {
                0
            } else {
                stalk(i + 1, &mut (i + 2..len))
            };
            along[0] ^ left ^ right == target
        })
        .map(|i| cycle_edges[i])
        .collect()
}

/// A Green Hackenbush position: `@FILE`, or `@FILE#cut=L1,L2,…`, the picture after cutting
/// the edges at those lines (what `play` leaves). Equal pictures are the same file with the
/// same cuts, however written; a picture is written back as given.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The whole file, shared by every picture cut from it (listing the cuts of a picture
    /// copies no edges).
    file: Arc<GraphFile>,
    /// The lines of the edges already cut, in cutting order.
    cut: Vec<u64>,
    text: String,
}

/// The edges of a picture still standing: their indices in the file, and their ends.
struct Standing {
    index: Vec<usize>,
    edges: Vec<(u32, u32)>,
}

impl Picture {
    /// The ground's vertex; `None` when the file never mentions vertex 0: nothing touches it.
    fn ground(&self) -> Option<u32> {
        self.file.index_of(0)
    }

    fn standing(&self) -> Standing {
        let mut cut = self.cut.clone();
        cut.sort_unstable();
        let index: Vec<usize> = (0..self.file.edges.len())
            .filter(|&i| {
                cut.binary_search(&(self.file.edges[i].line as u64))
                    .is_err()
            })
            .collect();
        let edges = index
            .iter()
            .map(|&i| (self.file.edges[i].from, self.file.edges[i].to))
            .collect();
        Standing { index, edges }
    }

    /// Which standing edges are still attached to the ground (the others have fallen).
    fn grounded(&self, standing: &Standing) -> Vec<bool> {
        let Some(ground) = self.ground() else {
            return vec![false; standing.edges.len()];
        };
        let n = self.file.vertex_count();
        let adjacency = adjacency(n, &standing.edges, None);
        let mut reached = vec![false; n];
        reached[ground as usize] = true;
        let mut stack = vec![ground];
        while let Some(v) = stack.pop() {
            for &(w, _) in adjacency.of(v as usize) {
                if !reached[w as usize] {
                    reached[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        standing
            .edges
            .iter()
            .map(|&(u, _)| reached[u as usize])
            .collect()
    }

    /// The picture after cutting edge `i` of the file.
    fn after_cut(&self, i: usize) -> Picture {
        let mut cut = self.cut.clone();
        cut.push(self.file.edges[i].line as u64);
        Picture {
            file: Arc::clone(&self.file),
            text: write_state(&self.text, "cut", &cut),
            cut,
        }
    }

    /// The edge a move names (its index in the file): its line number (`12`), or `solve`'s
    /// text (`cut edge at line 12 (5 5)`); it must still be attached to the ground.
    fn edge_named(&self, to: &str) -> Result<usize, GameError> {
        let text = to.trim();
        let number = text
            .strip_prefix("cut edge at line ")
            .map_or(text, |rest| rest.split(' ').next().unwrap_or(""));
        let line = crate::numeric::number::parse_u64_expr(number).map_err(|_| {
            GameError::bad_position(
                to,
                "name the edge to cut by its line number in the file (e.g. `12`)",
            )
        })?;
        let standing = self.standing();
        let grounded = self.grounded(&standing);
        standing
            .index
            .iter()
            .zip(grounded)
            .find(|&(&i, grounded)| grounded && self.file.edges[i].line as u64 == line)
            .map(|(&i, _)| i)
            .ok_or_else(|| {
                GameError::bad_position(
                    to,
                    format!(
                        "line {line} of `{}` holds no edge still attached to the ground",
                        self.text
                    ),
                )
            })
    }

    fn value(&self) -> u64 {
        let n = self.file.vertex_count();
        self.ground()
            .map_or(0, |g| value(n, &self.standing().edges, g))
    }

    /// The cuts (edge indices in the file) that leave a picture worth `target`.
    fn cuts_to_value(&self, target: u64) -> Result<Vec<usize>, GameError> {
        let Some(g) = self.ground() else {
            return Ok(Vec::new());
        };
        let standing = self.standing();
        let cuts = cuts_to_value(self.file.vertex_count(), &standing.edges, g, target)?;
        Ok(cuts.into_iter().map(|k| standing.index[k]).collect())
    }

    /// The `to` text of cutting edge `i` of the file: `cut edge at line 7 (3 4)`.
    fn describe_cut(&self, i: usize) -> String {
        let e = self.file.edges[i];
        format!(
            "cut edge at line {} ({} {})",
            e.line,
            self.file.id(e.from),
            self.file.id(e.to)
        )
    }

    /// The cut lines in a canonical order: what makes two pictures equal.
    fn cut_set(&self) -> Vec<u64> {
        let mut cut = self.cut.clone();
        cut.sort_unstable();
        cut
    }
}

impl PartialEq for Picture {
    fn eq(&self, other: &Picture) -> bool {
        self.file.name == other.file.name && self.cut_set() == other.cut_set()
    }
}

impl Eq for Picture {}

impl Hash for Picture {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.file.name.hash(state);
        self.cut_set().hash(state);
    }
}

impl Display for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Reads `@FILE` or `@FILE#cut=…`; every cut line must hold an edge, and a picture has no
/// `start` line.
impl FromStr for Picture {
    type Err = GameError;

    fn from_str(position: &str) -> Result<Picture, GameError> {
        let (file, cut) = read_state(position, "cut")?;
        let cut = cut.unwrap_or_default();
        for &line in &cut {
            if !file.edges.iter().any(|e| e.line as u64 == line) {
                return Err(file.error(format!("`#cut=`: line {line} holds no edge")));
            }
        }
        file.no_start("hackenbush")?;
        Ok(Picture {
            file: Arc::new(file),
            cut,
            text: position.trim().to_string(),
        })
    }
}

/// Largest picture whose cuts `explain` and `play` list one by one (each is re-evaluated).
pub const MAX_LISTED_EDGES: usize = 5_000;

/// The `hackenbush` ruleset: positions are `@FILE` pictures; several make a sum.
pub struct Hackenbush;

const METHOD: &str = "fusion principle (2-edge-connected components fused, their edges as loops) and colon principle on the tree of bridges";

impl Ruleset for Hackenbush {
    type Position = Picture;

    fn spec(&self) -> String {
        "hackenbush".to_string()
    }

    fn what_to_give(&self) -> &'static str {
        "name a graph file as `@FILE`"
    }

    fn value(&self, picture: &Picture) -> Result<GameValue, GameError> {
        Ok(GameValue::Finite(Nimber(picture.value())))
    }

    /// One option per edge still attached to the ground; each is re-evaluated, so a large
    /// picture is refused.
    fn options(&self, picture: &Picture) -> Result<Vec<Vec<Picture>>, GameError> {
        let standing = picture.standing();
        if standing.edges.len() > MAX_LISTED_EDGES {
            return Err(GameError::TooLarge(format!(
                "`{picture}` has {} edges; listing every cut re-evaluates the picture once per edge (at most {MAX_LISTED_EDGES} edges)",
                standing.edges.len()
            )));
        }
        let grounded = picture.grounded(&standing);
        Ok(standing
            .index
            .iter()
            .zip(grounded)
            .filter(|&(_, grounded)| grounded)
            .map(|(&i, _)| vec![picture.after_cut(i)])
            .collect())
    }

    fn has_moves(&self, picture: &Picture) -> Result<bool, GameError> {
        Ok(picture.grounded(&picture.standing()).contains(&true))
    }

    /// One more cut, of an edge still attached to the ground.
    fn is_option(&self, from: &Picture, to: &[Picture]) -> Result<bool, GameError> {
        Ok(match to {
            [p] => match p.cut.split_last() {
                Some((line, before)) => {
                    p.file.name == from.file.name
                        && before == from.cut.as_slice()
                        && from.edge_named(&line.to_string()).is_ok()
                }
                None => false,
            },
            _ => false,
        })
    }

    /// `to` is the line number of the edge to cut (or `solve`'s `cut edge at line 12 (5 5)`).
    fn read_move(
        &self,
        from: &Picture,
        _component: usize,
        to: &str,
    ) -> Result<Vec<Picture>, GameError> {
        Ok(vec![from.after_cut(from.edge_named(to)?)])
    }

    /// A move is written as the edge it cuts: `cut edge at line 7 (3 4)`.
    fn write_move(&self, from: &Picture, to: &[Picture]) -> String {
        let cut_edge = match to {
            [p] => p.cut.last().and_then(|&line| {
                (0..from.file.edges.len()).find(|&i| from.file.edges[i].line as u64 == line)
            }),
            _ => None,
        };
        cut_edge.map_or_else(|| write_parts(to), |i| from.describe_cut(i))
    }

    fn method(&self) -> String {
        METHOD.to_string()
    }

    /// Winning cuts by the propagation of required values down the tree of bridges, not by
    /// evaluating every option.
    fn solve(&self, sum: &[Picture]) -> Result<Solved<Picture>, GameError> {
        solve_with(self, sum, |picture, target| {
            Ok(picture
                .cuts_to_value(target.0)?
                .into_iter()
                .map(|i| vec![picture.after_cut(i)])
                .collect())
        })
    }

    fn misere_refusal(&self) -> GameError {
        GameError::Unsupported(
            "misère Green Hackenbush has no theory in grundy; only normal play is available".into(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::text::Text;
    use crate::numeric::mex;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The edges of `mask` still connected to the ground (vertex 0).
    fn grounded(edges: &[(u32, u32)], mask: u32) -> u32 {
        let mut reached = 1u64; // vertex bitmask
        loop {
            let before = reached;
            for (i, &(u, v)) in edges.iter().enumerate() {
                if mask >> i & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                    reached |= 1 << u | 1 << v;
                }
            }
            if reached == before {
                break;
            }
        }
        (0..edges.len() as u32)
            .filter(|&i| mask >> i & 1 == 1 && reached >> edges[i as usize].0 & 1 == 1)
            .fold(0, |m, i| m | 1 << i)
    }

    /// Green Hackenbush by the definition: cut any remaining edge, then drop what fell.
    fn brute_value(edges: &[(u32, u32)], mask: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let options: Vec<u32> = (0..edges.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| grounded(edges, mask & !(1 << i)))
            .collect();
        let v = mex(options.into_iter().map(|m| brute_value(edges, m, memo)));
        memo.insert(mask, v);
        v
    }

    fn picture() -> impl Strategy<Value = Vec<(u32, u32)>> {
        (1u32..7).prop_flat_map(|n| proptest::collection::vec((0..n, 0..n), 0..=10))
    }

    fn vertex_count(edges: &[(u32, u32)]) -> usize {
        edges
            .iter()
            .map(|&(u, v)| u.max(v) as usize + 1)
            .max()
            .unwrap_or(1)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn fusion_matches_brute_force(edges in picture(), target in 0u64..6) {
            let n = vertex_count(&edges);
            let mut memo = HashMap::new();
            let all = grounded(&edges, (1 << edges.len()) - 1);
            let expected = brute_value(&edges, all, &mut memo);
            prop_assert_eq!(value(n, &edges, 0), expected);
            // Winning cuts towards any target value (a sum's other parts set the target).
            let brute_cuts: Vec<usize> = (0..edges.len())
                .filter(|&i| all >> i & 1 == 1)
                .filter(|&i| brute_value(&edges, grounded(&edges, all & !(1 << i)), &mut memo) == target)
                .collect();
            prop_assert_eq!(cuts_to_value(n, &edges, 0, target).unwrap(), brute_cuts);
        }
    }

    proptest! {
        #[test]
        fn cycle_fold_matches_reevaluation(
            hanging in proptest::collection::vec(0u64..40, 2..120),
            rotation in 0usize..120,
            target in 0u64..40,
        ) {
            let len = hanging.len() as u32;
            // A cycle listed from a rotated start, so the root sits anywhere along the list.
            let edges: Vec<(u32, u32)> = (0..len)
                .map(|i| (i + rotation as u32) % len)
                .map(|i| (i, (i + 1) % len))
                .collect();
            let root = (rotation as u32 * 7) % len;
            let expected: Vec<usize> = (0..edges.len())
                .filter(|&k| {
                    FusedTree::new(hanging.len(), &edges, root, &hanging, Some(k)).root_value() == target
                })
                .collect();
            let mut got = cycle_cuts_to_value(&edges, &hanging, root, target);
            got.sort_unstable();
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn known_values() {
        // A stalk of 3 edges is *3; two stalks of 2 are *0.
        assert_eq!(value(4, &[(0, 1), (1, 2), (2, 3)], 0), 3);
        assert_eq!(value(5, &[(0, 1), (1, 2), (0, 3), (3, 4)], 0), 0);
        // A triangle on the ground fuses into three loops at the ground: *1 ⊕ *1 ⊕ *1 = *1.
        assert_eq!(value(3, &[(0, 1), (1, 2), (2, 0)], 0), 1);
        // A loop on top of a one-edge stalk: the stalk's top has value 1, so *2.
        assert_eq!(value(2, &[(0, 1), (1, 1)], 0), 2);
        // Edges away from the ground are dropped.
        assert_eq!(value(4, &[(0, 1), (2, 3)], 0), 1);
    }

    #[test]
    fn a_long_path_does_not_overflow_the_stack() {
        let n = 300_000u32;
        let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        assert_eq!(value(n as usize, &edges, 0), (n - 1) as u64);
        let cycle: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        assert_eq!(value(n as usize, &cycle, 0), (n % 2) as u64);
    }

    #[test]
    fn huge_cycles_refuse_to_list_moves_with_the_figure() {
        let n = 100_000u32;
        let cycle: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let err = cuts_to_value(n as usize, &cycle, 0, 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("refused") && err.contains("steps"), "{err}");
    }

    #[test]
    fn files_without_ground_or_with_start_lines() {
        let dir = std::env::temp_dir().join(format!("grundy-hackenbush-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("far.txt");
        std::fs::write(&file, "1 2\n").unwrap();
        let far: Picture = format!("@{}", file.display()).parse().unwrap();
        assert_eq!(far.value(), 0);
        assert!(far.cuts_to_value(0).unwrap().is_empty());
        std::fs::write(&file, "start 0\n").unwrap();
        let err = format!("@{}", file.display())
            .parse::<Picture>()
            .unwrap_err();
        assert!(err.to_string().contains("start"), "{err}");
        // A stalk 0-1-2 (lines 1, 2): cutting line 1 drops both edges; the cut is written
        // into the position, and an edge that fell cannot be cut.
        std::fs::write(&file, "0 1\n1 2\n").unwrap();
        let stalk = format!("@{}", file.display());
        let game = Text(Hackenbush);
        let s = game.solve(&[&stalk], Play::Normal).unwrap();
        assert_eq!(s.grundy, Some(2));
        let moves: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(moves, ["cut edge at line 1 (0 1)"]);
        let after = game.apply_move(&[&stalk], 0, moves[0]).unwrap();
        assert_eq!(after, [format!("{stalk}#cut=1")]);
        let err = game.apply_move(&[&after[0]], 0, "2").unwrap_err();
        assert!(err.to_string().contains("no edge still attached"), "{err}");
        assert!(game.over_after_move(&[&after[0]]).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
