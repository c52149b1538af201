//! The driver of a long run: `G(0..=to)` for a take-and-break game.
//!
//! 1. Resume from the checkpoint file, if one is given and exists (and its values pass a spot
//!    check against the rules, `check_resumed`).
//! 2. Pick the solver: rare-value for one- and two-heap options, pair-XOR bitsets for
//!    three-way splits.
//! 3. Grow the table in doubling stages; after each stage look for a period certified by the
//!    game's theorem ([`period_rule_of`]). Once one holds, every further value is a table
//!    lookup (the theorem proves it), so periodic games such as Kayles cost O(N) in all.
//! 4. Report progress and save checkpoints (every `interval`, and at the end) from the
//!    solver's chunk callback.
//!
//! Memory: 1 byte a heap for the table while the values fit in a byte (the rare-value solver
//! widens it to 2 when one does not, checking the copy), plus the solver's scratch, checked
//! before each stage.

use super::checkpoint;
use super::naive::NaiveSolver;
use super::rare_value::RareValueSolver;
use super::rules::MoveRules;
use super::three_way::ThreeWaySolver;
use super::{period_rule_of, SequenceSolver, Value, ValueTable, Values, PROGRESS_CHUNK};
use crate::error::GameError;
use crate::limits::{human_bytes, Budget};
use crate::numeric::Nimber;
use crate::theory::period::PeriodRule;
use crate::theory::period::{find_certified_by_scan, Period};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Progress: `(heaps done, heaps asked for)`.
pub type ProgressFn<'a> = &'a mut dyn FnMut(u64, u64);

/// Values handed on as they are computed: `(first heap, values)`, in heap order, each heap
/// of `0..=to` at most once (a table printed while it grows, not after).
pub type ChunkFn<'c> = &'c mut dyn FnMut(u64, &[Value]) -> Result<(), GameError>;

/// A configured run (builder style): game, optional checkpoint, optional progress.
pub struct Run<'a> {
    rules: &'a MoveRules,
    spec: &'a str,
    checkpoint: Option<(PathBuf, Duration)>,
    progress: Option<ProgressFn<'a>>,
    period_shortcut: bool,
    threads: usize,
}

/// The values computed, and the certified period that extends them (if one was found).
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `G(0..values.len())`: at least the heaps asked for, unless a period covers the rest
    /// (narrow when every value fits in a byte).
    pub values: ValueTable,
    /// The certified period, when one was found: it gives every value past the table.
    pub period: Option<Period>,
    /// How many values came from the checkpoint file (0 for a fresh run).
    pub resumed_from: u64,
}

impl Outcome {
    /// `G(n)`: from the table, or by the certified period beyond it.
    pub fn value(&self, n: u64) -> Option<Value> {
        match self.period {
            _ if n < self.values.len() as u64 => Some(self.values.get(n as usize)),
            // Certified periods are ordinary (saltus 0): the value is the one it repeats.
            Some(period) => Some(self.values.get(period.fold(self.values.len(), n).0)),
            None => None,
        }
    }
}

