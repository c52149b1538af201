//! `grundy census subtraction --max-element K [--size S] [--shard I/N]`: (preperiod, period)
//! of every subtraction set ⊆ {1..K}, computed in parallel (rayon), written as JSON lines or
//! CSV, resumable from its own output file, with a progress bar on stderr and a summary at
//! the end (stderr, so that rows on stdout stay clean).

use crate::lines::{too_long, MAX_LINE};
use crate::progress::human_seconds;
use grundy::numeric::number::parse_u64_expr;
use grundy::theory::period::census::{
    mask_of, subtraction_period, CensusRow, CensusSummary, Done, Selection,
};
use grundy::GameError;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One JSON object a line: {"set", "preperiod", "period", "checked_to"}.
    Jsonl,
    /// `set,preperiod,period,checked_to` with the set written `1 3 4`.
    Csv,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy census subtraction --max-element 16
  grundy census subtraction --max-element 20 --output k20.jsonl   resumes if interrupted
  grundy census subtraction --max-element 24 --shard 0/8 --output part0.jsonl")]
pub struct Args {
    /// The family to survey (`subtraction`).
    family: String,
    /// K: every set ⊆ {1..K}.
    #[arg(long)]
    max_element: u32,
    /// Only sets with exactly this many elements.
    #[arg(long)]
    size: Option<u32>,
    /// Shard I/N (I from 0): every N-th set of the enumeration starting at the I-th, so N
    /// machines can each run one shard.
    #[arg(long, default_value = "0/1", value_parser = parse_shard)]
    shard: (u64, u64),
    /// Append rows to this file; sets already in it are skipped (resume after interruption).
    #[arg(long)]
    output: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Jsonl)]
    format: Format,
    /// Largest table per set; sets with no certified period by then get a null period.
    #[arg(long, default_value = "2^20", value_parser = parse_u64_expr)]
    max_length: u64,
    /// Refuse to start when the estimated time (printed first, from a timed sample of sets)
    /// exceeds this many seconds; split a long census with --shard.
    #[arg(long, default_value = "3600", value_parser = crate::commands::parse_positive_seconds)]
    time: Duration,
}

fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((i, n)) if i < n => Ok((i, n)),
        _ => Err(format!("`{text}` is not a shard I/N with 0 ≤ I < N")),
    }
}

/// Sets computed between two writes (and progress updates).
const CHUNK: usize = 2048;

/// How often the rows written to `--output` are made durable (`sync_data`), and once more at
/// the end. A killed run keeps every written row anyway (they are in the system's cache); the
/// sync is for a crash or power cut, after which the resume would otherwise find fewer rows
/// (or a torn tail) than were reported done. Not every chunk: a hundred chunks a second each
/// waiting for the disk would slow small censuses several times over.
const SYNC_EVERY: Duration = Duration::from_secs(5);

/// The largest per-set table accepted (bytes; one per value).
const MAX_LENGTH_LIMIT: u64 = 1 << 30;

