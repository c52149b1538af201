//! The rare-value ("sparse space") solver for games with one- and two-heap options: blocked,
//! and multi-threaded over the heaps of a block.
//!
//! With a [`ClassMask`] splitting values into rare and common classes (see [`super::classes`]),
//! `G(n)` is found as follows:
//! 1. mark the values of the whole/take options and of every split `(r, n − k − r)` with `r` a
//!    rare heap: these include **every** common value among the options (a common XOR needs
//!    one rare and one common part), at a cost of O(#rare) per heap;
//! 2. the *candidate* is the least common value not marked: the least common value missing
//!    from the options, exactly;
//! 3. `G(n)` is the candidate unless some rare value below it is missing too. Rare values are
//!    plentiful among the options (common ⊕ common), so a scan over the splits, stopping as
//!    soon as every rare value below the candidate has been seen, usually stops after a few
//!    hundred pairs. Only when one is really missing (then `n` is a new rare heap) does the
//!    scan run to the end.
//!
//! **Blocks.** Heaps are solved in blocks of [`block_len`] consecutive heaps. For a block
//! starting at `s`, everything that reads only values below a *bound* `L ≤ s` is done first,
//! for all heaps of the block at once and in parallel (`far_task`): the marks of step 1 whose
//! partner heap is below `L`, the pairs at both ends of the scan (the 768 smallest parts whose
//! partners are below `L`, and the 256 largest, near-equal halves, flagged by the same
//! transposed loop), and a budgeted step-3 scan over the other splits whose two parts are
//! below `L`, recording every value seen. Then the heaps are
//! finished in order (`near_heap`): the marks whose partner is `≥ L` (a few: partners that
//! recent need a small rare part), the candidate, and a full scan only for the rare values
//! the far scan did not see. A far task reads values below the start of its own block when
//! the block before it is done, else below the start of that block (`L = s(i − 1)`), so that
//! it can run while that block's near phase does: the phases are the two stages of
//! `octal/block_pipeline.rs`, which keeps every thread busy across block boundaries, and the
//! bound is per task. Option sets are bitsets of `2^bits` bits (every option value is a XOR
//! of values `< 2^bits`). The hot loops are compiled twice, for baseline x86-64 and for
//! x86-64-v3, and the copy is chosen at run time (`Isa`).
//!
//! The mask only affects speed, never values: any mask gives the mex. It is re-chosen (by the
//! Walsh–Hadamard count in [`best_mask`]) at block boundaries, when the number of rare heaps
//! has grown by an eighth or the values need another bit, and adopted when it is clearly
//! better; the list of rare heaps is then rebuilt in one pass. A block ends early when a value
//! needs another bit, and work computed under an old mask is discarded. The values are thus
//! the same for every block length, thread count and resume point (the tests check it),
//! which is what makes checkpoints small (the values alone) and resumed runs identical.

use super::block_pipeline::{self, NearOutcome, Stages};
use super::classes::{best_mask, count_index, ClassMask};
use super::rules::MoveRules;
use super::table::{Cell, ValueTable, Values, NARROW_BITS};
use super::{checked_value, SequenceSolver, Value, PROGRESS_CHUNK};
use crate::error::GameError;
use crate::limits::{human_bytes, Budget};
use std::sync::{Arc, Mutex};

/// Pairs scanned from one end before switching to the other, in step 3.
const SCAN_CHUNK: usize = 64;

/// Heaps handed to one parallel task in the far phase.
const HEAPS_PER_TASK: usize = 32;

/// The rare-value solver (see the module docs).
pub struct RareValueSolver<'r> {
    rules: &'r MoveRules,
    /// One byte a heap while every value fits in `narrow_bits` bits, then two.
    values: ValueTable,
    /// [`NARROW_BITS`], or fewer in tests (so that the table widens within a few heaps).
    narrow_bits: u32,
    /// Worker threads (for the scratch named when widening is refused).
    threads: usize,
    /// [`FRONT_PARTS`], or fewer in tests (so that short tables use them too).
    front_parts: usize,
    /// [`BACK_PARTS`], or fewer in tests.
    back_parts: usize,
    /// `q`: the parity of every split removal, when they share one (position-parity variant).
    split_parity: Option<u64>,
    classes: ClassMask,
    /// Every value so far is `< 2^bits`.
    bits: u32,
    /// The values counted by class, and the rare list.
    census: Census,
    /// Number of rare heaps (including heap 0 when rare) when the mask was last chosen.
    rare_at_last_choice: u64,
    /// Heaps per block; `None`: [`block_len`] of the current value width.
    block: Option<usize>,
    /// The worker threads (`None`: run on the calling thread).
    pool: Option<rayon::ThreadPool>,
    /// The compiled copy of the hot loops to run ([`Isa`]).
    isa: Isa,
}

/// What the solver knows of the values so far besides the table: heaps per (value, parity
/// bit), and the rare heaps.
#[derive(Clone, Debug, Default)]
struct Census {
    /// Heaps per (value, parity bit), see [`count_index`].
    counts: Vec<u64>,
    /// Rare heaps `r ≥ 1` in increasing order, and their values (two arrays: the hot loop
    /// streams both).
    rare_heaps: Vec<u64>,
    rare_values: Vec<Value>,
}

impl Census {
    /// Counts `G(n) = v`, and lists `n` when its value is rare under `classes`. `v` fits the
    /// counts (the solver resizes them when the values need another bit).
    fn add(&mut self, classes: ClassMask, parity_bit: u64, n: u64, v: Value) {
        self.counts[count_index(v as u64, parity_bit)] += 1;
        if n >= 1 && classes.class(v as u64, parity_bit) == 0 {
            self.rare_heaps.push(n);
            self.rare_values.push(v);
        }
    }
}

/// Whether the mask is due for review: the rare heaps grew by an eighth since the last choice
/// (which counted `at_last_choice`).
fn mask_review_due(rare_heaps: usize, at_last_choice: u64) -> bool {
    rare_heaps as u64 >= at_last_choice.max(16) * 9 / 8
}

