//! The long-run plumbing `table` and `octal-stats` share for take-and-break games: the
//! checkpoint flags, a progress bar on stderr, and the statistics of a finished run.

use crate::progress::{human_seconds, within, Limit, Output};
use grundy::impartial::games::octal::sequence::{ChunkFn, Outcome, Run};
use grundy::impartial::games::octal::three_way;
use grundy::impartial::games::octal::{period_rule_of, MoveRules, TakeAndBreak};
use grundy::limits::{human_bytes, table_bytes, Budget};
use grundy::registry::{parse_long_run, parse_spec};
use grundy::theory::period::PeriodRule;
use grundy::GameError;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

/// `--checkpoint FILE` and how often to save.
#[derive(clap::Args, Debug, Clone)]
pub struct CheckpointArgs {
    /// Save progress to FILE (atomically, with a checksum) and resume from it when the same
    /// command is run again (octal games and Grundy's game).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = crate::commands::parse_seconds)]
    pub checkpoint_every: Duration,
    /// Worker threads for the rare-value solver (default: the machine's cores); the values
    /// are the same for every count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Refuse to start a game with three-way splits (hexadecimal digits 8-f, whose cost grows
    /// as N²) when its estimated time (always printed first) exceeds this many seconds; any
    /// other run is stopped when the time is up (exit 2; `table` keeps the lines written so
    /// far, a checkpoint its last save), and in `table` the table of a game that is neither
    /// octal nor Grundy's game is refused earlier once the pace of its values shows it would
    /// end later.
    #[arg(long, value_name = "SECONDS", value_parser = crate::commands::parse_positive_seconds)]
    pub time: Option<Duration>,
}

/// Games with three-way splits cost about N² (heap `n` ORs `n` pair bitsets): a run past a
/// thousand heaps is timed on a sample first (at most about a tenth of a second), its
/// estimate printed on stderr, and refused past `limit` (`--time`, when given) with the
/// estimate. Other games are linear, or bounded by the memory budget, and start at once.
pub fn check_time(
    rules: &MoveRules,
    spec: &str,
    to: u64,
    limit: Option<Duration>,
) -> Result<(), GameError> {
    if rules.split3.is_empty() || to < 1000 {
        return Ok(());
    }
    let seconds = three_way::estimate_seconds(rules, to)?;
    let estimate = human_seconds(seconds);
    let _ = writeln!(
        std::io::stderr(),
        "grundy: G(0..={to}) of `{spec}` (three-way splits, cost growing as n²): estimated {estimate}"
    );
    if let Some(limit) = limit.filter(|limit| seconds > limit.as_secs_f64()) {
        return Err(GameError::TooLarge(format!(
            "G(0..={to}) of `{spec}` would take about {estimate} (three-way splits cost about n²), past --time {}; raise --time",
            human_seconds(limit.as_secs_f64())
        )));
    }
    Ok(())
}

/// [`check_time`] for the heaps of a sum: a command that computes `G(0..=largest heap)` of a
/// take-and-break game with three-way splits (`solve`, `explain`) prints the estimate and
/// refuses past `limit` before it starts, as `value` does, rather than running silently
/// until `--time` stops it. Arguments that are not heap sizes are left to the game to refuse.
pub fn check_heaps_time(game: &str, positions: &[&str], limit: Duration) -> Result<(), GameError> {
    let Some(game) = parse_long_run(game)? else {
        return Ok(());
    };
    let largest = positions
        .iter()
        .filter_map(|p| grundy::numeric::number::parse_u64_expr(p).ok())
        .max();
    match largest {
        Some(heap) => check_time(game.rules(), game.spec(), heap, Some(limit)),
        None => Ok(()),
    }
}

