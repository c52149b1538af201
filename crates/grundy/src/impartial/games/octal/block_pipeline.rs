//! A two-stage pipeline over blocks of heaps, with no barrier between blocks.
//!
//! The rare-value solver ([`super::rare_value`]) solves heaps in blocks of consecutive heaps,
//! and each block `i` has two stages ([`Stages`]):
//! - **far**: independent tasks (a run of heaps each) that read only the values below a
//!   *bound*: the block's own start `s(i)` when the block before it is done, else `s(i − 1)`
//!   (the start of the previous block; `s(0)` for the run's first two blocks);
//! - **near**: sequential; reads every value below the block and the far tasks' results, and
//!   appends the block's values to the table.
//!
//! So `far(i)` may start once `near(i − 2)` is done, and `near(i)` once `near(i − 1)` and every
//! task of `far(i)` are. Each task takes the freshest bound published when it is handed out:
//! the far stage's transposed loops do more of the work the sequential near stage would
//! otherwise do (the pairs reading the previous block), so only the tasks that run beside
//! `near(i − 1)` read below `s(i − 1)`. On one thread nothing runs beside a near stage, and
//! every task reads up to its own block. Each worker takes the near stage when it is ready
//! (every later block waits on that chain), else the oldest far task that is ready, else
//! waits (spinning, then yielding, then asleep: [`Signal`]). While one thread finishes the
//! last task of `far(i)`, the other already works on `far(i + 1)`; nobody waits at a block
//! boundary, and on as many threads as cores a wait rarely outlasts the spin.
//!
//! **Why not fork–join.** Solving each block as `join(near(i), far(i + 1))` left two threads
//! at 1.51× one on Officers to 2^20 (medians of 5 interleaved rounds: 3.48 s and 2.30 s; this
//! pipeline 3.18 s and 1.80 s, 1.77×, in the same run):
//! the thread that finished its last task first waited for the other's (half a task a block
//! on average), rayon's idle thread fell asleep in that wait and had to be woken for the next
//! block (tens of µs each on this VM, twice a block), and shrinking the last tasks to narrow
//! the wait cost 13% more CPU (smaller tasks amortise the transposed loops over fewer heaps).
//!
//! **The shared table.** Far tasks read the table while the near stage appends to it. The
//! table is one contiguous `Vec` (the hot loops XOR contiguous runs of it, vectorised, so a
//! segmented or atomic table would slow them), reserved for the whole run up front so that it
//! never moves, and [`GrowingTable`] hands out prefixes of what is published while the one
//! near stage running writes past them. That is the one `unsafe` of the solver; its invariants
//! are stated where it is used.
//!
//! A run ends when every block up to its `stop` is done, or early when a near stage says so
//! (the solver's state changed: a value needs another bit, or the class mask is due for
//! review); far work done for later blocks is then dropped.

use super::table::Cell;
use crate::error::GameError;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// The two stages of a block (module docs). Implementations keep the near stage's own state
/// behind their own lock: the pipeline runs one near stage at a time, in block order.
pub(super) trait Stages<T: Cell>: Sync {
    /// One far task's result.
    type Far: Send;
    /// A worker's scratch for far tasks, made once per worker and run.
    type Scratch;

    fn scratch(&self) -> Self::Scratch;

    /// The far stage of heaps `first..first + heaps`, reading only `known` (the values below
    /// the task's bound, `known.len()`, which tasks of one block may see differently: the
    /// result must say what it covered).
    fn far(
        &self,
        scratch: &mut Self::Scratch,
        known: &[T],
        first: usize,
        heaps: usize,
    ) -> Self::Far;

    /// The near stage of the block of `len` heaps from `known.len()` on, whose far tasks
    /// returned `far` (in heap order). Returns the values to append (the block's, or a prefix
    /// of them when the run must end) and whether the run ends after them.
    fn near(
        &self,
        known: &[T],
        len: usize,
        far: Vec<Self::Far>,
    ) -> Result<NearOutcome<T>, GameError>;
}