impl<'r> RareValueSolver<'r> {
    /// A single-threaded solver that continues from `values` = `G(0..values.len())` (empty to
    /// start afresh: `Vec::new().into()` or `ValueTable::default()`, narrow). A wide table is
    /// kept wide, even when its values would fit in one byte.
    pub fn new(rules: &'r MoveRules, values: ValueTable) -> RareValueSolver<'r> {
        debug_assert!(
            rules.split3.is_empty(),
            "three-way splits use the naive solver"
        );
        let bits = values
            .view()
            .iter()
            .map(|v| u16::BITS - v.leading_zeros())
            .max()
            .unwrap_or(0)
            .max(1);
        let mut solver = RareValueSolver {
            rules,
            narrow_bits: NARROW_BITS,
            threads: 1,
            front_parts: FRONT_PARTS,
            back_parts: BACK_PARTS,
            split_parity: rules.split_parity(),
            classes: ClassMask::ALL_RARE,
            bits,
            census: Census {
                counts: vec![0; 2 << bits],
                ..Census::default()
            },
            rare_at_last_choice: 0,
            block: None,
            pool: None,
            isa: Isa::detect(),
            values,
        };
        for (n, v) in solver.values.view().iter().enumerate() {
            let parity_bit = solver.parity_bit(n as u64);
            solver.census.counts[count_index(v as u64, parity_bit)] += 1;
        }
        if bits > NARROW_BITS {
            solver.values.widen();
        }
        solver.choose_mask(true);
        solver
    }

    /// Runs on `threads` threads: a pool of its own when more than one (kept for the
    /// solver's life, so that no block waits for a thread to start), the calling thread
    /// alone for one. The values do not depend on it.
    pub fn with_threads(mut self, threads: usize) -> Result<RareValueSolver<'r>, GameError> {
        let threads = threads.max(1);
        self.threads = threads;
        self.pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| {
                        GameError::io_other(format!("cannot start {threads} threads: {e}"))
                    })?,
            )
        } else {
            None
        };
        Ok(self)
    }

    /// Bytes of scratch the solver holds besides the table, at its widest (16-bit values) on
    /// `threads` threads: the bitsets of three blocks, a bound on what the pipeline holds (the
    /// far results of the block the near phase finishes, and of the at most two blocks ready
    /// after it) and, per thread, one task's flags and scan scratch. Budgets add it to the table's 1 or 2 bytes
    /// a heap, so that a tiny budget is refused with the figure that really broke it.
    pub fn scratch_bytes(threads: usize) -> u128 {
        let words = words_for(Value::BITS);
        let sets = 3 * block_len(Value::BITS) * 2 * words * 8;
        let per_thread = (HEAPS_PER_TASK + 2) * words * 64 + words * 8;
        (sets + threads.max(1) * per_thread) as u128
    }

    /// Solves in blocks of `block` heaps instead of [`block_len`] (tests: the values do not
    /// depend on it).
    pub fn with_block_len(mut self, block: usize) -> RareValueSolver<'r> {
        self.block = Some(block.max(1));
        self
    }

    /// Keeps the table narrow only while the values fit in `bits` bits (tests: below 8, the
    /// table widens within a few heaps; the values do not depend on it).
    #[cfg(test)]
    fn with_narrow_bits(mut self, bits: u32) -> RareValueSolver<'r> {
        self.narrow_bits = bits;
        if self.bits > bits {
            self.values.widen();
        }
        self
    }

    /// Runs the hot loops' baseline copy even where a wider one is detected (tests: the
    /// values do not depend on it).
    #[cfg(test)]
    fn with_baseline_isa(mut self) -> RareValueSolver<'r> {
        self.isa = Isa::Baseline;
        self
    }

    /// Flags `front` front parts and `back` back parts with the marks instead of
    /// [`FRONT_PARTS`] and [`BACK_PARTS`] (tests: a few, so that tables of a few hundred heaps
    /// use them; 0: none). The values do not depend on them.
    #[cfg(test)]
    fn with_edge_parts(mut self, front: usize, back: usize) -> RareValueSolver<'r> {
        self.front_parts = front;
        self.back_parts = back;
        self
    }

    /// The current class mask (for statistics and tests).
    pub fn classes(&self) -> ClassMask {
        self.classes
    }

    /// `(n ⊕ q) mod 2`, the position's share of its class.
    #[inline]
    fn parity_bit(&self, n: u64) -> u64 {
        (n ^ self.split_parity.unwrap_or(0)) & 1
    }

    /// Re-chooses the mask; adopts it when it is clearly better (or when `force`), then
    /// rebuilds the rare list. Returns whether the mask changed.
    fn choose_mask(&mut self, force: bool) -> bool {
        let total = self.values.len() as u64;
        let census = &mut self.census;
        let (best, best_rare) = best_mask(&census.counts, total, self.split_parity.is_some());
        let current_rare = census.rare_heaps.len() as u64 + self.is_rare_heap_zero() as u64;
        if force || best_rare * 8 < current_rare * 7 {
            let changed = best != self.classes;
            self.classes = best;
            let census = &mut self.census;
            census.rare_heaps.clear();
            census.rare_values.clear();
            let q = self.split_parity.unwrap_or(0);
            for (n, v) in self.values.view().iter().enumerate().skip(1) {
                if best.class(v as u64, (n as u64 ^ q) & 1) == 0 {
                    census.rare_heaps.push(n as u64);
                    census.rare_values.push(v);
                }
            }
            self.rare_at_last_choice = best_rare;
            changed
        } else {
            self.rare_at_last_choice = current_rare;
            false
        }
    }

    fn is_rare_heap_zero(&self) -> bool {
        !self.values.is_empty()
            && self
                .classes
                .class(self.values.get(0) as u64, self.parity_bit(0))
                == 0
    }

    /// Records `G(n) = v` for `n = values.len()` (counts, rare list); returns whether the
    /// values now need another bit. The mask is reviewed by [`Self::review_mask`].
    ///
    /// A value that does not fit the narrow table widens it here, once: a new bit ends the
    /// block and discards the far work computed for the next one, so no phase holds the
    /// narrow table. The copy holds both tables for a moment (3 bytes a heap), checked
    /// against the memory budget first.
    fn record(&mut self, v: Value) -> Result<bool, GameError> {
        let n = self.values.len() as u64;
        if matches!(self.values, ValueTable::Narrow(_)) && v >> self.narrow_bits != 0 {
            let peak = self.values.widening_peak();
            let scratch = Self::scratch_bytes(self.threads);
            Budget::current().check(
                &format!(
                    "widening the table to 2 bytes a heap at G({n}) = {v} ({} while the 1- and 2-byte copies are both held, plus {} of solver scratch)",
                    human_bytes(peak),
                    human_bytes(scratch)
                ),
                peak + scratch,
            )?;
            self.values.widen();
        }
        self.values.push(v);
        let grew = u16::BITS - v.leading_zeros() > self.bits;
        if grew {
            self.bits = u16::BITS - v.leading_zeros();
            self.census.counts.resize(2 << self.bits, 0);
        }
        let parity_bit = self.parity_bit(n);
        self.census.add(self.classes, parity_bit, n, v);
        Ok(grew)
    }

    /// Re-chooses the mask when due (the values needed another bit, or the rare heaps grew by
    /// an eighth); returns whether it changed.
    fn review_mask(&mut self, grew: bool) -> bool {
        if grew || mask_review_due(self.census.rare_heaps.len(), self.rare_at_last_choice) {
            self.choose_mask(false)
        } else {
            false
        }
    }

    /// What every phase reads and a run of blocks does not change, for the values known now.
    fn settings(&self) -> Settings<'r> {
        let words = words_for(self.bits);
        let mut rare_class = [vec![0u64; words], vec![0u64; words]];
        for (flip, set) in rare_class.iter_mut().enumerate() {
            for v in 0..(words * 64) as u64 {
                if self.classes.class(v, flip as u64) == 0 {
                    set[(v / 64) as usize] |= 1 << (v % 64);
                }
            }
        }
        Settings {
            rules: self.rules,
            split_parity: self.split_parity.unwrap_or(0),
            classes: self.classes,
            bits: self.bits,
            words,
            rare_class,
            scan_budget: 16 << self.bits.max(6),
            front_parts: self.front_parts as u64,
            back_parts: self.back_parts as u64,
            isa: self.isa,
        }
    }

    /// Solves heaps `values.len()..len` block by block (module docs), handing the table to
    /// `on_chunk` each time it passes a multiple of [`PROGRESS_CHUNK`].
    fn extend_blocked(
        &mut self,
        len: u64,
        on_chunk: &mut dyn FnMut(Values<'_>) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        while (self.values.len() as u64) < len {
            let start = self.values.len();
            let stop = (((start / PROGRESS_CHUNK + 1) * PROGRESS_CHUNK) as u64).min(len);
            self.run_blocks(stop as usize)?;
            if self.values.len() / PROGRESS_CHUNK > start / PROGRESS_CHUNK {
                on_chunk(self.values.view())?;
            }
        }
        Ok(())
    }

    /// One run of the block pipeline ([`block_pipeline`]) from `values.len()` towards `stop`,
    /// under the current mask and value width. The run ends early when a value needs another
    /// bit (recorded here, after it: that may widen the table) or the mask is due for review
    /// (reviewed here).
    fn run_blocks(&mut self, stop: usize) -> Result<(), GameError> {
        let census = std::mem::take(&mut self.census);
        let run = BlockRun {
            far_rare: Mutex::new(Arc::new((
                census.rare_heaps.clone(),
                census.rare_values.clone(),
            ))),
            near: Mutex::new(NearState {
                census,
                rare_at_last_choice: self.rare_at_last_choice,
                outgrown: None,
            }),
            settings: self.settings(),
        };
        let block = self.block.unwrap_or_else(|| block_len(self.bits));
        let pool = self.pool.as_ref();
        let result = match &mut self.values {
            ValueTable::Narrow(table) => {
                block_pipeline::run(&run, table, stop, block, HEAPS_PER_TASK, pool)
            }
            ValueTable::Wide(table) => {
                block_pipeline::run(&run, table, stop, block, HEAPS_PER_TASK, pool)
            }
        };
        let near = run.near.into_inner().expect("no near phase panicked");
        self.census = near.census;
        result?;
        let grew = match near.outgrown {
            Some(v) => self.record(v)?,
            None => false,
        };
        self.review_mask(grew);
        Ok(())
    }
}

/// A run of blocks: the two phases as the pipeline's stages.
struct BlockRun<'r> {
    settings: Settings<'r>,
    /// The near phase's state (one near phase runs at a time, in block order).
    near: Mutex<NearState>,
    /// The rare list as the last near phase left it, for far tasks: their bound is at most
    /// that phase's block start, and they ignore rare parts at or past it.
    far_rare: Mutex<Arc<(Vec<u64>, Vec<Value>)>>,
}

struct NearState {
    census: Census,
    rare_at_last_choice: u64,
    /// A value that needed another bit: it ended the run, and the solver records it.
    outgrown: Option<Value>,
}

impl<T: Cell> Stages<T> for BlockRun<'_> {
    type Far = FarTask;
    type Scratch = FarScratch;

    fn scratch(&self) -> FarScratch {
        FarScratch {
            flags: Vec::new(),
            scan: Scratch::new(self.settings.words),
        }
    }

    fn far(&self, scratch: &mut FarScratch, known: &[T], first: usize, heaps: usize) -> FarTask {
        let rare = Arc::clone(&self.far_rare.lock().expect("no near phase panicked"));
        let context = self.settings.context(&rare.0, &rare.1);
        FarTask {
            bound: known.len(),
            sets: context
                .isa
                .far_task(&context, known, first as u64, heaps, scratch),
        }
    }

    fn near(
        &self,
        known: &[T],
        len: usize,
        far: Vec<FarTask>,
    ) -> Result<NearOutcome<T>, GameError> {
        let mut state = self.near.lock().expect("one near phase at a time");
        let state = &mut *state;
        let census = &state.census;
        let context = self
            .settings
            .context(&census.rare_heaps, &census.rare_values);
        let found = context.isa.near_block(&context, known, len, &far)?;
        let settings = &self.settings;
        let rare_before = state.census.rare_heaps.len();
        let mut values = Vec::with_capacity(found.len());
        for (n, &v) in (known.len() as u64..).zip(&found) {
            if (v as u64) >> settings.bits != 0 {
                state.outgrown = Some(v);
                break;
            }
            let parity_bit = (n ^ settings.split_parity) & 1;
            state.census.add(settings.classes, parity_bit, n, v);
            values.push(T::of(v));
        }
        let census = &state.census;
        if census.rare_heaps.len() > rare_before {
            *self.far_rare.lock().expect("no far task panicked") =
                Arc::new((census.rare_heaps.clone(), census.rare_values.clone()));
        }
        Ok(NearOutcome {
            values,
            end_run: state.outgrown.is_some()
                || mask_review_due(census.rare_heaps.len(), state.rare_at_last_choice),
        })
    }
}

