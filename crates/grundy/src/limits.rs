//! Resource estimates: memory is a user-visible resource, so large tables are estimated and
//! refused with the figure *before* anything is allocated.

use crate::error::GameError;
use std::sync::atomic::{AtomicU64, Ordering};

/// A lower budget set by the program embedding the library (0: none).
static BUDGET_CAP: AtomicU64 = AtomicU64::new(0);

/// Lowers the memory budget of this process to at most `bytes`: a fuzzer, or a server answering
/// many requests, wants a request for gigabytes refused at once rather than allocated.
pub fn cap_memory_budget(bytes: u64) {
    BUDGET_CAP.store(bytes, Ordering::Relaxed);
}

/// Memory we allow one request to take: three quarters of the machine's available memory
/// (from `/proc/meminfo`), or 16 GiB where that cannot be read; at most the cap set by
/// [`cap_memory_budget`].
pub fn memory_budget() -> u64 {
    let cap = BUDGET_CAP.load(Ordering::Relaxed);
    let machine = machine_budget();
    if cap == 0 {
        machine
    } else {
        machine.min(cap)
    }
}

fn machine_budget() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kib| kib.parse::<u64>().ok())
                .map(|kib| kib * 1024)
        });
    available.map_or(16 << 30, |bytes| bytes / 4 * 3)
}

/// Output we allow one `table` request to write: 64 GiB (more than any terminal or pipe
/// consumer wants, and well past the point where the user meant something else).
pub const OUTPUT_BUDGET: u64 = 64 << 30;

/// Human form of a byte count, e.g. `7.3 GiB`.
pub fn human_bytes(bytes: u128) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// Refuses `what` when it would need more than the memory budget.
pub fn check_memory(what: &str, bytes: u128) -> Result<(), GameError> {
    let budget = memory_budget();
    if bytes > budget as u128 {
        return Err(GameError::TooLarge(format!(
            "{what} needs about {} of memory; this machine allows {}",
            human_bytes(bytes),
            human_bytes(budget as u128)
        )));
    }
    Ok(())
}

/// Bytes needed for a dense table of `count` entries of `entry_bytes` each.
pub fn table_bytes(count: u64, entry_bytes: u64) -> u128 {
    count as u128 * entry_bytes as u128
}

/// Largest cached table of a heap game, in entries (8 bytes each: 2 GiB).
pub const MAX_CACHED_TABLE: u64 = 1 << 28;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_with_the_figure() {
        let err = check_memory("G(0..10^15)", table_bytes(1_000_000_000_000_001, 8)).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("7.1 PiB"), "{text}");
        assert!(check_memory("small", 1024).is_ok());
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(3 << 30), "3.0 GiB");
    }
}