impl<'a> Run<'a> {
    /// A run of the game `rules`, named `spec` (checkpoints are tied to it).
    pub fn new(rules: &'a MoveRules, spec: &'a str) -> Run<'a> {
        Run {
            rules,
            spec,
            checkpoint: None,
            progress: None,
            period_shortcut: true,
            threads: default_threads(),
        }
    }

    /// Worker threads for the rare-value solver (default: the machine's cores). The values
    /// do not depend on it.
    pub fn threads(mut self, threads: usize) -> Run<'a> {
        self.threads = threads.max(1);
        self
    }

    /// Save to `path` every `interval` (and at the end); resume from it if it exists.
    pub fn checkpoint(mut self, path: PathBuf, interval: Duration) -> Run<'a> {
        self.checkpoint = Some((path, interval));
        self
    }

    /// Calls `progress(done, total)` as the table grows.
    pub fn progress(mut self, progress: ProgressFn<'a>) -> Run<'a> {
        self.progress = Some(progress);
        self
    }

    /// Compute every value with the solver, even after a period is certified (benchmarks of
    /// the solver itself, and tests).
    pub fn without_period_shortcut(mut self) -> Run<'a> {
        self.period_shortcut = false;
        self
    }

    /// `G(0..=to)` (as a table plus, possibly, a certified period).
    pub fn compute(self, to: u64) -> Result<Outcome, GameError> {
        self.compute_handing_on(to, None)
    }

    /// [`Run::compute`], handing on each table value of `0..=to` to `chunks` as soon as it is
    /// computed (those read from a checkpoint first). Heaps past the table, given by a
    /// certified period, are not handed on: read them from the [`Outcome`], from
    /// `values.len()` on.
    pub fn compute_handing_on(
        self,
        to: u64,
        mut chunks: Option<ChunkFn<'_>>,
    ) -> Result<Outcome, GameError> {
        let Run {
            rules,
            spec,
            checkpoint,
            mut progress,
            period_shortcut,
            threads,
        } = self;
        let len = to
            .checked_add(1)
            .ok_or_else(|| GameError::TooLarge("a table to 2^64−1 cannot be stored".to_string()))?;
        let rule = if period_shortcut {
            period_rule_of(rules)
        } else {
            PeriodRule::None
        };
        // The real cost: the table (1 or 2 bytes a heap, as it is held now, up to the stage
        // computed) plus the solver's scratch, which does not shrink with the table (so that
        // a tiny budget is refused with the figure that broke it, not with a table of a few
        // KiB). A narrow table that must widen checks the copy's peak when it does.
        let scratch = if rules.split3.is_empty() {
            RareValueSolver::scratch_bytes(threads)
        } else {
            0
        };
        let refuse_past_budget = |heaps: u64, cell_bytes: u64| {
            let table = heaps as u128 * cell_bytes as u128;
            Budget::current().check(
                &format!(
                    "a table of G(0..={}) for `{spec}` ({} at {cell_bytes} byte{} a heap, plus {} of solver scratch{})",
                    heaps.saturating_sub(1),
                    human_bytes(table),
                    if cell_bytes == 1 { "" } else { "s" },
                    human_bytes(scratch),
                    if rule == PeriodRule::None {
                        ""
                    } else {
                        "; no period is certified yet"
                    }
                ),
                table + scratch,
            )
        };
        // The table as a fresh run holds it: narrow for the rare-value solver, wide for the
        // three-way one.
        let fresh_bytes = if rules.split3.is_empty() { 1 } else { 2 };
        if rule == PeriodRule::None {
            refuse_past_budget(len, fresh_bytes)?;
        }
        let mut values = match &checkpoint {
            Some((path, _)) => match checkpoint::load(path, spec)? {
                Some(values) => check_resumed_head(rules, spec, path, values)?,
                None => {
                    // Save the empty table now: an unwritable path fails at once, not after
                    // the first interval of work. (Narrow, as a fresh run starts: a run killed
                    // before its first save resumes narrow.)
                    checkpoint::save(path, spec, Values::Narrow(&[]))?;
                    ValueTable::default()
                }
            },
            None => ValueTable::default(),
        };
        let resumed_from = values.len() as u64;
        if rule == PeriodRule::None {
            // The whole table is needed and fits (checked above): allocate it once, so that
            // growing it never holds the old and the new buffer at the same time.
            values.reserve(len.saturating_sub(values.len() as u64) as usize);
        }
        // For two-way splits, the last value of a resumed table is checked by the solver
        // itself, which computes it again from the others (one pass over the table).
        let last = (values.len() > SPOT_CHECK && rules.split3.is_empty())
            .then(|| values.pop())
            .flatten();
        let mut solver: Box<dyn SequenceSolver> = if rules.split3.is_empty() {
            Box::new(RareValueSolver::new(rules, values).with_threads(threads)?)
        } else {
            Box::new(ThreeWaySolver::new(rules, values.into_wide()))
        };
        if let (Some(saved), Some((path, _))) = (last, &checkpoint) {
            let n = solver.values().len();
            let rule = solver.next_value()?;
            if rule != saved {
                return Err(not_the_values(spec, path, n, saved, rule));
            }
            solver.push(saved)?;
        }
        // A checkpoint may hold more than this run needs: keep it all (the table may then be
        // longer than `to + 1`), so that the final save never shortens it.
        let mut period = certified_period(solver.values(), rule);
        let mut last_save = Instant::now();
        let mut saved_len = resumed_from;
        // Heaps handed on to `chunks` so far: `0..emitted`, never past `to`; a piece of at
        // most PROGRESS_CHUNK values at a time, widened for the callback.
        let mut emitted = 0usize;
        let mut hand_on = |values: Values<'_>| -> Result<(), GameError> {
            let end = values.len().min(len as usize);
            if let Some(chunks) = chunks.as_mut() {
                while emitted < end {
                    let piece = emitted..end.min(emitted + PROGRESS_CHUNK);
                    chunks(emitted as u64, &values.slice(piece.clone()).to_vec())?;
                    emitted = piece.end;
                }
            }
            Ok(())
        };
        while period.is_none() && (solver.values().len() as u64) < len {
            let done = solver.values().len() as u64;
            let stage = if rule == PeriodRule::None {
                len
            } else {
                len.min(done.saturating_mul(2).max(4096))
            };
            refuse_past_budget(stage, solver.values().cell_bytes())?;
            solver.extend_to(stage, &mut |values| {
                if let Some(report) = progress.as_mut() {
                    report(values.len() as u64, len);
                } else {
                    crate::progress::report("heaps", values.len() as u64, len);
                }
                hand_on(values)?;
                if let Some((path, interval)) = &checkpoint {
                    if last_save.elapsed() >= *interval {
                        checkpoint::save(path, spec, values)?;
                        saved_len = values.len() as u64;
                        last_save = Instant::now();
                    }
                }
                Ok(())
            })?;
            period = certified_period(solver.values(), rule);
        }
        hand_on(solver.values())?;
        if let Some((path, _)) = &checkpoint {
            if solver.values().len() as u64 != saved_len {
                checkpoint::save(path, spec, solver.values())?;
            }
        }
        if let Some(report) = progress.as_mut() {
            report(len, len);
        }
        Ok(Outcome {
            values: solver.into_values(),
            period,
            resumed_from,
        })
    }

    /// `G(0), …, G(to)` in order to `sink`.
    pub fn for_each_value(
        self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        let mut table_sink = |first: u64, values: &[Value]| {
            (first..)
                .zip(values)
                .try_for_each(|(n, &v)| sink(n, Nimber(v as u64)))
        };
        let outcome = self.compute_handing_on(to, Some(&mut table_sink))?;
        for n in (outcome.values.len() as u64).min(to.saturating_add(1))..=to {
            let v = outcome
                .value(n)
                .expect("compute covers 0..=to by the table or a certified period");
            sink(n, Nimber(v as u64))?;
        }
        Ok(())
    }
}