/// A worker's scratch for far tasks.
struct FarScratch {
    /// A task's marks, one byte per value and heap ([`far_marks`]).
    flags: Vec<u8>,
    scan: Scratch,
}

/// Heaps per block for values of `bits` bits: at most 256 (the near phase, which is
/// sequential, handles the rare parts below two blocks: on Officers 87 of the 1584 rare heaps
/// are below 512, 449 below 2048), fewer for wide values (at most 1 MiB of bitsets).
pub fn block_len(bits: u32) -> usize {
    ((1 << 20) / (16 * words_for(bits))).clamp(32, 256)
}

/// 64-bit words in a bitset of every value `< 2^bits`.
fn words_for(bits: u32) -> usize {
    (1usize << bits).div_ceil(64)
}

/// What every phase reads and a run of blocks does not change: the rules, the mask, the
/// value width.
struct Settings<'r> {
    rules: &'r MoveRules,
    split_parity: u64,
    classes: ClassMask,
    bits: u32,
    words: usize,
    /// `rare_class[f]`: the values `v` of class 0 at a heap with `(n ⊕ q) mod 2 = f` (with the
    /// position bit; both equal without it).
    rare_class: [Vec<u64>; 2],
    /// Pairs the far phase scans at most per heap, before leaving the rest to the near phase.
    scan_budget: usize,
    /// Small parts whose splits the far phase flags with the marks ([`far_edge_parts`]).
    front_parts: u64,
    /// Large parts whose splits the far phase flags with the marks ([`far_edge_parts`]).
    back_parts: u64,
    isa: Isa,
}

impl Settings<'_> {
    /// The settings with a rare list (every rare heap below the phase's bound, and maybe more).
    fn context<'a>(&'a self, rare_heaps: &'a [u64], rare_values: &'a [Value]) -> Context<'a> {
        Context {
            rules: self.rules,
            rare_heaps,
            rare_values,
            split_parity: self.split_parity,
            classes: self.classes,
            bits: self.bits,
            words: self.words,
            rare_class: &self.rare_class,
            scan_budget: self.scan_budget,
            front_parts: self.front_parts,
            back_parts: self.back_parts,
            isa: self.isa,
        }
    }
}

/// What both phases read: the [`Settings`] and the rare list (every rare heap below the
/// block's start, for the near phase; below the bound, for the far phase).
struct Context<'a> {
    rules: &'a MoveRules,
    rare_heaps: &'a [u64],
    rare_values: &'a [Value],
    split_parity: u64,
    classes: ClassMask,
    bits: u32,
    words: usize,
    rare_class: &'a [Vec<u64>; 2],
    scan_budget: usize,
    front_parts: u64,
    back_parts: u64,
    isa: Isa,
}

impl Context<'_> {
    #[inline(always)]
    fn rare_class(&self, n: u64) -> &[u64] {
        let flip = ((n ^ self.split_parity) & 1) & self.classes.position as u64;
        &self.rare_class[flip as usize]
    }

    #[inline(always)]
    fn is_rare(&self, n: u64, v: Value) -> bool {
        self.classes.class(v as u64, (n ^ self.split_parity) & 1) == 0
    }

    /// The least common value `< 2^bits` not in `marks`, or `2^bits` (every option value is
    /// below it, so the mex is at most `2^bits`).
    #[inline(always)]
    fn candidate(&self, n: u64, marks: &[u64]) -> usize {
        let rare = self.rare_class(n);
        let limit = 1usize << self.bits;
        marks
            .iter()
            .zip(rare)
            .enumerate()
            .find(|(_, (&m, &r))| !(m | r) != 0)
            .map_or(limit, |(w, (&m, &r))| {
                (w * 64 + (!(m | r)).trailing_zeros() as usize).min(limit)
            })
    }

    /// Writes to `out` the rare values below `below` in none of `sets`.
    #[inline(always)]
    fn rare_missing(&self, n: u64, below: usize, sets: [&[u64]; 2], out: &mut [u64]) {
        let rare = self.rare_class(n);
        for (w, word) in out.iter_mut().enumerate() {
            let under = match below.saturating_sub(w * 64) {
                0 => 0,
                b if b >= 64 => u64::MAX,
                b => (1u64 << b) - 1,
            };
            *word = rare[w] & under & !sets[0][w] & !sets[1][w];
        }
    }
}

/// Which compiled copy of the hot loops runs: the same code built for baseline x86-64
/// (SSE2), or for x86-64-v3 (AVX2, BMI, `popcnt`) on the CPUs that have it, chosen at run
/// time so that one binary runs everywhere at its CPU's speed. The scan's XOR and compare
/// then hold twice the lanes a vector; the stores of step 1, the bulk of the work, are the
/// same. Interleaved against the plain build (4–5 rounds, one thread): Officers to 2^20 −12 to
/// −17%, Grundy's game to 2^19 −17 to −20%, as fast as a `-C target-cpu=native` build.
///
/// Every function of the two phases is `#[inline(always)]` so that it is compiled into each
/// copy (a call to a function not inlined would run its baseline code). Written by hand, two
/// entry points, rather than with the `multiversion` crate: its current release needs Rust
/// 1.86, and the workspace supports 1.80.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    Baseline,
    /// Only made by [`Isa::detect`], on a CPU that has every feature the copy is built for.
    #[cfg(target_arch = "x86_64")]
    X86V3,
}

impl Isa {
    fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("popcnt")
        {
            return Isa::X86V3;
        }
        Isa::Baseline
    }

    fn far_task<T: Cell>(
        self,
        context: &Context,
        known: &[T],
        first: u64,
        heaps: usize,
        scratch: &mut FarScratch,
    ) -> Vec<u64> {
        match self {
            Isa::Baseline => far_task(context, known, first, heaps, scratch),
            // SAFETY: `X86V3` is only detected on a CPU with the copy's features.
            #[cfg(target_arch = "x86_64")]
            Isa::X86V3 => unsafe { far_task_x86_v3(context, known, first, heaps, scratch) },
        }
    }

    fn near_block<T: Cell>(
        self,
        context: &Context,
        known: &[T],
        len: usize,
        far: &[FarTask],
    ) -> Result<Vec<Value>, GameError> {
        match self {
            Isa::Baseline => near_block(context, known, len, far),
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Isa::X86V3 => unsafe { near_block_x86_v3(context, known, len, far) },
        }
    }
}

/// The x86-64-v3 copy of [`far_task`] ([`Isa`]).
///
/// # Safety
/// The CPU must have the features enabled here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn far_task_x86_v3<T: Cell>(
    context: &Context,
    known: &[T],
    first: u64,
    heaps: usize,
    scratch: &mut FarScratch,
) -> Vec<u64> {
    far_task(context, known, first, heaps, scratch)
}

/// The x86-64-v3 copy of [`near_block`] ([`Isa`]).
///
/// # Safety
/// The CPU must have the features enabled here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn near_block_x86_v3<T: Cell>(
    context: &Context,
    known: &[T],
    len: usize,
    far: &[FarTask],
) -> Result<Vec<Value>, GameError> {
    near_block(context, known, len, far)
}

/// The far phase of heaps `first..first + heaps` (module docs): their marks and the values
/// their budgeted scans saw, as bitsets of `words` words a heap (marks, then seen values).
#[inline(always)]
fn far_task<T: Cell>(
    context: &Context,
    known: &[T],
    first: u64,
    heaps: usize,
    scratch: &mut FarScratch,
) -> Vec<u64> {
    let words = context.words;
    let mut sets = vec![0u64; heaps * 2 * words];
    let flags = &mut scratch.flags;
    flags.clear();
    flags.resize(heaps * words * 64, 0u8);
    let front = far_marks(context, known, first, flags);
    for (i, heap) in sets.chunks_mut(2 * words).enumerate() {
        let (marks, seen) = heap.split_at_mut(words);
        let heap_flags = &flags[i * words * 64..(i + 1) * words * 64];
        for (w, word) in marks.iter_mut().enumerate() {
            *word = pack(heap_flags, w);
        }
        far_scan(
            context,
            known,
            first + i as u64,
            first,
            front,
            [marks, seen],
            &mut scratch.scan,
        );
    }
    sets
}

