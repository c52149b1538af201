//! Resource estimates: memory is a user-visible resource, so large tables are estimated and
//! refused with the figure *before* anything is allocated.
//!
//! One [`Budget`] answers every "may I allocate this?": the smallest of three quarters of the
//! machine's available memory, the room left under the process's address-space limit
//! (`ulimit -v`, RLIMIT_AS) and the room left under its cgroup's memory limit — whichever a
//! large allocation would hit first — unless the user set it (`--memory SIZE`).

use crate::error::GameError;
use cgroup::{cgroup_limit, CgroupLimit};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

mod cgroup;

/// A lower budget set by the program embedding the library (0: none).
static BUDGET_CAP: AtomicU64 = AtomicU64::new(0);

/// A budget set by the user (`--memory SIZE`), replacing the measured one (0: none).
static BUDGET_OVERRIDE: AtomicU64 = AtomicU64::new(0);

/// How the user of the program embedding the library sets the budget, named in refusals: the
/// setting's name and its usage (the CLI's `--memory` and `--memory SIZE`, the default).
static BUDGET_SETTING: OnceLock<(&'static str, &'static str)> = OnceLock::new();

/// Names the setting that raises the budget in this program, for every refusal to name
/// (`("grundy.set_memory", "grundy.set_memory(SIZE)")` in the Python package, where the CLI's
/// `--memory SIZE` would send the user looking for a flag that is not there). The first
/// call wins.
pub fn name_budget_setting(name: &'static str, usage: &'static str) {
    let _ = BUDGET_SETTING.set((name, usage));
}

/// The setting's name and usage ([`name_budget_setting`]).
fn budget_setting() -> (&'static str, &'static str) {
    *BUDGET_SETTING.get_or_init(|| ("--memory", "--memory SIZE"))
}

/// Lowers the memory budget of this process to at most `bytes`: a fuzzer, or a server answering
/// many requests, wants a request for gigabytes refused at once rather than allocated.
pub fn cap_memory_budget(bytes: u64) {
    BUDGET_CAP.store(bytes, Ordering::Relaxed);
}

/// Sets the memory budget to `bytes` regardless of what the machine reports (0 clears it):
/// the user knows better than `MemAvailable` when other jobs will free memory, or wants a
/// smaller run. A cap from [`cap_memory_budget`] still applies.
pub fn set_memory_budget(bytes: u64) {
    BUDGET_OVERRIDE.store(bytes, Ordering::Relaxed);
}

/// Where a budget's figure came from, so that a refusal can say which limit to raise.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BudgetSource {
    /// Three quarters of `MemAvailable` in `/proc/meminfo`.
    Available,
    /// The room left under the address-space limit (`ulimit -v`).
    AddressSpace,
    /// The room left under the cgroup's memory limit (v2 `memory.max`, v1
    /// `memory.limit_in_bytes`, on the process's cgroup or an ancestor).
    Cgroup,
    /// Set by the user (`--memory SIZE`).
    User,
    /// Lowered by the embedding program ([`cap_memory_budget`]).
    Cap,
    /// Nothing could be read: a fixed 16 GiB.
    Default,
}

impl BudgetSource {
    /// The limit's name in a refusal.
    pub fn describe(self) -> String {
        let fixed = match self {
            BudgetSource::Available => "3/4 of available memory",
            BudgetSource::AddressSpace => "the address-space limit, ulimit -v",
            BudgetSource::Cgroup => "the cgroup memory limit",
            BudgetSource::User => return format!("set by {}", budget_setting().0),
            BudgetSource::Cap => "the embedding program's cap",
            BudgetSource::Default => "memory could not be measured",
        };
        fixed.to_string()
    }
}

/// The memory one request may still allocate, and which limit set it. Ask
/// [`Budget::current`] right before a large allocation: the figure is read afresh, because
/// the room under an address-space or cgroup limit shrinks as the process grows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes that may still be allocated.
    pub bytes: u64,
    /// The limit that set `bytes`.
    pub source: BudgetSource,
}

impl Budget {
    /// The budget now: the user's figure if set, else the smallest measured limit; never above
    /// the embedding program's cap.
    pub fn current() -> Budget {
        let user = BUDGET_OVERRIDE.load(Ordering::Relaxed);
        let mut budget = if user != 0 {
            Budget {
                bytes: user,
                source: BudgetSource::User,
            }
        } else {
            measured()
        };
        let cap = BUDGET_CAP.load(Ordering::Relaxed);
        if cap != 0 && cap < budget.bytes {
            budget = Budget {
                bytes: cap,
                source: BudgetSource::Cap,
            };
        }
        budget
    }

    /// Whether `bytes` more fit.
    pub fn fits(&self, bytes: u128) -> bool {
        bytes <= self.bytes as u128
    }

    /// The budget as a refusal states it: the figure, the limit that set it and the flag that
    /// raises it, e.g. `1.0 GiB (the address-space limit, ulimit -v; raise it with --memory SIZE)`.
    pub fn describe(&self) -> String {
        format!(
            "{} ({}; raise it with {})",
            human_bytes(self.bytes as u128),
            self.source.describe(),
            budget_setting().1
        )
    }

