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
use crate::impartial::games::geography::{
    misere_refusal, no_values, single, solve_from, solve_walk, solved, Answer,
};
use crate::impartial::ruleset::{write_parts, GameValue, Ruleset, Solved, Winner};
use crate::limits::check_memory;
use crate::numeric::number::parse_u64_expr;
use std::fmt::{self, Display};
use std::hash::{Hash, Hasher};
use std::str::FromStr;

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

    /// Checks that `(r, c)`, written `text`, is on the board.
    fn check_cell(&self, (r, c): (u64, u64), text: &str) -> Result<(), GameError> {
        if r >= self.rows || c >= self.cols {
            return Err(GameError::bad_position(
                text,
                format!(
                    "outside the {} × {} board (rows 0..{}, columns 0..{})",
                    self.rows,
                    self.cols,
                    self.rows - 1,
                    self.cols - 1
                ),
            ));
        }
        Ok(())
    }

    /// The cells next to `(r, c)` in the graph's order (up, left, right, down).
    fn neighbours(&self, (r, c): (u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        let (rows, cols) = (self.rows, self.cols);
        [
            (r > 0).then(|| (r.wrapping_sub(1), c)),
            (c > 0).then(|| (r, c.wrapping_sub(1))),
            (c + 1 < cols).then_some((r, c + 1)),
            (r + 1 < rows).then_some((r + 1, c)),
        ]
        .into_iter()
        .flatten()
    }

    /// The unvisited cells next to the piece: the walk's moves, without building the graph.
    fn moves(&self, walk: &GridWalk) -> Vec<(u64, u64)> {
        let current = *walk.cells.last().expect("a walk has at least its start");
        self.neighbours(current)
            .filter(|cell| !walk.cells.contains(cell))
            .collect()
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

    /// Who wins after the walk `path`, and every winning move: the snake matching, kept
    /// maximum while the visited cells are deleted.
    fn solve_path(&self, path: &[u32]) -> Result<Answer, GameError> {
        let graph = self.graph()?;
        let mut matcher = Matcher::with_pairs(&graph, &self.snake_pairs())?;
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

/// A position of geography on a board: the start `r,c`, or the walk so far `r,c/r,c/…`
/// (what `play` leaves), 0-based row and column. Equal positions are the same walk, however
/// written; it is written back as given.
#[derive(Clone, Debug)]
pub struct GridWalk {
    cells: Vec<(u64, u64)>,
    text: String,
}

impl GridWalk {
    /// The cell index of each step on `grid`.
    fn path(&self, grid: &GeographyGrid) -> Vec<u32> {
        self.cells.iter().map(|&(r, c)| grid.cell(r, c)).collect()
    }

    /// The walk one step further, to `cell`.
    fn to(&self, (r, c): (u64, u64)) -> GridWalk {
        let mut cells = self.cells.clone();
        cells.push((r, c));
        GridWalk {
            cells,
            text: format!("{}/{r},{c}", self.text),
        }
    }
}

impl PartialEq for GridWalk {
    fn eq(&self, other: &GridWalk) -> bool {
        self.cells == other.cells
    }
}

impl Eq for GridWalk {}

impl Hash for GridWalk {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

impl Display for GridWalk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Parses one cell `r,c`; errors name the cell.
fn parse_cell(text: &str) -> Result<(u64, u64), GameError> {
    let bad = |reason: String| GameError::bad_position(text, reason);
    let (r, c) = text
        .split_once(',')
        .ok_or_else(|| bad("expected a cell `r,c` (0-based row and column)".into()))?;
    let r = parse_u64_expr(r).map_err(|e| bad(format!("row {e}")))?;
    let c = parse_u64_expr(c).map_err(|e| bad(format!("column {e}")))?;
    Ok((r, c))
}

/// The syntax of a walk; [`Ruleset::check`] puts it on a board.
impl FromStr for GridWalk {
    type Err = GameError;

    fn from_str(text: &str) -> Result<GridWalk, GameError> {
        let text = text.trim();
        Ok(GridWalk {
            cells: text.split('/').map(parse_cell).collect::<Result<_, _>>()?,
            text: text.to_string(),
        })
    }
}

impl Ruleset for GeographyGrid {
    type Position = GridWalk;

    fn spec(&self) -> String {
        format!("geography-grid:{},{}", self.rows, self.cols)
    }

    /// No position: the piece starts in the corner `0,0`.
    fn read_nothing(&self) -> Result<Vec<GridWalk>, GameError> {
        Ok(vec!["0,0".parse()?])
    }

    /// Every cell on the board, each step to an unvisited neighbour (no graph is built: a
    /// cell's neighbours are arithmetic).
    fn check(&self, walk: &GridWalk) -> Result<(), GameError> {
        for (&cell, text) in walk.cells.iter().zip(walk.text.split('/')) {
            self.check_cell(cell, text)?;
        }
        for (i, pair) in walk.cells.windows(2).enumerate() {
            let adjacent = self.neighbours(pair[0]).any(|n| n == pair[1]);
            if !adjacent || walk.cells[..=i].contains(&pair[1]) {
                return Err(GameError::bad_position(
                    &walk.text,
                    format!(
                        "step {} of the path is not a move to an unvisited neighbour",
                        i + 1
                    ),
                ));
            }
        }
        Ok(())
    }

    fn value(&self, _walk: &GridWalk) -> Result<GameValue, GameError> {
        Err(no_values())
    }

    fn options(&self, walk: &GridWalk) -> Result<Vec<Vec<GridWalk>>, GameError> {
        Ok(self
            .moves(walk)
            .into_iter()
            .map(|cell| vec![walk.to(cell)])
            .collect())
    }

    fn options_refusal(&self, _walk: &GridWalk) -> Option<GameError> {
        Some(no_values())
    }

    /// `to` is an adjacent unvisited cell `r,c`.
    fn read_move(
        &self,
        from: &GridWalk,
        _component: usize,
        to: &str,
    ) -> Result<Vec<GridWalk>, GameError> {
        let cell = parse_cell(to)?;
        self.check_cell(cell, to)?;
        if !self.moves(from).contains(&cell) {
            return Err(GameError::bad_position(
                to,
                "not an unvisited cell next to the piece",
            ));
        }
        Ok(vec![from.to(cell)])
    }

    /// A move is written as the cell the piece moves to.
    fn write_move(&self, _from: &GridWalk, to: &[GridWalk]) -> String {
        match to {
            [walk] => {
                let (r, c) = walk.cells[walk.cells.len() - 1];
                format!("{r},{c}")
            }
            _ => write_parts(to),
        }
    }

    /// One start cell: the snake matching of the whole board; a walk: the same matching,
    /// repaired as the visited cells are deleted.
    fn solve(&self, sum: &[GridWalk]) -> Result<Solved<GridWalk>, GameError> {
        let walk = single(sum)?;
        let answer = match walk.path(self)[..] {
            [start] => self.solve_cell(start)?,
            ref path => self.solve_path(path)?,
        };
        let cols = self.cols;
        Ok(solved(walk.to_string(), answer, |v| {
            walk.to((v as u64 / cols, v as u64 % cols))
        }))
    }

    /// A start cell by the closed form (no graph); a walk by [`Ruleset::solve`].
    fn outcome(&self, sum: &[GridWalk]) -> Result<Winner, GameError> {
        let walk = single(sum)?;
        match walk.path(self)[..] {
            [start] => Ok(self.winner(start)),
            _ => Ok(self.solve(sum)?.winner),
        }
    }

    fn misere_refusal(&self) -> GameError {
        misere_refusal()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::games::geography::tests::brute_answer;
    use crate::impartial::text::Text;

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
            let family = Text(GeographyGrid::new(n, n));
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
        let grid = Text(GeographyGrid::new(3, 4));
        let err = |text: &str| grid.solve(&[text], Play::Normal).unwrap_err().to_string();
        assert!(
            err("3,0").contains("`3,0`: outside the 3 × 4 board"),
            "{}",
            err("3,0")
        );
        assert!(err("1").contains("expected a cell `r,c`"), "{}", err("1"));
        assert!(
            err("0,0/1,1").contains("step 1 of the path"),
            "{}",
            err("0,0/1,1")
        );
        assert!(err("0,0/0,1/0,0").contains("step 2 of the path"));
        assert_eq!(
            grid.rules().moves(&"2,3".parse().unwrap()),
            [(1, 3), (2, 2)]
        );
        assert!(grid.solve(&["0,0", "1,1"], Play::Normal).is_err());
        // Play: a move to an adjacent unvisited cell extends the walk as written.
        let after = grid.apply_move(&["0,0"], 0, "0,1").unwrap();
        assert_eq!(after, ["0,0/0,1"]);
        let err = grid.apply_move(&["0,0/0,1"], 0, "0,0").unwrap_err();
        assert!(err.to_string().contains("not an unvisited cell"), "{err}");
        assert_eq!(grid.moves("0,0/0,1").unwrap(), ["0,2", "1,1"]);
    }
}
