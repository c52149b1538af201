//! The `@FILE` edge-list format shared by the graph families (`hackenbush`, `geography`,
//! `graph`).
//!
//! One item per line: an edge `u v` (non-negative integer vertex ids, as in `10^18`), or
//! `start S` (where the token starts, for the families that have one). `#` starts a comment;
//! blank lines are ignored. A malformed line is an error naming its line number.
//!
//! Vertex ids are arbitrary u64s, so they are relabelled densely (`0..vertex_count`, in order
//! of first appearance): a file mentioning vertex 10^18 costs nothing more than one mentioning
//! vertex 1. Each family interprets the edges (undirected for Hackenbush and geography,
//! directed moves for `graph`) and checks the `start` lines it needs.

use crate::error::GameError;
use crate::limits::{human_bytes, Budget};
use crate::numeric::number::parse_u64_expr;
use std::collections::HashMap;
use std::io::Read;

/// One edge line of the file, with dense vertex indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileEdge {
    /// 1-based line number in the file (for reports and errors).
    pub line: usize,
    /// The tail vertex (dense id).
    pub from: u32,
    /// The head vertex (dense id).
    pub to: u32,
}

/// One `start S` line, with the dense index of `S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileStart {
    /// The line of the file that names it, for messages.
    pub line: usize,
    /// The vertex (dense id).
    pub vertex: u32,
}

/// A parsed graph file.
///
/// ```
/// use grundy::graph::file::GraphFile;
/// let file = GraphFile::parse("10 20\n20 30  # a comment\nstart 10\n", "example")?;
/// assert_eq!((file.vertex_count(), file.edges.len()), (3, 2));
/// assert_eq!(file.id(file.starts[0].vertex), 10);
/// # Ok::<(), grundy::GameError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct GraphFile {
    /// The position text it came from (`@g.txt`), for messages.
    pub name: String,
    /// Edge lines, in file order.
    pub edges: Vec<FileEdge>,
    /// `start` lines, in file order.
    pub starts: Vec<FileStart>,
    /// `ids[i]` is the vertex id the file used for dense index `i`.
    pub ids: Vec<u64>,
    index: HashMap<u64, u32>,
}

/// Bytes of working memory per byte of file we allow for (relabelling map, edge lists).
const BYTES_PER_FILE_BYTE: u128 = 16;

impl GraphFile {
    /// How many distinct vertices the file names.
    pub fn vertex_count(&self) -> usize {
        self.ids.len()
    }

    /// The dense index of vertex id `id`, if the file mentions it.
    pub fn index_of(&self, id: u64) -> Option<u32> {
        self.index.get(&id).copied()
    }

    /// The original id of dense vertex `v`.
    pub fn id(&self, v: u32) -> u64 {
        self.ids[v as usize]
    }

