//! A progress bar on stderr for any command whose computation runs past a second.
//!
//! The library reports progress to an observer ([`grundy::progress`]); this module installs
//! one that draws an `indicatif` bar. Rules a user running long jobs expects:
//! - stdout stays clean: the bar is on stderr, and `--json` output is untouched;
//! - nothing is drawn when stderr is not a terminal (logs and CI stay clean), nor when the
//!   command streams its answer to a terminal stdout (the bar would tear the lines);
//! - nothing is drawn for the first second, so quick answers never flicker;
//! - the bar is cleared when the computation ends, before the answer is printed;
//! - `GRUNDY_PROGRESS=off` turns it off everywhere.

use grundy::progress::{observe, Progress};
use indicatif::{ProgressBar, ProgressStyle};
use std::cell::RefCell;
use std::io::IsTerminal;
use std::io::Write;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long a computation runs before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

/// Whether the command prints its answer only at the end, or streams it to stdout meanwhile
/// (then a terminal stdout hides the bar).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// The answer is printed after the computation.
    AtTheEnd,
    /// Lines are written to stdout while the computation runs.
    Streamed,
}

/// Runs `work`, showing its library-reported progress on stderr under the rules above.
pub fn with_progress<R>(output: Output, work: impl FnOnce() -> R) -> R {
    within(output, None, work)
}

/// A command's `--time SECONDS` (`value`, `solve`, `explain`, `count`, `plot`, `table`): the
/// command named in its refusal.
#[derive(Copy, Clone, Debug)]
pub struct Limit {
    pub command: &'static str,
    pub time: Duration,
}

/// [`with_progress`], bounded by `limit` (issue 20: `--time` bounds every long command):
/// once the library's progress reports show that the work would end past the limit, it is
/// refused at once with the estimate; work that reports no progress is stopped when the
/// limit passes. Both exit 2 with one line, as every refusal does. The work must write no
/// file it could leave half-written (`plot` opens its picture only after the work); lines
/// streamed to stdout (`table`) stay as written, marked incomplete by the refusal and exit 2.
pub fn within<R>(output: Output, limit: Option<Limit>, work: impl FnOnce() -> R) -> R {
    let off = std::env::var("GRUNDY_PROGRESS").is_ok_and(|v| v.eq_ignore_ascii_case("off"));
    let torn = output == Output::Streamed && std::io::stdout().is_terminal();
    let draw = !(off || torn || !std::io::stderr().is_terminal());
    if !draw && limit.is_none() {
        return work();
    }
    let started = Instant::now();
    // Dropped when `work` returns, which ends the watchdog thread.
    let _watchdog = limit.map(watchdog);
    let mut pace = limit.map(Pace::new);
    let bar: Rc<RefCell<Option<ProgressBar>>> = Rc::new(RefCell::new(None));
    let shown = bar.clone();
    let observer = Box::new(move |p: Progress| {
        if let Some(pace) = pace.as_mut() {
            pace.check(&p, started.elapsed());
        }
        if !draw || started.elapsed() < DELAY {
            return;
        }
        let mut slot = shown.borrow_mut();
        let bar = slot.get_or_insert_with(|| new_bar(&p));
        if p.total > 0 && bar.length() != Some(p.total) {
            bar.set_length(p.total);
        }
        bar.set_position(p.done);
    });
    let result = observe(observer, work);
    if let Some(bar) = bar.borrow_mut().take() {
        bar.finish_and_clear();
    }
    result
}

