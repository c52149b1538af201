//! Geography on an `N × M` board (`geography-grid:N,M`): the piece starts on a cell (default
//! the corner `0,0`) and moves to an edge-adjacent unvisited cell; who cannot move loses.
//!
//! This is undirected vertex geography on the grid graph, solved by the matching theorem of
//! [`geography`](super::geography). A grid needs no general matching pass: the boustrophedon
//! order (row 0 left to right, row 1 right to left, …) is a Hamiltonian path, so pairing
//! consecutive cells along it is a maximum matching (`⌊NM/2⌋` pairs). What is left is a few
//! augmenting-path searches, each linear in the board, so 1000 × 1000 answers at once.
//!
//! Outcomes alone (`batch`) have a closed form, checked against the matching solver on every
//! cell of every board up to 9 × 9: with `NM` even the snake is a perfect matching, so every
//! cell is in every maximum matching and the first player wins; with `NM` odd a maximum
//! matching saturates the `(NM−1)/2` cells with `r + c` odd (the minority colour), so from those
//! the first player wins, while removing a majority cell leaves a board with a perfect
//! matching (a domino tiling), so from those the first player loses.

use crate::error::GameError;
use crate::graph::matching::{Graph, Matcher};
use crate::impartial::family::{
    component_at, Family, GameValue, OptionReport, Play, Solution, Winner,
};
use crate::impartial::games::geography::{
    check_walk, no_values, report, single_normal_position, solve_from, solve_walk, walk_moves,
    Answer,
};
use crate::limits::check_memory;
use crate::numeric::number::parse_u64_expr;

/// Largest board, in cells: adjacency offsets are u32 (four entries per cell).
pub const MAX_CELLS: u64 = 1 << 30;

/// Bytes per cell: adjacency (about 20) plus the matcher's arrays (about 26).
const BYTES_PER_CELL: u128 = 48;

/// The `N × M` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeographyGrid {
    rows: u64,
    cols: u64,
}

impl GeographyGrid {
    /// Parses `N,M` (or `N` for a square board).
    pub fn parse(args: &str, spec: &str) -> Result<GeographyGrid, GameError> {
        let bad = |reason: String| GameError::bad_spec(spec, reason);
        let size = |t: &str| match parse_u64_expr(t) {
            Ok(0) => Err(bad("a board side must be at least 1".into())),
            Ok(n) => Ok(n),
            Err(e) => Err(bad(format!("board side `{}` {e}", t.trim()))),
        };
        let (rows, cols) = match args.split_once(',') {
            Some((r, c)) => (size(r)?, size(c)?),
            None if args.is_empty() => {
                return Err(bad("give the board size, e.g. `geography-grid:8,8`".into()))
            }
            None => (size(args)?, size(args)?),
        };
        match rows.checked_mul(cols) {
            Some(cells) if cells <= MAX_CELLS => Ok(GeographyGrid { rows, cols }),
            _ => Err(GameError::TooLarge(format!(
                "a {rows} × {cols} board has more than {MAX_CELLS} cells"
            ))),
        }
    }

    /// The `rows × cols` board.
    pub fn new(rows: u32, cols: u32) -> GeographyGrid {
        GeographyGrid {
            rows: rows as u64,
            cols: cols as u64,
        }
    }

    fn cells(&self) -> u64 {
        self.rows * self.cols
    }

    fn cell(&self, r: u64, c: u64) -> u32 {
        (r * self.cols + c) as u32
    }

    fn describe(&self, v: u32) -> String {
        let v = v as u64;
        format!("{},{}", v / self.cols, v % self.cols)
    }

    /// Parses a position `r,c` (0-based row and column).
    fn parse_cell(&self, text: &str) -> Result<u32, GameError> {
        let bad = |reason: String| GameError::bad_position(text, reason);
        let (r, c) = text
            .split_once(',')
            .ok_or_else(|| bad("expected a cell `r,c` (0-based row and column)".into()))?;
        let r = parse_u64_expr(r).map_err(|e| bad(format!("row {e}")))?;
        let c = parse_u64_expr(c).map_err(|e| bad(format!("column {e}")))?;
        if r >= self.rows || c >= self.cols {
            return Err(bad(format!(
                "outside the {} × {} board (rows 0..{}, columns 0..{})",
                self.rows,
                self.cols,
                self.rows - 1,
                self.cols - 1
            )));
        }
        Ok(self.cell(r, c))
    }

