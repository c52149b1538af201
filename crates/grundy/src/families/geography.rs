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
//! ([`Matcher::avoidable`]), after one maximum matching of `G`.
//!
//! Only outcomes follow from matchings, not Grundy values (which sums need, and for which no
//! polynomial method is known), so `value` and sums are refused rather than answered by an
//! exponential search. The brute-force reference (tests) plays the game on visited-sets.

use crate::engine::matching::{Graph, Matcher};
use crate::error::GameError;
use crate::families::graph_file::GraphFile;
use crate::family::{ComponentReport, Family, GameValue, Move, Play, Solution, Winner};

/// Who wins geography from `start`, and every winning first move (neighbours of `start`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub winner: Winner,
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

/// The method line of geography reports.
pub const METHOD: &str =
    "maximum matchings (Edmonds' blossom algorithm): the player to move wins iff the start vertex is in every maximum matching";

/// Refuses what matchings cannot answer: misère play and sums of several positions.
pub fn single_normal_position<'p>(
    positions: &[&'p str],
    play: Play,
    default: Option<&'p str>,
) -> Result<&'p str, GameError> {
    play.normal_only(|| {
        "misère geography has no matching theory; only normal play is available".into()
    })?;
    match (positions, default) {
        ([one], _) => Ok(one),
        ([], Some(default)) => Ok(default),
        ([], None) => Err(GameError::bad_position(
            "",
            "no position given: name a graph file as `@FILE` (with a `start S` line)",
        )),
        _ => Err(GameError::Unsupported(
            "sums of geography positions need Grundy values, which matchings do not give; give one position".into(),
        )),
    }
}

/// Why `value` is refused for geography.
pub fn no_values() -> GameError {
    GameError::Unsupported(
        "geography has no Grundy-value theory in grundy (matchings give the outcome only); use `solve`".into(),
    )
}

/// Builds the one-position report.
pub fn report(position: &str, answer: Answer, describe: impl Fn(u32) -> String) -> Solution {
    Solution {
        moves_omitted: None,
        winner: answer.winner,
        grundy: None,
        winning_moves: answer
            .winning_moves
            .into_iter()
            .map(|t| Move {
                component: 0,
                to: describe(t),
            })
            .collect(),
        components: vec![ComponentReport {
            position: position.to_string(),
            grundy: None,
        }],
        method: METHOD.to_string(),
    }
}

/// The `geography` family: one `@FILE` position with undirected edges and a `start` line.
pub struct Geography;

impl Family for Geography {
    fn spec(&self) -> String {
        "geography".to_string()
    }

    fn solve(&self, positions: &[&str], play: Play) -> Result<Solution, GameError> {
        let position = single_normal_position(positions, play, None)?;
        let (file, graph, start) = read_graph(position)?;
        let mut matcher = Matcher::maximum(&graph)?;
        let answer = solve_from(&mut matcher, start);
        Ok(report(position, answer, |t| file.vertex_text(t)))
    }

    fn value(&self, _position: &str) -> Result<GameValue, GameError> {
        Err(no_values())
    }

    /// One matching and one search: no winning moves.
    fn outcome(&self, positions: &[&str], play: Play) -> Result<Winner, GameError> {
        let (_, graph, start) = read_graph(single_normal_position(positions, play, None)?)?;
        let mut matcher = Matcher::maximum(&graph)?;
        Ok(if matcher.avoidable(start) {
            Winner::Second
        } else {
            Winner::First
        })
    }
}

/// The file, its undirected graph, and the start vertex.
fn read_graph(position: &str) -> Result<(GraphFile, Graph, u32), GameError> {
    let file = GraphFile::read(position)?;
    let start = file.single_start()?;
    let edges: Vec<(u32, u32)> = file.edges.iter().map(|e| (e.from, e.to)).collect();
    let graph = Graph::new(file.vertex_count(), &edges)?;
    Ok((file, graph, start))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
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

    #[test]
    fn files_and_refusals() {
        let dir = std::env::temp_dir().join(format!("grundy-geo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("path.txt");
        // A path 1-2-3 from its end: 1 → 2, 2 → 3, then the first player is stuck.
        std::fs::write(&path, "start 1\n1 2\n2 3\n").unwrap();
        let position = format!("@{}", path.display());
        let s = Geography.solve(&[&position], Play::Normal).unwrap();
        assert_eq!(s.winner, Winner::Second);
        // From the middle the first player wins by moving to either end.
        std::fs::write(&path, "start 2\n1 2\n2 3\n").unwrap();
        let s = Geography.solve(&[&position], Play::Normal).unwrap();
        assert_eq!(s.winner, Winner::First);
        let moves: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(moves, ["1", "3"]);
        assert!(Geography.value(&position).is_err());
        assert!(Geography
            .solve(&[&position, &position], Play::Normal)
            .is_err());
        assert!(Geography.solve(&[&position], Play::Misere).is_err());
        std::fs::write(&path, "1 2\n").unwrap();
        let err = Geography.solve(&[&position], Play::Normal).unwrap_err();
        assert!(err.to_string().contains("start"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