    /// Refuses `what` when it needs more than the budget, naming both figures, the limit and
    /// the flag that raises it.
    pub fn check(&self, what: &str, bytes: u128) -> Result<(), GameError> {
        if self.fits(bytes) {
            return Ok(());
        }
        let what = if what.is_empty() {
            "this request"
        } else {
            what
        };
        Err(GameError::TooLarge(format!(
            "{what} needs about {} of memory; the budget allows {}",
            human_bytes(bytes),
            self.describe()
        )))
    }
}

/// The smallest of the limits this process can read.
fn measured() -> Budget {
    measured_with(meminfo_field("MemAvailable:"))
}

/// [`measured`] with `available` as the machine's `MemAvailable` (one reading, so that a test
/// can compare the budget with the figure it came from: the figure moves between readings).
fn measured_with(available: Option<u64>) -> Budget {
    let mut best = Budget {
        bytes: 16 << 30,
        source: BudgetSource::Default,
    };
    let mut consider = |bytes: Option<u64>, source| {
        if let Some(bytes) = bytes {
            if best.source == BudgetSource::Default || bytes < best.bytes {
                best = Budget { bytes, source };
            }
        }
    };
    consider(available.map(|b| b / 4 * 3), BudgetSource::Available);
    consider(address_space_room(), BudgetSource::AddressSpace);
    consider(cgroup_room(), BudgetSource::Cgroup);
    best
}

/// A `kB` field of `/proc/meminfo`, in bytes.
fn meminfo_field(name: &str) -> Option<u64> {
    kib_field(&std::fs::read_to_string("/proc/meminfo").ok()?, name)
}

/// The `NAME: N kB` line of a `/proc` status file, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    text.lines()
        .find(|l| l.starts_with(name))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<u64>().ok())
        .map(|kib| kib * 1024)
}

/// The limits fixed for the life of the process, read once: [`Budget::current`] is asked
/// before every table, thousands of times in a census, and reading `/proc/self/limits` and
/// the cgroup files each time was most of a small search's cost (62% of a census of 4095
/// subtraction sets). Only the figures that move (the process's size, the cgroup's use,
/// `MemAvailable`) are read afresh, and only when a limit makes them matter.
struct FixedLimits {
    /// The soft address-space limit (`ulimit -v`), if set.
    address_space: Option<u64>,
    /// The cgroup's limit and the file holding its current use, if it has a limit.
    cgroup: Option<CgroupLimit>,
}

fn fixed_limits() -> &'static FixedLimits {
    static LIMITS: std::sync::OnceLock<FixedLimits> = std::sync::OnceLock::new();
    LIMITS.get_or_init(|| FixedLimits {
        address_space: address_space_limit(),
        cgroup: cgroup_limit(),
    })
}

/// The soft `Max address space` of `/proc/self/limits` (`None`: unlimited or unreadable).
fn address_space_limit() -> Option<u64> {
    std::fs::read_to_string("/proc/self/limits")
        .ok()?
        .lines()
        .find(|l| l.starts_with("Max address space"))?
        .split_whitespace()
        .nth(3)?
        .parse::<u64>()
        .ok()
}

/// Three quarters of what the address-space limit leaves beside the mappings the process
/// already holds (its `VmSize`); the quarter kept back covers allocator slack and thread stacks.
fn address_space_room() -> Option<u64> {
    let soft = fixed_limits().address_space?;
    let used = kib_field(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmSize:",
    )
    .unwrap_or(0);
    Some(soft.saturating_sub(used) / 4 * 3)
}

/// Three quarters of what the cgroup's limit leaves beside its working set.
fn cgroup_room() -> Option<u64> {
    Some(fixed_limits().cgroup.as_ref()?.room() / 4 * 3)
}

/// Memory we allow one request to take now: [`Budget::current`]'s figure.
pub fn memory_budget() -> u64 {
    Budget::current().bytes
}

/// Parses a size as users write it: `512M`, `4G`, `1.5GiB`, `100000` (bytes); `K`, `M`, `G`,
/// `T`, `P`, `E` are powers of 1024 (`--output-limit 100P` lets a huge table stream to a
/// file). The error names the token, the accepted forms and the bound (below 16E = 2^64).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    let body = lower
        .strip_suffix("ib")
        .or_else(|| lower.strip_suffix('b'))
        .unwrap_or(&lower);
    let (number, shift) = match body.chars().last() {
        Some('k') => (&body[..body.len() - 1], 10),
        Some('m') => (&body[..body.len() - 1], 20),
        Some('g') => (&body[..body.len() - 1], 30),
        Some('t') => (&body[..body.len() - 1], 40),
        Some('p') => (&body[..body.len() - 1], 50),
        Some('e') => (&body[..body.len() - 1], 60),
        _ => (body, 0),
    };
    let bad = || {
        format!("`{text}` is not a size; expected a positive number of bytes with an optional unit K, M, G, T, P or E (e.g. 512M, 4G), below 16E")
    };
    let value: f64 = match number.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && !number.is_empty() => v,
        _ => return Err(bad()),
    };
    let bytes = value * (1u64 << shift) as f64;
    if bytes < 1.0 || bytes >= u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// Output one command may write unless the user raises it (`--output-limit SIZE`): 16 GiB is
