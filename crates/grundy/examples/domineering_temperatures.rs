//! `cargo run --release -p grundy --example domineering_temperatures -- ROWS COLUMNS`: the
//! temperature of every ROWS × COLUMNS Domineering board that is one region spanning the
//! board, one JSON line `{"grid", "temperature"}` each (the output of cgt-tools'
//! `domineering exhaustive-search`, for side-by-side runs), and the time on stderr.

use grundy::partizan::games::domineering::temperatures;
use std::io::Write;

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("ROWS and COLUMNS are small integers"))
        .collect();
    let [rows, columns] = args[..] else {
        eprintln!("usage: domineering_temperatures ROWS COLUMNS");
        std::process::exit(2);
    };
    let start = std::time::Instant::now();
    let results = temperatures(rows, columns).unwrap_or_else(|e| {
        eprintln!("domineering_temperatures: {e}");
        std::process::exit(2);
    });
    let elapsed = start.elapsed();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (grid, t) in &results {
        writeln!(out, "{{\"grid\":\"{grid}\",\"temperature\":\"{t}\"}}").expect("stdout");
    }
    eprintln!("{} boards in {elapsed:.2?}", results.len());
}