/// What one far task found: per heap, the marks (step 1) and the values seen by the scan
/// (step 3), both bitsets of `words` words, for partners below `bound`. Tasks of one block
/// may have different bounds (the pipeline hands each the freshest one published).
struct FarTask {
    bound: usize,
    sets: Vec<u64>,
}

#[inline(always)]
fn set_bit(set: &mut [u64], v: Value) {
    set[(v >> 6) as usize] |= 1 << (v & 63);
}

/// Per-task scratch of the hot loops. Values are flagged with one byte each (a plain store),
/// not a bit (a read-modify-write of a word that the next value often hits again, which
/// chains the loop on store-to-load forwarding); [`pack`] turns flags into bits.
struct Scratch {
    /// One byte per value: 1 when marked (step 1).
    marks: Vec<u8>,
    /// One byte per value: 1 when seen by a scan (step 3).
    seen: Vec<u8>,
    target: Vec<u64>,
    /// The near phase's, per split: where the previous heap's four searches of the rare list
    /// ended ([`count_below`]). Empty in a far task.
    rare_cursors: Vec<[usize; 4]>,
}

impl Scratch {
    fn new(words: usize) -> Scratch {
        Scratch {
            marks: vec![0; words * 64],
            seen: vec![0; words * 64],
            target: vec![0; words],
            rare_cursors: Vec::new(),
        }
    }
}

/// Word `w` of the bitset of the 0/1 flags `flags`.
#[inline(always)]
fn pack(flags: &[u8], w: usize) -> u64 {
    pack_64(flags[w * 64..w * 64 + 64].try_into().expect("64 flags"))
}