    /// The grid graph, its adjacency lists built directly in sorted order (up, left, right,
    /// down).
    pub fn graph(&self) -> Result<Graph, GameError> {
        check_memory(
            &format!("a {} × {} board", self.rows, self.cols),
            self.cells() as u128 * BYTES_PER_CELL,
        )?;
        let mut offsets = Vec::with_capacity(self.cells() as usize + 1);
        let mut targets = Vec::with_capacity(self.cells() as usize * 4);
        offsets.push(0u32);
        for r in 0..self.rows {
            for c in 0..self.cols {
                if r > 0 {
                    targets.push(self.cell(r - 1, c));
                }
                if c > 0 {
                    targets.push(self.cell(r, c - 1));
                }
                if c + 1 < self.cols {
                    targets.push(self.cell(r, c + 1));
                }
                if r + 1 < self.rows {
                    targets.push(self.cell(r + 1, c));
                }
                offsets.push(targets.len() as u32);
            }
        }
        Ok(Graph::from_compressed(offsets, targets))
    }

    /// A maximum matching: consecutive cells of the boustrophedon Hamiltonian path.
    pub fn snake_pairs(&self) -> Vec<(u32, u32)> {
        let along = |k: u64| {
            let (r, i) = (k / self.cols, k % self.cols);
            let c = if r % 2 == 0 { i } else { self.cols - 1 - i };
            self.cell(r, c)
        };
        (0..self.cells() / 2)
            .map(|p| (along(2 * p), along(2 * p + 1)))
            .collect()
    }

    /// A walk `r,c/r,c/…` (one cell is the start alone), checked cell by cell.
    fn parse_walk(&self, graph: &Graph, text: &str) -> Result<Vec<u32>, GameError> {
        let path = text
            .split('/')
            .map(|cell| self.parse_cell(cell))
            .collect::<Result<Vec<u32>, _>>()?;
        check_walk(graph, &path, text)?;
        Ok(path)
    }

    /// Who wins after the walk `path`, and every winning move: the snake matching, kept
    /// maximum while the visited cells are deleted.
    fn solve_path(&self, graph: &Graph, path: &[u32]) -> Result<Answer, GameError> {
        let mut matcher = Matcher::with_pairs(graph, &self.snake_pairs())?;
        Ok(solve_walk(&mut matcher, path))
    }

    /// Who wins from cell `start`, by the closed form (module docs).
    pub fn winner(&self, start: u32) -> Winner {
        let (r, c) = (start as u64 / self.cols, start as u64 % self.cols);
        if self.cells() % 2 == 0 || (r + c) % 2 == 1 {
            Winner::First
        } else {
            Winner::Second
        }
    }

    /// Who wins from cell `start`, and every winning first move.
    pub fn solve_cell(&self, start: u32) -> Result<Answer, GameError> {
        let graph = self.graph()?;
        let mut matcher = Matcher::with_pairs(&graph, &self.snake_pairs())?;
        Ok(solve_from(&mut matcher, start))
    }
}

impl Family for GeographyGrid {
    fn spec(&self) -> String {
        format!("geography-grid:{},{}", self.rows, self.cols)
    }

    fn layout(&self) -> crate::impartial::family::Layout {
        crate::impartial::family::Layout::Sum
    }

    /// POSITION is the start `r,c`, or the walk so far `r,c/r,c/…` (what `play` leaves).
    fn solve(&self, positions: &[&str], play: Play) -> Result<Solution, GameError> {
        let position = single_normal_position(positions, play, Some("0,0"))?;
        if !position.contains('/') {
            let answer = self.solve_cell(self.parse_cell(position)?)?;
            return Ok(report(position, answer, |v| self.describe(v)));
        }
        let graph = self.graph()?;
        let path = self.parse_walk(&graph, position)?;
        let answer = self.solve_path(&graph, &path)?;
        Ok(report(position, answer, |v| self.describe(v)))
    }

    fn value(&self, _position: &str) -> Result<GameValue, GameError> {
        Err(no_values())
    }

