//! `grundy batch GAME`: judge-sized inputs, one position per line on stdin.

use crate::commands::PlayArgs;
use grundy::registry::parse_spec;
use grundy::GameError;
use std::io::{self, Read, Write};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  printf '1 2 3\\n4\\n' | grundy batch nim        one sum per line: `second`, `first`
  grundy batch gcd < heaps.txt > outcomes.txt
  printf '5 6\\n' | grundy batch subtraction:1..3 --misere")]
pub struct Args {
    /// The game (see `grundy games`).
    game: String,
    #[command(flatten)]
    play: PlayArgs,
}

pub fn run(args: Args) -> Result<(), GameError> {
    let family = parse_spec(&args.game)?;
    let mut input = String::new();
    io::stdin()
        .lock()
        .read_to_string(&mut input)
        .map_err(|e| GameError::io("reading stdin", &e))?;
    let mut out = String::new();
    family.batch(&input, args.play.play(), &mut out)?;
    let mut stdout = io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(())
}
