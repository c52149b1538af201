//! Checkpoint files: the values computed so far, saved so that `kill -9` loses at most the
//! work since the last save and re-running the same command resumes.
//!
//! Format (little-endian): magic `GRUNDYCK`, format version (u32, 2), spec length (u32), spec
//! (UTF-8, the canonical game), value count (u64), the width (one byte: 1 or 2 bytes a
//! value, as the table was held), the values, then the FNV-1a 64-bit checksum of everything
//! before it. The solvers' state is a function of the values, so nothing else is needed; a
//! checkpoint of `G(0..2^30)` is 1 or 2 GiB. Version 1 (no width byte, 2 bytes a value) still
//! loads.
//!
//! Saving is atomic: write `FILE.tmp`, flush and fsync it, then rename over `FILE` (a rename
//! within a directory replaces the old file in one step), so a kill at any moment leaves
//! either the previous checkpoint or the new one, never a torn file.

use super::{Value, ValueTable, Values};
use crate::error::GameError;
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"GRUNDYCK";
const VERSION: u32 = 2;
/// The version before the width byte: always 2 bytes a value.
const VERSION_WIDE: u32 = 1;

/// FNV-1a, 64 bits: simple, dependency-free, and plenty to detect a corrupt or torn file.
#[derive(Clone, Copy, Debug)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Fnv64 {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    /// Adds `bytes` to the hash.
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash of every byte added.
    pub fn finish(self) -> u64 {
        self.0
    }
}

fn io_error(path: &Path, what: &str, e: std::io::Error) -> GameError {
    GameError::io(format!("{what} checkpoint {}", path.display()), &e)
}

fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Saves `values` of game `spec` to `path`, atomically, at the width they are held in.
pub fn save(path: &Path, spec: &str, values: Values<'_>) -> Result<(), GameError> {
    let temporary = temporary_path(path);
    let write = || -> std::io::Result<()> {
        let file = File::create(&temporary)?;
        let mut out = BufWriter::with_capacity(1 << 20, &file);
        let mut sum = Fnv64::default();
        let mut put = |bytes: &[u8], out: &mut BufWriter<&File>| {
            sum.update(bytes);
            out.write_all(bytes)
        };
        put(MAGIC, &mut out)?;
        put(&VERSION.to_le_bytes(), &mut out)?;
        put(&(spec.len() as u32).to_le_bytes(), &mut out)?;
        put(spec.as_bytes(), &mut out)?;
        put(&(values.len() as u64).to_le_bytes(), &mut out)?;
        match values {
            Values::Narrow(narrow) => {
                put(&[1], &mut out)?;
                for chunk in narrow.chunks(1 << 16) {
                    put(chunk, &mut out)?;
                }
            }
            Values::Wide(wide) => {
                put(&[2], &mut out)?;
                let mut buffer = Vec::with_capacity(1 << 16);
                for chunk in wide.chunks(1 << 15) {
                    buffer.clear();
                    buffer.extend(chunk.iter().flat_map(|v| v.to_le_bytes()));
                    put(&buffer, &mut out)?;
                }
            }
        }
        out.write_all(&sum.finish().to_le_bytes())?;
        out.flush()?;
        drop(out);
        file.sync_all()?;
        fs::rename(&temporary, path)
    };
    write().map_err(|e| io_error(path, "writing", e))
}

/// The values saved in `path` for game `spec`; `Ok(None)` when there is no checkpoint yet.
/// A checkpoint of another game, or one whose checksum fails, is an error.
pub fn load(path: &Path, spec: &str) -> Result<Option<ValueTable>, GameError> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(path, "opening", e)),
    };
    let size = file
        .metadata()
        .map_err(|e| io_error(path, "reading", e))?
        .len();
    read(BufReader::with_capacity(1 << 20, file), size, path, spec).map(Some)
}

