//! Blue-Red-Green Hackenbush: a picture of blue (`L`, Left's), red (`R`, Right's) and green
//! (`G`, either player's) edges; a move cuts one edge of your colour or a green one, and
//! everything no longer connected to the ground falls away.
//!
//! Notation:
//! - `@FILE`: lines `u v COLOUR` (`L`/`blue`, `R`/`red`, `G`/`green`; an edge with no colour
//!   is green, so Green Hackenbush files read unchanged), ground vertex 0, `#` comments — the
//!   conventions of the impartial `hackenbush` family;
//! - a stalk `LRLRRLLR`: edges from the ground up ([`stalk_value`] gives a blue-red stalk's
//!   value by sign expansion);
//! - an edge list `0-1L,1-2R,1-3G` (what play writes for a picture that is not a stalk);
//!   `0` is the empty picture.
//!
//! A position is the sum of the pieces that meet only at the ground. The table stores a piece
//! with its vertices numbered in order of first use, or its colour-swapped twin (the negative)
//! when that is smaller.

use super::{PartizanRules, Side};
use crate::error::GameError;
use crate::graph::file::GraphFile;
use crate::impartial::games::hackenbush as green;
use crate::limits::check_memory;
use crate::numeric::dyadic::Dyadic;
use crate::partizan::Game;
use std::fmt;
use std::str::FromStr;

/// The most edges after a blue-red stalk's first run whose value [`stalk_value`] writes
/// exactly (a dyadic with a 64-bit numerator and at most 62 binary places).
pub const MAX_STALK: usize = 62;

/// An edge `(u, v, colour)`; vertex 0 is the ground, colour `b'L'`, `b'R'` or `b'G'`.
type Edge = (u32, u32, u8);

/// A Blue-Red-Green Hackenbush picture (edges with colours, ground vertex 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hackenbush {
    /// Grounded edges only, with vertices numbered densely (0 the ground).
    edges: Vec<Edge>,
}