/// What a near stage returns.
pub(super) struct NearOutcome<T> {
    pub values: Vec<T>,
    pub end_run: bool,
}

/// Solves `table.len()..stop` in blocks of `block` heaps, far tasks of `task_heaps` heaps, on
/// every thread of `pool` (or the calling thread alone). The values appended are those the
/// near stages returned, in order, up to the first error or early end.
pub(super) fn run<T: Cell, S: Stages<T>>(
    stages: &S,
    table: &mut Vec<T>,
    stop: usize,
    block: usize,
    task_heaps: usize,
    pool: Option<&rayon::ThreadPool>,
) -> Result<(), GameError> {
    let first = table.len();
    let starts: Vec<usize> = (first..stop).step_by(block.max(1)).collect();
    if starts.is_empty() {
        return Ok(());
    }
    let shared = Shared {
        stages,
        table: GrowingTable::new(table, stop - first),
        starts,
        stop,
        task_heaps: task_heaps.max(1),
        lag: pool.map_or(0, |pool| (pool.current_num_threads() > 1) as usize),
        schedule: Mutex::new(Schedule::default()),
        signal: Signal::default(),
    };
    match pool {
        Some(pool) => {
            pool.broadcast(|_| shared.work());
        }
        None => shared.work(),
    }
    let error = shared.schedule.lock().map(|mut s| s.error.take());
    match error {
        Ok(None) => Ok(()),
        Ok(Some(e)) => Err(e),
        Err(_) => Err(GameError::io_other(
            "a worker thread of the octal solver panicked".to_string(),
        )),
    }
}

/// What every worker reads.
struct Shared<'s, 't, T: Cell, S: Stages<T>> {
    stages: &'s S,
    table: GrowingTable<'t, T>,
    /// The blocks' first heaps.
    starts: Vec<usize>,
    stop: usize,
    task_heaps: usize,
    /// Blocks between a far stage and its bound: 1 on several threads, 0 on one.
    lag: usize,
    schedule: Mutex<Schedule<S::Far>>,
    /// Bumped whenever work may have become ready (or the run ended): what waiting workers
    /// watch, without taking the schedule's lock.
    signal: Signal,
}

/// Which stages are done, running and ready.
struct Schedule<F> {
    /// Blocks whose near stage is done.
    near_done: usize,
    near_running: bool,
    /// Far stages of blocks `far_first..`, at most `lag + 1` (`far(i)` waits for
    /// `near(i − lag − 1)`); a stage leaves when its near stage starts.
    far: std::collections::VecDeque<FarStage<F>>,
    far_first: usize,
    /// Set by a near stage that ends the run, or by an error.
    ended: bool,
    error: Option<GameError>,
}

impl<F> Default for Schedule<F> {
    fn default() -> Schedule<F> {
        Schedule {
            near_done: 0,
            near_running: false,
            far: std::collections::VecDeque::new(),
            far_first: 0,
            ended: false,
            error: None,
        }
    }
}

/// One block's far tasks: handed out in order, results kept by task.
struct FarStage<F> {
    handed_out: usize,
    results: Vec<Option<F>>,
    done: usize,
}

/// A worker's next step.
enum Job<F> {
    /// Block `i`'s near stage, with its far tasks' results.
    Near(usize, Vec<F>),
    /// Task `task` of block `block`'s far stage, reading the values below `bound`.
    Far {
        block: usize,
        task: usize,
        bound: usize,
    },
    /// Nothing ready: wait until the version moves past this one.
    Wait(usize),
    Done,
}

impl<T: Cell, S: Stages<T>> Shared<'_, '_, T, S> {
    fn block_len(&self, i: usize) -> usize {
        self.starts.get(i + 1).copied().unwrap_or(self.stop) - self.starts[i]
    }

    fn tasks(&self, i: usize) -> usize {
        self.block_len(i).div_ceil(self.task_heaps)
    }

