//! `grundy batch GAME`: judge-sized inputs, one position per line on stdin.

use crate::commands::{partizan, PlayArgs, TimeArgs};
use crate::lines::LineReader;
use crate::progress::{within, Output};
use grundy::registry::parse_spec;
use grundy::GameError;
use std::io::{self, Write};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  printf '1 2 3\\n4\\n' | grundy batch nim        one sum per line: `second`, `first`
  grundy batch gcd < heaps.txt > outcomes.txt
  printf '5 6\\n' | grundy batch subtraction:1..3 --misere
  grundy batch octal:0.f --time 60 < heaps.txt   each group of answers within a minute")]
pub struct Args {
    /// The game (see `grundy games`).
    game: String,
    #[command(flatten)]
    play: PlayArgs,
    // `--time` bounds each group of lines answered together (up to 64 KiB of input, or
    // what had arrived), not the whole stream: an interactive session may last for ever,
    // but no one group of answers may take longer.
    #[command(flatten)]
    time: TimeArgs,
}

pub fn run(args: Args) -> Result<(), GameError> {
    if let Some(entry) = partizan::find(&args.game, &[]) {
        args.play.normal_only(entry.name)?;
        return partizan::batch(entry, args.time.limit("batch"));
    }
    let family = parse_spec(&args.game)?;
    let play = args.play.play();
    let mut lines = LineReader::new(io::stdin().lock());
    let mut stdout = io::stdout().lock();
    // Lines already read are answered together (a family may share work across a batch, e.g.
    // one sieve), but never more than a chunk, and never while waiting for more input: memory
    // stays flat and an interactive user sees each answer at once.
    let (mut chunk, mut out) = (String::new(), String::new());
    let mut first_line = 1;
    loop {
        let more = match lines.next_line()? {
            Some(line) => {
                chunk.push_str(line);
                chunk.push('\n');
                true
            }
            None => false,
        };
        if !more || chunk.len() >= CHUNK || !lines.has_buffered() {
            let answered = within(Output::Streamed, args.time.limit("batch"), || {
                family.batch(&chunk, play, &mut out)
            });
            if let Err(e) = answered {
                return Err(match e {
                    GameError::AtLine { line, reason } => {
                        // The lines before the bad one are answered, as they are when they
                        // arrive one at a time (a chunk is judged as a whole).
                        let before: String = chunk
                            .split_inclusive('\n')
                            .take(line.saturating_sub(1))
                            .collect();
                        out.clear();
                        family.batch(&before, play, &mut out)?;
                        stdout.write_all(out.as_bytes())?;
                        GameError::AtLine {
                            line: line + first_line - 1,
                            reason,
                        }
                    }
                    e => e,
                });
            }
            stdout.write_all(out.as_bytes())?;
            stdout.flush()?;
            first_line = lines.line_number() + 1;
            chunk.clear();
            out.clear();
        }
        if !more {
            return Ok(());
        }
    }
}

/// Bytes of input answered at once.
const CHUNK: usize = 1 << 16;