/// Worker threads set by [`set_default_threads`] (0: the cores).
static DEFAULT_THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets the worker threads of every run that does not choose its own (0: the cores): a
/// door's `--threads` reaches the runs that a family starts for it (`value officers 10^6`).
pub fn set_default_threads(threads: usize) {
    DEFAULT_THREADS.store(threads, Ordering::Relaxed);
}

/// The default number of worker threads: [`set_default_threads`]'s, else the cores of this
/// machine (1 when unknown).
pub fn default_threads() -> usize {
    match DEFAULT_THREADS.load(Ordering::Relaxed) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        threads => threads,
    }
}

/// Heaps of a resumed table checked from the start by [`check_resumed_head`].
const SPOT_CHECK: usize = 256;

/// Values read from a checkpoint are used only after a spot check against the definition: the
/// first [`SPOT_CHECK`] heaps here (by the naive solver) and, for two-way splits, the last
/// (recomputed by the run's solver from the others, one pass over the table). The checksum
/// catches a damaged file; this catches a well-formed one that these rules did not compute
/// (written by hand, or by a faulty version), which would otherwise resume silently into
/// wrong values.
fn check_resumed_head(
    rules: &MoveRules,
    spec: &str,
    path: &Path,
    values: ValueTable,
) -> Result<ValueTable, GameError> {
    let head = values.len().min(SPOT_CHECK);
    let mut naive = NaiveSolver::new(rules, Vec::with_capacity(head));
    for (n, saved) in values.view().slice(0..head).iter().enumerate() {
        let rule = naive.next_value()?;
        if rule != saved {
            return Err(not_the_values(spec, path, n, saved, rule));
        }
        naive.push(saved)?;
    }
    Ok(values)
}

/// The refusal of a checkpoint that says `G(n) = saved` where the rules give `rule`.
fn not_the_values(spec: &str, path: &Path, n: usize, saved: Value, rule: Value) -> GameError {
    GameError::io_other(format!(
        "checkpoint {} does not hold the values of `{spec}`: it says G({n}) = {saved}, the rules give {rule}; delete it to start afresh",
        path.display()
    ))
}