/// The bitset of 64 flags: SSE2's byte compare and `movemask`, 16 flags in three
/// instructions. Hand-written because the portable form below (a multiply gathering 8 flags)
/// is what LLVM keeps, about 5 operations for 8 flags, and the far phase packs every heap's
/// 512 mark flags and 512 seen flags.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pack_64(flags: &[u8; 64]) -> u64 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
    };
    flags
        .chunks_exact(16)
        .enumerate()
        .fold(0, |word, (k, sixteen)| {
            // SAFETY: SSE2 is part of every x86-64 CPU, and the unaligned load reads exactly the
            // 16 bytes of `sixteen`.
            let zero = unsafe {
                _mm_movemask_epi8(_mm_cmpeq_epi8(
                    _mm_loadu_si128(sixteen.as_ptr().cast()),
                    _mm_setzero_si128(),
                ))
            };
            word | u64::from(!(zero as u16)) << (16 * k)
        })
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn pack_64(flags: &[u8; 64]) -> u64 {
    flags
        .chunks_exact(8)
        .enumerate()
        .fold(0, |word, (k, bytes)| {
            let eight = u64::from_le_bytes(bytes.try_into().expect("chunks of 8 bytes"));
            // Gathers the low bit of each byte into the top byte (no carries: flags are 0/1).
            word | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
}

/// Calls `$run::<S>($args)` for `S = $size`, a power of two from 64 to 2^16 (the byte flags
/// of one value table: `words * 64`). With the size a constant, an index masked by `S − 1`
/// is provably in bounds, so the hot loops below carry no bounds check (values are below
/// `2^bits ≤ S`, so the mask never changes them).
macro_rules! with_const_size {
    ($size:expr, $run:ident($($args:expr),*)) => {
        match $size {
            64 => $run::<_, 64>($($args),*),
            128 => $run::<_, 128>($($args),*),
            256 => $run::<_, 256>($($args),*),
            512 => $run::<_, 512>($($args),*),
            1024 => $run::<_, 1024>($($args),*),
            2048 => $run::<_, 2048>($($args),*),
            4096 => $run::<_, 4096>($($args),*),
            8192 => $run::<_, 8192>($($args),*),
            16384 => $run::<_, 16384>($($args),*),
            32768 => $run::<_, 32768>($($args),*),
            _ => $run::<_, 65536>($($args),*),
        }
    };
}

/// Flags `g ⊕ partners[j]` in row `j` of `rows` (rows of `size` bytes), for every `j`: the
/// transposed step 1 of the far phase, one store per (rare part, heap).
#[inline(always)]
fn flag_rows<T: Cell>(rows: &mut [u8], size: usize, g: T, partners: &[T]) {
    with_const_size!(size, flag_rows_sized(rows, g, partners))
}

#[inline(always)]
fn flag_rows_sized<T: Cell, const S: usize>(rows: &mut [u8], g: T, partners: &[T]) {
    // A whole task: the offsets first (`j·S + (g ⊕ p_j)`, one vectorised pass), the stores
    // after, each a load and a store. Interleaved, the XOR, mask and row step of each store
    // made it ~15% slower (measured on Officers' rows).
    if let (Some(rows), Ok(partners)) = (
        rows.get_mut(..HEAPS_PER_TASK * S),
        <&[T; HEAPS_PER_TASK]>::try_from(partners),
    ) {
        let mut at = [0u32; HEAPS_PER_TASK];
        for (j, (a, &p)) in at.iter_mut().zip(partners).enumerate() {
            *a = (((g ^ p).index() & (S - 1)) | (j * S)) as u32;
        }
        for &a in &at {
            rows[a as usize & (HEAPS_PER_TASK * S - 1)] = 1;
        }
        return;
    }
    for (row, &p) in rows.chunks_exact_mut(S).zip(partners) {
        row[(g ^ p).index() & (S - 1)] = 1;
    }
}

/// Flags every value of `xs` in `seen` (one byte per value): step 3's store per pair.
#[inline(always)]
fn flag_values<T: Cell>(seen: &mut [u8], xs: &[T]) {
    with_const_size!(seen.len(), flag_values_sized(seen, xs))
}

#[inline(always)]
fn flag_values_sized<T: Cell, const S: usize>(seen: &mut [u8], xs: &[T]) {
    let seen = &mut seen[..S];
    for &x in xs {
        seen[x.index() & (S - 1)] = 1;
    }
}

/// Step 1 for the rare parts `rare_heaps[range]` of splits of `rest`: flags
/// `G(r) ⊕ G(rest − r)`, `value_of` giving `G` of the partner.
#[inline(always)]
fn mark_rare_splits(
    context: &Context,
    range: std::ops::Range<usize>,
    rest: u64,
    distinct_parts: bool,
    value_of: impl Fn(usize) -> Value,
    marks: &mut [u8],
) {
    if range.start >= range.end {
        return;
    }
    let heaps = &context.rare_heaps[range.clone()];
    let values = &context.rare_values[range];
    for (&r, &g) in heaps.iter().zip(values) {
        if !(distinct_parts && 2 * r == rest) {
            marks[(g ^ value_of((rest - r) as usize)) as usize] = 1;
        }
    }
}

/// Step 1 of the far phase for the heaps `first..first + count` (`flags` holds `count` arrays
/// of one byte per value): the take moves and the rare splits with the partner below the
/// bound `known.len()`. Transposed: for a rare part `r` valid for every heap of the run, the
/// partners of consecutive heaps are consecutive, so one contiguous run of the table is
/// XORed with `G(r)` (vectorised) and flagged heap by heap; the few parts valid for only some
/// heaps (at the edges of the range) are done per heap.
#[inline(always)]
fn far_marks<T: Cell>(context: &Context, known: &[T], first: u64, flags: &mut [u8]) -> Option<u64> {
    let size = context.words * 64;
    let count = (flags.len() / size) as u64;
    let bound = known.len() as u64;
    let rules = context.rules;
    for (i, heap_flags) in flags.chunks_mut(size).enumerate() {
        let n = first + i as u64;
        for &k in &rules.take {
            if n > k && n - k < bound {
                heap_flags[known[(n - k) as usize].index()] = 1;
            }
        }
    }
    let rare = context.rare_heaps;
    let front = front_window(context, first, count, bound);
    let everywhere = 0..rare.len();
    for &k in &rules.split {
        let distinct = rules.parts_differ(k);
        // Heaps first + skip.. can split (n ≥ k + 2).
        let skip = (k + 2).saturating_sub(first);
        if skip >= count {
            continue;
        }
        let (rest_first, rest_last) = (first + skip - k, first + count - 1 - k);
        let own_first = rare_parts_below(rare, bound, rest_first, &everywhere);
        let all = rare_parts_below(rare, bound, rest_last, &own_first).start..own_first.end;
        // (Empty when the run is longer than the common range: then every part is per heap.)
        let common = all.start..all.end.max(all.start);
        // The rare parts among the front parts: their rows are flagged there (the same pairs
        // for every heap of the task, into the same rows), not twice. On Officers about 200
        // of the 1584 rare heaps are, an eighth of step 1's stores.
        let in_front = front.map_or(0..0, |last| {
            let a0 = last - k + 1 - bound;
            let (low, high) = (a0, a0 + context.front_parts);
            rare.partition_point(|&r| r < low)..rare.partition_point(|&r| r < high)
        });
        let clamp = |i: usize| i.clamp(common.start, common.end);
        let rows_of = [
            common.start..clamp(in_front.start),
            clamp(in_front.end)..common.end,
        ];
        // Two plain loops: a flattened iterator's `next` was not inlined (4% of the run).
        for range in rows_of {
            for (&r, &g) in rare[range.clone()].iter().zip(&context.rare_values[range]) {
                let partners = &known[(rest_first - r) as usize..=(rest_last - r) as usize];
                // The heap whose parts would be equal, when they must differ.
                let equal = if distinct {
                    (2 * r).checked_sub(rest_first)
                } else {
                    None
                };
                let rows = &mut flags[skip as usize * size..];
                match equal {
                    Some(e) if (e as usize) < partners.len() => {
                        let e = e as usize;
                        flag_rows(&mut rows[..e * size], size, T::of(g), &partners[..e]);
                        flag_rows(
                            &mut rows[(e + 1) * size..],
                            size,
                            T::of(g),
                            &partners[e + 1..],
                        );
                    }
                    _ => flag_rows(rows, size, T::of(g), partners),
                }
            }
        }
        let mut own = own_first;
        for i in skip..count {
            let rest = first + i - k;
            own = rare_parts_below(rare, bound, rest, &own);
            let heap_flags = &mut flags[i as usize * size..(i as usize + 1) * size];
            for part in [
                own.start..own.end.min(all.start),
                own.start.max(all.end)..own.end,
            ] {
                mark_rare_splits(
                    context,
                    part,
                    rest,
                    distinct,
                    |j| known[j].into(),
                    heap_flags,
                );
            }
        }
    }
    far_edge_parts(context, known, first, flags)
}

/// The rare parts `r` of splits of `rest` whose partner `rest − r` is below `bound`, as is `r`
/// itself: `rest − bound < r < min(rest, bound)`. Searched from `near`, the range of a nearby
/// `rest` ([`count_below`]): the heaps of a far task ask it in turn, one heap apart. A
/// function, not a closure: a closure was not inlined into the x86-64-v3 copy ([`Isa`]).
#[inline(always)]
fn rare_parts_below(
    rare: &[u64],
    bound: u64,
    rest: u64,
    near: &std::ops::Range<usize>,
) -> std::ops::Range<usize> {
    count_below(rare, (rest + 1).saturating_sub(bound), near.start)
        ..count_below(rare, rest.min(bound), near.end)
}

/// The pairs at both ends of the far scan's range, flagged with the marks by the transposed
/// loop of step 1 for a whole far task: for each split, the [`FRONT_PARTS`] smallest parts `a`
/// whose partner `rest − a` is below the bound for every heap of the task (`a ≥ a0 = last rest
/// + 1 − bound`), and the [`BACK_PARTS`] largest parts of the task's first heap
/// ([`back_parts`]: near-equal halves, which meet other values than small parts do). The
/// partners of consecutive heaps are consecutive, so this costs about a quarter of the scan's
/// cost a pair (no chunk bookkeeping), and the scan starts between them with fewer values to
/// find. Their values are all true options: a common one is a mark anyway (a common option
/// needs a rare part, already marked), a rare one a value seen early; so the candidate and the
/// values are unchanged, only found sooner. Returns the last heap of the task when the front
/// parts were flagged for every split (the scan then skips parts below `a0 + FRONT_PARTS`, and
/// the back parts when they fit), `None` when a split has too few pairs.
#[inline(always)]
fn far_edge_parts<T: Cell>(
    context: &Context,
    known: &[T],
    first: u64,
    flags: &mut [u8],
) -> Option<u64> {
    let size = context.words * 64;
    let count = (flags.len() / size) as u64;
    let bound = known.len() as u64;
    let last = front_window(context, first, count, bound)?;
    for &k in &context.rules.split {
        let a0 = last - k + 1 - bound;
        let rest_first = first - k;
        let back = back_parts(context, first, last, k, bound);
        for parts in [Some(a0..a0 + context.front_parts), back]
            .into_iter()
            .flatten()
        {
            for a in parts {
                let partners = &known[(rest_first - a) as usize..(rest_first - a + count) as usize];
                flag_rows(flags, size, known[a as usize], partners);
            }
        }
    }
    Some(last)
}

/// The back parts of split `k` for the far task of heaps `first..=last` reading below `bound`
/// (whose front parts fit, [`front_window`]): the [`BACK_PARTS`] largest parts of the first
/// heap's split, up to `(rest − d) / 2` (`d = 1` when the parts must differ). They are parts
/// of every heap's split (a later heap's split has more), their partners are below the bound
/// for every heap, and they lie past the front parts; `None` when that does not hold.
#[inline(always)]
fn back_parts(
    context: &Context,
    first: u64,
    last: u64,
    k: u64,
    bound: u64,
) -> Option<std::ops::Range<u64>> {
    let high = (first - k - context.rules.parts_differ(k) as u64) / 2;
    let low = (high + 1).checked_sub(context.back_parts)?;
    let front_end = last - k + 1 - bound + context.front_parts;
    (context.back_parts > 0 && low >= front_end && last - k - low < bound).then_some(low..high + 1)
}

/// Whether the front parts of a far task of `count` heaps from `first`, reading below
/// `bound`, fit every split ([`far_edge_parts`]): then `Some(last)`, the task's last heap,
/// and split `k`'s parts are `a0..a0 + front_parts` with `a0 = last − k + 1 − bound`.
#[inline(always)]
fn front_window(context: &Context, first: u64, count: u64, bound: u64) -> Option<u64> {
    let rules = context.rules;
    let front = context.front_parts;
    let last = first + count - 1;
    // a0 ≥ 1, and a0 + front − 1 a valid part of the first heap's split (a < rest − a when
    // the parts must differ, a ≤ rest − a otherwise).
    let fits = |k: u64| {
        (last - k + 1)
            .checked_sub(bound)
            .filter(|&a0| a0 >= 1)
            .is_some_and(|a0| {
                let high = a0 + front - 1;
                first >= k + 2 && 2 * high + rules.parts_differ(k) as u64 <= first - k
            })
    };
    (front > 0 && !rules.split.is_empty() && rules.split.iter().all(|&k| fits(k))).then_some(last)
}

/// Small parts whose splits the far phase flags with the marks ([`far_edge_parts`]).
const FRONT_PARTS: usize = 768;

/// Large parts whose splits the far phase flags with the marks ([`far_edge_parts`]). 768 front
/// parts and 256 back parts against 1024 front parts alone, Officers to 2^21 on one thread,
/// 8 interleaved rounds: median 4.93 s against 5.13 s, minimum 4.50 s against 4.76 s (512 + 512,
/// 640 + 256 and 640 + 384 were within the noise of 768 + 256; 1024 + 512 was no faster, 1024 +
/// 1024 slower).
const BACK_PARTS: usize = 256;

/// Step 3 of the far phase of heap `n` (its `marks` done): a budgeted scan over the splits
/// with both parts below the bound `known.len()`, recorded in `seen`, between the parts
/// flagged with the marks for the task from `task_first` ([`far_edge_parts`], which returned
/// `front`).
#[inline(always)]
fn far_scan<T: Cell>(
    context: &Context,
    known: &[T],
    n: u64,
    task_first: u64,
    front: Option<u64>,
    [marks, seen]: [&mut [u64]; 2],
    scratch: &mut Scratch,
) {
    let rules = context.rules;
    scratch.seen.fill(0);
    let candidate = context.candidate(n, marks);
    context.rare_missing(n, candidate, [marks, seen], &mut scratch.target);
    let mut budget = context.scan_budget;
    for &k in rules.split.iter().filter(|&&k| n >= k + 2) {
        let rest = (n - k) as usize;
        let pairs = if rules.parts_differ(k) {
            (rest - 1) / 2
        } else {
            rest / 2
        };
        // Both parts below the bound: a > rest − bound; and between the parts flagged with
        // the marks (`far_edge_parts`, from `a0`, for the task ending at heap `last`).
        let mut first = (rest + 1).saturating_sub(known.len()).max(1);
        let mut pairs = pairs;
        if let Some(last) = front {
            let a0 = (last - k + 1) as usize - known.len();
            first = first.max(a0 + context.front_parts as usize);
            if let Some(back) = back_parts(context, task_first, last, k, known.len() as u64) {
                pairs = pairs.min(back.start as usize - 1);
            }
        }
        if scan_pairs(
            &KnownSplits {
                values: known,
                rest,
            },
            first,
            pairs,
            &mut scratch.target,
            &mut scratch.seen,
            &mut budget,
        ) {
            break;
        }
    }
    for (w, word) in seen.iter_mut().enumerate() {
        *word = pack(&scratch.seen, w);
    }
}

/// Step 3's scan: the splits `a + (rest − a)` for `a` in `first..=last`, in chunks alternately
/// from both ends (small parts paired with the newest heaps, and near-equal halves, meet
/// different values), flagging every value in `seen`, until every value of the bitset
/// `target` is flagged (returns `true`) or `budget` pairs are spent. `splits` gives the
/// pairs' XORs.
///
/// Values found are cleared from `target` as the scan goes, and each check stops at the first
/// word still holding one: most words are done after a few chunks, so a check then packs one
/// or two words of flags instead of every word (packing was a tenth of the run's profile).
/// What is left in `target` is thus only ever fewer of the values not in `seen`.
///
/// Once at most [`FEW_TARGETS`] values are left (counted exactly, by their flags), a chunk is
/// compared with each of them (a vectorised compare, 16 lanes of one-byte values) instead of
/// flagging its every value (a store each, the scan's bound), and the targets are then kept
/// as a list, without packing: `seen` gains only the targets found, fewer values but all
/// true options, which is all the near phase relies on. On Officers at 2^20 a far scan
/// takes about 31 chunks of 64 pairs, 12 of them hunting the last three targets or fewer.
#[inline(always)]
fn scan_pairs<T: Cell>(
    splits: &impl SplitPairs<T>,
    first: usize,
    last: usize,
    target: &mut [u64],
    seen: &mut [u8],
    budget: &mut usize,
) -> bool {
    let found = |target: &mut [u64], seen: &[u8]| {
        target.iter_mut().enumerate().all(|(w, t)| {
            if *t != 0 {
                *t &= !pack(seen, w);
            }
            *t == 0
        })
    };
    if found(target, seen) {
        return true;
    }
    // Two chunks' room: the compare step takes two at a time (a compare pass's reduction
    // and bookkeeping, per target, are then spread over 128 pairs).
    let mut buffer = [T::default(); 2 * SCAN_CHUNK];
    let (mut front, mut back) = (first, last + 1);
    let mut from_front = true;
    // The targets left once they are few (then compared, not flagged).
    let mut few = [T::default(); FEW_TARGETS];
    let mut few_left: Option<usize> = None;
    while front < back && *budget > 0 {
        let mut filled = 0;
        for _ in 0..1 + few_left.is_some() as usize {
            if front >= back {
                break;
            }
            let (low, high) = if from_front {
                let end = (front + SCAN_CHUNK).min(back);
                (std::mem::replace(&mut front, end), end)
            } else {
                let start = back.saturating_sub(SCAN_CHUNK).max(front);
                (start, std::mem::replace(&mut back, start))
            };
            from_front = !from_front;
            splits.xor(low, high, &mut buffer[filled..filled + (high - low)]);
            filled += high - low;
        }
        let xors = &buffer[..filled];
        *budget = budget.saturating_sub(filled);
        if let Some(left) = few_left.as_mut() {
            let mut i = 0;
            while i < *left {
                let t = few[i];
                // `t` is among the XORs when the least `x ⊕ t` is 0: a XOR and a minimum a
                // vector, where an OR of compares also packed each compare's lanes.
                let least = xors.iter().fold(t ^ xors[0], |least, &x| least.min(x ^ t));
                if least == T::default() {
                    seen[t.index()] = 1;
                    target[t.index() / 64] &= !(1 << (t.index() % 64));
                    *left -= 1;
                    few[i] = few[*left];
                } else {
                    i += 1;
                }
            }
            if *left == 0 {
                return true;
            }
            continue;
        }
        flag_values(seen, xors);
        if found(target, seen) {
            return true;
        }
        // `found` stops at the first word still holding a target, so later words may hold
        // values already seen: the count is an upper bound, and `few_targets` skips them.
        let upper: u32 = target.iter().map(|w| w.count_ones()).sum();
        if upper as usize <= 2 * few_limit::<T>() {
            few_left = few_targets(target, seen, &mut few);
            if few_left == Some(0) {
                // Every target was seen (the count held stale bits): done, not one more chunk.
                target.fill(0);
                return true;
            }
        }
    }
    false
}

/// Targets left (of one-byte values; half as many of two-byte values, a vector holds half
/// the lanes) at which [`scan_pairs`] compares each chunk with them instead of flagging every
/// value of it. A flag is a byte store, about 2 cycles here; a compare is two vector
/// operations per 16 lanes. Measured on Officers (two-byte) and Grundy's game (one-byte) at
/// 2^19: 24 is 5–7% faster than 6, and 40 or 48 slower again.
const FEW_TARGETS: usize = 24;

/// [`FEW_TARGETS`] for cells of type `T`.
fn few_limit<T>() -> usize {
    FEW_TARGETS / std::mem::size_of::<T>()
}

/// The values of the bitset `target` not yet in `seen` into `few`, when there are at most
/// [`few_limit`].
#[inline(always)]
fn few_targets<T: Cell>(target: &[u64], seen: &[u8], few: &mut [T; FEW_TARGETS]) -> Option<usize> {
    let limit = few_limit::<T>();
    let mut count = 0;
    for (w, &word) in target.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let t = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if seen[t] != 0 {
                continue;
            }
            if count == limit {
                return None;
            }
            few[count] = T::of(t as Value);
            count += 1;
        }
    }
    Some(count)
}