    /// A worker: takes jobs until the run is over.
    fn work(&self) {
        let mut scratch = None;
        loop {
            let job = match self.schedule.lock() {
                Ok(mut schedule) => self.next_job(&mut schedule),
                Err(_) => Job::Done,
            };
            let _guard = EndOnPanic(self);
            match job {
                Job::Near(i, far) => self.run_near(i, far),
                Job::Far { block, task, bound } => {
                    let scratch = scratch.get_or_insert_with(|| self.stages.scratch());
                    let first = self.starts[block] + task * self.task_heaps;
                    let heaps = self
                        .task_heaps
                        .min(self.starts[block] + self.block_len(block) - first);
                    let known = self.table.prefix(bound);
                    let result = self.stages.far(scratch, known, first, heaps);
                    if let Ok(mut schedule) = self.schedule.lock() {
                        // The stage is still there unless the run ended meanwhile.
                        let k = block.checked_sub(schedule.far_first);
                        if let Some(stage) = k.and_then(|k| schedule.far.get_mut(k)) {
                            stage.results[task] = Some(result);
                            stage.done += 1;
                        }
                    }
                    self.signal.bump();
                }
                Job::Wait(version) => self.signal.wait_past(version),
                Job::Done => return,
            }
        }
    }

    /// The next job: the near stage when ready, else the oldest ready far task.
    fn next_job(&self, schedule: &mut Schedule<S::Far>) -> Job<S::Far> {
        let blocks = self.starts.len();
        if schedule.ended || schedule.near_done == blocks {
            return Job::Done;
        }
        let next = schedule.near_done;
        if !schedule.near_running
            && schedule.far_first == next
            && schedule
                .far
                .front()
                .is_some_and(|stage| stage.done == stage.results.len())
        {
            let stage = schedule.far.pop_front().expect("checked above");
            schedule.far_first += 1;
            schedule.near_running = true;
            return Job::Near(next, stage.results.into_iter().flatten().collect());
        }
        // far(i) is ready once near(i − lag − 1) is done: i ≤ near_done + lag.
        let ready = (next + self.lag + 1).min(blocks);
        while schedule.far_first + schedule.far.len() < ready {
            let tasks = self.tasks(schedule.far_first + schedule.far.len());
            schedule.far.push_back(FarStage {
                handed_out: 0,
                results: (0..tasks).map(|_| None).collect(),
                done: 0,
            });
        }
        let first = schedule.far_first;
        for (k, stage) in schedule.far.iter_mut().enumerate() {
            if stage.handed_out < stage.results.len() {
                stage.handed_out += 1;
                let block = first + k;
                // The freshest bound published: the block's own start once the block before
                // it is done, else the start of that block (`block ≤ near_done + lag`).
                return Job::Far {
                    block,
                    task: stage.handed_out - 1,
                    bound: self.starts[block.min(next)],
                };
            }
        }
        Job::Wait(self.signal.version())
    }

    /// Runs block `i`'s near stage, appends its values and publishes them.
    fn run_near(&self, i: usize, far: Vec<S::Far>) {
        let known = self.table.prefix(self.starts[i]);
        let outcome = self.stages.near(known, self.block_len(i), far);
        let mut end = true;
        let mut error = None;
        match outcome {
            Ok(outcome) => {
                let complete = outcome.values.len() == self.block_len(i);
                // SAFETY: only the one near stage running appends (`near_running`), and no
                // prefix handed out reaches past the published length.
                unsafe { self.table.append(&outcome.values) };
                end = outcome.end_run || !complete;
            }
            Err(e) => error = Some(e),
        }
        if let Ok(mut schedule) = self.schedule.lock() {
            schedule.near_done += 1;
            schedule.near_running = false;
            if end {
                schedule.ended = true;
                schedule.error = error;
                schedule.far.clear();
            }
        }
        self.signal.bump();
    }
}