/// The period of `values` certified by `rule`, at either width (values are equal as bytes
/// exactly when they are equal).
fn certified_period(values: Values<'_>, rule: PeriodRule) -> Option<Period> {
    match values {
        Values::Narrow(values) => find_certified_by_scan(values, rule),
        Values::Wide(values) => find_certified_by_scan(values, rule),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::games::octal::OctalCode;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]
        /// The values handed on while a run computes are, in order and each once, the
        /// heaps `0..min(table, to + 1)` of the finished run: periodic codes (the rest from
        /// the period), aperiodic ones, and three-way splits (their own solver).
        #[test]
        fn values_handed_on_are_the_finished_table_in_order(
            code in proptest::sample::select(vec!["0.77", "0.6", "0.007", "0.137", "0.8", "4.07"]),
            to in 0u64..5_000,
        ) {
            let rules = OctalCode::parse(code, "t").unwrap().rules();
            let mut handed = Vec::new();
            let mut chunks = |first: u64, values: &[Value]| {
                assert_eq!(first, handed.len() as u64, "chunks are contiguous");
                handed.extend_from_slice(values);
                Ok(())
            };
            let outcome = Run::new(&rules, code)
                .compute_handing_on(to, Some(&mut chunks))
                .unwrap();
            let table = outcome.values.len().min(to as usize + 1);
            proptest::prop_assert_eq!(&handed[..], &outcome.values.view().slice(0..table).to_vec()[..]);
            let plain = Run::new(&rules, code).compute(to).unwrap();
            for n in 0..=to {
                proptest::prop_assert_eq!(outcome.value(n), plain.value(n));
            }
        }
    }

    #[test]
    fn resuming_a_shorter_checkpointed_run_changes_nothing() {
        let rules = OctalCode::parse("0.6", "t").unwrap().rules();
        let path =
            std::env::temp_dir().join(format!("grundy-seq-{}-resume.ck", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let fresh = Run::new(&rules, "octal:0.6").compute(150_000).unwrap();
        let every = Duration::ZERO;
        let first = Run::new(&rules, "octal:0.6")
            .checkpoint(path.clone(), every)
            .compute(70_000)
            .unwrap();
        assert_eq!(first.resumed_from, 0);
        let mut reports = Vec::new();
        let mut progress = |done: u64, total: u64| reports.push((done, total));
        let resumed = Run::new(&rules, "octal:0.6")
            .checkpoint(path.clone(), every)
            .progress(&mut progress)
            .compute(150_000)
            .unwrap();
        assert_eq!(resumed.resumed_from, 70_001);
        assert_eq!(resumed.values, fresh.values);
        assert!(reports.windows(2).all(|w| w[0].0 <= w[1].0));
        assert_eq!(reports.last(), Some(&(150_001, 150_001)));
        std::fs::remove_file(&path).unwrap();
    }

    /// A run of 0.64 checkpointed at 3000 heaps (values below 256: a narrow table, saved at one
    /// byte a value) resumes past heap 3833, whose value 256 widens the table: the values are
    /// those of one uninterrupted run.
    #[test]
    fn resuming_across_the_widening_point_changes_nothing() {
        let rules = OctalCode::parse("0.64", "t").unwrap().rules();
        let path = std::env::temp_dir().join(format!("grundy-seq-{}-widen.ck", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let fresh = Run::new(&rules, "octal:0.64")
            .without_period_shortcut()
            .compute(8000)
            .unwrap();
        let fresh = fresh.values.into_wide();
        assert_eq!(fresh.iter().position(|&v| v > 255), Some(3833));
        let first = Run::new(&rules, "octal:0.64")
            .without_period_shortcut()
            .checkpoint(path.clone(), Duration::ZERO)
            .compute(2999)
            .unwrap();
        assert!(matches!(first.values, ValueTable::Narrow(_)));
        let saved = checkpoint::load(&path, "octal:0.64").unwrap().unwrap();
        assert_eq!(saved, first.values);
        let resumed = Run::new(&rules, "octal:0.64")
            .without_period_shortcut()
            .checkpoint(path.clone(), Duration::ZERO)
            .compute(8000)
            .unwrap();
        assert_eq!(resumed.resumed_from, 3000);
        assert_eq!(resumed.values, ValueTable::Wide(fresh));
        std::fs::remove_file(&path).unwrap();
    }

    /// A well-formed checkpoint (right checksum, right game) whose values these rules did not
    /// compute is refused, at a wrong head value or a wrong last value, never resumed.
    #[test]
    fn a_checkpoint_of_other_values_is_refused() {
        let rules = OctalCode::parse("0.6", "t").unwrap().rules();
        let path =
            std::env::temp_dir().join(format!("grundy-seq-{}-forged.ck", std::process::id()));
        let fresh = Run::new(&rules, "octal:0.6")
            .compute(999)
            .unwrap()
            .values
            .into_wide();
        for (n, wrong) in [(5, 7), (999, 0)] {
            let mut forged = fresh.clone();
            forged[n] = wrong;
            checkpoint::save(&path, "octal:0.6", Values::Wide(&forged)).unwrap();
            let error = Run::new(&rules, "octal:0.6")
                .checkpoint(path.clone(), Duration::from_secs(60))
                .compute(2000)
                .unwrap_err()
                .to_string();
            let expected = format!("it says G({n}) = {wrong}, the rules give {}", fresh[n]);
            assert!(error.contains(&expected), "{error}");
        }
        // The true values resume.
        checkpoint::save(&path, "octal:0.6", Values::Wide(&fresh)).unwrap();
        let resumed = Run::new(&rules, "octal:0.6")
            .checkpoint(path.clone(), Duration::from_secs(60))
            .compute(1500)
            .unwrap();
        assert_eq!(resumed.resumed_from, 1000);
        std::fs::remove_file(&path).unwrap();
    }
}