/// The splits `a + (rest − a)` of one `rest` that step 3 scans. A trait with inlined methods,
/// not a closure: a closure is a function of its own, which was not inlined into the hot
/// loops' x86-64-v3 copy ([`Isa`]) and ran its baseline code (7% of the run).
trait SplitPairs<T> {
    /// Writes `G(a) ⊕ G(rest − a)` for `a` in `low..high` to `out`.
    fn xor(&self, low: usize, high: usize, out: &mut [T]);
}

/// Splits whose parts are both in one table slice (the far phase's).
struct KnownSplits<'a, T> {
    values: &'a [T],
    rest: usize,
}

impl<T: Cell> SplitPairs<T> for KnownSplits<'_, T> {
    #[inline(always)]
    fn xor(&self, low: usize, high: usize, out: &mut [T]) {
        xor_pairs_in(self.values, self.rest, low, high, out);
    }
}

/// Splits in a near phase, whose larger part may be one of the block's fresh values.
struct NearSplits<'a, T> {
    table: &'a Table<'a, T>,
    rest: usize,
}

impl<T: Cell> SplitPairs<T> for NearSplits<'_, T> {
    /// Both parts known before the block (the larger `rest − low`): the far scan's
    /// vectorised XOR; otherwise value by value through the fresh values.
    #[inline(always)]
    fn xor(&self, low: usize, high: usize, out: &mut [T]) {
        let (table, rest) = (self.table, self.rest);
        if rest - low < table.known.len() {
            xor_pairs_in(table.known, rest, low, high, out);
            return;
        }
        for (o, a) in out.iter_mut().zip(low..high) {
            *o = table.get(a) ^ table.get(rest - a);
        }
    }
}

/// `G(a) ⊕ G(rest − a)` for `a` in `low..high`, from one table slice (both parts in it): two
/// contiguous runs, XORed lane by lane (the compiler vectorises it).
///
/// A full chunk goes through fixed-size arrays: with a run-time length, the reversed zip
/// vectorised 48 of 64 pairs and left 16 to a scalar epilogue (a quarter of the far scan's
/// time); with the length a constant every pair is in a vector.
#[inline(always)]
fn xor_pairs_in<T: Cell>(values: &[T], rest: usize, low: usize, high: usize, out: &mut [T]) {
    let small = &values[low..high];
    let large = &values[rest + 1 - high..=rest - low];
    if out.len() == SCAN_CHUNK {
        let small: &[T; SCAN_CHUNK] = small.try_into().expect("a full chunk");
        let large: &[T; SCAN_CHUNK] = large.try_into().expect("a full chunk");
        let out: &mut [T; SCAN_CHUNK] = out.try_into().expect("a full chunk");
        for (i, o) in out.iter_mut().enumerate() {
            *o = small[i] ^ large[SCAN_CHUNK - 1 - i];
        }
        return;
    }
    for (o, (&x, &y)) in out.iter_mut().zip(small.iter().zip(large.iter().rev())) {
        *o = x ^ y;
    }
}

/// How many entries of the sorted `heaps` are below `x`, searched outward from `hint` (the
/// answer for a nearby `x`): `O(log d)` for an answer `d` entries away. The near phase asks
/// four such counts of the rare list a heap, for bounds that move by about one heap at a time;
/// as binary searches over the whole list (1584 entries on Officers) their unpredictable
/// branches were a third of the phase's samples.
#[inline(always)]
fn count_below(heaps: &[u64], x: u64, hint: usize) -> usize {
    let len = heaps.len();
    let mut i = hint.min(len);
    let mut step = 1;
    if i < len && heaps[i] < x {
        // The answer is above i: gallop up until an entry is not below x.
        loop {
            let j = i + step;
            if j >= len || heaps[j] >= x {
                let end = j.min(len);
                return i + 1 + heaps[i + 1..end].partition_point(|&r| r < x);
            }
            i = j;
            step *= 2;
        }
    }
    // The answer is at most i: gallop down until an entry is below x.
    while i > 0 {
        let j = i.saturating_sub(step);
        if heaps[j] < x {
            return j + 1 + heaps[j + 1..i].partition_point(|&r| r < x);
        }
        i = j;
        step *= 2;
    }
    0
}

