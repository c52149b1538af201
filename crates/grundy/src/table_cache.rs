//! A persistent cache of computed Grundy tables, so that a second question about the same game
//! (`value officers 10^6` twice) reads the table instead of recomputing it for seconds.
//!
//! The library never chooses a place on disk by itself: the cache is off until a door (the
//! CLI) calls [`configure`] with a directory. Files are keyed by the canonical spec (a
//! `Family::spec()`), hold the spec itself, and end with an FNV-1a checksum of everything
//! before it; a file whose spec, length or checksum does not match is ignored (and replaced on
//! the next store), never trusted. Writes are atomic (temporary file, then rename), so a
//! concurrent or killed run leaves either the old file or the new one.

use crate::error::GameError;
use crate::limits::{table_bytes, Budget};
use crate::numeric::Nimber;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// Tables that took less than this to compute are not worth a file.
pub(crate) const MIN_COMPUTE_TIME: Duration = Duration::from_millis(200);

/// Most values kept in one file (4 bytes each: 64 MiB).
pub(crate) const MAX_VALUES: usize = 1 << 24;

const MAGIC: &[u8; 8] = b"GRUNDYT1";

static DIRECTORY: RwLock<Option<PathBuf>> = RwLock::new(None);

/// Turns the cache on in `directory` (created on first store), or off with `None`.
pub fn configure(directory: Option<PathBuf>) {
    *DIRECTORY
        .write()
        .expect("cache config lock is never poisoned") = directory;
}

/// The configured directory, if the cache is on.
pub(crate) fn directory() -> Option<PathBuf> {
    DIRECTORY
        .read()
        .expect("cache config lock is never poisoned")
        .clone()
}

/// The file that holds the table of `spec` in `directory`: a readable stem plus a hash of
/// the exact spec (two specs never share a file by their readable part alone).
pub(crate) fn file_for(directory: &Path, spec: &str) -> PathBuf {
    let readable: String = spec
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(48)
        .collect();
    directory.join(format!("{readable}-{:016x}.table", fnv1a(spec.as_bytes())))
}

/// `G(0..=to)` of `spec` from the file at `path`, if it is valid and holds that many values.
fn load_from(path: &Path, spec: &str, to: u64) -> Option<Vec<u64>> {
    // Reading holds the file, its values widened to 8 bytes (twice its size) and the prefix
    // handed back: past the memory budget the file is passed over (a miss, recomputed under
    // the budget's own checks), never read into an allocation that aborts.
    let metadata = std::fs::metadata(path).ok()?;
    // Only a file untouched for a while is remembered: modification times are coarse (a few
    // ms), so a file rewritten just after it was read could otherwise keep its old key.
    let settled = metadata
        .modified()
        .ok()
        .filter(|m| m.elapsed().is_ok_and(|age| age >= SETTLED));
    let key = settled.map(|modified| {
        (
            path.to_path_buf(),
            spec.to_string(),
            metadata.len(),
            modified,
        )
    });
    let mut last = LAST_READ.lock().unwrap_or_else(|e| e.into_inner());
    let values = match (&*last, &key) {
        (Some((held, values)), Some(key)) if held == key => values.clone(),
        _ => {
            if !Budget::current().fits(metadata.len() as u128 * 5) {
                return None;
            }
            let values = Arc::new(read(path, spec)?);
            if let Some(key) = key {
                *last = Some((key, values.clone()));
            }
            values
        }
    };
    drop(last);
    (values.len() as u64 > to).then(|| values[..=to as usize].to_vec())
}

/// A file as last read: its path, the spec it held, its length and modification time.
type FileKey = (PathBuf, String, u64, std::time::SystemTime);

/// How long a file must be left untouched before [`LAST_READ`] keeps it.
const SETTLED: Duration = Duration::from_secs(2);

/// The last table read, kept decoded: a period search asks for `G(0..=to)` round after round
/// (a dozen times in one `explain`), and reading and checksumming a 64 MiB file each time was
/// most of `explain officers 100000` (5.5 s against 0.6 s). One slot, keyed by the file's
/// length and modification time, so a rewritten file is read afresh.
static LAST_READ: Mutex<Option<(FileKey, Arc<Vec<u64>>)>> = Mutex::new(None);

/// Stores `values` (`G(0..values.len())`) for `spec` in `directory`, unless a file already
/// holds as many.
/// Failures are silent: the cache is an optimisation, never a reason to fail a query.
fn store(directory: &Path, spec: &str, values: &[u64]) {
    if values.len() > MAX_VALUES || values.iter().any(|&v| v > u32::MAX as u64) {
        return;
    }
    let path = file_for(directory, spec);
    if read(&path, spec).is_some_and(|held| held.len() >= values.len()) {
        return;
    }
    let _ = write(directory, &path, spec, values);
}

