//! `grundy table GAME --to N`: streams G(0), …, G(N).

use crate::commands::{heap_sequence, parse_to};
use crate::long_run::{long_run, long_run_game, CheckpointArgs};
use crate::output::{println_checked, Answer, BudgetedWriter};
use crate::progress::{within, Limit, Output};
use grundy::impartial::explain::{derive, Derivation};
use grundy::impartial::family::Family;
use grundy::impartial::games::octal::stats::StatsBuilder;
use grundy::impartial::games::octal::Value;
use grundy::impartial::heap::HeapFamily;
use grundy::limits::check_output;
use grundy::registry::{parse_long_run, parse_spec};
use grundy::GameError;
use std::io::{self, BufWriter, Write};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy table subtraction:1,3,4 --to 20
  grundy table kayles --to 10^6 --stats > kayles.txt
  grundy table subtraction:1,3,4 --to 4 --explain
  grundy table officers --to 2^20 --checkpoint officers.ck")]
pub struct Args {
    /// The game (see `grundy games`); its positions must be heaps.
    game: String,
    /// Last heap size N (accepts `10^6`, `1e6`, `2^20`).
    #[arg(long, value_parser = parse_to)]
    to: u64,
    /// Print a JSON array instead of one value per line.
    #[arg(long)]
    json: bool,
    /// Derive every value by hand: `n = 4: the moves leave {3, 1, 0}, so G(4) = mex{…} = 2`
    /// (with --json: an array of derivations).
    #[arg(long)]
    explain: bool,
    /// After the table, print statistics of the sequence on stderr (octal games and
    /// Grundy's game): largest value, rare mask, rare heaps, checksum, certified period.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
}

pub fn run(args: Args) -> Result<(), GameError> {
    // Octal games and Grundy's game run through the long-run driver (progress bar,
    // checkpoints, statistics); `--stats`/`--checkpoint` on other games is an error.
    let long = match parse_long_run(&args.game)? {
        Some(game) => Some(game),
        None if args.stats || args.checkpoint.checkpoint.is_some() => {
            Some(long_run_game(&args.game)?)
        }
        None => None,
    };
    // The spec is parsed once: a take-and-break game is already its family.
    let family: Box<dyn Family> = match &long {
        Some(game) => Box::new(HeapFamily::new(game.clone())),
        None => parse_spec(&args.game)?,
    };
    let sequence = heap_sequence(family.as_ref(), "table")?;
    check_output(
        &format!("a table to {}", args.to),
        estimated_output(family.as_ref(), args.to, args.explain)?,
    )?;
    // `--time` (shared with octal-stats, where it times three-way splits before they start)
    // also bounds the other games' tables: the lines already written stay, the refusal goes
    // to stderr, exit 2.
    let limit = (args.checkpoint.time).map(|time| Limit {
        command: "table",
        time,
    });
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, BudgetedWriter::new(stdout.lock()));
    if args.explain {
        return within(Output::Streamed, limit, || {
            explain_each(family.as_ref(), args.to, args.json, &mut out)
        });
    }
    if args.json {
        out.write_all(b"[")?;
    }
    let mut write_value = |n: u64, v: u64| -> Result<(), GameError> {
        if args.json && n > 0 {
            out.write_all(b",")?;
        }
        // A heap with no Grundy value (prime-heap: the mover wins at once), as `value` says.
        match (sequence.wins_at_once(n), args.json) {
            (true, true) => out.write_all(b"null")?,
            (true, false) => out.write_all(b"none")?,
            (false, _) => write!(out, "{v}")?,
        }
        if !args.json {
            out.write_all(b"\n")?;
        }
        Ok(())
    };
    if let Some(game) = long {
        let (rules, spec) = (game.rules(), game.spec());
        // The table is written as the run computes it; heaps past the table come from the
        // certified period.
        let mut write_chunk = |first: u64, values: &[Value]| {
            (first..)
                .zip(values)
                .try_for_each(|(n, &v)| write_value(n, v as u64))
        };
        let outcome = long_run(
            "table",
            rules,
            spec,
            args.to,
            &args.checkpoint,
            Some(&mut write_chunk),
        )?;
        for n in (outcome.values.len() as u64).min(args.to + 1)..=args.to {
            let v = outcome
                .value(n)
                .expect("a finished run covers 0..=to by the table or a certified period");
            write_value(n, v as u64)?;
        }
        if args.stats {
            let stats = StatsBuilder::of_outcome(rules.split_parity(), spec, args.to, &outcome)?;
            let _ = writeln!(io::stderr(), "{}", stats.describe());
        }
    } else {
        within(Output::Streamed, limit, || {
            sequence.for_each_value(args.to, &mut |n, v| write_value(n, v.0))
        })?;
    }
    if args.json {
        out.write_all(b"]")?;
        out.flush()?;
        drop(out);
        return println_checked("");
    }
    out.flush()?;
    Ok(())
}