    /// Reads the file named by a position `@FILE`.
    pub fn read(position: &str) -> Result<GraphFile, GameError> {
        let path = position.strip_prefix('@').ok_or_else(|| {
            GameError::bad_position(
                position,
                "graph positions are files: write `@FILE` (one edge `u v` per line)",
            )
        })?;
        if path.is_empty() {
            return Err(GameError::bad_position(position, "no file name after `@`"));
        }
        let unreadable = |e: std::io::Error| {
            GameError::bad_position(position, format!("cannot read `{path}`: {e}"))
        };
        let size = std::fs::metadata(path).map_err(unreadable)?.len();
        let budget = Budget::current();
        budget.check(
            &format!("reading `{path}`"),
            size as u128 * BYTES_PER_FILE_BYTE,
        )?;
        // The size is only a hint (a device such as /dev/zero says 0 and never ends): read at
        // most what the budget allows, and refuse a file that goes on.
        let limit = (budget.bytes as u128 / BYTES_PER_FILE_BYTE) as u64;
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(limit.saturating_add(1)).read_to_end(&mut bytes))
            .map_err(unreadable)?;
        if bytes.len() as u64 > limit {
            return Err(GameError::TooLarge(format!(
                "reading `{path}`: it holds more than {}, and its parsed form would need more than the budget allows, {}",
                human_bytes(limit as u128),
                budget.describe()
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            GameError::bad_position(position, format!("`{path}` is not UTF-8 text"))
        })?;
        GraphFile::parse(&text, position)
    }

    /// Parses the text of a graph file; `name` is used in error messages.
    pub fn parse(text: &str, name: &str) -> Result<GraphFile, GameError> {
        // A byte-order mark (Windows editors write one) is not part of the first line: read
        // as text it made `0 1` an unreadable, invisibly prefixed `0`.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut file = GraphFile {
            name: name.to_string(),
            ..GraphFile::default()
        };
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            // The line is echoed once, cut to 80 characters; the reason names only the word.
            let bad = |reason: String| {
                GameError::bad_position(name, format!("line {line}: `{}`: {reason}", cut(content)))
            };
            let words: Vec<&str> = content.split_ascii_whitespace().collect();
            let vertex = |word: &str| {
                parse_u64_expr(word).map_err(|e| {
                    let why = if e.contains("exceeds") {
                        ": it exceeds 2^64−1"
                    } else {
                        ""
                    };
                    // A long word is already in the echoed line: named by place, not again.
                    let named = match word.chars().count() {
                        n if n > MAX_ECHOED_WORD => {
                            let place = if std::ptr::eq(word, words[0]) {
                                "first"
                            } else {
                                "second"
                            };
                            format!("the {place} word ({n} characters)")
                        }
                        _ => format!("`{word}`"),
                    };
                    bad(format!(
                        "{named} is not a vertex id{why} (a number from 0 to 2^64−1, e.g. 7, 10^6)"
                    ))
                })
            };
            match words.as_slice() {
                [keyword, _] if keyword.eq_ignore_ascii_case("start") && *keyword != "start" => {
                    return Err(bad(format!(
                        "`{keyword}` is not a keyword: write `start` in lower case (`start S`)"
                    )))
                }
                ["start", s] => {
                    let id = vertex(s)?;
                    let vertex = file.intern(id);
                    file.starts.push(FileStart { line, vertex });
                }
                [u, v] => {
                    let (u, v) = (vertex(u)?, vertex(v)?);
                    let (from, to) = (file.intern(u), file.intern(v));
                    file.edges.push(FileEdge { line, from, to });
                }
                _ => {
                    return Err(bad(
                        "expected an edge `u v` (two vertex ids) or `start S`".to_string()
                    ))
                }
            }
        }
        Ok(file)
    }

    /// The dense index of `id`, adding it if new.
    fn intern(&mut self, id: u64) -> u32 {
        let next = self.ids.len() as u32;
        let index = *self.index.entry(id).or_insert(next);
        if index == next {
            self.ids.push(id);
        }
        index
    }

    /// An error about this file as a whole (not one line).
    pub fn error(&self, reason: impl Into<String>) -> GameError {
        GameError::bad_position(&self.name, reason)
    }

    /// The single `start` line a one-token game needs.
    pub(crate) fn single_start(&self) -> Result<u32, GameError> {
        match self.starts.as_slice() {
            [start] => Ok(start.vertex),
            [] => Err(self.error("no `start S` line: say where the token starts")),
            [_, second, ..] => Err(self.error(format!(
                "line {}: a second `start` line; this game has one token",
                second.line
            ))),
        }
    }

    /// Refuses `start` lines in games that have no token.
    pub fn no_start(&self, game: &str) -> Result<(), GameError> {
        match self.starts.first() {
            None => Ok(()),
            Some(start) => Err(self.error(format!(
                "line {}: `{game}` files have no `start` line",
                start.line
            ))),
        }
    }

    /// The `to` text of a move: the original id of dense vertex `v`.
    pub(crate) fn vertex_text(&self, v: u32) -> String {
        self.id(v).to_string()
    }

    /// The dense vertex a move names by its id (`7`, `2^3`), if the file has it: the inverse
    /// of [`GraphFile::vertex_text`].
    pub(crate) fn vertex_named(&self, text: &str) -> Option<u32> {
        parse_u64_expr(text).ok().and_then(|id| self.index_of(id))
    }

    /// The edges as pairs of dense vertices, in file order.
    pub(crate) fn edge_pairs(&self) -> Vec<(u32, u32)> {
        self.edges.iter().map(|e| (e.from, e.to)).collect()
    }
}

/// The longest word an error quotes beside its line; a longer one is named by its place.
const MAX_ECHOED_WORD: usize = 24;

