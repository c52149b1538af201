//! The graphs Snort and Col are played on: vertices are uncoloured (`.`) or **tinted** (`L`,
//! `R`: only that player may still colour them), as in Winning Ways and cgt-tools. Coloured
//! vertices leave the graph after tinting their neighbours, so a position is only its
//! uncoloured vertices.
//!
//! Notation: a path `L-.-.-.-L`; any graph as `TINTS/EDGES`, e.g. `L..R/0-1,1-2,2-3,3-0`
//! (vertex i has the i-th tint); `@FILE`, an edge list `u v` as for Green Hackenbush, all
//! vertices uncoloured; `0` for the empty graph. At most 64 vertices.

use super::{MoveSite, PartizanRules, Side};
use crate::error::GameError;
use crate::graph::file::GraphFile;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::str::FromStr;

/// What colouring a vertex does to its neighbours: the one rule Snort and Col differ by.
pub trait Colouring: Clone + Copy + fmt::Debug + Eq + Hash + Ord + Send + Sync + 'static {
    /// The player who may still colour the neighbours of a vertex `mover` coloured.
    fn neighbours_left_to(mover: Side) -> Side;
}

/// A colouring game (Snort or Col) on a tinted graph; a position is the sum of its connected
/// components.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColouringGame<C> {
    graph: TintedGraph,
    rule: PhantomData<C>,
}

impl<C: Colouring> ColouringGame<C> {
    fn new(graph: TintedGraph) -> ColouringGame<C> {
        ColouringGame {
            graph,
            rule: PhantomData,
        }
    }

    /// The graph this position is played on: its vertices' tints and its edges, for a
    /// drawing (`grundy serve` draws Snort and Col from it rather than re-reading the text).
    pub fn graph(&self) -> &TintedGraph {
        &self.graph
    }
}

impl<C: Colouring> PartizanRules for ColouringGame<C> {
    fn heap_bytes(&self) -> usize {
        self.graph.tints.capacity() + self.graph.adjacent.capacity() * std::mem::size_of::<u64>()
    }

    fn moves(&self, side: Side) -> Vec<Self> {
        self.lazy_moves(side).collect()
    }

    fn lazy_moves(&self, side: Side) -> impl Iterator<Item = Self> + '_ {
        let neighbours = C::neighbours_left_to(side);
        self.graph
            .colourable(side)
            .map(move |v| Self::new(self.graph.colour(v, neighbours)))
    }

    fn components(&self) -> Vec<Self> {
        self.graph.components().into_iter().map(Self::new).collect()
    }

    /// The vertex coloured: its place in the notation (a path writes vertex `v` at `2v`,
    /// between dashes), since the coloured vertex leaves the graph and the rest renumber.
    fn move_sites(&self, side: Side) -> Option<Vec<MoveSite>> {
        let sites = self.graph.colourable(side).map(|v| MoveSite {
            at: self.graph.site(v),
            label: format!("colour vertex {v}"),
        });
        Some(sites.collect())
    }

    fn normalise(&self) -> (Self, bool) {
        let (graph, negated) = self.graph.normalise();
        (Self::new(graph), negated)
    }
}

impl<C: Colouring> FromStr for ColouringGame<C> {
    type Err = GameError;
    fn from_str(text: &str) -> Result<Self, GameError> {
        TintedGraph::parse(text).map(Self::new)
    }
}

impl<C> fmt::Display for ColouringGame<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.graph.fmt(f)
    }
}

/// The most vertices a graph may have (one `u64` neighbour mask per vertex).
pub const MAX_VERTICES: usize = 64;

/// A graph whose vertices are uncoloured or tinted for one player (Snort and Col).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TintedGraph {
    /// `b'.'`, `b'L'` or `b'R'` per vertex.
    tints: Vec<u8>,
    /// Neighbour masks.
    adjacent: Vec<u64>,
}

fn tint_of(side: Side) -> u8 {
    match side {
        Side::Left => b'L',
        Side::Right => b'R',
    }
}

impl TintedGraph {
    /// How many vertices are left.
    pub fn vertex_count(&self) -> usize {
        self.tints.len()
    }

    /// Who may colour vertex `v` alone: `None` while it is uncoloured (either player may),
    /// `Some(side)` once it is tinted for `side`. Coloured vertices have left the graph, so
    /// these are all the states a vertex of a position has.
    ///
    /// # Panics
    /// If `v` is not below [`TintedGraph::vertex_count`].
    pub fn tint(&self, v: usize) -> Option<Side> {
        match self.tints[v] {
            b'L' => Some(Side::Left),
            b'R' => Some(Side::Right),
            _ => None,
        }
    }

