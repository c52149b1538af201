//! Library Checker's published `nim_product_64` cases, kept gzipped beside this file so the
//! repository carries everything its tests read. Included by path (`#[path]`) from the tests
//! of both crates; the directory is found from the including crate's manifest
//! (`crates/grundy` or `crates/grundy-cli`, both one level below `crates/`).

use std::io::Read;
use std::path::PathBuf;

/// The directory of one problem's cases.
pub fn problem_dir(problem: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../grundy/tests/data/library-checker")
        .join(problem)
}

/// One gzipped file of a case, decompressed.
///
/// # Panics
/// When the file is missing or not gzip: a test must not pass without its data.
pub fn read_gz(path: &std::path::Path) -> String {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

/// Every `(name, input, expected output)` case of a problem, sorted by name.
pub fn cases(problem: &str) -> Vec<(String, String, String)> {
    let dir = problem_dir(problem);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".in.gz").map(str::to_string)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let input = read_gz(&dir.join(format!("{name}.in.gz")));
            let output = read_gz(&dir.join(format!("{name}.out.gz")));
            (name, input, output)
        })
        .collect()
}