/// A version number that workers wait on: bumped when work may have become ready.
///
/// A waiter spins a little (a far task or a near stage takes tens of µs, a wake-up about as
/// long), then yields the core a while, then sleeps until the next bump: on as many threads
/// as cores a wait rarely outlasts the spin, but with more threads than cores (or another
/// job on the machine) a worker with nothing to do must not keep burning a core.
#[derive(Default)]
struct Signal {
    version: AtomicUsize,
    /// Workers asleep (or about to be): a bump takes the lock to wake them only then.
    sleepers: AtomicUsize,
    lock: Mutex<()>,
    wake: Condvar,
}

impl Signal {
    fn version(&self) -> usize {
        self.version.load(Ordering::Acquire)
    }

    fn bump(&self) {
        // SeqCst on both sides: a waiter counts itself, then checks the version; a bump
        // moves the version, then checks for sleepers. One of them sees the other's write,
        // so no wake-up is lost (and the waiter's timeout would catch one anyway).
        self.version.fetch_add(1, Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.wake.notify_all();
        }
    }

    fn wait_past(&self, version: usize) {
        let moved = || self.version.load(Ordering::SeqCst) != version;
        for _ in 0..1 << 12 {
            if moved() {
                return;
            }
            std::hint::spin_loop();
        }
        for _ in 0..64 {
            if moved() {
                return;
            }
            std::thread::yield_now();
        }
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        let mut guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        while !moved() {
            guard = self
                .wake
                .wait_timeout(guard, std::time::Duration::from_millis(10))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        drop(guard);
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Ends the run when the job it guards panics, so that the other workers stop waiting for
/// that job (the panic itself reaches the caller through the pool or the calling thread).
struct EndOnPanic<'a, 's, 't, T: Cell, S: Stages<T>>(&'a Shared<'s, 't, T, S>);

impl<T: Cell, S: Stages<T>> Drop for EndOnPanic<'_, '_, '_, T, S> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let shared = self.0;
            let mut schedule = shared.schedule.lock().unwrap_or_else(|e| e.into_inner());
            schedule.ended = true;
            drop(schedule);
            shared.signal.bump();
        }
    }
}

/// The table while a run appends to it: the published values `G(0..len)` are read by any
/// worker as one slice, and the near stage running writes the next ones past them.
///
/// Hand-written (a few lines of `unsafe`) because no crate offers it: readers need one
/// contiguous slice (the hot loops vectorise over it), and the growing end is written by
/// another thread meanwhile. Sound because:
/// - the `Vec` is reserved for the whole run up front and not touched until the run ends (it
///   is borrowed mutably for that long), so the buffer never moves;
/// - the length is published with `Release` after the values are written, and read with
///   `Acquire` before a prefix is handed out, which is never longer than it;
/// - only one thread appends at a time (the caller's contract: the pipeline runs one near
///   stage at a time), and never inside a published prefix.
struct GrowingTable<'t, T> {
    table: &'t mut Vec<T>,
    start: *mut T,
    capacity: usize,
    len: AtomicUsize,
}

// SAFETY: see the type's docs: shared readers see only published, immutable values.
unsafe impl<T: Sync + Send> Sync for GrowingTable<'_, T> {}