/// Removes every cache file in `directory`; returns how many were removed.
///
/// ```
/// let directory = std::env::temp_dir().join(format!("grundy-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&directory)?;
/// grundy::table_cache::configure(Some(directory.clone())); // on, in that directory
/// assert_eq!(grundy::table_cache::clear(&directory)?, 0); // nothing stored yet
/// grundy::table_cache::configure(None); // off again
/// std::fs::remove_dir(&directory)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn clear(directory: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    let entries = match std::fs::read_dir(directory) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with(".table") || name.ends_with(".table.tmp") {
            std::fs::remove_file(&path)?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// `G(0..=to)` of `spec` to `sink`: from the cache when a valid file holds them, else by
/// `compute`, whose values are then stored if they took `MIN_COMPUTE_TIME` or more. This is
/// the one hook where tables are computed (`HeapFamily`'s `HeapSequence`).
pub(crate) fn through(
    spec: &str,
    to: u64,
    sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    compute: impl FnOnce(&mut dyn FnMut(u64, Nimber) -> Result<(), GameError>) -> Result<(), GameError>,
) -> Result<(), GameError> {
    through_in(directory().as_deref(), spec, to, sink, compute)
}

/// [`through`] with the cache in `directory` (off with `None`) rather than the configured
/// one: the unit tests use their own directory without turning the cache on for every other
/// test running in the process meanwhile.
fn through_in(
    directory: Option<&Path>,
    spec: &str,
    to: u64,
    sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    compute: impl FnOnce(&mut dyn FnMut(u64, Nimber) -> Result<(), GameError>) -> Result<(), GameError>,
) -> Result<(), GameError> {
    let Some(directory) = directory.filter(|_| to < MAX_VALUES as u64) else {
        return compute(sink);
    };
    if let Some(values) = load_from(&file_for(directory, spec), spec, to) {
        for (n, v) in values.into_iter().enumerate() {
            sink(n as u64, Nimber(v))?;
        }
        return Ok(());
    }
    let started = Instant::now();
    // The copy kept for the file (8 bytes a value), its encoding (4) and the old file read
    // back to compare (up to 12): only when the budget has room, since the cache is an
    // optimisation and must never be what makes a query abort.
    let keep = Budget::current().fits(table_bytes(to + 1, 24));
    let mut kept = Vec::with_capacity(if keep { to as usize + 1 } else { 0 });
    compute(&mut |n, v| {
        if keep {
            kept.push(v.0);
        }
        sink(n, v)
    })?;
    if keep && started.elapsed() >= MIN_COMPUTE_TIME {
        store(directory, spec, &kept);
    }
    Ok(())
}

fn encode(spec: &str, values: &[u64]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(32 + spec.len() + 4 * values.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(spec.len() as u32).to_le_bytes());
    bytes.extend_from_slice(spec.as_bytes());
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for &v in values {
        bytes.extend_from_slice(&(v as u32).to_le_bytes());
    }
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

/// The values of a valid file for `spec`; `None` for a missing, foreign or damaged file.
fn decode(bytes: &[u8], spec: &str) -> Option<Vec<u64>> {
    let (body, sum) = bytes.split_at_checked(bytes.len().checked_sub(8)?)?;
    if fnv1a(body) != u64::from_le_bytes(sum.try_into().ok()?) {
        return None;
    }
    let rest = body.strip_prefix(MAGIC.as_slice())?;
    let (len, rest) = rest.split_at_checked(4)?;
    let len = u32::from_le_bytes(len.try_into().ok()?) as usize;
    let (saved, rest) = rest.split_at_checked(len)?;
    if saved != spec.as_bytes() {
        return None;
    }
    let (count, rest) = rest.split_at_checked(8)?;
    let count = u64::from_le_bytes(count.try_into().ok()?);
    if rest.len() as u64 != count.checked_mul(4)? {
        return None;
    }
    Some(
        rest.chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("chunks of 4")) as u64)
            .collect(),
    )
}

fn read(path: &Path, spec: &str) -> Option<Vec<u64>> {
    let bytes = std::fs::read(path).ok()?;
    decode(&bytes, spec)
}

