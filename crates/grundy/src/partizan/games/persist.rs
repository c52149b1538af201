//! A transposition table on disk, so that a search of hours (the empty 6×6 Domineering board)
//! can be interrupted and resumed: [`Search::checkpoint_to`] makes the search save its table
//! every so often, and [`load`] fills a fresh search from the last save.
//!
//! Saves are atomic: the table is written to `FILE.tmp`, synced, then renamed over `FILE`, so
//! killing the process at any moment leaves the previous save or the new one, never half of
//! one. Game ids are private to a process, so the file holds the values themselves: every
//! canonical form the table's values reach, children first, each as `x + n·↑ + *m` or as lists
//! of earlier entries; then the regions as text (the game's own notation) with their values.
//! Loading re-simplifies every form with [`Game::try_from_options`], so a damaged file can give
//! an error, never a non-canonical game.

use super::search::Search;
use super::PartizanRules;
use crate::error::GameError;
use crate::partizan::{Dyadic, Game};
use std::collections::HashMap;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"GRUNDYT1";

/// The values reachable from `roots`, children before parents, with their file indices.
fn forms_in_order(roots: impl Iterator<Item = Game>) -> (Vec<Game>, HashMap<Game, u32>) {
    let mut order = Vec::new();
    let mut index: HashMap<Game, u32> = HashMap::new();
    let mut stack: Vec<(Game, bool)> = roots.map(|g| (g, false)).collect();
    while let Some((g, expanded)) = stack.pop() {
        if index.contains_key(&g) {
            continue;
        }
        if expanded || g.as_number_up_star().is_some() {
            index.insert(g, order.len() as u32);
            order.push(g);
            continue;
        }
        stack.push((g, true));
        for o in g.left_options().into_iter().chain(g.right_options()) {
            if !index.contains_key(&o) {
                stack.push((o, false));
            }
        }
    }
    (order, index)
}

fn io_error(what: &str, path: &Path, e: std::io::Error) -> GameError {
    GameError::io(format!("{what} {}", path.display()), &e)
}

/// Writes the table of `search` to `path` atomically (see the module notes).
pub fn save<P: PartizanRules>(search: &Search<P>, path: &Path) -> Result<(), GameError> {
    let tmp = PathBuf::from(format!("{}.tmp", path.display()));
    let file = std::fs::File::create(&tmp).map_err(|e| io_error("creating", &tmp, e))?;
    let mut out = BufWriter::new(file);
    let (order, index) = forms_in_order(search.entries().map(|(_, g)| g));
    let mut bytes = Vec::with_capacity(64);
    let put = |out: &mut BufWriter<std::fs::File>, bytes: &[u8]| {
        out.write_all(bytes)
            .map_err(|e| io_error("writing", &tmp, e))
    };
    put(&mut out, MAGIC)?;
    put(&mut out, &(order.len() as u64).to_le_bytes())?;
    for &g in &order {
        bytes.clear();
        match g.as_number_up_star() {
            Some((x, ups, nim)) => {
                bytes.push(0);
                bytes.extend(x.numerator().to_le_bytes());
                bytes.extend(x.exponent().to_le_bytes());
                bytes.extend(ups.to_le_bytes());
                bytes.extend(nim.to_le_bytes());
            }
            None => {
                let (l, r) = (g.left_options(), g.right_options());
                bytes.push(1);
                bytes.extend((l.len() as u32).to_le_bytes());
                bytes.extend((r.len() as u32).to_le_bytes());
                for o in l.iter().chain(&r) {
                    bytes.extend(index[o].to_le_bytes());
                }
            }
        }
        put(&mut out, &bytes)?;
    }
    put(&mut out, &(search.len() as u64).to_le_bytes())?;
    for (key, value) in search.entries() {
        let text = key.to_string();
        bytes.clear();
        bytes.extend((text.len() as u32).to_le_bytes());
        bytes.extend(text.as_bytes());
        bytes.extend(index[&value].to_le_bytes());
        put(&mut out, &bytes)?;
    }
    let file = out
        .into_inner()
        .map_err(|e| io_error("writing", &tmp, e.into_error()))?;
    file.sync_all().map_err(|e| io_error("syncing", &tmp, e))?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(|e| io_error("renaming onto", path, e))
}