impl<'t, T: Cell> GrowingTable<'t, T> {
    fn new(table: &'t mut Vec<T>, additional: usize) -> GrowingTable<'t, T> {
        table.reserve(additional);
        let start = table.as_mut_ptr();
        let (len, capacity) = (table.len(), table.capacity());
        GrowingTable {
            table,
            start,
            capacity,
            len: AtomicUsize::new(len),
        }
    }

    /// `G(0..n)`; `n` must be published.
    fn prefix(&self, n: usize) -> &[T] {
        let len = self.len.load(Ordering::Acquire);
        assert!(n <= len, "prefix {n} past the published {len} values");
        // SAFETY: the first `len` values are initialised and never written again.
        unsafe { std::slice::from_raw_parts(self.start, n) }
    }

    /// Appends `values` and publishes them.
    ///
    /// # Safety
    /// No other call of `append` may run at the same time.
    unsafe fn append(&self, values: &[T]) {
        let len = self.len.load(Ordering::Relaxed);
        assert!(
            len + values.len() <= self.capacity,
            "the run's table was reserved"
        );
        // SAFETY: within the reserved buffer, past every published prefix, and no other
        // writer (the caller's contract).
        unsafe {
            std::ptr::copy_nonoverlapping(values.as_ptr(), self.start.add(len), values.len());
        }
        self.len.store(len + values.len(), Ordering::Release);
    }
}

impl<T> Drop for GrowingTable<'_, T> {
    /// Hands the table back with every published value.
    fn drop(&mut self) {
        // SAFETY: the first `len` values are initialised (published by `append`) and within
        // the reserved capacity.
        unsafe { self.table.set_len(*self.len.get_mut()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy pair of stages with the pipeline's dependencies: `G(n) = 3·G(n − 1) + S + n`
    /// (wrapping), with `S` the sum of every value below `n`'s block. Each far task sums the
    /// values below its bound; the near stage adds the rest up to the block and checks each
    /// task's sum against the table, so a task that read a value not yet published (or a
    /// wrong one) fails the test, while the values do not depend on which bound a task saw.
    #[derive(Default)]
    struct Toy {
        /// The near stage of the block holding this heap ends the run after it.
        end_at: Option<usize>,
        /// The near stage of the block holding this heap fails.
        fail_at: Option<usize>,
        /// The far task holding this heap panics.
        panic_at: Option<usize>,
        /// (block start, bound) of every far task a near stage received.
        bounds: Mutex<Vec<(usize, usize)>>,
        /// Each near stage sleeps this long, so that idle workers go to sleep too.
        slow_near: Option<std::time::Duration>,
    }

    fn sum(values: &[u16]) -> u16 {
        values.iter().fold(0, |s, &v| s.wrapping_add(v))
    }

    impl Stages<u16> for Toy {
        /// The bound, the sum of the values below it, and the task's heaps.
        type Far = (usize, u16, usize);
        type Scratch = ();

        fn scratch(&self) {}

        fn far(
            &self,
            _: &mut (),
            known: &[u16],
            first: usize,
            heaps: usize,
        ) -> (usize, u16, usize) {
            if let Some(n) = self.panic_at.filter(|n| (first..first + heaps).contains(n)) {
                panic!("heap {n}");
            }
            (known.len(), sum(known), heaps)
        }

        fn near(
            &self,
            known: &[u16],
            len: usize,
            far: Vec<(usize, u16, usize)>,
        ) -> Result<NearOutcome<u16>, GameError> {
            let start = known.len();
            if let Some(pause) = self.slow_near {
                std::thread::sleep(pause);
            }
            assert_eq!(far.iter().map(|task| task.2).sum::<usize>(), len);
            for &(bound, below, _) in &far {
                assert!(bound <= start);
                assert_eq!(
                    below,
                    sum(&known[..bound]),
                    "a far task read unpublished values"
                );
                self.bounds.lock().unwrap().push((start, bound));
            }
            let heaps = start..start + len;
            if let Some(n) = self.fail_at.filter(|n| heaps.contains(n)) {
                return Err(GameError::TooLarge(format!("heap {n}")));
            }
            let below = sum(known);
            let mut last = known.last().copied().unwrap_or(1);
            let mut values: Vec<u16> = heaps
                .clone()
                .map(|n| {
                    last = last
                        .wrapping_mul(3)
                        .wrapping_add(below)
                        .wrapping_add(n as u16);
                    last
                })
                .collect();
            let end = self.end_at.filter(|n| heaps.contains(n));
            if let Some(n) = end {
                values.truncate(n + 1 - heaps.start);
            }
            Ok(NearOutcome {
                values,
                end_run: end.is_some(),
            })
        }
    }

    /// The recurrence in order, block by block.
    fn in_order(start: Vec<u16>, stop: usize, block: usize) -> Vec<u16> {
        let mut table = start;
        let starts: Vec<usize> = (table.len()..stop).step_by(block).collect();
        for (i, &s) in starts.iter().enumerate() {
            let len = starts.get(i + 1).copied().unwrap_or(stop) - s;
            let far = Toy::default().far(&mut (), &table, s, len);
            let values = Toy::default().near(&table, len, vec![far]).unwrap().values;
            table.extend(values);
        }
        table
    }

    /// Every thread count, block and task size gives the values in order; one thread reads
    /// up to the block (lag 0), and several read at most one block less.
    #[test]
    fn every_thread_count_and_task_size_gives_the_ordered_values() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        for (block, task) in [(1, 1), (7, 3), (16, 16), (64, 5)] {
            let expected = in_order(vec![5, 9], 700, block);
            for (pool, lag) in [(None, 0), (Some(&pool), 1)] {
                let toy = Toy::default();
                let mut table = vec![5, 9];
                run(&toy, &mut table, 700, block, task, pool).unwrap();
                assert_eq!(table, expected, "block {block}, task {task}");
                let bounds = toy.bounds.into_inner().unwrap();
                let tasks: usize = (2..700)
                    .step_by(block)
                    .map(|s| (700 - s).min(block).div_ceil(task))
                    .sum();
                assert_eq!(
                    bounds.len(),
                    tasks,
                    "every task reaches its near stage once"
                );
                assert!(
                    bounds.iter().all(|&(s, bound)| s - bound <= lag * block),
                    "block {block}, task {task}, lag {lag}"
                );
            }
        }
    }

    /// Near stages slow enough (3 ms each) that the other workers run out of far work, spin,
    /// yield and fall asleep every block: they are woken for the next block, and the values
    /// are the ordered ones.
    #[test]
    fn sleeping_workers_wake_for_every_block() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let toy = Toy {
            slow_near: Some(std::time::Duration::from_millis(3)),
            ..Toy::default()
        };
        let mut table = vec![5, 9];
        run(&toy, &mut table, 200, 8, 2, Some(&pool)).unwrap();
        assert_eq!(table, in_order(vec![5, 9], 200, 8));
        let tasks = toy.bounds.into_inner().unwrap().len();
        // Heaps 2..200 in 24 blocks of 8 (4 tasks each) and one of 6 (3 tasks).
        assert_eq!(tasks, 24 * 4 + 3, "every far task reached its near stage");
    }

    /// A near stage that ends the run keeps what it returned and drops the far work done
    /// ahead; one that fails keeps only the blocks before it and returns its error.
    #[test]
    fn an_early_end_or_an_error_keeps_the_blocks_before_it() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let expected = in_order(vec![5, 9], 700, 7);
        for pool in [None, Some(&pool)] {
            let toy = Toy {
                end_at: Some(300),
                ..Toy::default()
            };
            let mut table = vec![5, 9];
            run(&toy, &mut table, 700, 7, 3, pool).unwrap();
            assert_eq!(table, expected[..=300]);
            let toy = Toy {
                fail_at: Some(300),
                ..Toy::default()
            };
            let mut table = vec![5, 9];
            let error = run(&toy, &mut table, 700, 7, 3, pool).unwrap_err();
            assert_eq!(
                error.to_string(),
                GameError::TooLarge("heap 300".into()).to_string()
            );
            // Blocks start at 2, 9, …, 296: the one holding 300 is not kept.
            assert_eq!(table, expected[..296]);
        }
    }

    /// A far task that panics ends the run: the panic reaches the caller, and no worker is
    /// left waiting for the task.
    #[test]
    fn a_panicking_task_ends_the_run() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let toy = Toy {
            panic_at: Some(300),
            ..Toy::default()
        };
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut table = vec![5, 9];
            run(&toy, &mut table, 700, 7, 3, Some(&pool))
        }));
        assert!(caught.is_err());
    }
}