/// A bar for a known total (heaps of a table), a counter with a spinner otherwise (positions
/// of a memoised search).
fn new_bar(first: &Progress) -> ProgressBar {
    let (bar, template) = if first.total > 0 {
        (
            ProgressBar::new(first.total),
            format!(
                "{{elapsed_precise}} [{{bar:40}}] {{human_pos}}/{{human_len}} {}, {{per_sec}}, ETA {{eta}}",
                first.unit
            ),
        )
    } else {
        (
            ProgressBar::no_length(),
            format!(
                "{{spinner}} {{elapsed_precise}} {{human_pos}} {} evaluated, {{per_sec}}",
                first.unit
            ),
        )
    };
    bar.set_style(
        ProgressStyle::with_template(&template)
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Prints `refused: REASON` (the form of every refusal) and exits 2.
fn refuse(reason: String) -> ! {
    let line = grundy::GameError::TooLarge(reason).to_string();
    let _ = writeln!(std::io::stderr(), "grundy: {line}");
    std::process::exit(2)
}

/// A thread that refuses the run when `limit` passes, unless the returned sender is dropped
/// first (the work ended).
fn watchdog(limit: Limit) -> mpsc::Sender<()> {
    let (done, waiting) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = waiting.recv_timeout(limit.time) {
            refuse(format!(
                "{}: no answer within --time {}, so it was stopped; raise --time SECONDS",
                limit.command,
                human_seconds(limit.time.as_secs_f64())
            ));
        }
    });
    done
}

/// How long before the pace of the work is judged: long enough that start-up costs do not
/// pass for the pace, short enough that a hopeless run is refused at once.
const JUDGED_AFTER: Duration = Duration::from_millis(500);

/// Extrapolates the time of the work from its progress reports.
struct Pace {
    limit: Limit,
    /// The current stage (reports with the same total; a period search restarts its count
    /// with each longer table): (seconds when its first report came, units done then, total).
    stage: (f64, u64, u64),
    /// A report at least [`JUDGED_AFTER`]/4 into the stage: (seconds into it, units done in
    /// it). With a later report it gives the growth exponent.
    anchor: Option<(f64, u64)>,
}

impl Pace {
    fn new(limit: Limit) -> Pace {
        Pace {
            limit,
            stage: (0.0, 0, 0),
            anchor: None,
        }
    }

    /// Refuses the run when, at the pace so far, it would end past the limit. The time of a
    /// stage grows as `done^e`: `e` is measured between the anchor and now (a quadratic or
    /// cubic table slows down as it grows), 1 until the work has at least doubled since.
    fn check(&mut self, p: &Progress, elapsed: Duration) {
        let (now, limit) = (elapsed.as_secs_f64(), self.limit.time.as_secs_f64());
        if p.total == 0 || p.done >= p.total {
            return;
        }
        if self.stage.2 != p.total {
            self.stage = (now, p.done, p.total);
            self.anchor = None;
            return;
        }
        let (began, first, _) = self.stage;
        let (into, done) = (now - began, p.done.saturating_sub(first));
        let judged = JUDGED_AFTER.min(self.limit.time / 4).as_secs_f64();
        if done == 0 {
            return;
        }
        if self.anchor.is_none() && into >= judged / 4.0 {
            self.anchor = Some((into, done));
        }
        if into < judged {
            return;
        }
        let exponent = match self.anchor {
            Some((then, before)) if done >= 2 * before && into > then => {
                ((into / then).ln() / (done as f64 / before as f64).ln()).clamp(1.0, 3.0)
            }
            _ => 1.0,
        };
        let rate = done as f64 / into;
        let slowing = (p.total as f64 / p.done as f64).powf(exponent - 1.0);
        let estimate = now + (p.total - p.done) as f64 / rate * slowing;
        if estimate > limit {
            refuse(format!(
                "{}: {} {} would take about {} at the pace so far ({} done, {rate:.0} a second), past --time {}; raise --time SECONDS",
                self.limit.command,
                p.total,
                p.unit,
                human_seconds(estimate),
                p.done,
                human_seconds(limit)
            ));
        }
    }
}

/// `3.2 h`, `41 s`, `0.5 s`: a duration as a person reads it.
pub fn human_seconds(seconds: f64) -> String {
    match seconds {
        s if s < 10.0 => format!("{s:.1} s"),
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} h", s / 3600.0),
        s if s < 2.0 * 31_557_600.0 => format!("{:.0} days", s / 86_400.0),
        s => format!("{:.0} years", s / 31_557_600.0),
    }
}
