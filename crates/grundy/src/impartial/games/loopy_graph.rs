//! Explicit game graphs (`graph`), cycles allowed: the file lists moves `u v` (from `u` to
//! `v`) and tokens `start S`; several tokens form a sum (a move moves one token).
//!
//! Values: Smith's generalised Sprague–Grundy function γ and its sum rules, in
//! [`theory::loopy`](crate::theory::loopy); this file reads the graph, names positions and
//! adapts them to the CLI.

use crate::error::GameError;
use crate::graph::file::{read_state, write_state, GraphFile};
use crate::impartial::family::{
    component_at, ComponentReport, Family, GameValue, Move, OptionReport, Play, Solution, Winner,
};
use crate::theory::loopy::{generalized_values, outcome, sum_value, winning_moves};

/// A game graph read from a file: its moves and tokens, and γ of every position.
struct GameGraph {
    file: GraphFile,
    moves: Vec<(u32, u32)>,
    starts: Vec<u32>,
    values: Vec<GameValue>,
}

impl GameGraph {
    /// Reads `@FILE` (tokens on its `start` lines) or `@FILE#at=V1,V2,…` (tokens at those
    /// vertices instead). Several positions are one sum if they name the same file (`play`
    /// keeps one position per token).
    fn read(positions: &[&str]) -> Result<GameGraph, GameError> {
        let (first, rest) = positions.split_first().ok_or_else(|| {
            GameError::bad_position("", "no position given: name a graph file as `@FILE`")
        })?;
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
        let moves: Vec<(u32, u32)> = file.edges.iter().map(|e| (e.from, e.to)).collect();
        let values = generalized_values(file.vertex_count(), &moves)?;
        Ok(GameGraph {
            file,
            moves,
            starts,
            values,
        })
    }

    fn total(&self) -> GameValue {
        let parts: Vec<GameValue> = self
            .starts
            .iter()
            .map(|&s| self.values[s as usize].clone())
            .collect();
        sum_value(&parts)
    }

    /// The one token of a standalone position (`@FILE#at=V`, or a file with one `start`).
    fn single_token(&self, position: &str) -> Result<u32, GameError> {
        match self.starts[..] {
            [token] => Ok(token),
            _ => Err(GameError::bad_position(
                position,
                format!(
                    "this position has {} tokens; name one as `{}#at=V`",
                    self.starts.len(),
                    base_path(position)
                ),
            )),
        }
    }

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

    /// The standalone position of a token at `v`: `@FILE#at=ID`.
    fn token_position(&self, position: &str, v: u32) -> String {
        write_state(base_path(position), "at", &[self.file.id(v)])
    }

    fn method(&self) -> String {
        let mut text = "Smith's generalised Sprague–Grundy function (Fraenkel's labelling; the ordinary Grundy value wherever play must end)".to_string();
        let infinite: Vec<String> = self
            .starts
            .iter()
            .filter(|&&s| self.values[s as usize].clone().finite().is_none())
            .map(|&s| format!("{} = {}", self.file.id(s), self.values[s as usize]))
            .collect();
        if !infinite.is_empty() {
            text.push_str(&format!("; ∞ tokens: {}", infinite.join(", ")));
        }
        text
    }
}

fn normal_play_only(play: Play) -> Result<(), GameError> {
    play.normal_only(|| {
        "misère play of loopy game graphs has no theory in grundy; only normal play is available"
            .into()
    })
}

/// The file part of `@FILE#at=…`.
fn base_path(position: &str) -> &str {
    position
        .trim()
        .split_once("#at=")
        .map_or(position.trim(), |(f, _)| f)
}

/// The `graph` family: one `@FILE` position holding the moves and the tokens.
pub struct LoopyGraph;

impl Family for LoopyGraph {
    fn spec(&self) -> String {
        "graph".to_string()
    }

    fn layout(&self) -> crate::impartial::family::Layout {
        crate::impartial::family::Layout::Sum
    }