    /// The edges, each once as `(u, v)` with `u < v`, in order: what the `TINTS/EDGES`
    /// notation writes.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.adjacent.iter().enumerate().flat_map(|(u, &mask)| {
            super::grid::bits(mask)
                .map(|v| v as usize)
                .filter(move |&v| v > u)
                .map(move |v| (u, v))
        })
    }

    /// The index of vertex `v`'s character in the written position: a path writes vertex `v`
    /// at `2v` (between dashes), a `TINTS/EDGES` graph at `v`. Moves name their vertex by it
    /// ([`PartizanRules::move_sites`]), so a drawing matches a vertex to its move.
    pub fn site(&self, v: usize) -> usize {
        if self.is_path() {
            2 * v
        } else {
            v
        }
    }

    /// The graph after `side` colours vertex `v`: its neighbours become tinted for
    /// `neighbour_side` (Snort: the mover; Col: the opponent), and a neighbour already tinted
    /// for the other player can no longer be coloured by anyone, so it leaves too.
    fn colour(&self, v: usize, neighbour_side: Side) -> TintedGraph {
        let tint = tint_of(neighbour_side);
        let mut tints = self.tints.clone();
        let mut keep = self.all() & !(1 << v);
        for u in super::grid::bits(self.adjacent[v]) {
            let u = u as usize;
            match tints[u] {
                b'.' => tints[u] = tint,
                t if t == tint => {}
                _ => keep &= !(1 << u),
            }
        }
        TintedGraph {
            tints,
            adjacent: self.adjacent.clone(),
        }
        .induced(keep)
    }

    /// The vertices `side` may colour.
    fn colourable(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        let tint = tint_of(side);
        (0..self.tints.len()).filter(move |&v| self.tints[v] == b'.' || self.tints[v] == tint)
    }

    fn all(&self) -> u64 {
        match self.tints.len() {
            64 => u64::MAX,
            n => (1 << n) - 1,
        }
    }

    /// The subgraph on the vertices of `keep`, relabelled densely in order.
    fn induced(&self, keep: u64) -> TintedGraph {
        let kept: Vec<u32> = super::grid::bits(keep).collect();
        let relabel = |mask: u64| {
            kept.iter()
                .enumerate()
                .fold(0u64, |m, (i, &old)| m | (mask >> old & 1) << i)
        };
        TintedGraph {
            tints: kept.iter().map(|&v| self.tints[v as usize]).collect(),
            adjacent: kept
                .iter()
                .map(|&v| relabel(self.adjacent[v as usize]))
                .collect(),
        }
    }

    /// The connected components.
    fn components(&self) -> Vec<TintedGraph> {
        let mut left = self.all();
        let mut out = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let grown =
                    super::grid::bits(part).fold(part, |m, v| m | self.adjacent[v as usize]);
                if grown == part {
                    break;
                }
                part = grown;
            }
            out.push(self.induced(part));
            left &= !part;
        }
        out
    }

    /// A table key: the smallest of the graph, its reverse labelling, and both with tints
    /// swapped (which negates the value in Snort and in Col), with whether it was negated.
    fn normalise(&self) -> (TintedGraph, bool) {
        let n = self.tints.len();
        let reversed = self.induced_order(&(0..n).rev().collect::<Vec<_>>());
        let swap = |g: &TintedGraph| TintedGraph {
            tints: g
                .tints
                .iter()
                .map(|&t| match t {
                    b'L' => b'R',
                    b'R' => b'L',
                    t => t,
                })
                .collect(),
            adjacent: g.adjacent.clone(),
        };
        [
            (swap(self), true),
            (swap(&reversed), true),
            (reversed, false),
            (self.clone(), false),
        ]
        .into_iter()
        .min()
        .expect("four candidates")
    }

    /// The graph relabelled so that new vertex i is old vertex `order[i]`.
    fn induced_order(&self, order: &[usize]) -> TintedGraph {
        let mut position = vec![0; order.len()];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i;
        }
        let relabel = |mask: u64| {
            super::grid::bits(mask).fold(0u64, |m, old| m | 1 << position[old as usize])
        };
        TintedGraph {
            tints: order.iter().map(|&v| self.tints[v]).collect(),
            adjacent: order.iter().map(|&v| relabel(self.adjacent[v])).collect(),
        }
    }

    /// Parses any of the notations in the module notes.
    fn parse(text: &str) -> Result<TintedGraph, GameError> {
        let trimmed = text.trim();
        let bad = |reason: String| GameError::bad_position(text, reason);
        if trimmed == super::EMPTY {
            return Ok(TintedGraph {
                tints: Vec::new(),
                adjacent: Vec::new(),
            });
        }
        let (tints, edges): (Vec<u8>, Vec<(usize, usize)>) = if trimmed.starts_with('@') {
            let file = GraphFile::read(trimmed)?;
            file.no_start("snort/col")?;
            let edges = file
                .edges
                .iter()
                .map(|e| (e.from as usize, e.to as usize))
                .collect();
            (vec![b'.'; file.vertex_count()], edges)
        } else if let Some((tints, edges)) = trimmed.split_once('/') {
            let tints = parse_tints(tints.chars(), text)?;
            let edges = edges
                .split(',')
                .filter(|e| !e.trim().is_empty())
                .map(|e| {
                    let (u, v) = e.split_once('-').ok_or_else(|| {
                        bad(format!(
                            "edge `{e}`: write edges as `u-v` (vertex numbers from 0)"
                        ))
                    })?;
                    let vertex = |s: &str| {
                        s.trim()
                            .parse::<usize>()
                            .ok()
                            .filter(|&x| x < tints.len())
                            .ok_or_else(|| {
                                bad(format!(
                                    "edge `{e}`: `{s}` is not a vertex 0..{} (one per tint)",
                                    tints.len()
                                ))
                            })
                    };
                    Ok((vertex(u)?, vertex(v)?))
                })
                .collect::<Result<Vec<_>, GameError>>()?;
            (tints, edges)
        } else {
            let words: Vec<&str> = trimmed.split('-').collect();
            if words.iter().any(|w| w.trim().chars().count() != 1) {
                return Err(bad(
                    "write a path as single tints joined by `-` (e.g. `L-.-.-R`), a graph as \
                     `TINTS/EDGES` (e.g. `L..R/0-1,1-2`), or `@FILE`"
                        .into(),
                ));
            }
            let tints = parse_tints(words.iter().flat_map(|w| w.trim().chars()), text)?;
            let edges = (1..tints.len()).map(|i| (i - 1, i)).collect();
            (tints, edges)
        };
        if tints.len() > MAX_VERTICES {
            return Err(bad(format!(
                "{} vertices; graphs have at most {MAX_VERTICES}",
                tints.len()
            )));
        }
        let mut adjacent = vec![0u64; tints.len()];
        for (u, v) in edges {
            if u == v {
                return Err(bad(format!(
                    "a loop at vertex {u}: a vertex cannot neighbour itself"
                )));
            }
            adjacent[u] |= 1 << v;
            adjacent[v] |= 1 << u;
        }
        Ok(TintedGraph { tints, adjacent })
    }

    /// True when vertex i is joined exactly to i − 1 and i + 1: written as a path (`L-.-R`),
    /// and drawn in a line.
    pub fn is_path(&self) -> bool {
        let n = self.tints.len();
        (0..n).all(|i| {
            let expected = (if i > 0 { 1 << (i - 1) } else { 0 })
                | (if i + 1 < n { 1u64 << (i + 1) } else { 0 });
            self.adjacent[i] == expected
        })
    }
}

fn parse_tints(chars: impl Iterator<Item = char>, text: &str) -> Result<Vec<u8>, GameError> {
    chars
        .enumerate()
        .map(|(i, ch)| match ch.to_ascii_uppercase() {
            '.' => Ok(b'.'),
            'L' => Ok(b'L'),
            'R' => Ok(b'R'),
            _ => Err(GameError::bad_position(
                text,
                format!("`{ch}` at vertex {i}: expected `.` (uncoloured), `L` or `R` (tinted)"),
            )),
        })
        .collect()
}

impl fmt::Display for TintedGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tint = |&t: &u8| t as char;
        if self.tints.is_empty() {
            return f.write_str(super::EMPTY);
        }
        if self.is_path() {
            let words: Vec<String> = self.tints.iter().map(|t| tint(t).to_string()).collect();
            return f.write_str(&words.join("-"));
        }
        let tints: String = self.tints.iter().map(tint).collect();
        let edges: Vec<String> = self.edges().map(|(u, v)| format!("{u}-{v}")).collect();
        write!(f, "{tints}/{}", edges.join(","))
    }
}