/// The value of a blue-red stalk (`L`/`R` from the ground up) as `numerator / 2^exponent`:
/// the first run of one colour counts ±1 an edge, and after the first change of colour each
/// edge counts ±1/2, ±1/4, … (sign expansion). `None` for green edges, more than
/// [`MAX_STALK`] edges after the first run, or a numerator past 64 bits.
pub fn stalk_value(stalk: &str) -> Option<(i64, u32)> {
    let signs: Vec<i64> = stalk
        .bytes()
        .map(|c| match c.to_ascii_uppercase() {
            b'L' => Some(1),
            b'R' => Some(-1),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let run = signs.iter().take_while(|&&s| s == signs[0]).count();
    let places = signs.len() - run;
    if places > MAX_STALK {
        return None;
    }
    let exponent = places as u32;
    // The first run may be long (`L` × 5000 is 5000): only the numerator must fit.
    let mut numerator = i64::try_from(run)
        .ok()?
        .checked_mul(signs.first().map_or(0, |&s| s << exponent))?;
    for (k, s) in signs[run..].iter().enumerate() {
        numerator = numerator.checked_add(s << (exponent - 1 - k as u32))?;
    }
    Some((numerator, exponent))
}

impl Hackenbush {
    /// The picture of `edges` (any vertex numbers, 0 the ground), without the edges not
    /// connected to the ground, renumbered.
    fn grounded(edges: &[Edge]) -> Hackenbush {
        let mut reached = vec![0u32];
        let mut kept = vec![false; edges.len()];
        let mut grew = true;
        while grew {
            grew = false;
            for (i, &(u, v, _)) in edges.iter().enumerate() {
                if !kept[i] && (reached.contains(&u) || reached.contains(&v)) {
                    kept[i] = true;
                    grew = true;
                    reached.extend([u, v]);
                }
            }
        }
        let edges: Vec<Edge> = edges
            .iter()
            .zip(kept)
            .filter_map(|(&e, k)| k.then_some(e))
            .collect();
        Hackenbush::renumbered(&edges)
    }

    /// Vertices renumbered in breadth-first order from the ground, the neighbours of a vertex
    /// taken by (colour, number): renumbering twice changes nothing, so equal pictures written
    /// the same way compare equal. Every edge must be grounded.
    fn renumbered(edges: &[Edge]) -> Hackenbush {
        // Dense numbers first: a vertex may be written as any u32 (`0-1L,1-4000000000R`), and
        // a label for every number up to the largest took 16 GB.
        let mut ids: Vec<u32> = edges.iter().flat_map(|&(u, v, _)| [u, v]).collect();
        ids.push(0);
        ids.sort_unstable();
        ids.dedup();
        let dense = |x: u32| ids.partition_point(|&y| y < x) as u32;
        let dense_edges: Vec<Edge> = edges
            .iter()
            .map(|&(u, v, c)| (dense(u), dense(v), c))
            .collect();
        let edges = &dense_edges[..];
        let n = ids.len();
        let mut label = vec![u32::MAX; n];
        label[0] = 0;
        let mut queue = vec![0u32];
        let mut i = 0;
        while let Some(&x) = queue.get(i) {
            i += 1;
            let mut incident: Vec<(u8, u32)> = edges
                .iter()
                .filter_map(|&(u, v, c)| match (u == x, v == x) {
                    (true, _) => Some((c, v)),
                    (_, true) => Some((c, u)),
                    _ => None,
                })
                .collect();
            incident.sort_unstable();
            for (_, y) in incident {
                if label[y as usize] == u32::MAX {
                    label[y as usize] = queue.len() as u32;
                    queue.push(y);
                }
            }
        }
        let mut edges: Vec<Edge> = edges
            .iter()
            .map(|&(u, v, c)| {
                let (a, b) = (label[u as usize], label[v as usize]);
                (a.min(b), a.max(b), c)
            })
            .collect();
        edges.sort_unstable();
        Hackenbush { edges }
    }

    /// The edges `(u, v, colour)`, vertex 0 the ground.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32, u8)> + '_ {
        self.edges.iter().copied()
    }

    /// The stalk letters, when the picture is one path up from the ground: the walk from the
    /// ground finds one unused edge at each vertex and never comes back to a vertex.
    fn stalk(&self) -> Option<String> {
        let mut at = 0;
        // Marks by vertex number (dense from 0), so a long stalk costs n² steps, not n³.
        let vertices = self
            .edges
            .iter()
            .map(|&(u, v, _)| u.max(v))
            .max()
            .unwrap_or(0);
        let mut visited = vec![false; vertices as usize + 1];
        visited[0] = true;
        let mut letters = String::new();
        for _ in 0..self.edges.len() {
            let mut incident = self.edges.iter().filter(|&&(u, v, _)| {
                (u == at || v == at) && !(visited[u as usize] && visited[v as usize])
            });
            let &(u, v, c) = incident.next()?;
            if incident.next().is_some() {
                return None;
            }
            at = if u == at { v } else { u };
            visited[at as usize] = true;
            letters.push(c as char);
        }
        Some(letters)
    }

    fn parse_file(position: &str) -> Result<Hackenbush, GameError> {
        let path = &position[1..];
        let unreadable = |e: std::io::Error| {
            GameError::bad_position(position, format!("cannot read `{path}`: {e}"))
        };
        let size = std::fs::metadata(path).map_err(unreadable)?.len();
        check_memory(&format!("reading `{path}`"), size as u128 * 16)?;
        let text = std::fs::read_to_string(path).map_err(unreadable)?;
        // Colours are the third word of an edge line; the rest is the shared edge format.
        let mut colours = Vec::new();
        let mut plain = String::new();
        for (index, raw) in text.lines().enumerate() {
            let content = raw.split('#').next().unwrap_or("");
            let words: Vec<&str> = content.split_ascii_whitespace().collect();
            if words.len() == 3 && words[0] != "start" {
                let colour = match words[2].to_ascii_lowercase().as_str() {
                    "l" | "blue" | "b" => b'L',
                    "r" | "red" => b'R',
                    "g" | "green" => b'G',
                    other => {
                        return Err(GameError::bad_position(
                            position,
                            format!(
                                "line {}: colour `{other}`: expected `L`/`blue`, `R`/`red` or `G`/`green`",
                                index + 1
                            ),
                        ))
                    }
                };
                colours.push(colour);
                plain.push_str(&format!("{} {}\n", words[0], words[1]));
            } else {
                if words.len() == 2 && words[0] != "start" {
                    colours.push(b'G');
                }
                plain.push_str(content);
                plain.push('\n');
            }
        }
        let file = GraphFile::parse(&plain, position)?;
        file.no_start("hackenbush")?;
        let ground = file.index_of(0);
        // Dense indices: the ground becomes 0 and vertex 0 of the file moves to its slot.
        let relabel = |v: u32| match ground {
            Some(g) if v == g => 0,
            Some(g) if v == 0 => g,
            None => v + 1,
            _ => v,
        };
        let edges: Vec<Edge> = file
            .edges
            .iter()
            .zip(colours)
            .map(|(e, c)| (relabel(e.from), relabel(e.to), c))
            .collect();
        Ok(Hackenbush::grounded(&edges))
    }

    fn parse_edge_list(text: &str) -> Result<Hackenbush, GameError> {
        let edges = text
            .split(',')
            .map(|item| {
                let bad = |why: &str| {
                    GameError::bad_position(
                        text,
                        format!("edge `{item}`: {why}; write edges as `u-vC` (C = L, R or G), e.g. `0-1L,1-2R`"),
                    )
                };
                let item = item.trim();
                let colour = item
                    .chars()
                    .last()
                    .map(|c| c.to_ascii_uppercase())
                    .filter(|c| matches!(c, 'L' | 'R' | 'G'))
                    .ok_or_else(|| bad("no colour at the end"))?;
                let (u, v) = item[..item.len() - 1]
                    .split_once('-')
                    .ok_or_else(|| bad("no `-` between the vertices"))?;
                let vertex = |s: &str| s.trim().parse::<u32>().map_err(|_| bad("a vertex is not a number"));
                Ok((vertex(u)?, vertex(v)?, colour as u8))
            })
            .collect::<Result<Vec<Edge>, GameError>>()?;
        Ok(Hackenbush::grounded(&edges))
    }
}

impl PartizanRules for Hackenbush {
    fn heap_bytes(&self) -> usize {
        self.edges.capacity() * std::mem::size_of::<Edge>()
    }

    fn moves(&self, side: Side) -> Vec<Hackenbush> {
        self.lazy_moves(side).collect()
    }

    fn lazy_moves(&self, side: Side) -> impl Iterator<Item = Hackenbush> + '_ {
        let mine = if side == Side::Left { b'L' } else { b'R' };
        (0..self.edges.len())
            .filter(move |&i| matches!(self.edges[i].2, c if c == mine || c == b'G'))
            .map(|i| {
                let mut edges = self.edges.clone();
                edges.remove(i);
                Hackenbush::grounded(&edges)
            })
    }

    fn components(&self) -> Vec<Hackenbush> {
        // Union-find on the vertices other than the ground.
        let n = self
            .edges
            .iter()
            .map(|&(_, v, _)| v as usize + 1)
            .max()
            .unwrap_or(1);
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for &(u, v, _) in &self.edges {
            if u != 0 {
                let (a, b) = (find(&mut parent, u as usize), find(&mut parent, v as usize));
                parent[a] = b;
            }
        }
        let mut pieces: Vec<(usize, Vec<Edge>)> = Vec::new();
        for (i, &(u, v, c)) in self.edges.iter().enumerate() {
            // A ground-to-ground edge is a piece of its own.
            let root = if v == 0 {
                n + i
            } else {
                find(&mut parent, v as usize)
            };
            match pieces.iter_mut().find(|(r, _)| *r == root) {
                Some((_, edges)) => edges.push((u, v, c)),
                None => pieces.push((root, vec![(u, v, c)])),
            }
        }
        pieces
            .into_iter()
            .map(|(_, edges)| Hackenbush::renumbered(&edges))
            .collect()
    }

    /// Blue-red stalks by sign expansion; all-green pieces by the impartial Green Hackenbush
    /// (fusion and colon principles): `*n`.
    fn shortcut(&self) -> Option<Game> {
        if self.edges.iter().all(|&(_, _, c)| c == b'G') {
            let n = self
                .edges
                .iter()
                .map(|&(_, v, _)| v as usize + 1)
                .max()
                .unwrap_or(1);
            let edges: Vec<(u32, u32)> = self.edges.iter().map(|&(u, v, _)| (u, v)).collect();
            let nimber = u32::try_from(green::value(n, &edges, 0)).ok()?;
            return Some(Game::nimber(nimber));
        }
        let (numerator, exponent) = stalk_value(&self.stalk()?)?;
        Some(Game::number(Dyadic::new(numerator, exponent).ok()?))
    }

    fn normalise(&self) -> (Hackenbush, bool) {
        let swapped: Vec<Edge> = self
            .edges
            .iter()
            .map(|&(u, v, c)| {
                let c = match c {
                    b'L' => b'R',
                    b'R' => b'L',
                    g => g,
                };
                (u, v, c)
            })
            .collect();
        let swapped = Hackenbush::renumbered(&swapped);
        if swapped < *self {
            (swapped, true)
        } else {
            (self.clone(), false)
        }
    }
}