pub fn run(args: Args) -> Result<(), GameError> {
    if args.family != "subtraction" {
        return Err(GameError::Unsupported(format!(
            "census of `{}`: only `subtraction` is supported",
            args.family
        )));
    }
    if args.max_length == 0 || args.max_length > MAX_LENGTH_LIMIT {
        return Err(GameError::Unsupported(format!(
            "census: --max-length {} is outside 1..={MAX_LENGTH_LIMIT}",
            args.max_length
        )));
    }
    let selection = Selection::new(args.max_element, args.size, args.shard)?;
    // Each worker thread holds one table of up to --max-length bytes.
    grundy::limits::check_memory(
        &format!("a census with --max-length {}", args.max_length),
        args.max_length as u128 * rayon::current_num_threads() as u128,
    )?;
    estimate(&selection, &args)?;
    let started = Instant::now();
    let mut summary = CensusSummary::default();
    let mut done: Option<Done> = None;
    let mut duplicates = 0u64;
    // The output file, when there is one, to sync the rows written (see SYNC_EVERY).
    let mut durable: Option<(File, &Path)> = None;
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => {
            let mut resumed = Done::new(&selection)?;
            let file = resume(path, args.format, |line, row| {
                // Only this run's sets count, each once: a row of another run (another K,
                // --size or shard) is refused, a repeated row is skipped and reported.
                let position = mask_of(&row.set).and_then(|m| selection.position(m));
                let Some(position) = position else {
                    return Err(GameError::AtLine {
                        line,
                        reason: format!(
                            "{}: the set {{{}}} is not one of this census's sets ({}); resume a file with the same --max-element, --size and --shard",
                            path.display(),
                            row.set.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
                            describe(&selection)
                        ),
                    });
                };
                if resumed.insert(position) {
                    summary.add(&row);
                } else {
                    duplicates += 1;
                }
                Ok(())
            })?;
            done = Some(resumed);
            let handle = file
                .try_clone()
                .map_err(|e| GameError::io(path.display(), &e))?;
            durable = Some((handle, path.as_path()));
            // Unbuffered: each chunk of rows goes in with one write of whole lines (below).
            Box::new(file)
        }
        None => {
            let mut stdout = BufWriter::new(io::stdout());
            if args.format == Format::Csv {
                writeln!(stdout, "{CSV_HEADER}")?;
            }
            Box::new(stdout)
        }
    };
    let bar = ProgressBar::new(selection.shard_sets().min(u64::MAX as u128) as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} sets, {elapsed} elapsed, eta {eta}")
            .expect("the template is valid"),
    );
    let resumed = done.as_ref().map_or(0, Done::len);
    bar.set_position(resumed);
    let mut masks = selection
        .masks()
        .enumerate()
        .filter(|&(place, _)| !done.as_ref().is_some_and(|d| d.contains(place as u64)))
        .map(|(_, mask)| mask)
        .peekable();
    let mut last_sync = Instant::now();
    while masks.peek().is_some() {
        let chunk: Vec<u64> = masks.by_ref().take(CHUNK).collect();
        let rows: Vec<CensusRow> = chunk
            .par_iter()
            .map(|&mask| subtraction_period(mask, args.max_length as usize))
            .collect();
        // Whole rows in one write a chunk: a run killed at any moment leaves complete rows,
        // and at worst a last line cut short by the kill, which `resume` drops. Nothing
        // before it is ever rewritten, so no row already in the file can be lost.
        let mut block = Vec::with_capacity(rows.len() * 64);
        for row in &rows {
            write_row(&mut block, row, args.format)?;
            summary.add(row);
        }
        out.write_all(&block)?;
        out.flush()?;
        if last_sync.elapsed() >= SYNC_EVERY {
            sync(&durable)?;
            last_sync = Instant::now();
        }
        bar.inc(rows.len() as u64);
    }
    sync(&durable)?;
    bar.finish_and_clear();
    let shard = match args.shard {
        (_, 1) => String::new(),
        (i, n) => format!(", shard {i}/{n}"),
    };
    let size = args.size.map_or(String::new(), |s| format!(" of size {s}"));
    let resumed = match (resumed, duplicates) {
        (0, 0) => String::new(),
        (n, 0) => format!(" ({n} resumed from the file)"),
        (n, d) => format!(" ({n} resumed from the file; {d} repeated rows in it counted once)"),
    };
    let _ = writeln!(
        io::stderr(),
        "census: {} subtraction sets{size} ⊆ {{1..{}}}{shard}{resumed} in {:.1} s on {} threads\n{}",
        summary.sets(),
        args.max_element,
        started.elapsed().as_secs_f64(),
        rayon::current_num_threads(),
        summary.render()
    );
    Ok(())
}

/// Makes the rows written so far to the output file durable (nothing for stdout).
fn sync(durable: &Option<(File, &Path)>) -> Result<(), GameError> {
    match durable {
        Some((file, path)) => file
            .sync_data()
            .map_err(|e| GameError::io(path.display(), &e)),
        None => Ok(()),
    }
}

/// The sets a census covers, in words, for errors.
fn describe(selection: &Selection) -> String {
    let size = selection
        .size
        .map_or(String::new(), |s| format!(" with {s} elements"));
    let shard = match selection.shard {
        (_, 1) => String::new(),
        (i, n) => format!(", shard {i}/{n}"),
    };
    format!("subsets of {{1..{}}}{size}{shard}", selection.max_element)
}

const CSV_HEADER: &str = "set,preperiod,period,checked_to";

fn write_row(out: &mut dyn Write, row: &CensusRow, format: Format) -> Result<(), GameError> {
    match format {
        Format::Jsonl => {
            let line =
                serde_json::to_string(row).map_err(|e| GameError::io_other(e.to_string()))?;
            writeln!(out, "{line}")?;
        }
        Format::Csv => {
            let set: Vec<String> = row.set.iter().map(u64::to_string).collect();
            let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
            writeln!(
                out,
                "{},{},{},{}",
                set.join(" "),
                opt(row.preperiod),
                opt(row.period),
                row.checked_to
            )?;
        }
    }
    Ok(())
}