/// more than any terminal or pipe consumer wants, and well past the point where the user
/// meant something else.
pub const DEFAULT_OUTPUT_BUDGET: u64 = 16 << 30;

/// The output budget set by the user (0: [`DEFAULT_OUTPUT_BUDGET`]).
static OUTPUT_OVERRIDE: AtomicU64 = AtomicU64::new(0);

/// Sets the output budget (0 restores the default).
pub fn set_output_budget(bytes: u64) {
    OUTPUT_OVERRIDE.store(bytes, Ordering::Relaxed);
}

/// Bytes one command may write to its output.
pub fn output_budget() -> u64 {
    match OUTPUT_OVERRIDE.load(Ordering::Relaxed) {
        0 => DEFAULT_OUTPUT_BUDGET,
        bytes => bytes,
    }
}

/// Refuses output of about `bytes` past the output budget, naming the flag that raises it.
pub fn check_output(what: &str, bytes: u128) -> Result<(), GameError> {
    let budget = output_budget();
    if bytes <= budget as u128 {
        return Ok(());
    }
    Err(GameError::TooLarge(format!(
        "{what} would write about {}; the output budget is {} (raise it with --output-limit SIZE)",
        human_bytes(bytes),
        human_bytes(budget as u128)
    )))
}

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

/// Refuses `what` when it would need more than the memory budget ([`Budget::check`]).
pub fn check_memory(what: &str, bytes: u128) -> Result<(), GameError> {
    Budget::current().check(what, bytes)
}

/// Bytes needed for a dense table of `count` entries of `entry_bytes` each.
pub fn table_bytes(count: u64, entry_bytes: u64) -> u128 {
    count as u128 * entry_bytes as u128
}

/// Most winning moves a solution lists in total, over all its components (each component is
/// capped on its own too): a sum of many components could otherwise list hundreds of millions
/// of moves, about 64 bytes each.
pub const MAX_WINNING_MOVES: usize = 5_000_000;

/// The reason a list of winning moves is omitted when `listed` moves already found and `more`
/// of the next component would pass [`MAX_WINNING_MOVES`] (`None`: list them).
pub fn winning_moves_over_cap(listed: usize, more: usize) -> Option<String> {
    let total = listed.saturating_add(more);
    (total > MAX_WINNING_MOVES).then(|| {
        format!("the sum has more than {MAX_WINNING_MOVES} winning moves (at least {total}); too many to list")
    })
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

    #[test]
    fn a_refusal_names_the_limit_and_the_flag() {
        let budget = Budget {
            bytes: 1 << 30,
            source: BudgetSource::AddressSpace,
        };
        let text = budget.check("a table", 5 << 30).unwrap_err().to_string();
        for words in ["5.0 GiB", "allows 1.0 GiB", "ulimit -v", "--memory SIZE"] {
            assert!(text.contains(words), "{text}");
        }
        assert!(budget.check("a table", 1 << 29).is_ok());
        // The measured budget never exceeds what the machine reports as available (the same
        // reading: MemAvailable moves while other tests allocate and free).
        if let Some(available) = meminfo_field("MemAvailable:") {
            assert!(measured_with(Some(available)).bytes <= available);
        }
    }

    #[test]
    fn the_address_space_limit_is_read_from_proc() {
        let status = "Name:\tgrundy\nVmSize:\t  123 kB\n";
        assert_eq!(kib_field(status, "VmSize:"), Some(123 * 1024));
        assert_eq!(kib_field(status, "VmRSS:"), None);
    }

    #[test]
    fn sizes_accept_units() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("4GiB"), Ok(4 << 30));
        assert_eq!(parse_size("1.5k"), Ok(1536));
        assert_eq!(parse_size("100000"), Ok(100000));
        // The bound the error names can be written: 15E is accepted, 16E (2^64) is not.
        assert_eq!(parse_size("100P"), Ok(100 << 50));
        assert_eq!(parse_size("15E"), Ok(15 << 60));
        assert!(parse_size("16E").unwrap_err().contains("below 16E"));
        for bad in ["", "G", "-1G", "0", "4X", "1e30T", "nan"] {
            let err = parse_size(bad).unwrap_err();
            assert!(
                err.contains(&format!("`{bad}`")) && err.contains("512M"),
                "{err}"
            );
        }
    }

    #[test]
    fn winning_moves_are_capped_in_total() {
        assert_eq!(winning_moves_over_cap(MAX_WINNING_MOVES - 10, 10), None);
        let reason = winning_moves_over_cap(MAX_WINNING_MOVES - 10, 11).unwrap();
        assert!(
            reason.contains("more than 5000000 winning moves (at least 5000001)"),
            "{reason}"
        );
    }

    #[test]
    fn output_refusals_name_the_flag() {
        let text = check_output("a table", 1 << 50).unwrap_err().to_string();
        assert!(
            text.contains("--output-limit SIZE") && text.contains("1.0 PiB"),
            "{text}"
        );
        assert!(check_output("a table", 100).is_ok());
    }
}