/// The near phase of a block: finishes its heaps in order (module docs). Returns their
/// values; fewer than the block's heaps when one needs another bit (the block ends there).
#[inline(always)]
fn near_block<T: Cell>(
    context: &Context,
    known: &[T],
    len: usize,
    far: &[FarTask],
) -> Result<Vec<Value>, GameError> {
    let words = context.words;
    let start = known.len();
    // The values as the table stores them (read by the next heaps), and as found (the last
    // may not fit the cell: it ends the block, and the caller widens the table).
    let mut fresh: Vec<T> = Vec::with_capacity(len);
    let mut found: Vec<Value> = Vec::with_capacity(len);
    // Rare heaps found in this block, and their values.
    let mut new_rare: (Vec<u64>, Vec<Value>) = (Vec::new(), Vec::new());
    let mut marks = vec![0u64; words];
    let mut seen = vec![0u64; words];
    let mut scratch = Scratch::new(words);
    scratch.rare_cursors = vec![[0; 4]; context.rules.split.len()];
    let heaps = far
        .iter()
        .flat_map(|task| task.sets.chunks(2 * words).map(|sets| (task.bound, sets)));
    for (i, (bound, sets)) in heaps.enumerate() {
        let n = (start + i) as u64;
        marks.copy_from_slice(&sets[..words]);
        seen.copy_from_slice(&sets[words..]);
        let v = near_heap(
            context,
            &Table {
                known,
                fresh: &fresh,
            },
            bound,
            &new_rare,
            n,
            [&mut marks, &mut seen],
            &mut scratch,
        )?;
        fresh.push(T::of(v));
        found.push(v);
        if n >= 1 && context.is_rare(n, v) {
            new_rare.0.push(n);
            new_rare.1.push(v);
        }
        if (v as usize) >> context.bits != 0 {
            break;
        }
    }
    Ok(found)
}

/// The values known during a near phase: `known` then this block's `fresh` ones.
struct Table<'a, T> {
    known: &'a [T],
    fresh: &'a [T],
}

impl<T: Cell> Table<'_, T> {
    #[inline(always)]
    fn get(&self, j: usize) -> T {
        match j.checked_sub(self.known.len()) {
            None => self.known[j],
            Some(i) => self.fresh[i],
        }
    }
}

/// The near phase of heap `n`: adds the marks with a partner `≥ bound` (or a rare part not
/// yet in the far phase's list), takes the candidate, and scans all splits for the rare
/// values below it that neither phase has seen. `sets` are the far phase's marks and seen
/// values (bitsets, updated in place).
#[inline(always)]
fn near_heap<T: Cell>(
    context: &Context,
    table: &Table<T>,
    bound: usize,
    new_rare: &(Vec<u64>, Vec<Value>),
    n: u64,
    sets: [&mut Vec<u64>; 2],
    scratch: &mut Scratch,
) -> Result<Value, GameError> {
    let [marks, seen] = sets;
    let rules = context.rules;
    let bound = bound as u64;
    scratch.marks.fill(0);
    if rules.whole.contains(&n) {
        set_bit(marks, 0);
    }
    for &k in &rules.take {
        if n > k && n - k >= bound {
            set_bit(marks, table.get((n - k) as usize).into());
        }
    }
    let rare = context.rare_heaps;
    for (&k, cursor) in rules
        .split
        .iter()
        .zip(scratch.rare_cursors.iter_mut())
        .filter(|(&k, _)| n >= k + 2)
    {
        let rest = n - k;
        let distinct = rules.parts_differ(k);
        // Partner ≥ bound: r ≤ rest − bound (and r < rest).
        let [recent_at, fresh_at, bound_at, rest_at] = cursor;
        let below_partner = |from: u64| match rest.checked_sub(from) {
            Some(r) => (r + 1).min(rest),
            None => 0,
        };
        *recent_at = count_below(rare, below_partner(bound), *recent_at);
        let partner_recent = *recent_at;
        // Of those, the partners in this block come first (the smallest parts): read each
        // run from its own table, not through `Table::get`'s branch per mark.
        let known = table.known.len();
        *fresh_at = count_below(rare, below_partner(known as u64), *fresh_at);
        let partner_fresh = (*fresh_at).min(partner_recent);
        mark_rare_splits(
            context,
            0..partner_fresh,
            rest,
            distinct,
            |j| table.fresh[j - known].into(),
            &mut scratch.marks,
        );
        mark_rare_splits(
            context,
            partner_fresh..partner_recent,
            rest,
            distinct,
            |j| table.known[j].into(),
            &mut scratch.marks,
        );
        // Rare parts the far phase did not know: r ≥ bound.
        *bound_at = count_below(rare, bound, *bound_at);
        *rest_at = count_below(rare, rest, *rest_at);
        let (low, high) = ((*bound_at).max(partner_recent), *rest_at);
        mark_rare_splits(
            context,
            low..high,
            rest,
            distinct,
            |j| table.get(j).into(),
            &mut scratch.marks,
        );
        for (&r, &g) in new_rare.0.iter().zip(&new_rare.1) {
            if r < rest && !(distinct && 2 * r == rest) {
                set_bit(marks, g ^ table.get((rest - r) as usize).into());
            }
        }
    }
    for (w, word) in marks.iter_mut().enumerate() {
        *word |= pack(&scratch.marks, w);
    }
    let candidate = context.candidate(n, marks);
    let missing = &mut scratch.target;
    context.rare_missing(n, candidate, [marks, seen], missing);
    let mut value = candidate;
    if missing.iter().any(|&w| w != 0) {
        scratch.seen.fill(0);
        let seen = &mut scratch.seen;
        let mut budget = usize::MAX;
        for &k in rules.split.iter().filter(|&&k| n >= k + 2) {
            let rest = (n - k) as usize;
            let pairs = if rules.parts_differ(k) {
                (rest - 1) / 2
            } else {
                rest / 2
            };
            let splits = NearSplits { table, rest };
            if scan_pairs(&splits, 1, pairs, missing, seen, &mut budget) {
                break;
            }
        }
        if let Some((w, left)) = missing
            .iter()
            .enumerate()
            .map(|(w, &m)| (w, m & !pack(seen, w)))
            .find(|&(_, left)| left != 0)
        {
            value = w * 64 + left.trailing_zeros() as usize;
        }
    }
    checked_value(n, value as u64)
}

