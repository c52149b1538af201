//! Boards of at most 64 cells as bitmasks (bit `row * width + col`), shared by Domineering,
//! Clobber and Konane: the `|`-separated row notation, 4-neighbourhoods, connected regions,
//! cropping and the eight symmetries of the rectangle.
//!
//! Masks make the move generators and the region split a handful of shifts, which is what the
//! Domineering performance targets need.

use crate::error::GameError;

/// The most cells a board may have (one `u64` mask).
pub const MAX_CELLS: usize = 64;

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dims {
    /// Cells per row.
    pub width: u8,
    /// Rows.
    pub height: u8,
}

impl Dims {
    /// The number of cells.
    pub fn cells(self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// Every cell of the board.
    pub fn full(self) -> u64 {
        match self.cells() {
            64 => u64::MAX,
            n => (1u64 << n) - 1,
        }
    }

    /// The cells of column `col`.
    fn column(self, col: u32) -> u64 {
        (0..self.height as u32).fold(0, |m, r| m | 1 << (r * self.width as u32 + col))
    }

    /// Cells with a neighbour to their right (not in the last column).
    pub fn not_last_column(self) -> u64 {
        self.full() & !self.column(self.width as u32 - 1)
    }

    /// Cells orthogonally adjacent to some cell of `mask`.
    pub fn neighbours(self, mask: u64) -> u64 {
        let w = self.width as u32;
        let inner = self.not_last_column();
        let right = (mask & inner) << 1;
        let left = (mask >> 1) & inner;
        (right | left | mask << w | mask >> w) & self.full()
    }

    /// Whether `mask` meets all four sides of the board (its bounding box is the board).
    pub fn spans(self, mask: u64) -> bool {
        let w = self.width as u32;
        let first_row = u64::MAX.checked_shr(64 - w).unwrap_or(0);
        let last_row = first_row << (w * (self.height as u32).saturating_sub(1));
        let first_column = self.column(0);
        let last_column = first_column << w.saturating_sub(1);
        [first_row, last_row, first_column, last_column]
            .iter()
            .all(|&side| mask & side != 0)
    }

    /// Whether `mask` is one nonempty 4-connected region.
    pub fn connected(self, mask: u64) -> bool {
        mask != 0 && self.flood(mask & mask.wrapping_neg(), mask) == mask
    }

    /// The cells of `mask` 4-connected to `seed` (within `mask`).
    fn flood(self, mut region: u64, mask: u64) -> u64 {
        loop {
            let grown = region | (self.neighbours(region) & mask);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The 4-connected regions of `mask`, each a mask.
    pub fn regions(self, mut mask: u64) -> Vec<u64> {
        let mut regions = Vec::new();
        while mask != 0 {
            let region = self.flood(mask & mask.wrapping_neg(), mask);
            regions.push(region);
            mask &= !region;
        }
        regions
    }

    /// The board cropped to the bounding box of `cover`, with every layer carried over.
    pub fn crop<const N: usize>(self, cover: u64, layers: [u64; N]) -> (Dims, [u64; N]) {
        if cover == 0 {
            return (
                Dims {
                    width: 0,
                    height: 0,
                },
                [0; N],
            );
        }
        let w = self.width as u32;
        let row_mask = u64::MAX.checked_shr(64 - w).unwrap_or(0);
        let row = |layer: u64, r: u32| (layer >> (r * w)) & row_mask;
        let mut occupied = (0..self.height as u32).filter(|&r| row(cover, r) != 0);
        let r0 = occupied.next().expect("a nonempty cover has a row");
        let r1 = occupied.next_back().unwrap_or(r0);
        let columns = (r0..=r1).fold(0, |m, r| m | row(cover, r));
        let c0 = columns.trailing_zeros();
        let dims = Dims {
            width: (u64::BITS - columns.leading_zeros() - c0) as u8,
            height: (r1 - r0 + 1) as u8,
        };
        // Whole rows are shifted at once: no per-cell division by the width.
        let mut out = [0; N];
        for (o, layer) in out.iter_mut().zip(layers) {
            for r in r0..=r1 {
                *o |= (row(layer, r) >> c0) << ((r - r0) * dims.width as u32);
            }
        }
        (dims, out)
    }

    /// The board under symmetry `s` (bit 0: mirror left–right, bit 1: mirror top–bottom,
    /// bit 2: transpose afterwards).
    pub fn transform<const N: usize>(self, s: u8, layers: [u64; N]) -> (Dims, [u64; N]) {
        let (w, h) = (self.width as u32, self.height as u32);
        let dims = if s & 4 == 0 {
            self
        } else {
            Dims {
                width: self.height,
                height: self.width,
            }
        };
        let row_mask = u64::MAX.checked_shr(64 - w).unwrap_or(0);
        let mut out = [0; N];
        if s & 4 == 0 {
            // Mirrors move whole rows: a row reversed is its bits reversed.
            for (o, layer) in out.iter_mut().zip(layers) {
                for r in 0..h {
                    let mut row = (layer >> (r * w)) & row_mask;
                    if s & 1 != 0 {
                        row = row.reverse_bits() >> (64 - w);
                    }
                    let to = if s & 2 != 0 { h - 1 - r } else { r };
                    *o |= row << (to * w);
                }
            }
            return (dims, out);
        }
        for (o, layer) in out.iter_mut().zip(layers) {
            // Row by row, so that no cell needs a division by the width.
            for (row, r0) in (0..h).map(|r| ((layer >> (r * w)) & row_mask, r)) {
                for c0 in bits(row) {
                    let (mut r, mut c) = (r0, c0);
                    if s & 1 != 0 {
                        c = w - 1 - c;
                    }
                    if s & 2 != 0 {
                        r = h - 1 - r;
                    }
                    if s & 4 != 0 {
                        (r, c) = (c, r);
                    }
                    *o |= 1 << (r * dims.width as u32 + c);
                }
            }
        }
        (dims, out)
    }
}

/// The indices of the set bits of `mask`, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}

/// A board written by its size, `ROWSxCOLUMNS` (`3x4`, also `3X4` or `3×4`): `None` when
/// `text` is not of that form, an error when the size has no cells or more than [`MAX_CELLS`].
/// Each game says which board a size stands for (Domineering: empty; Clobber: the
/// checkerboard it starts from).
pub fn parse_size(text: &str) -> Option<Result<Dims, GameError>> {
    let t = text.trim();
    let (rows, cols) = t.split_once(['x', 'X', '×']).filter(|(r, c)| {
        [r, c]
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    })?;
    let bad = |reason: String| GameError::bad_position(text, reason);
    let size = |p: &str| p.parse::<usize>().unwrap_or(usize::MAX);
    let (height, width) = (size(rows), size(cols));
    Some(match height.checked_mul(width) {
        Some(0) => Err(bad("a board needs at least one row and one column".into())),
        Some(cells) if cells <= MAX_CELLS => Ok(Dims {
            width: width as u8,
            height: height as u8,
        }),
        _ => Err(bad(format!(
            "{rows} rows of {cols} cells is more than {MAX_CELLS} cells; boards have at most {MAX_CELLS}"
        ))),
    })
}

/// The cells of a checkerboard colouring: those whose row + column is even.
pub fn checkerboard(dims: Dims) -> u64 {
    let w = dims.width as u32;
    (0..dims.cells())
        .filter(|b| (b / w + b % w) % 2 == 0)
        .fold(0, |m, b| m | 1 << b)
}

/// Parses rows separated by `|`; `legend` maps each allowed character to the layer it sets
/// (`None`: a cell in no layer, such as an empty or blocked cell).
pub fn parse<const N: usize>(
    text: &str,
    legend: &[(char, Option<usize>)],
) -> Result<(Dims, [u64; N]), GameError> {
    let bad = |reason: String| GameError::bad_position(text, reason);
    if parse_size(text).is_some() {
        let cells: Vec<String> = legend.iter().map(|(k, _)| format!("`{k}`")).collect();
        return Err(bad(format!(
            "a size names no position of this game; write its cells ({}) in rows separated by `|`",
            cells.join(", ")
        )));
    }
    let rows: Vec<&str> = text.trim().split('|').collect();
    let width = rows[0].chars().count();
    if width == 0 {
        return Err(bad(
            "empty row: write the board as rows of cells separated by `|`".into(),
        ));
    }
    if rows.len() * width > MAX_CELLS {
        return Err(bad(format!(
            "{} rows of {width} cells is {} cells; boards have at most {MAX_CELLS}",
            rows.len(),
            rows.len() * width
        )));
    }
    let mut layers = [0u64; N];
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(bad(format!(
                "row {} has {} cells but row 1 has {width}; rows must have equal lengths",
                r + 1,
                row.chars().count()
            )));
        }
        for (c, ch) in row.chars().enumerate() {
            let Some(&(_, layer)) = legend.iter().find(|(k, _)| *k == ch) else {
                let allowed: Vec<String> = legend.iter().map(|(k, _)| format!("`{k}`")).collect();
                return Err(bad(format!(
                    "`{ch}` at row {}, column {}: expected one of {}",
                    r + 1,
                    c + 1,
                    allowed.join(", ")
                )));
            };
            if let Some(layer) = layer {
                layers[layer] |= 1 << (r * width + c);
            }
        }
    }
    let dims = Dims {
        width: width as u8,
        height: rows.len() as u8,
    };
    Ok((dims, layers))
}

/// Writes a board row by row, `|` between rows; `symbol` names each cell by its index.
pub fn format(dims: Dims, symbol: impl Fn(u32) -> char) -> String {
    let w = dims.width as u32;
    let rows: Vec<String> = (0..dims.height as u32)
        .map(|r| (0..w).map(|c| symbol(r * w + c)).collect())
        .collect();
    rows.join("|")
}

/// The smallest of the eight images of a board, by (dims, layers), with the symmetry used:
/// a canonical key for a transposition table. `keep` lists the symmetries allowed.
pub fn smallest_image<const N: usize>(
    dims: Dims,
    layers: [u64; N],
    keep: impl Fn(u8) -> bool,
) -> (Dims, [u64; N], u8) {
    // Images compare by their shape first: only those of the least shape can be the least
    // image, so the others (half of them, for a board that is not square) are never built.
    let shape = |s: u8| {
        if s & 4 == 0 {
            dims
        } else {
            Dims {
                width: dims.height,
                height: dims.width,
            }
        }
    };
    let least = (0..8u8).filter(|&s| keep(s)).map(shape).min();
    (0..8u8)
        .filter(|&s| keep(s) && Some(shape(s)) == least)
        .map(|s| {
            let (d, l) = dims.transform(s, layers);
            (d, l, s)
        })
        .min()
        .expect("the identity is always kept")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_rows() {
        let legend = [('.', None), ('x', Some(0)), ('o', Some(1))];
        let (dims, [x, o]) = parse::<2>("xo.|.ox", &legend).unwrap();
        assert_eq!((dims.width, dims.height), (3, 2));
        assert_eq!((x, o), (0b100001, 0b010010));
        let text = format(dims, |b| match (x >> b & 1, o >> b & 1) {
            (1, _) => 'x',
            (_, 1) => 'o',
            _ => '.',
        });
        assert_eq!(text, "xo.|.ox");
        for (bad, needle) in [
            ("xo|x", "row 2 has 1 cells but row 1 has 2"),
            ("xz", "`z` at row 1, column 2"),
            ("", "empty row"),
            ("|x", "empty row"),
        ] {
            let err = parse::<2>(bad, &legend).unwrap_err().to_string();
            assert!(err.contains(needle), "{bad}: {err}");
        }
        let big = ["........"; 9].join("|");
        assert!(parse::<2>(&big, &legend)
            .unwrap_err()
            .to_string()
            .contains("72 cells"));
    }

    /// Cell `(r, c)` of `dims` under symmetry `s`, one cell at a time: the definition the
    /// row-wise [`Dims::transform`] must match.
    fn image_of_cell(dims: Dims, s: u8, r: u32, c: u32) -> u32 {
        let (w, h) = (dims.width as u32, dims.height as u32);
        let c = if s & 1 != 0 { w - 1 - c } else { c };
        let r = if s & 2 != 0 { h - 1 - r } else { r };
        if s & 4 != 0 {
            c * h + r
        } else {
            r * w + c
        }
    }

    proptest::proptest! {
        #[test]
        fn transform_crop_and_spans_match_cell_by_cell(w in 1u8..=8, h in 1u8..=8, seed: u64) {
            let dims = Dims { width: w, height: h };
            let mask = seed & dims.full();
            for s in 0..8 {
                let mut expected = 0u64;
                for b in bits(mask) {
                    let (r, c) = (b / w as u32, b % w as u32);
                    expected |= 1 << image_of_cell(dims, s, r, c);
                }
                proptest::prop_assert_eq!(dims.transform(s, [mask]).1, [expected]);
            }
            if mask != 0 {
                let rows: Vec<u32> = bits(mask).map(|b| b / w as u32).collect();
                let cols: Vec<u32> = bits(mask).map(|b| b % w as u32).collect();
                let (r0, c0) = (*rows.iter().min().unwrap(), *cols.iter().min().unwrap());
                let (r1, c1) = (*rows.iter().max().unwrap(), *cols.iter().max().unwrap());
                let (d, [m]) = dims.crop(mask, [mask]);
                proptest::prop_assert_eq!((d.width as u32, d.height as u32), (c1 - c0 + 1, r1 - r0 + 1));
                let moved = bits(mask).fold(0u64, |m, b| {
                    m | 1 << ((b / w as u32 - r0) * d.width as u32 + b % w as u32 - c0)
                });
                proptest::prop_assert_eq!(m, moved);
                let spans = (r0, c0, r1, c1) == (0, 0, h as u32 - 1, w as u32 - 1);
                proptest::prop_assert_eq!(dims.spans(mask), spans);
                proptest::prop_assert_eq!(dims.connected(mask), dims.regions(mask).len() == 1);
            }
        }
    }

    #[test]
    fn regions_crop_and_symmetries() {
        let dims = Dims {
            width: 4,
            height: 3,
        };
        // ##.. / #... / ..#.  : cells 2,3,5,6,7,8,9,11
        let mask = 0b1011_1110_1100;
        assert_eq!(dims.regions(mask).len(), 1);
        assert_eq!(dims.regions(0b1000_0000_0001).len(), 2);
        let (small, [m]) = dims.crop(0b0110_0000, [0b0110_0000]);
        assert_eq!((small.width, small.height, m), (2, 1, 0b11));
        for s in 0..8 {
            let (d, [t]) = dims.transform(s, [mask]);
            assert_eq!(t.count_ones(), mask.count_ones());
            let back = (0..8).any(|u| d.transform(u, [t]) == (dims, [mask]));
            assert!(back);
        }
        let (d, [t]) = dims.transform(4, [1 << 1]);
        assert_eq!((d.width, d.height, t), (3, 4, 1 << 3));
    }
}
