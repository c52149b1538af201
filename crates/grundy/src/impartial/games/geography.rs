//! Undirected vertex geography (`geography`): a token sits on a vertex of an undirected graph;
//! a move slides it to an unvisited neighbour (the vertex it leaves counts as visited); who
//! cannot move loses.
//!
//! Theorem (Fraenkel, Scheinerman & Ullman 1993): the player to move from `s` wins iff `s`
//! is covered by every maximum matching of the graph. (If some maximum matching `M` misses
//! `s`, every move leads to a vertex the opponent answers along `M`; if every one covers
//! `s`, the first player follows the mate of `s` in a maximum matching of the graph.) After
//! the move `s → t` the opponent faces `t` in `G − s`, so `t` wins for us iff some maximum
//! matching of `G − s` misses `t`. Both questions are one augmenting-path search each
//! (`Matcher::avoidable`), after one maximum matching of `G`.
//!
//! Only outcomes follow from matchings, not Grundy values (which sums need, and for which no
//! polynomial method is known), so `value` and sums are refused rather than answered by an
//! exponential search. The brute-force reference (tests) plays the game on visited-sets.

use crate::error::GameError;
use crate::graph::file::{read_state, write_state, GraphFile};
use crate::graph::matching::{Graph, Matcher};
use crate::impartial::ruleset::{
    write_parts, ComponentReport, GameValue, Reply, Ruleset, Solved, Winner,
};
use std::fmt::{self, Display};
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

/// Who wins geography from `start`, and every winning first move (neighbours of `start`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Who wins.
    pub winner: Winner,
    /// The vertices the token may move to and win.
    pub winning_moves: Vec<u32>,
}

/// Solves geography from `start`. `matcher` must hold a maximum matching of its graph; `start`
/// is deleted from it afterwards.
pub fn solve_from(matcher: &mut Matcher, start: u32) -> Answer {
    if matcher.avoidable(start) {
        return Answer {
            winner: Winner::Second,
            winning_moves: Vec::new(),
        };
    }
    // `start` is in every maximum matching, so dropping its pair leaves a maximum matching
    // of `G − start`.
    matcher.delete(start);
    let graph = matcher.graph();
    let winning_moves = graph
        .neighbours(start)
        .iter()
        .copied()
        .filter(|&t| matcher.avoidable(t))
        .collect();
    Answer {
        winner: Winner::First,
        winning_moves,
    }
}

/// Solves geography after the walk `path` (the token stands on its last vertex; the others
/// are visited, so deleted). `matcher` must hold a maximum matching of the whole graph: each
/// deletion frees at most one mate, and only paths from it can augment, so one search per
/// deleted vertex keeps the matching maximum.
pub fn solve_walk(matcher: &mut Matcher, path: &[u32]) -> Answer {
    let (&current, visited) = path.split_last().expect("a walk has at least its start");
    for &v in visited {
        let mate = matcher.mate(v);
        matcher.delete(v);
        if let Some(u) = mate {
            matcher.augment_from(u);
        }
    }
    let mut answer = solve_from(matcher, current);
    answer.winning_moves.retain(|t| !visited.contains(t));
    answer
}

/// The unvisited neighbours of the walk's last vertex: its moves.
pub fn walk_moves(graph: &Graph, path: &[u32]) -> Vec<u32> {
    let current = *path.last().expect("a walk has at least its start");
    graph
        .neighbours(current)
        .iter()
        .copied()
        .filter(|t| !path.contains(t))
        .collect()
}

/// Checks that `path` is a walk of distinct vertices along edges of `graph`.
pub fn check_walk(graph: &Graph, path: &[u32], position: &str) -> Result<(), GameError> {
    for (i, pair) in path.windows(2).enumerate() {
        if !graph.neighbours(pair[0]).contains(&pair[1]) || path[..=i].contains(&pair[1]) {
            return Err(GameError::bad_position(
                position,
                format!(
                    "step {} of the path is not a move to an unvisited neighbour",
                    i + 1
                ),
            ));
        }
    }
    Ok(())
}