impl SequenceSolver for RareValueSolver<'_> {
    /// `G(n)` by a block of one heap (everything is near).
    fn next_value(&mut self) -> Result<Value, GameError> {
        let settings = self.settings();
        let context = settings.context(&self.census.rare_heaps, &self.census.rare_values);
        // Bound 0: every mark and the whole scan are done by the near phase.
        let far = [FarTask {
            bound: 0,
            sets: vec![0; 2 * context.words],
        }];
        let mut fresh = match &self.values {
            ValueTable::Narrow(known) => context.isa.near_block(&context, known, 1, &far)?,
            ValueTable::Wide(known) => context.isa.near_block(&context, known, 1, &far)?,
        };
        Ok(fresh.pop().expect("a block of one heap yields one value"))
    }

    fn push(&mut self, v: Value) -> Result<(), GameError> {
        let grew = self.record(v)?;
        self.review_mask(grew);
        Ok(())
    }

    fn values(&self) -> Values<'_> {
        self.values.view()
    }

    fn into_values(self: Box<Self>) -> ValueTable {
        self.values
    }

    fn extend_to(
        &mut self,
        len: u64,
        on_chunk: &mut dyn FnMut(Values<'_>) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        self.extend_blocked(len, on_chunk)
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive::NaiveSolver;
    use super::super::OctalCode;
    use super::*;
    use crate::impartial::table::heap_table;
    use proptest::prelude::*;

    fn solve(solver: &mut dyn SequenceSolver, len: u64) -> Vec<Value> {
        solver.extend_to(len, &mut |_| Ok(())).unwrap();
        solver.values().to_vec()
    }

    fn fresh() -> ValueTable {
        ValueTable::default()
    }

    /// Random finite codes (octal digits, optionally a leading 4) of up to four digits.
    fn codes() -> impl Strategy<Value = String> {
        (
            prop_oneof![Just('0'), Just('4')],
            proptest::collection::vec(0u8..8, 1..5),
        )
            .prop_map(|(d0, digits)| {
                let tail: String = digits.iter().map(|d| (b'0' + d) as char).collect();
                format!("{d0}.{tail}")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Rare-value and naive solvers agree on random codes; the naive one agrees with the
        /// engine's table by the definition.
        #[test]
        fn rare_value_agrees_with_naive(code in codes(), len in 1u64..700) {
            let rules = OctalCode::parse(&code, &code).unwrap().rules();
            let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), len);
            let fast = solve(&mut RareValueSolver::new(&rules, fresh()), len);
            prop_assert_eq!(&fast, &naive, "{}", code);
            let definition = heap_table(&rules, (len - 1).min(150)).unwrap();
            let short: Vec<u64> = naive.iter().take(definition.len()).map(|&v| v as u64).collect();
            prop_assert_eq!(short, definition);
        }

        /// Any block length, thread count and number of edge parts gives the naive solver's
        /// table byte for byte, and so does the one-heap-at-a-time path (`next_value`).
        #[test]
        fn blocks_and_threads_agree_with_naive(
            code in codes(),
            distinct in any::<bool>(),
            len in 1u64..3000,
            block in 1usize..300,
            threads in 1usize..4,
            front in prop_oneof![Just(0usize), 1usize..200, Just(FRONT_PARTS)],
            back in prop_oneof![Just(0usize), 1usize..100, Just(BACK_PARTS)],
            baseline in any::<bool>(),
        ) {
            let mut rules = OctalCode::parse(&code, &code).unwrap().rules();
            if distinct {
                rules.distinct = rules.split.clone();
            }
            let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), len);
            let mut blocked = RareValueSolver::new(&rules, fresh())
                .with_block_len(block)
                .with_edge_parts(front, back)
                .with_threads(threads)
                .unwrap();
            if baseline {
                blocked = blocked.with_baseline_isa();
            }
            prop_assert_eq!(&solve(&mut blocked, len), &naive, "{} distinct {}", code, distinct);
            let mut one_by_one = RareValueSolver::new(&rules, fresh());
            while (one_by_one.values().len() as u64) < len.min(400) {
                let v = one_by_one.next_value().unwrap();
                one_by_one.push(v).unwrap();
            }
            prop_assert_eq!(one_by_one.values().to_vec(), &naive[..one_by_one.values().len()]);
        }

        /// With the narrow width set to 3 bits the table widens within a few heaps (in the
        /// block loop, or one heap at a time): the values are the naive solver's, for any
        /// block length and thread count, and the table ends wide exactly when a value needs
        /// more than 3 bits.
        #[test]
        fn widening_from_3_bits_agrees_with_naive(
            code in codes(),
            len in 1u64..2000,
            block in 1usize..300,
            threads in 1usize..4,
        ) {
            let rules = OctalCode::parse(&code, &code).unwrap().rules();
            let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), len);
            let mut narrow = RareValueSolver::new(&rules, fresh())
                .with_narrow_bits(3)
                .with_block_len(block)
                .with_threads(threads)
                .unwrap();
            prop_assert_eq!(&solve(&mut narrow, len), &naive, "{}", code);
            let wide = naive.iter().any(|&v| v >= 8);
            prop_assert_eq!(matches!(narrow.values(), Values::Wide(_)), wide);
            let mut one_by_one = RareValueSolver::new(&rules, fresh()).with_narrow_bits(3);
            while (one_by_one.values().len() as u64) < len.min(300) {
                let v = one_by_one.next_value().unwrap();
                one_by_one.push(v).unwrap();
            }
            prop_assert_eq!(one_by_one.values().to_vec(), &naive[..one_by_one.values().len()]);
        }

        /// The search from a hint counts what a binary search over the whole list counts,
        /// for any hint (before, at, past the answer or past the end) and any bound.
        #[test]
        fn count_below_from_any_hint_is_the_partition_point(
            mut heaps in proptest::collection::vec(0u64..5000, 0..300),
            x in 0u64..5100,
            hint in 0usize..400,
        ) {
            heaps.sort_unstable();
            heaps.dedup();
            prop_assert_eq!(count_below(&heaps, x, hint), heaps.partition_point(|&r| r < x));
        }

        /// Packing 64 flags gives bit `i` for every nonzero flag `i`, whichever way it is
        /// compiled (SSE2's `movemask` on x86-64).
        #[test]
        fn pack_sets_the_bits_of_the_nonzero_flags(
            flags in proptest::collection::vec(prop_oneof![Just(0u8), Just(1u8), any::<u8>()], 128),
        ) {
            for w in 0..2 {
                let expected = (0..64).fold(0u64, |word, i| word | u64::from(flags[w * 64 + i] != 0) << i);
                prop_assert_eq!(pack(&flags, w), expected);
            }
        }

        /// Resuming from any prefix gives the same values as one uninterrupted run.
        #[test]
        fn resuming_from_a_prefix_changes_nothing(code in codes(), cut in 0usize..400) {
            let rules = OctalCode::parse(&code, &code).unwrap().rules();
            let whole = solve(&mut RareValueSolver::new(&rules, fresh()), 400);
            for table in [
                ValueTable::Wide(whole[..cut].to_vec()),
                ValueTable::Narrow(whole[..cut].iter().map(|&v| v as u8).collect()),
            ] {
                // (A narrow prefix only when its values fit in a byte.)
                if matches!(table, ValueTable::Narrow(_)) && whole[..cut].iter().any(|&v| v > 255) {
                    continue;
                }
                let resumed = solve(&mut RareValueSolver::new(&rules, table), 400);
                prop_assert_eq!(&resumed, &whole);
            }
        }
    }

    /// The automatic choice finds the published mask of 0.16 (0x1e: 53 rare heaps), and the
    /// rare list is exactly the heaps of class 0 under it.
    #[test]
    fn mask_choice_finds_the_sparse_classes_of_0_16() {
        let rules = OctalCode::parse("0.16", "0.16").unwrap().rules();
        let mut solver = RareValueSolver::new(&rules, fresh());
        solver.extend_to(30_000, &mut |_| Ok(())).unwrap();
        let classes = solver.classes();
        assert_eq!(classes.mask, 0x1e);
        let q = rules.split_parity().unwrap_or(0);
        let rare: Vec<u64> = (1..30_000u64)
            .filter(|&n| classes.class(solver.values().get(n as usize) as u64, (n ^ q) & 1) == 0)
            .collect();
        assert_eq!(solver.census.rare_heaps, rare);
        assert_eq!(rare.last(), Some(&13935));
    }

    /// The edge parts of a far task of Officers are flagged for every heap: row `j` holds
    /// exactly `G(a) ⊕ G(rest − a)` for the front parts `a` from `a0 = last rest + 1 − bound`
    /// and the back parts up to half the first heap's `rest` (the rows start empty, so nothing
    /// else is flagged).
    #[test]
    fn edge_parts_flag_both_ends_of_a_far_task() {
        let rules = OctalCode::parse("0.6", "0.6").unwrap().rules();
        let mut solver = RareValueSolver::new(&rules, fresh()).with_edge_parts(100, 50);
        solver.extend_to(5000, &mut |_| Ok(())).unwrap();
        let table: Vec<Value> = solver.values().to_vec();
        let settings = solver.settings();
        let census = &solver.census;
        let context = settings.context(&census.rare_heaps, &census.rare_values);
        let (bound, first) = (4000usize, 4300u64);
        let known = &table[..bound];
        let size = context.words * 64;
        let mut flags = vec![0u8; HEAPS_PER_TASK * size];
        let last = first + HEAPS_PER_TASK as u64 - 1;
        assert_eq!(
            far_edge_parts(&context, known, first, &mut flags),
            Some(last)
        );
        let k = 1; // Officers: a split removes one coin, into parts that may be equal.
        let a0 = (last - k + 1) as usize - bound;
        let half = (first as usize - k as usize) / 2;
        for (j, row) in flags.chunks(size).enumerate() {
            let rest = first as usize + j - k as usize;
            let expected: std::collections::BTreeSet<usize> = (a0..a0 + 100)
                .chain(half - 49..=half)
                .map(|a| (table[a] ^ table[rest - a]) as usize)
                .collect();
            let flagged: std::collections::BTreeSet<usize> =
                (0..size).filter(|&v| row[v] != 0).collect();
            assert_eq!(flagged, expected, "heap {}", first as usize + j);
        }
        // Too close to the bound for a whole task's parts: none flagged.
        assert_eq!(
            far_edge_parts(&context, &table[..200], 230, &mut flags),
            None
        );
    }

    /// The baseline copy of the hot loops and the one detected for this CPU ([`Isa`]) give
    /// the same table of Officers, past its last rare heap.
    #[test]
    fn every_compiled_copy_gives_the_same_table() {
        let rules = OctalCode::parse("0.6", "0.6").unwrap().rules();
        let detected = solve(&mut RareValueSolver::new(&rules, fresh()), 30_000);
        let mut baseline = RareValueSolver::new(&rules, fresh()).with_baseline_isa();
        assert_eq!(solve(&mut baseline, 30_000), detected);
        assert_eq!(&detected[..12], [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4]);
    }

    /// Two threads and one give the same table of Officers past the last rare heap (20627),
    /// where the far phase does almost all the work.
    #[test]
    fn two_threads_give_the_single_thread_table_of_officers() {
        let rules = OctalCode::parse("0.6", "0.6").unwrap().rules();
        let one = solve(&mut RareValueSolver::new(&rules, fresh()), 60_000);
        let mut two = RareValueSolver::new(&rules, fresh())
            .with_threads(2)
            .unwrap();
        assert_eq!(solve(&mut two, 60_000), one);
        let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), 60_000);
        assert_eq!(one, naive);
    }

    #[test]
    fn grundys_game_distinct_parts_agree() {
        let rules = MoveRules {
            whole: vec![],
            take: vec![],
            split: vec![0],
            split3: vec![],
            distinct: vec![0],
        };
        let naive = solve(&mut NaiveSolver::new(&rules, Vec::new()), 3000);
        let fast = solve(&mut RareValueSolver::new(&rules, fresh()), 3000);
        assert_eq!(fast, naive);
    }
}
