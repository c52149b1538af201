//! Explicit game graphs (`graph`), cycles allowed: the file lists moves `u v` (from `u` to
//! `v`) and tokens `start S`; several tokens form a sum (a move moves one token).
//!
//! Values: Smith's generalised Sprague–Grundy function γ and its sum rules, in
//! [`theory::loopy`](crate::theory::loopy); this file reads the graph and names positions.

use crate::error::GameError;
use crate::graph::file::{read_state, write_state, GraphFile};
use crate::impartial::ruleset::{write_parts, ComponentReport, Reply, Ruleset, Solved};
use crate::outcome::{GameValue, Winner};
use crate::theory::loopy::{generalized_values, outcome, sum_value, winning_moves};
use std::fmt::{self, Display};
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

/// A game graph read from a file: its moves and γ of every position.
#[derive(Debug)]
struct GameGraph {
    file: GraphFile,
    moves: Vec<(u32, u32)>,
    values: Vec<GameValue>,
}

impl GameGraph {
    /// The followers of `v`, each once, in file order.
    fn followers(&self, v: u32) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for &(from, to) in &self.moves {
            if from == v && !out.contains(&to) {
                out.push(to);
            }
        }
        out
    }
}

/// One token on a game graph: `@FILE#at=V` standing alone. Tokens read together share the
/// graph and its values (computed once); equal tokens are on the same vertex of the same
/// file.
#[derive(Clone, Debug)]
pub struct Token {
    graph: Arc<GameGraph>,
    vertex: u32,
    /// The file part of the position, `@FILE`.
    base: String,
}

impl Token {
    fn value(&self) -> &GameValue {
        &self.graph.values[self.vertex as usize]
    }

    /// The same graph with the token on `v`.
    fn at(&self, v: u32) -> Token {
        Token {
            graph: Arc::clone(&self.graph),
            vertex: v,
            base: self.base.clone(),
        }
    }

    /// The vertex's id, as `solve` reports a token and as a move names its target.
    fn vertex_text(&self) -> String {
        self.graph.file.vertex_text(self.vertex)
    }
}

impl PartialEq for Token {
    fn eq(&self, other: &Token) -> bool {
        self.base == other.base && self.vertex == other.vertex
    }
}

impl Eq for Token {}

impl Hash for Token {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.base.hash(state);
        self.vertex.hash(state);
    }
}

impl Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = self.graph.file.id(self.vertex);
        f.write_str(&write_state(&self.base, "at", &[id]))
    }
}

/// A position holding exactly one token (`@FILE#at=V`, or a file with one `start` line).
impl FromStr for Token {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Token, GameError> {
        let mut tokens = read_tokens(&[text])?;
        match tokens.len() {
            1 => Ok(tokens.remove(0)),
            n => Err(GameError::bad_position(
                text,
                format!(
                    "this position has {n} tokens; name one as `{}#at=V`",
                    base_path(text)
                ),
            )),
        }
    }
}

/// The tokens of `positions`: `@FILE` (tokens on its `start` lines) or `@FILE#at=V1,V2,…`
/// (tokens at those vertices instead). Several positions are one sum if they name the same
/// file (`play` keeps one position per token); the values are computed once.
fn read_tokens(positions: &[&str]) -> Result<Vec<Token>, GameError> {
    let Some((first, rest)) = positions.split_first() else {
        return Ok(Vec::new());
    };
    let (file, _) = read_state(first, "at")?;
    let mut starts = Vec::new();
    for position in positions {
        let (this, at) = read_state(position, "at")?;
        if !rest.is_empty() && base_path(position) != base_path(first) {
            return Err(GameError::Unsupported(
                "give one `@FILE`: a sum is written as several `start` lines in it (or `@FILE#at=V1,V2`)".into(),
            ));
        }
        match at {
            Some(ids) => {
                for id in ids {
                    starts.push(this.index_of(id).ok_or_else(|| {
                        this.error(format!("`#at=`: vertex {id} is not in the file"))
                    })?);
                }
            }
            None => starts.extend(this.starts.iter().map(|s| s.vertex)),
        }
    }
    if starts.is_empty() {
        return Err(file.error("no `start S` line: say where the token starts"));
    }
    let moves = file.edge_pairs();
    let values = generalized_values(file.vertex_count(), &moves)?;
    let graph = Arc::new(GameGraph {
        file,
        moves,
        values,
    });
    let base = base_path(first).to_string();
    Ok(starts
        .into_iter()
        .map(|vertex| Token {
            graph: Arc::clone(&graph),
            vertex,
            base: base.clone(),
        })
        .collect())
}

/// The file part of `@FILE#at=…`.
fn base_path(position: &str) -> &str {
    position
        .trim()
        .split_once("#at=")
        .map_or(position.trim(), |(f, _)| f)
}

/// The value of a sum of tokens, by Smith's rules.
fn total(sum: &[Token]) -> GameValue {
    let parts: Vec<GameValue> = sum.iter().map(|t| t.value().clone()).collect();
    sum_value(&parts)
}

/// The `graph` ruleset: one `@FILE` position holding the moves and the tokens.
pub struct LoopyGraph;

impl Ruleset for LoopyGraph {
    type Position = Token;

    fn spec(&self) -> String {
        "graph".to_string()
    }