    fn outcome(&self, positions: &[&str], play: Play) -> Result<Winner, GameError> {
        let position = single_normal_position(positions, play, Some("0,0"))?;
        if position.contains('/') {
            return Ok(self.solve(positions, play)?.winner);
        }
        Ok(self.winner(self.parse_cell(position)?))
    }

    fn options(&self, _position: &str) -> Result<Vec<OptionReport>, GameError> {
        Err(no_values())
    }

    fn moves(&self, position: &str) -> Result<Vec<String>, GameError> {
        let graph = self.graph()?;
        let path = self.parse_walk(&graph, position)?;
        Ok(walk_moves(&graph, &path)
            .into_iter()
            .map(|v| self.describe(v))
            .collect())
    }

    fn has_moves(&self, position: &str) -> Result<bool, GameError> {
        Ok(!self.moves(position)?.is_empty())
    }

    /// `to` is an adjacent unvisited cell `r,c`; the position becomes the walk `…/r,c`.
    fn apply_move(
        &self,
        positions: &[&str],
        component: usize,
        to: &str,
    ) -> Result<Vec<String>, GameError> {
        let position = component_at(positions, component)?.trim();
        let target = self.parse_cell(to)?;
        let graph = self.graph()?;
        let path = self.parse_walk(&graph, position)?;
        if !walk_moves(&graph, &path).contains(&target) {
            return Err(GameError::bad_position(
                to,
                "not an unvisited cell next to the piece",
            ));
        }
        Ok(vec![format!("{position}/{}", self.describe(target))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::games::geography::tests::brute_answer;

    #[test]
    fn small_boards_match_brute_force_from_every_cell() {
        for rows in 1..=4u32 {
            for cols in 1..=4u32 {
                if rows * cols > 12 {
                    continue;
                }
                let grid = GeographyGrid::new(rows, cols);
                let graph = grid.graph().unwrap();
                let adjacency: Vec<Vec<u32>> = (0..rows * cols)
                    .map(|v| graph.neighbours(v).to_vec())
                    .collect();
                for start in 0..rows * cols {
                    assert_eq!(
                        grid.solve_cell(start).unwrap(),
                        brute_answer(&adjacency, start),
                        "{rows}×{cols} from {start}"
                    );
                }
            }
        }
    }

    #[test]
    fn snake_is_a_maximum_matching_and_the_colour_rule_holds() {
        for rows in 1..=9u32 {
            for cols in 1..=9u32 {
                let grid = GeographyGrid::new(rows, cols);
                let graph = grid.graph().unwrap();
                let pairs = grid.snake_pairs();
                let matcher = Matcher::with_pairs(&graph, &pairs).unwrap();
                assert_eq!(matcher.size() as u32, rows * cols / 2);
                for r in 0..rows {
                    for c in 0..cols {
                        let start = grid.cell(r as u64, c as u64);
                        let answer = grid.solve_cell(start).unwrap();
                        assert_eq!(
                            answer.winner,
                            grid.winner(start),
                            "{rows}×{cols} from {r},{c}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_board_from_the_source_documents() {
        // n × n from the corner: the first player wins iff n is even.
        for n in 1..=9u32 {
            let family = GeographyGrid::new(n, n);
            let s = family.solve(&[], Play::Normal).unwrap();
            let expected = if n % 2 == 0 {
                Winner::First
            } else {
                Winner::Second
            };
            assert_eq!(s.winner, expected, "{n}×{n}");
        }
    }

    #[test]
    fn bad_specs_and_cells() {
        assert!(GeographyGrid::parse("", "geography-grid").is_err());
        assert!(GeographyGrid::parse("0,3", "g").is_err());
        assert!(GeographyGrid::parse("x,3", "g").is_err());
        let huge = GeographyGrid::parse("10^9,10^9", "g")
            .unwrap_err()
            .to_string();
        assert!(huge.contains("refused"), "{huge}");
        assert_eq!(
            GeographyGrid::parse("5", "g").unwrap(),
            GeographyGrid::new(5, 5)
        );
        let grid = GeographyGrid::new(3, 4);
        assert!(grid.parse_cell("3,0").is_err());
        assert!(grid.parse_cell("1").is_err());
        assert_eq!(grid.parse_cell("2,3").unwrap(), 11);
        assert!(grid.solve(&["0,0", "1,1"], Play::Normal).is_err());
    }
}