/// The method line of geography reports.
pub const METHOD: &str =
    "maximum matchings (Edmonds' blossom algorithm): the player to move wins iff the start vertex is in every maximum matching";

/// Why misère play is refused, for both geographies.
pub(crate) fn misere_refusal() -> GameError {
    GameError::Unsupported(
        "misère geography has no matching theory; only normal play is available".into(),
    )
}

/// The one position of a geography game: matchings answer outcomes, not the Grundy values a
/// sum would need.
pub(crate) fn single<P>(sum: &[P]) -> Result<&P, GameError> {
    match sum {
        [one] => Ok(one),
        _ => Err(GameError::Unsupported(
            "sums of geography positions need Grundy values, which matchings do not give; give one position".into(),
        )),
    }
}

/// Why `value` (and a derivation by options) is refused for geography.
pub fn no_values() -> GameError {
    GameError::Unsupported(
        "geography has no Grundy-value theory in grundy (matchings give the outcome only); use `solve`".into(),
    )
}

/// The typed answer for one position: `step(t)` is the position after moving to `t`.
pub(crate) fn solved<P>(position: String, answer: Answer, step: impl Fn(u32) -> P) -> Solved<P> {
    Solved {
        winner: answer.winner,
        grundy: None,
        winning_moves: answer
            .winning_moves
            .into_iter()
            .map(|t| Reply {
                component: 0,
                to: vec![step(t)],
            })
            .collect(),
        components: vec![ComponentReport {
            position,
            grundy: None,
        }],
        method: METHOD.to_string(),
        moves_omitted: None,
        one_winning_move: None,
    }
}

/// The `geography` ruleset: one `@FILE` position with undirected edges and a `start` line.
pub struct Geography;

/// A geography position: `@FILE` (the token on its `start` vertex) or `@FILE#path=S,…,T`
/// (the walk so far: the token on `T`, the others visited). Equal positions are the same walk
/// on the same file, however written.
#[derive(Clone, Debug)]
pub struct Walk {
    graph: Arc<(GraphFile, Graph)>,
    path: Vec<u32>,
    text: String,
}

impl Walk {
    /// The walk one step further, to `t`.
    fn to(&self, t: u32) -> Walk {
        let file = &self.graph.0;
        let mut path = self.path.clone();
        path.push(t);
        let ids: Vec<u64> = path.iter().map(|&v| file.id(v)).collect();
        Walk {
            graph: Arc::clone(&self.graph),
            text: write_state(&self.text, "path", &ids),
            path,
        }
    }

    /// The vertex the token stands on.
    fn current(&self) -> u32 {
        *self.path.last().expect("a walk has at least its start")
    }
}

impl PartialEq for Walk {
    fn eq(&self, other: &Walk) -> bool {
        self.graph.0.name == other.graph.0.name && self.path == other.path
    }
}

impl Eq for Walk {}

impl Hash for Walk {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.graph.0.name.hash(state);
        self.path.hash(state);
    }
}

impl Display for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Reads the file, its undirected graph, and the walk (checked step by step).
impl FromStr for Walk {
    type Err = GameError;

    fn from_str(position: &str) -> Result<Walk, GameError> {
        let (file, path_ids) = read_state(position, "path")?;
        let graph = Graph::new(file.vertex_count(), &file.edge_pairs())?;
        let path = match path_ids {
            None => vec![file.single_start()?],
            Some(ids) => ids
                .into_iter()
                .map(|id| {
                    file.index_of(id).ok_or_else(|| {
                        file.error(format!("`#path=`: vertex {id} is not in the file"))
                    })
                })
                .collect::<Result<Vec<u32>, _>>()?,
        };
        check_walk(&graph, &path, position)?;
        Ok(Walk {
            graph: Arc::new((file, graph)),
            path,
            text: position.trim().to_string(),
        })
    }
}