    fn what_to_give(&self) -> &'static str {
        "name a graph file as `@FILE`"
    }

    /// An argument holds every token of its file (or of its `#at=` list).
    fn read(&self, text: &str) -> Result<Vec<Token>, GameError> {
        read_tokens(&[text])
    }

    /// All arguments at once: one file, its values computed once.
    fn read_sum(&self, positions: &[&str]) -> Result<Vec<Token>, GameError> {
        read_tokens(positions)
    }

    fn value(&self, token: &Token) -> Result<GameValue, GameError> {
        Ok(token.value().clone())
    }

    /// The value of all the tokens of one argument: Smith's sum.
    fn sum_value(&self, sum: &[Token]) -> Option<Result<GameValue, GameError>> {
        Some(Ok(total(sum)))
    }

    fn options(&self, token: &Token) -> Result<Vec<Vec<Token>>, GameError> {
        Ok(token
            .graph
            .followers(token.vertex)
            .into_iter()
            .map(|w| vec![token.at(w)])
            .collect())
    }

    /// Only where the token and every follower are finite is the value the mex of the
    /// followers'; an ∞ needs Smith's reversal argument, so there is no plain derivation.
    fn options_refusal(&self, token: &Token) -> Option<GameError> {
        let file = &token.graph.file;
        if let GameValue::Infinite { .. } = token.value() {
            return Some(GameError::Unsupported(format!(
                "{} has value {} (play can go on for ever): it is not a mex of its options",
                file.id(token.vertex),
                token.value()
            )));
        }
        token.graph.followers(token.vertex).into_iter().find_map(|w| {
            match &token.graph.values[w as usize] {
                GameValue::Finite(_) => None,
                infinite => Some(GameError::Unsupported(format!(
                    "the move to {} leads to value {infinite}: a finite value next to ∞ options is Smith's, not a plain mex",
                    file.id(w)
                ))),
            }
        })
    }

    /// `to` is the vertex the token moves to (a move `u v` of the file).
    fn read_move(
        &self,
        from: &Token,
        _component: usize,
        to: &str,
    ) -> Result<Vec<Token>, GameError> {
        let file = &from.graph.file;
        file.vertex_named(to)
            .filter(|w| from.graph.followers(from.vertex).contains(w))
            .map(|w| vec![from.at(w)])
            .ok_or_else(|| {
                let at = file.id(from.vertex);
                GameError::bad_position(
                    to,
                    format!(
                        "the token at {at} cannot move there: no move `{at} {}` in the file",
                        to.trim()
                    ),
                )
            })
    }

    /// A move is written as the vertex the token moves to.
    fn write_move(&self, _from: &Token, to: &[Token]) -> String {
        match to {
            [token] => token.vertex_text(),
            _ => write_parts(to),
        }
    }

    /// `solve` reports a token as its vertex.
    fn label(&self, token: &Token) -> String {
        token.vertex_text()
    }

    /// Smith's sum of the tokens' values; winning moves by his theorem (a move to a
    /// position of value 0, or out of a winning ∞).
    fn solve(&self, sum: &[Token]) -> Result<Solved<Token>, GameError> {
        let Some(first) = sum.first() else {
            return Err(self.read_nothing().unwrap_err());
        };
        let graph = &first.graph;
        let total = total(sum);
        let winner = outcome(&total);
        let starts: Vec<u32> = sum.iter().map(|t| t.vertex).collect();
        let winning_moves = if winner == Winner::First {
            winning_moves(
                graph.file.vertex_count(),
                &graph.moves,
                &graph.values,
                &starts,
            )
            .into_iter()
            .map(|(component, w)| Reply {
                component,
                to: vec![sum[component].at(w)],
            })
            .collect()
        } else {
            Vec::new()
        };
        let mut method = "Smith's generalised Sprague–Grundy function (Fraenkel's labelling; the ordinary Grundy value wherever play must end)".to_string();
        let infinite: Vec<String> = sum
            .iter()
            .filter(|t| t.value().clone().finite().is_none())
            .map(|t| format!("{} = {}", graph.file.id(t.vertex), t.value()))
            .collect();
        if !infinite.is_empty() {
            method.push_str(&format!("; ∞ tokens: {}", infinite.join(", ")));
        }
        Ok(Solved {
            winner,
            grundy: total.finite().map(|n| n.0),
            winning_moves,
            components: sum
                .iter()
                .map(|t| ComponentReport {
                    position: t.vertex_text(),
                    grundy: t.value().clone().finite().map(|n| n.0),
                })
                .collect(),
            method,
            moves_omitted: None,
            one_winning_move: None,
        })
    }

    fn outcome(&self, sum: &[Token]) -> Result<Winner, GameError> {
        Ok(outcome(&total(sum)))
    }

    fn misere_refusal(&self) -> GameError {
        GameError::Unsupported(
            "misère play of loopy game graphs has no theory in grundy; only normal play is available"
                .into(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::text::Text;

    #[test]
    fn files_need_a_start() {
        let file = GraphFile::parse("0 1\n", "@g").unwrap();
        assert!(file.starts.is_empty());
        let game = Text(LoopyGraph);
        assert!(game.solve(&["3"], Play::Normal).is_err());
        let err = game.solve(&[], Play::Normal).unwrap_err().to_string();
        assert!(
            err.contains("no position given: name a graph file"),
            "{err}"
        );
    }
}