/// A reader of the file's little-endian fields, with errors that name the file.
struct Fields<'a> {
    input: BufReader<std::fs::File>,
    path: &'a Path,
}

impl Fields<'_> {
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], GameError> {
        let mut b = [0u8; N];
        self.input
            .read_exact(&mut b)
            .map_err(|e| io_error("reading", self.path, e))?;
        Ok(b)
    }
    fn u32(&mut self) -> Result<u32, GameError> {
        Ok(u32::from_le_bytes(self.bytes()?))
    }
    fn u64(&mut self) -> Result<u64, GameError> {
        Ok(u64::from_le_bytes(self.bytes()?))
    }
    fn damaged(&self, what: &str) -> GameError {
        GameError::bad_position(
            &self.path.display().to_string(),
            format!("not a table saved by this version ({what})"),
        )
    }
}

/// Fills `search` with the table saved at `path`; returns how many regions it read.
pub fn load<P: PartizanRules>(search: &mut Search<P>, path: &Path) -> Result<usize, GameError> {
    let file = std::fs::File::open(path).map_err(|e| io_error("opening", path, e))?;
    let mut f = Fields {
        input: BufReader::new(file),
        path,
    };
    if &f.bytes::<8>()? != MAGIC {
        return Err(f.damaged("bad header"));
    }
    let count = f.u64()?;
    let mut games: Vec<Game> = Vec::new();
    for _ in 0..count {
        let [kind] = f.bytes::<1>()?;
        let g = match kind {
            0 => {
                let num = i64::from_le_bytes(f.bytes()?);
                let x = Dyadic::new(num, f.u32()?)?;
                let ups = i64::from_le_bytes(f.bytes()?);
                Game::try_number_up_star(x, ups, f.u32()?)?
            }
            1 => {
                let (nl, nr) = (f.u32()? as usize, f.u32()? as usize);
                let mut options = Vec::with_capacity(nl + nr);
                for _ in 0..nl + nr {
                    let i = f.u32()? as usize;
                    options.push(*games.get(i).ok_or_else(|| f.damaged("bad option"))?);
                }
                Game::try_from_options(&options[..nl], &options[nl..])?
            }
            _ => return Err(f.damaged("bad entry")),
        };
        games.push(g);
    }
    let regions = f.u64()?;
    for _ in 0..regions {
        let len = f.u32()? as usize;
        let mut text = vec![0u8; len.min(1 << 16)];
        if len > text.len() {
            return Err(f.damaged("a region too long"));
        }
        f.input
            .read_exact(&mut text)
            .map_err(|e| io_error("reading", path, e))?;
        let text = String::from_utf8(text).map_err(|_| f.damaged("a region not UTF-8"))?;
        let key: P = text.parse()?;
        let i = f.u32()? as usize;
        let value = *games.get(i).ok_or_else(|| f.damaged("bad value"))?;
        search.insert(key, value);
    }
    Ok(regions as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::games::domineering::Domineering;

    #[test]
    fn a_saved_table_answers_after_loading() {
        let dir = std::env::temp_dir().join(format!("grundy-tt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table");
        let board = Domineering::empty(4, 4).unwrap();
        let mut first = Search::<Domineering>::default();
        let value = first.value(&board).unwrap();
        save(&first, &path).unwrap();
        assert!(!PathBuf::from(format!("{}.tmp", path.display())).exists());
        let mut second = Search::<Domineering>::default();
        assert_eq!(load(&mut second, &path).unwrap(), first.len());
        assert_eq!(second.len(), first.len());
        // Every region's value came back; the board itself is one lookup away.
        for (key, v) in first.entries() {
            assert_eq!(second.get(&key), Some(v), "{key}");
        }
        assert_eq!(second.value(&board).unwrap(), value);
        std::fs::write(&path, b"GRUNDYT1\x05").unwrap();
        assert!(load(&mut Search::<Domineering>::default(), &path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