/// The values of a checkpoint of game `spec` read from `input`, which holds `size` bytes;
/// `path` names it in errors. Every field is checked against `size` before anything is
/// allocated, and the checksum before the values are returned.
pub fn read(
    mut input: impl Read,
    size: u64,
    path: &Path,
    spec: &str,
) -> Result<ValueTable, GameError> {
    let mut sum = Fnv64::default();
    let corrupt = |why: &str| {
        GameError::io_other(format!(
            "checkpoint {} is not usable ({why}); delete it to start afresh",
            path.display()
        ))
    };
    let mut take = |len: usize, sum: &mut Fnv64| -> Result<Vec<u8>, GameError> {
        let mut bytes = vec![0; len];
        input
            .read_exact(&mut bytes)
            .map_err(|_| corrupt("truncated"))?;
        sum.update(&bytes);
        Ok(bytes)
    };
    if take(8, &mut sum)? != MAGIC {
        return Err(corrupt("not a grundy checkpoint"));
    }
    let word = |b: Vec<u8>| u32::from_le_bytes(b.try_into().expect("4 bytes were read"));
    let version = word(take(4, &mut sum)?);
    if version != VERSION && version != VERSION_WIDE {
        return Err(corrupt("written by another format version"));
    }
    let spec_len = word(take(4, &mut sum)?) as u64;
    if spec_len > size {
        return Err(corrupt("truncated"));
    }
    let saved_spec = String::from_utf8(take(spec_len as usize, &mut sum)?)
        .map_err(|_| corrupt("bad game name"))?;
    if saved_spec != spec {
        // Not an i/o failure: the file is fine, it belongs to another game.
        return Err(GameError::Unsupported(format!(
            "checkpoint {0} holds the values of a different game, `{saved_spec}`, not `{spec}`; give this run another checkpoint file (or delete {0} to start afresh)",
            path.display()
        )));
    }
    let count = u64::from_le_bytes(take(8, &mut sum)?.try_into().expect("8 bytes were read"));
    let width = match version {
        VERSION_WIDE => 2,
        _ => take(1, &mut sum)?[0] as u64,
    };
    if width != 1 && width != 2 {
        return Err(corrupt(&format!("a value width of {width} bytes")));
    }
    if count.saturating_mul(width) > size {
        return Err(corrupt("truncated"));
    }
    crate::limits::check_memory(
        &format!("loading {count} values from a checkpoint"),
        count as u128 * width as u128,
    )?;
    let mut left = count as usize;
    let values = if width == 1 {
        let mut values = Vec::with_capacity(count as usize);
        while left > 0 {
            let n = left.min(1 << 16);
            values.extend_from_slice(&take(n, &mut sum)?);
            left -= n;
        }
        ValueTable::Narrow(values)
    } else {
        let mut values: Vec<Value> = Vec::with_capacity(count as usize);
        while left > 0 {
            let n = left.min(1 << 15);
            let bytes = take(2 * n, &mut sum)?;
            values.extend(
                bytes
                    .chunks_exact(2)
                    .map(|pair| u16::from_le_bytes([pair[0], pair[1]])),
            );
            left -= n;
        }
        ValueTable::Wide(values)
    };
    let mut stored = [0u8; 8];
    input
        .read_exact(&mut stored)
        .map_err(|_| corrupt("truncated"))?;
    if u64::from_le_bytes(stored) != sum.finish() {
        return Err(corrupt("checksum mismatch"));
    }
    if input
        .read(&mut [0u8; 1])
        .map_err(|_| corrupt("unreadable"))?
        != 0
    {
        return Err(corrupt("bytes after the checksum"));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-ck-{}-{name}", std::process::id()));
        let _ = fs::remove_file(&dir);
        dir
    }

    #[test]
    fn round_trip_and_refusals() {
        let path = scratch("roundtrip");
        assert_eq!(load(&path, "octal:0.6").unwrap(), None);
        let values: Vec<Value> = (0..100_000u32).map(|n| (n * 7 % 513) as u16).collect();
        save(&path, "octal:0.6", Values::Wide(&values)).unwrap();
        assert_eq!(
            load(&path, "octal:0.6").unwrap(),
            Some(ValueTable::Wide(values.clone()))
        );
        let other = load(&path, "octal:0.16").unwrap_err().to_string();
        assert!(other.contains("a different game, `octal:0.6`"), "{other}");
        // Flip one byte in the middle: the checksum catches it.
        let mut bytes = fs::read(&path).unwrap();
        bytes[1000] ^= 1;
        fs::write(&path, &bytes).unwrap();
        let bad = load(&path, "octal:0.6").unwrap_err().to_string();
        assert!(bad.contains("checksum mismatch"), "{bad}");
        // A torn file is refused, not half-read.
        fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        let torn = load(&path, "octal:0.6").unwrap_err().to_string();
        assert!(torn.contains("truncated"), "{torn}");
        // Bytes after the checksum: the file is not what `save` wrote.
        save(&path, "octal:0.6", Values::Wide(&values[..10])).unwrap();
        let mut longer = fs::read(&path).unwrap();
        let size = longer.len() as u64;
        assert_eq!(
            read(&longer[..], size, &path, "octal:0.6").unwrap(),
            ValueTable::Wide(values[..10].to_vec())
        );
        longer.push(0);
        let trailing = read(&longer[..], size + 1, &path, "octal:0.6")
            .unwrap_err()
            .to_string();
        assert!(trailing.contains("bytes after the checksum"), "{trailing}");
        fs::remove_file(&path).unwrap();
    }

    /// A narrow table is saved at one byte a value and loads narrow; a file of format 1
    /// (before the width byte, two bytes a value) still loads, wide.
    #[test]
    fn narrow_tables_and_format_1_files_load() {
        let path = scratch("narrow");
        let narrow: Vec<u8> = (0..70_000u32).map(|n| (n * 7 % 251) as u8).collect();
        save(&path, "octal:0.6", Values::Narrow(&narrow)).unwrap();
        let bytes = fs::read(&path).unwrap();
        let header = 8 + 4 + 4 + "octal:0.6".len() + 8 + 1;
        assert_eq!(bytes.len(), header + narrow.len() + 8);
        assert_eq!(
            load(&path, "octal:0.6").unwrap(),
            Some(ValueTable::Narrow(narrow.clone()))
        );
        // Format 1, written by hand: no width byte.
        let mut old = Vec::new();
        old.extend_from_slice(MAGIC);
        old.extend_from_slice(&VERSION_WIDE.to_le_bytes());
        old.extend_from_slice(&9u32.to_le_bytes());
        old.extend_from_slice(b"octal:0.6");
        old.extend_from_slice(&3u64.to_le_bytes());
        old.extend_from_slice(&[0, 0, 1, 0, 0x3f, 0x01]);
        let mut sum = Fnv64::default();
        sum.update(&old);
        old.extend_from_slice(&sum.finish().to_le_bytes());
        fs::write(&path, &old).unwrap();
        assert_eq!(
            load(&path, "octal:0.6").unwrap(),
            Some(ValueTable::Wide(vec![0, 1, 319]))
        );
        fs::remove_file(&path).unwrap();
    }
}