    fn solve(&self, positions: &[&str], play: Play) -> Result<Solution, GameError> {
        normal_play_only(play)?;
        let game = GameGraph::read(positions)?;
        let total = game.total();
        let winner = outcome(&total);
        let winning_moves = if winner == Winner::First {
            winning_moves(
                game.file.vertex_count(),
                &game.moves,
                &game.values,
                &game.starts,
            )
            .into_iter()
            .map(|(component, w)| Move {
                component,
                to: game.file.vertex_text(w),
            })
            .collect()
        } else {
            Vec::new()
        };
        Ok(Solution {
            one_winning_move: None,
            moves_omitted: None,
            winner,
            grundy: total.clone().finite().map(|n| n.0),
            winning_moves,
            components: game
                .starts
                .iter()
                .map(|&s| ComponentReport {
                    position: game.file.vertex_text(s),
                    grundy: game.values[s as usize].clone().finite().map(|n| n.0),
                })
                .collect(),
            method: game.method(),
        })
    }

    fn value(&self, position: &str) -> Result<GameValue, GameError> {
        Ok(GameGraph::read(&[position])?.total())
    }

    /// One position per token, `@FILE#at=V`, so that each token is explained and moved alone.
    fn standalone_components(&self, positions: &[&str]) -> Result<Option<Vec<String>>, GameError> {
        let game = GameGraph::read(positions)?;
        Ok(Some(
            game.starts
                .iter()
                .map(|&s| game.token_position(positions[0], s))
                .collect(),
        ))
    }

    /// The followers of one token with their values. Only where every follower is finite is
    /// the value their mex; an ∞ follower needs Smith's reversal argument, so it is refused
    /// (the token's own ∞ too).
    fn options(&self, position: &str) -> Result<Vec<OptionReport>, GameError> {
        let game = GameGraph::read(&[position])?;
        let token = game.single_token(position)?;
        if let GameValue::Infinite { .. } = game.values[token as usize] {
            return Err(GameError::Unsupported(format!(
                "{} has value {} (play can go on for ever): it is not a mex of its options",
                game.file.id(token),
                game.values[token as usize]
            )));
        }
        game.followers(token)
            .into_iter()
            .map(|w| match &game.values[w as usize] {
                GameValue::Finite(g) => Ok(OptionReport {
                    position: game.file.vertex_text(w),
                    parts: vec![ComponentReport {
                        position: game.token_position(position, w),
                        grundy: Some(g.0),
                    }],
                    grundy: g.0,
                }),
                infinite => Err(GameError::Unsupported(format!(
                    "the move to {} leads to value {infinite}: a finite value next to ∞ options is Smith's, not a plain mex",
                    game.file.id(w)
                ))),
            })
            .collect()
    }

    fn moves(&self, position: &str) -> Result<Vec<String>, GameError> {
        let game = GameGraph::read(&[position])?;
        let token = game.single_token(position)?;
        Ok(game
            .followers(token)
            .into_iter()
            .map(|w| game.file.vertex_text(w))
            .collect())
    }

    fn has_moves(&self, position: &str) -> Result<bool, GameError> {
        let game = GameGraph::read(&[position])?;
        Ok(!game.followers(game.single_token(position)?).is_empty())
    }

    /// `to` is the vertex the token `component` moves to (a move `u v` of the file).
    fn apply_move(
        &self,
        positions: &[&str],
        component: usize,
        to: &str,
    ) -> Result<Vec<String>, GameError> {
        let game = GameGraph::read(positions)?;
        let mut next: Vec<String> = game
            .starts
            .iter()
            .map(|&s| game.token_position(positions[0], s))
            .collect();
        let refs: Vec<&str> = next.iter().map(String::as_str).collect();
        component_at(&refs, component)?;
        let token = game.starts[component];
        let target = crate::numeric::number::parse_u64_expr(to)
            .ok()
            .and_then(|id| game.file.index_of(id))
            .filter(|w| game.followers(token).contains(w))
            .ok_or_else(|| {
                GameError::bad_position(
                    to,
                    format!(
                        "the token at {} cannot move there: no move `{} {}` in the file",
                        game.file.id(token),
                        game.file.id(token),
                        to.trim()
                    ),
                )
            })?;
        next[component] = game.token_position(positions[0], target);
        Ok(next)
    }

    fn outcome(&self, positions: &[&str], play: Play) -> Result<Winner, GameError> {
        normal_play_only(play)?;
        Ok(outcome(&GameGraph::read(positions)?.total()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_need_a_start() {
        let file = GraphFile::parse("0 1\n", "@g").unwrap();
        assert!(file.starts.is_empty());
        assert!(LoopyGraph.solve(&["3"], Play::Normal).is_err());
        assert!(LoopyGraph.solve(&[], Play::Normal).is_err());
    }
}
