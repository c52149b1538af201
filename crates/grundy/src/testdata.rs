//! Where the shared test data lives: `shared/testdata/` beside the project checkout (CI and
//! every developer have it at `../shared`; a git worktree nested deeper finds it further up).
//! Used by the tests of both crates, so it is public (and hidden from the docs).

use std::path::{Path, PathBuf};

/// The first `shared/testdata` directory found walking up from `start`.
pub fn shared_testdata_from(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join("shared").join("testdata"))
        .find(|candidate| candidate.is_dir())
}

/// The shared test data directory, found from this crate's manifest directory.
///
/// # Panics
/// When no `shared/testdata` exists above the checkout: the tests that need it must not pass
/// silently without it.
pub fn shared_testdata() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    shared_testdata_from(manifest).unwrap_or_else(|| {
        panic!(
            "no shared/testdata directory above {}; the Library Checker cases live in ../shared/testdata",
            manifest.display()
        )
    })
}

/// Every `(name, input, expected output)` case of a Library Checker problem, sorted by name.
///
/// # Panics
/// When the problem directory is missing or unreadable (see [`shared_testdata`]).
pub fn library_checker_cases(problem: &str) -> Vec<(String, String, String)> {
    let dir = shared_testdata().join("library-checker").join(problem);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let read = |ext: &str| {
                let path = dir.join(format!("{name}.{ext}"));
                std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            };
            let (input, output) = (read("in"), read("out"));
            (name, input, output)
        })
        .collect()
}
