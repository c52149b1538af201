//! `grundy count GAME --heaps N --sizes SET --modulo M [--outcome second|first]`: how many
//! N-tuples of heap sizes from SET are second- (or first-) player wins, modulo M.

use crate::commands::TimeArgs;
use crate::output::{print_json, println_checked};
use crate::progress::{within, Output};
use grundy::impartial::count::{count_positions, Outcome, SizeSet};
use grundy::numeric::number::parse_u64_expr;
use grundy::registry::parse_spec;
use grundy::GameError;
use serde_json::json;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum OutcomeArg {
    /// Second-player wins (P-positions: for sums, the XOR of the Grundy values is 0;
    /// prime-heap counts by its own rule).
    Second,
    /// First-player wins (N-positions).
    First,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy count nim --heaps 3 --sizes 'primes<=7' --modulo 10^9+7
  grundy count subtraction:1,3,4 --heaps 5 --sizes 0..100,1000 --modulo 2^63 --outcome first")]
pub struct Args {
    /// A heap game (see `grundy games`).
    game: String,
    /// The number N of heaps in a tuple (accepts `10^9`).
    #[arg(long, value_parser = parse_u64_expr)]
    heaps: u64,
    /// The heap sizes allowed: `A..B`, `primes<=M`, a list `2,3,5`, or a mix of them.
    #[arg(long)]
    sizes: String,
    /// Count modulo M (1 ≤ M < 2^64; accepts `10^9+7`, `2^63`).
    #[arg(long, value_parser = parse_u64_expr)]
    modulo: u64,
    /// Which positions to count.
    #[arg(long, value_enum, default_value = "second")]
    outcome: OutcomeArg,
    /// Machine-readable output: {"count", "heaps", "set_size", "modulo", "outcome"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time: TimeArgs,
}

pub fn run(args: Args) -> Result<(), GameError> {
    let family = parse_spec(&args.game)?;
    let set = SizeSet::parse(&args.sizes)?;
    let (outcome, name) = match args.outcome {
        OutcomeArg::Second => (Outcome::Second, "second"),
        OutcomeArg::First => (Outcome::First, "first"),
    };
    let count = within(Output::AtTheEnd, args.time.limit("count"), || {
        count_positions(family.as_ref(), &set, args.heaps, args.modulo, outcome)
    })?;
    if args.json {
        return print_json(&json!({
            "count": count,
            "heaps": args.heaps,
            "set_size": set.sizes().len(),
            "modulo": args.modulo,
            "outcome": name,
        }));
    }
    println_checked(&count.to_string())
}