/// Runs `G(0..=to)` for a take-and-break game with a progress bar (on stderr, only when it
/// is a terminal and the run is long) and the checkpoint options, handing on the table's
/// values to `chunks` as they are computed (see [`Run::compute_handing_on`]). `--time` stops
/// the run when it passes (issue 20: it bounds every long command): the pace of a run is no
/// guide here, since a certified period may end it long before `to`, so only the clock is.
/// `command` names the command in that refusal.
pub fn long_run(
    command: &'static str,
    rules: &MoveRules,
    spec: &str,
    to: u64,
    checkpoint: &CheckpointArgs,
    chunks: Option<ChunkFn<'_>>,
) -> Result<Outcome, GameError> {
    check_time(rules, spec, to, checkpoint.time)?;
    // Where the progress bar is drawn, so is this note: without `--time`, such a run may go
    // on for hours before its refusal, and the user at the terminal should know at once.
    if checkpoint.time.is_none() && std::io::stderr().is_terminal() {
        if let Some(note) = past_budget_note(rules, spec, to, Budget::current()) {
            let _ = writeln!(std::io::stderr(), "grundy: note: {note}");
        }
    }
    let total = to.saturating_add(1);
    let bar = if total >= 1 << 20 {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} heaps, {per_sec}, ETA {eta}",
        )
        .expect("the template is valid")
        .progress_chars("=> "),
    );
    let mut report = |done: u64, _total: u64| bar.set_position(done);
    let mut run = Run::new(rules, spec).progress(&mut report);
    // Held until the run ends: a second run on the same checkpoint is refused by name.
    let _lock = (checkpoint.checkpoint.as_deref())
        .map(|path| crate::output::lock_beside(path, "checkpoint"))
        .transpose()?;
    if let Some(threads) = checkpoint.threads {
        run = run.threads(threads as usize);
    }
    if let Some(path) = &checkpoint.checkpoint {
        run = run.checkpoint(path.clone(), checkpoint.checkpoint_every);
    }
    // The run reports its progress to `report` only, so `within` sees none: it is the
    // watchdog alone, which exits 2 when the time is up.
    let limit = checkpoint.time.map(|time| Limit { command, time });
    let outcome = within(Output::AtTheEnd, limit, || {
        run.compute_handing_on(to, chunks)
    });
    bar.finish_and_clear();
    let outcome = outcome?;
    if outcome.resumed_from > 0 {
        if let Some(path) = &checkpoint.checkpoint {
            let _ = writeln!(
                std::io::stderr(),
                "grundy: resumed from checkpoint {} ({} values)",
                path.display(),
                outcome.resumed_from
            );
        }
    }
    Ok(outcome)
}

/// Why a run to `to` may be long and then refused: its table cannot fit `budget` even at one
/// byte a heap, yet it is not refused at once because a certified period may end it first
/// (Kayles to 10^15 ends in milliseconds; Officers, with no period in sight, runs until its
/// table reaches the budget, hours on a laptop). `None` when the table fits, or when the game
/// has no period rule (the run is then refused at once, with the figure).
fn past_budget_note(rules: &MoveRules, spec: &str, to: u64, budget: Budget) -> Option<String> {
    let bytes = table_bytes(to.saturating_add(1), 1);
    if period_rule_of(rules) == PeriodRule::None || budget.fits(bytes) {
        return None;
    }
    Some(format!(
        "G(0..={to}) of `{spec}` needs at least {} (1 byte a heap), past the memory budget of {}: the run ends early only if a period is certified first, and is refused when its table reaches the budget (--time SECONDS bounds the wait)",
        human_bytes(bytes),
        budget.describe()
    ))
}

/// The take-and-break game `game` names, or an error saying which games support long runs
/// (the spec's own error first: an unknown name is named as unknown, not as "not octal").
pub fn long_run_game(game: &str) -> Result<TakeAndBreak, GameError> {
    if let Some(found) = parse_long_run(game)? {
        return Ok(found);
    }
    parse_spec(game)?;
    Err(GameError::Unsupported(format!(
        "`{game}` is not an octal game or Grundy's game; statistics and checkpoints are for those"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::limits::BudgetSource;

    /// The note names both figures when a game that may certify a period asks for a table
    /// past the budget, and is absent when the table fits or when no period can end the run
    /// (the library then refuses at once).
    #[test]
    fn a_table_past_the_budget_is_noted_only_where_a_period_may_end_it() {
        let budget = Budget {
            bytes: 16 << 30,
            source: BudgetSource::User,
        };
        let officers = long_run_game("officers").unwrap();
        let note = past_budget_note(officers.rules(), officers.spec(), 1 << 40, budget)
            .expect("2^40 heaps do not fit 16 GiB");
        assert!(
            note.starts_with("G(0..=1099511627776) of `octal:0.6` needs at least 1.0 TiB (1 byte a heap), past the memory budget of 16.0 GiB (set by --memory"),
            "{note}"
        );
        assert!(note.contains("a period is certified first") && note.contains("--time SECONDS"));
        assert_eq!(
            past_budget_note(officers.rules(), officers.spec(), 1 << 30, budget),
            None
        );
        let three_way = long_run_game("octal:0.8").unwrap();
        assert_eq!(period_rule_of(three_way.rules()), PeriodRule::None);
        assert_eq!(
            past_budget_note(three_way.rules(), three_way.spec(), 1 << 40, budget),
            None
        );
    }
}