fn parse_row(line: &str, format: Format) -> Option<CensusRow> {
    match format {
        Format::Jsonl => serde_json::from_str(line).ok(),
        Format::Csv => {
            let fields: Vec<&str> = line.split(',').collect();
            let [set, preperiod, period, checked_to] = fields[..] else {
                return None;
            };
            let opt = |t: &str| -> Option<Option<u64>> {
                if t.is_empty() {
                    Some(None)
                } else {
                    t.parse().ok().map(Some)
                }
            };
            Some(CensusRow {
                set: set
                    .split_whitespace()
                    .map(|s| s.parse().ok())
                    .collect::<Option<Vec<u64>>>()?,
                preperiod: opt(preperiod)?,
                period: opt(period)?,
                checked_to: checked_to.parse().ok()?,
            })
        }
    }
}

/// Opens `path` for appending after passing each row already there, with its line number,
/// to `each` (streamed: only what `each` keeps stays in memory). A last line cut short by an
/// interruption is dropped (the file is truncated to its last complete line).
fn resume(
    path: &Path,
    format: Format,
    mut each: impl FnMut(usize, CensusRow) -> Result<(), GameError>,
) -> Result<File, GameError> {
    let io_error = |e: io::Error| GameError::io(path.display(), &e);
    crate::output::refuse_directory(path, "output file")?;
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io_error)?;
    // The file is appended to in place, so it is its own lock, held while the census runs: a
    // second run appending to it is refused.
    let mut file = crate::output::lock(file, path, "output file")?;
    let mut reader = BufReader::new(&mut file);
    let (mut complete, mut number) = (0u64, 0usize);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(io_error)?;
        if read == 0 || line.last() != Some(&b'\n') {
            if line.len() > MAX_LINE {
                return Err(too_long(number + 1));
            }
            break; // the end, or a last line cut short
        }
        number += 1;
        complete += read as u64;
        let text = std::str::from_utf8(&line[..line.len() - 1]).unwrap_or("\u{fffd}");
        let text = text.strip_suffix('\r').unwrap_or(text);
        if format == Format::Csv && text == CSV_HEADER {
            continue;
        }
        let row = parse_row(text, format).ok_or_else(|| GameError::AtLine {
            line: number,
            reason: format!(
                "{} is not a {format:?} census file (cannot resume into it)",
                path.display()
            ),
        })?;
        each(number, row)?;
    }
    drop(reader);
    file.set_len(complete).map_err(io_error)?;
    file.seek(SeekFrom::End(0)).map_err(io_error)?;
    if complete == 0 && format == Format::Csv {
        writeln!(file, "{CSV_HEADER}").map_err(io_error)?;
    }
    Ok(file)
}

/// Sets timed before a large census starts.
const SAMPLE: usize = 32;

/// A census of more sets than this is timed (on a sample) before it starts.
const TIMED_FROM: u128 = 1 << 14;

/// Prints the estimated time of a large census on stderr, from a timed random sample of its
/// sets, and refuses it past `--time`, saying how many shards would fit.
fn estimate(selection: &Selection, args: &Args) -> Result<(), GameError> {
    let sets = selection.shard_sets();
    if sets < TIMED_FROM {
        return Ok(());
    }
    let sample = selection.sample(SAMPLE);
    let started = Instant::now();
    for &mask in &sample {
        subtraction_period(mask, args.max_length as usize);
    }
    let per_set = started.elapsed().as_secs_f64() / SAMPLE as f64;
    let threads = rayon::current_num_threads() as f64;
    let seconds = sets as f64 * per_set / threads;
    let _ = writeln!(
        io::stderr(),
        "census: {sets} sets on {threads} threads, estimated {} (from {SAMPLE} sets timed)",
        human_seconds(seconds)
    );
    let limit = args.time.as_secs_f64();
    if seconds > limit {
        let shards = (seconds / limit).ceil() as u128 * args.shard.1 as u128;
        return Err(GameError::TooLarge(format!(
            "census: {sets} sets would take about {}, past --time {}; raise --time or split it into shards, e.g. --shard 0/{shards}",
            human_seconds(seconds),
            human_seconds(limit)
        )));
    }
    Ok(())
}