impl FromStr for Hackenbush {
    type Err = GameError;
    fn from_str(text: &str) -> Result<Hackenbush, GameError> {
        let trimmed = text.trim();
        if trimmed == super::EMPTY {
            return Ok(Hackenbush { edges: Vec::new() });
        }
        if trimmed.starts_with('@') {
            if trimmed.len() == 1 {
                return Err(GameError::bad_position(text, "no file name after `@`"));
            }
            return Hackenbush::parse_file(trimmed);
        }
        if trimmed.contains('-') {
            return Hackenbush::parse_edge_list(trimmed);
        }
        let edges = trimmed
            .chars()
            .enumerate()
            .map(|(i, ch)| match ch.to_ascii_uppercase() {
                c @ ('L' | 'R' | 'G') => Ok((i as u32, i as u32 + 1, c as u8)),
                _ => Err(GameError::bad_position(
                    text,
                    format!(
                        "`{ch}` at edge {} of the stalk: expected `L` (blue), `R` (red) or `G` (green); pictures are `@FILE` or `0-1L,1-2R`",
                        i + 1
                    ),
                )),
            })
            .collect::<Result<Vec<Edge>, GameError>>()?;
        if edges.is_empty() {
            return Err(GameError::bad_position(
                text,
                "empty picture: write a stalk such as `LRG`, `@FILE`, or `0` for no edges",
            ));
        }
        // A blue-red stalk is worth ±run ± 1/2 ± … ± 1/2^k, k the edges after the first change
        // of colour: beyond 62 of them the value is no dyadic grundy holds exactly.
        if edges.iter().all(|&(_, _, c)| c != b'G') {
            let run = edges.iter().take_while(|e| e.2 == edges[0].2).count();
            let places = edges.len() - run;
            if places > MAX_STALK {
                return Err(GameError::TooLarge(format!(
                    "the stalk `{trimmed}` is worth a number with {places} binary places after the point; grundy's exact numbers hold at most {MAX_STALK}"
                )));
            }
        }
        Ok(Hackenbush::grounded(&edges))
    }
}

impl fmt::Display for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.edges.is_empty() {
            return f.write_str(super::EMPTY);
        }
        if let Some(stalk) = self.stalk() {
            return f.write_str(&stalk);
        }
        let edges: Vec<String> = self
            .edges
            .iter()
            .map(|&(u, v, c)| format!("{u}-{v}{}", c as char))
            .collect();
        f.write_str(&edges.join(","))
    }
}