/// `text` cut to its first 80 characters (with `…` when cut), so that an error echoing a
/// long line stays one readable line.
fn cut(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A position `@FILE#KEY=V1,V2,…`: the file, and the list after `#KEY=` if present. Families
/// use one key each to write the state play leaves (`hackenbush`: `cut` lines; `geography`:
/// the `path` so far; `graph`: the tokens, `at`), so that any position reached in play is
/// again a position of the family, readable by `solve` and `explain`.
pub(crate) fn read_state(
    position: &str,
    key: &str,
) -> Result<(GraphFile, Option<Vec<u64>>), GameError> {
    let marker = format!("#{key}=");
    let Some((file, list)) = position.rsplit_once(&marker) else {
        return Ok((GraphFile::read(position)?, None));
    };
    let values = list
        .split(',')
        .map(|v| {
            parse_u64_expr(v).map_err(|e| {
                GameError::bad_position(position, format!("`{marker}` entry `{v}` {e}"))
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let mut graph = GraphFile::read(file)?;
    graph.name = position.to_string();
    Ok((graph, Some(values)))
}

/// `@FILE#KEY=V1,V2`: the inverse of [`read_state`].
pub(crate) fn write_state(file: &str, key: &str, values: &[u64]) -> String {
    let base = file
        .split_once(&format!("#{key}="))
        .map_or(file, |(f, _)| f);
    let list: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("{base}#{key}={}", list.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_line() {
        let plain = "0 1\r\n1 2\r\nstart 1\r\n";
        let marked = format!("\u{feff}{plain}");
        let (plain, marked) = (
            GraphFile::parse(plain, "@p").unwrap(),
            GraphFile::parse(&marked, "@m").unwrap(),
        );
        assert_eq!(marked.ids, [0, 1, 2]);
        assert_eq!(marked.ids, plain.ids);
        assert_eq!(marked.edges, plain.edges);
        assert_eq!(marked.starts, plain.starts);
        // Only a leading mark: one inside a line is still refused.
        assert!(GraphFile::parse("0 1\n\u{feff}1 2\n", "@x").is_err());
    }

    #[test]
    fn parses_edges_starts_and_comments() {
        let text = "# a triangle\nstart 7\n\n7 1000000000000000000  # big id\n1000000000000000000 3\n3 7\n";
        let file = GraphFile::parse(text, "@t").unwrap();
        assert_eq!(file.vertex_count(), 3);
        assert_eq!(file.ids, [7, 1_000_000_000_000_000_000, 3]);
        assert_eq!(file.starts, [FileStart { line: 2, vertex: 0 }]);
        assert_eq!(
            file.edges,
            [
                FileEdge {
                    line: 4,
                    from: 0,
                    to: 1
                },
                FileEdge {
                    line: 5,
                    from: 1,
                    to: 2
                },
                FileEdge {
                    line: 6,
                    from: 2,
                    to: 0
                },
            ]
        );
        assert_eq!(file.single_start().unwrap(), 0);
        assert_eq!(file.index_of(3), Some(2));
        assert!(file.no_start("hackenbush").is_err());
    }

    #[test]
    fn malformed_lines_name_their_number() {
        for (text, needle) in [
            ("1 2\n3\n", "line 2"),
            ("1 2\n\n# c\n1 x\n", "line 4"),
            ("1 2 3\n", "line 1"),
            ("1 -2\n", "line 1"),
            ("0 18446744073709551616\n", "exceeds"),
            ("start\n", "line 1"),
            (
                "START 0\n",
                "`START` is not a keyword: write `start` in lower case",
            ),
        ] {
            let err = GraphFile::parse(text, "@g").unwrap_err().to_string();
            assert!(
                err.contains(needle) && err.contains("@g"),
                "{text:?}: {err}"
            );
        }
    }

    /// Issue 20: a long line is echoed once, cut at 80 characters.
    #[test]
    fn a_long_line_is_echoed_once_and_cut() {
        let long = format!("1 {}\n", "9".repeat(500));
        let err = GraphFile::parse(&long, "@g").unwrap_err().to_string();
        assert!(err.chars().filter(|&c| c == '9').count() <= 2 * 80, "{err}");
        assert!(err.len() < 300 && err.contains('…'), "{err}");
        assert!(err.contains("exceeds 2^64−1"), "{err}");
    }

    #[test]
    fn positions_must_be_files() {
        assert!(GraphFile::read("3")
            .unwrap_err()
            .to_string()
            .contains("@FILE"));
        assert!(GraphFile::read("@").is_err());
        let missing = GraphFile::read("@/no/such/file").unwrap_err().to_string();
        assert!(missing.contains("cannot read"), "{missing}");
    }

    #[test]
    fn start_lines_are_checked() {
        let none = GraphFile::parse("1 2\n", "@g").unwrap();
        assert!(none
            .single_start()
            .unwrap_err()
            .to_string()
            .contains("no `start"));
        let two = GraphFile::parse("start 1\nstart 2\n", "@g").unwrap();
        assert!(two
            .single_start()
            .unwrap_err()
            .to_string()
            .contains("line 2"));
        assert!(none.no_start("hackenbush").is_ok());
    }
}
