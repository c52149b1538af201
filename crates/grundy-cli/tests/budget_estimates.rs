//! Issue 20: every estimate a refusal is based on stays within 20% of the real peak, measured
//! by a counting allocator around the library calls the commands make.

use grundy::impartial::games::subtraction::Subtraction;
use grundy::impartial::table::heap_table;
use grundy::limits::table_bytes;
use grundy::registry::parse_spec;
use grundy::theory::period::census::{Done, Selection};
use grundy::theory::period::{round_bytes, search, Budget};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of memory allocated while `work` runs, above what was live before.
fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = work();
    (result, PEAK.load(Ordering::Relaxed) - before)
}

/// Whether `peak` is within 20% of `estimate`.
fn close(peak: usize, estimate: u128) -> bool {
    let ratio = peak as f64 / estimate as f64;
    (0.8..=1.2).contains(&ratio)
}

// One test: the counter is process-wide, so measurements must not run concurrently.
#[test]
fn estimates_hold_within_twenty_percent_of_the_measured_peaks() {
    // The period search (`period`, and `value`/`solve` past a table): every round asks the
    // budget for `round_bytes`.
    let to = (1u64 << 19) - 1;
    // (ruler: a closed form with no period, so the search runs every round.)
    for spec in ["ruler", "gcd", "grundys-game", "octal:0.16"] {
        let family = parse_spec(spec).unwrap();
        let sequence = family.sequence().unwrap();
        let budget = Budget {
            start: 1023,
            max: to,
            time: None,
        };
        let (found, peak) = peak_of(|| search(sequence, budget).unwrap());
        let estimate = round_bytes(found.checked_to());
        assert!(
            close(peak, estimate),
            "{spec}: peak {peak}, estimate {estimate}"
        );
    }
    // The dense table of a heap game: 8 bytes a value.
    let game = Subtraction::parse("2,5,7,11", "subtraction:2,5,7,11").unwrap();
    let (table, peak) = peak_of(|| heap_table(&game, to).unwrap());
    assert_eq!(table.len() as u64, to + 1);
    let estimate = table_bytes(to + 1, 8);
    assert!(
        close(peak, estimate),
        "heap table: peak {peak}, estimate {estimate}"
    );
    drop(table);
    // The resume bitset of a census: one bit a set.
    let selection = Selection::new(26, None, (0, 1)).unwrap();
    let (done, peak) = peak_of(|| Done::new(&selection).unwrap());
    let estimate = selection.shard_sets().div_ceil(64) * 8;
    assert!(
        close(peak, estimate),
        "census bitset: peak {peak}, estimate {estimate}"
    );
    drop(done);
}
