//! `cargo run --release -p grundy --example domineering_moonshot -- ROWS COLUMNS TABLE [MINUTES]`:
//! the canonical form of the empty ROWS × COLUMNS Domineering board with a transposition table
//! saved to the file TABLE every MINUTES (default 10) and at the end. Kill it at any time and
//! run the same command again: it resumes from the last save (writes are atomic). Progress
//! (regions stored, interned forms) goes to stderr at each save.

use grundy::partizan::games::domineering::Domineering;
use grundy::partizan::games::persist;
use grundy::partizan::games::search::Search;
use grundy::partizan::interned_count;
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: domineering_moonshot ROWS COLUMNS TABLE [MINUTES]");
        std::process::exit(2);
    };
    let (rows, columns, table) = match &args[..] {
        [r, c, t] | [r, c, t, _] => match (r.parse::<u8>(), c.parse::<u8>()) {
            (Ok(r), Ok(c)) => (r, c, Path::new(t)),
            _ => usage(),
        },
        _ => usage(),
    };
    let minutes: f64 = args
        .get(3)
        .map_or(Ok(10.0), |m| m.parse())
        .unwrap_or_else(|_| usage());
    let fail = |e: grundy::GameError| -> ! {
        eprintln!("domineering_moonshot: {e}");
        std::process::exit(2);
    };
    let board = Domineering::empty(rows, columns).unwrap_or_else(|e| fail(e));
    let start = Instant::now();
    let mut search = Search::<Domineering>::default();
    if table.exists() {
        let n = persist::load(&mut search, table).unwrap_or_else(|e| fail(e));
        eprintln!(
            "resumed {n} regions ({} forms) from {} in {:.1?}",
            interned_count(),
            table.display(),
            start.elapsed()
        );
    }
    search.checkpoint_to(table, Duration::from_secs_f64(minutes * 60.0), |n, path| {
        eprintln!(
            "checkpoint: {n} regions, {} forms saved to {}",
            interned_count(),
            path.display()
        )
    });
    let value = search.value(&board).unwrap_or_else(|e| fail(e));
    persist::save(&search, table).unwrap_or_else(|e| fail(e));
    eprintln!(
        "{} regions, {} forms, {:.1?}",
        search.len(),
        interned_count(),
        start.elapsed()
    );
    println!("{value}");
}