impl Ruleset for Geography {
    type Position = Walk;

    fn spec(&self) -> String {
        "geography".to_string()
    }

    fn what_to_give(&self) -> &'static str {
        "name a graph file as `@FILE` (with a `start S` line)"
    }

    fn value(&self, _walk: &Walk) -> Result<GameValue, GameError> {
        Err(no_values())
    }

    /// The unvisited neighbours of the token.
    fn options(&self, walk: &Walk) -> Result<Vec<Vec<Walk>>, GameError> {
        Ok(walk_moves(&walk.graph.1, &walk.path)
            .into_iter()
            .map(|t| vec![walk.to(t)])
            .collect())
    }

    fn options_refusal(&self, _walk: &Walk) -> Option<GameError> {
        Some(no_values())
    }

    /// `to` is an unvisited neighbour, by its id in the file.
    fn read_move(&self, from: &Walk, _component: usize, to: &str) -> Result<Vec<Walk>, GameError> {
        let file = &from.graph.0;
        file.vertex_named(to)
            .filter(|t| walk_moves(&from.graph.1, &from.path).contains(t))
            .map(|t| vec![from.to(t)])
            .ok_or_else(|| {
                GameError::bad_position(
                    to,
                    format!(
                        "not an unvisited neighbour of {}",
                        file.vertex_text(from.current())
                    ),
                )
            })
    }

    /// A move is written as the vertex the token moves to.
    fn write_move(&self, _from: &Walk, to: &[Walk]) -> String {
        match to {
            [walk] => walk.graph.0.vertex_text(walk.current()),
            _ => write_parts(to),
        }
    }

    fn solve(&self, sum: &[Walk]) -> Result<Solved<Walk>, GameError> {
        let walk = single(sum)?;
        let mut matcher = Matcher::maximum(&walk.graph.1)?;
        let answer = solve_walk(&mut matcher, &walk.path);
        Ok(solved(walk.to_string(), answer, |t| walk.to(t)))
    }

    /// One matching and one search: no winning moves.
    fn outcome(&self, sum: &[Walk]) -> Result<Winner, GameError> {
        let walk = single(sum)?;
        let mut matcher = Matcher::maximum(&walk.graph.1)?;
        if walk.path.len() > 1 {
            return Ok(solve_walk(&mut matcher, &walk.path).winner);
        }
        Ok(if matcher.avoidable(walk.path[0]) {
            Winner::Second
        } else {
            Winner::First
        })
    }

    fn misere_refusal(&self) -> GameError {
        misere_refusal()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::text::Text;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Geography by the definition: does the player to move from `at` (with `visited`,
    /// which includes `at`) win?
    pub(crate) fn brute_wins(
        adjacency: &[Vec<u32>],
        visited: u32,
        at: u32,
        memo: &mut HashMap<(u32, u32), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(visited, at)) {
            return w;
        }
        let wins = adjacency[at as usize]
            .iter()
            .any(|&t| visited >> t & 1 == 0 && !brute_wins(adjacency, visited | 1 << t, t, memo));
        memo.insert((visited, at), wins);
        wins
    }

    /// The brute-force answer from `start`: the winner and every winning first move.
    pub(crate) fn brute_answer(adjacency: &[Vec<u32>], start: u32) -> Answer {
        let mut memo = HashMap::new();
        let visited = 1 << start;
        let mut winning_moves: Vec<u32> = adjacency[start as usize]
            .iter()
            .copied()
            .filter(|&t| !brute_wins(adjacency, visited | 1 << t, t, &mut memo))
            .collect();
        winning_moves.sort_unstable();
        winning_moves.dedup();
        Answer {
            winner: if winning_moves.is_empty() {
                Winner::Second
            } else {
                Winner::First
            },
            winning_moves,
        }
    }

    fn adjacency_of(graph: &Graph) -> Vec<Vec<u32>> {
        (0..graph.vertex_count() as u32)
            .map(|v| graph.neighbours(v).to_vec())
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn matching_theorem_matches_brute_force(
            (n, edges, start) in (1usize..=12).prop_flat_map(|n| (
                Just(n),
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..24),
                0..n as u32,
            ))
        ) {
            let graph = Graph::new(n, &edges).unwrap();
            let expected = brute_answer(&adjacency_of(&graph), start);
            let mut matcher = Matcher::maximum(&graph).unwrap();
            prop_assert_eq!(solve_from(&mut matcher, start), expected);
        }
    }

    proptest! {
        /// After a walk (the visited vertices deleted, the matching repaired), the answer is
        /// the definition's: winner and every winning move.
        #[test]
        fn walks_match_brute_force(
            (n, edges, start, turns) in (2usize..=10).prop_flat_map(|n| (
                Just(n),
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..20),
                0..n as u32,
                proptest::collection::vec(0usize..4, 0..4),
            ))
        ) {
            let graph = Graph::new(n, &edges).unwrap();
            let adjacency = adjacency_of(&graph);
            let mut path = vec![start];
            for turn in turns {
                let moves = walk_moves(&graph, &path);
                if moves.is_empty() {
                    break;
                }
                path.push(moves[turn % moves.len()]);
            }
            let visited = path.iter().fold(0u32, |m, &v| m | 1 << v);
            let current = *path.last().unwrap();
            let mut memo = HashMap::new();
            let mut expected: Vec<u32> = walk_moves(&graph, &path)
                .into_iter()
                .filter(|&t| !brute_wins(&adjacency, visited | 1 << t, t, &mut memo))
                .collect();
            expected.sort_unstable();
            let mut matcher = Matcher::maximum(&graph).unwrap();
            let mut answer = solve_walk(&mut matcher, &path);
            answer.winning_moves.sort_unstable();
            prop_assert_eq!(answer.winning_moves, expected.clone());
            prop_assert_eq!(answer.winner == Winner::First, brute_wins(&adjacency, visited, current, &mut memo));
        }
    }

    fn after_refs(after: &[String]) -> Vec<&str> {
        after.iter().map(String::as_str).collect()
    }

    #[test]
    fn files_and_refusals() {
        let dir = std::env::temp_dir().join(format!("grundy-geo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("path.txt");
        // A path 1-2-3 from its end: 1 → 2, 2 → 3, then the first player is stuck.
        std::fs::write(&path, "start 1\n1 2\n2 3\n").unwrap();
        let position = format!("@{}", path.display());
        let geography = Text(Geography);
        let s = geography.solve(&[&position], Play::Normal).unwrap();
        assert_eq!(s.winner, Winner::Second);
        // From the middle the first player wins by moving to either end.
        std::fs::write(&path, "start 2\n1 2\n2 3\n").unwrap();
        let s = geography.solve(&[&position], Play::Normal).unwrap();
        assert_eq!(s.winner, Winner::First);
        let moves: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(moves, ["1", "3"]);
        assert!(geography.value(&position).is_err());
        assert!(geography
            .solve(&[&position, &position], Play::Normal)
            .is_err());
        assert!(geography.solve(&[&position], Play::Misere).is_err());
        // A move is an unvisited neighbour; the walk is written into the position.
        let after = geography.apply_move(&[&position], 0, "3").unwrap();
        assert_eq!(after, [format!("{position}#path=2,3")]);
        let err = geography
            .apply_move(&after_refs(&after), 0, "2")
            .unwrap_err();
        assert!(
            err.to_string().contains("not an unvisited neighbour of 3"),
            "{err}"
        );
        assert!(geography.over_after_move(&after_refs(&after)).unwrap());
        std::fs::write(&path, "1 2\n").unwrap();
        let err = geography.solve(&[&position], Play::Normal).unwrap_err();
        assert!(err.to_string().contains("start"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
