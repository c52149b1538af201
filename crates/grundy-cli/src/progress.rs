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
use std::rc::Rc;
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
    let off = std::env::var("GRUNDY_PROGRESS").is_ok_and(|v| v.eq_ignore_ascii_case("off"));
    let torn = output == Output::Streamed && std::io::stdout().is_terminal();
    if off || torn || !std::io::stderr().is_terminal() {
        return work();
    }
    let started = Instant::now();
    let bar: Rc<RefCell<Option<ProgressBar>>> = Rc::new(RefCell::new(None));
    let shown = bar.clone();
    let observer = Box::new(move |p: Progress| {
        if started.elapsed() < DELAY {
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