/// Heaps whose values (or derivations) are measured to estimate a table's output size.
const SAMPLE: u64 = 4096;

/// Bytes a table to `to` would write, from the real widths of its first lines: the widest of
/// the first [`SAMPLE`] values on every line; with `--explain`, the mean of the first and the
/// last derivation's lengths, the last extrapolated from the sample (a derivation lists every
/// option, so it grows with `n`).
fn estimated_output(family: &dyn Family, to: u64, explain: bool) -> Result<u128, GameError> {
    let lines = to as u128 + 1;
    if explain {
        if to >= MAX_EXPLAINED {
            return Ok(0); // refused with its own reason
        }
        let width = |n: u64| -> Result<u128, GameError> {
            Ok(derive(family, &n.to_string())?.render().len() as u128 + 1)
        };
        // A derivation grows at most linearly with n (one entry per option): extrapolate the
        // last sampled one rather than derive the largest heap before starting.
        let sampled = to.min(SAMPLE - 1);
        let last = width(sampled)? * (to as u128 + 1) / (sampled as u128 + 1);
        return Ok((width(0)? + last) / 2 * lines);
    }
    let sequence = heap_sequence(family, "table")?;
    let mut widest = 1;
    sequence.for_each_value(to.min(SAMPLE - 1), &mut |_, v| {
        widest = widest.max(v.0.checked_ilog10().unwrap_or(0) + 1);
        Ok(())
    })?;
    Ok(lines * (widest as u128 + 1))
}

/// One page of `table --json` (`POST /api/table`): `G(from..=to)` as numbers (`null` where
/// the mover wins at once), or with `explain` the derivations `table --explain --json` prints.
pub fn page(
    game: &str,
    from: u64,
    to: u64,
    explain: bool,
) -> Result<Answer<Vec<Derivation>>, GameError> {
    let family = parse_spec(game)?;
    let sequence = heap_sequence(family.as_ref(), "table")?;
    if from > to {
        return Err(GameError::Unsupported(format!(
            "the page starts at {from}, after its end {to}"
        )));
    }
    if explain {
        let derivations = (from..=to)
            .map(|n| derive(family.as_ref(), &n.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Answer::Typed(derivations));
    }
    let values = sequence.values(to)?;
    Ok(Answer::Other(
        (from..=to)
            .map(|n| match sequence.wins_at_once(n) {
                true => serde_json::Value::Null,
                false => values[n as usize].into(),
            })
            .collect(),
    ))
}

/// Most heaps `--explain` derives: a derivation is a line of text per heap, listing every
/// option, so past this the output is no longer something to read.
const MAX_EXPLAINED: u64 = 1_000_000;

/// `--explain`: one derivation per heap, streamed (a line each, or one JSON array).
fn explain_each(
    family: &dyn Family,
    to: u64,
    json: bool,
    out: &mut impl Write,
) -> Result<(), GameError> {
    if to >= MAX_EXPLAINED {
        return Err(GameError::TooLarge(format!(
            "--explain prints a derivation per heap, listing every option; {} heaps is too many to read (ask for fewer than {MAX_EXPLAINED})",
            to as u128 + 1
        )));
    }
    if json {
        out.write_all(b"[")?;
    }
    for n in 0..=to {
        let derivation = derive(family, &n.to_string())?;
        if json {
            if n > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, &derivation).map_err(|e| match e.io_error_kind() {
                // A closed stdout keeps its kind: `finish` treats it as a quiet exit.
                Some(kind) => GameError::io("writing", &io::Error::from(kind)),
                None => GameError::io_other(e.to_string()),
            })?;
        } else {
            writeln!(out, "{}", derivation.render())?;
        }
    }
    if json {
        out.write_all(b"]\n")?;
    }
    out.flush()?;
    Ok(())
}