fn write(directory: &Path, path: &Path, spec: &str, values: &[u64]) -> std::io::Result<()> {
    std::fs::create_dir_all(directory)?;
    let temporary = path.with_extension(format!("table.tmp{}", std::process::id()));
    let mut file = std::fs::File::create(&temporary)?;
    file.write_all(&encode(spec, values))?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage_is_never_trusted() {
        let values = vec![0, 1, 0, 1, 2, 3, 2, 0, 70000];
        let bytes = encode("subtraction:1,3,4", &values);
        assert_eq!(decode(&bytes, "subtraction:1,3,4"), Some(values.clone()));
        // Another spec, a flipped bit anywhere, or a cut file: ignored.
        assert_eq!(decode(&bytes, "subtraction:1,3"), None);
        for i in 0..bytes.len() {
            let mut damaged = bytes.clone();
            damaged[i] ^= 0x10;
            assert_eq!(decode(&damaged, "subtraction:1,3,4"), None, "byte {i}");
        }
        for cut in 0..bytes.len() {
            assert_eq!(
                decode(&bytes[..cut], "subtraction:1,3,4"),
                None,
                "cut {cut}"
            );
        }
    }

    /// An empty directory of this process under the system's temporary one.
    fn empty_directory(name: &str) -> PathBuf {
        let directory =
            std::env::temp_dir().join(format!("grundy-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&directory);
        std::fs::create_dir_all(&directory).unwrap();
        directory
    }

    /// A settled file is remembered decoded, and a rewrite (a new modification time) is read
    /// afresh; a fresh file is read every time (see `SETTLED`).
    #[test]
    fn the_last_settled_table_is_remembered_until_the_file_changes() {
        let directory = empty_directory("memo");
        let spec = "test:remembered-cache-file";
        let path = file_for(&directory, spec);
        let write_aged = |values: &[u64], age: u64| {
            std::fs::write(&path, encode(spec, values)).unwrap();
            let modified = std::time::SystemTime::now() - Duration::from_secs(age);
            std::fs::File::options()
                .write(true)
                .open(&path)
                .unwrap()
                .set_modified(modified)
                .unwrap();
        };
        let first: Vec<u64> = (0..100).map(|n| n % 5).collect();
        let second: Vec<u64> = (0..100).map(|n| n % 3).collect();
        write_aged(&first, 60);
        assert_eq!(load_from(&path, spec, 99), Some(first.clone()));
        assert_eq!(load_from(&path, spec, 9), Some(first[..10].to_vec()));
        write_aged(&second, 30);
        let reread = load_from(&path, spec, 99);
        assert_eq!(reread, Some(second), "a rewritten file is reread");
        std::fs::write(&path, encode(spec, &first)).unwrap();
        let fresh = load_from(&path, spec, 99);
        assert_eq!(fresh, Some(first), "a fresh file is read, not remembered");
        let _ = std::fs::remove_dir_all(&directory);
    }

    /// Through the hook: a stored table is read back; a damaged file (one flipped value, the
    /// checksum unchanged) is passed over and the values recomputed, then stored afresh.
    #[test]
    fn a_damaged_file_is_recomputed_through_the_hook() {
        let directory = empty_directory("damage");
        // A spec no game has: other tests running meanwhile never store under it.
        let spec = "test:damaged-cache-file";
        let values: Vec<u64> = (0..100).map(|n| n % 7).collect();
        let path = file_for(&directory, spec);
        std::fs::write(&path, encode(spec, &values)).unwrap();
        // The directory is passed, not configured: `configure` would turn the cache on for
        // every test running in this process meanwhile.
        let run = |computed: &mut bool| {
            let mut seen = Vec::new();
            through_in(
                Some(&directory),
                spec,
                99,
                &mut |_, v| {
                    seen.push(v.0);
                    Ok(())
                },
                |sink| {
                    *computed = true;
                    (0..100).try_for_each(|n| sink(n, Nimber(n % 7)))
                },
            )
            .unwrap();
            seen
        };
        let mut computed = false;
        assert_eq!(run(&mut computed), values);
        assert!(!computed, "a valid file is read, not recomputed");
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() - 8 - 4 * 50; // G(50), inside the values
        bytes[at] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(run(&mut computed), values);
        assert!(computed, "a damaged file is never trusted");
        let _ = std::fs::remove_dir_all(&directory);
    }

    #[test]
    fn files_are_keyed_by_the_exact_spec() {
        let dir = Path::new("/cache");
        assert_ne!(file_for(dir, "octal:0.6"), file_for(dir, "octal:0_6"));
        assert!(file_for(dir, "octal:0.6")
            .to_string_lossy()
            .starts_with("/cache/octal_0_6-"));
    }
}
