//! The `grundy` command line. No game logic lives here: argument parsing (clap), reading
//! positions, printing (human or `--json`), and exit codes — 0 on success, 2 on any bad input
//! or refused request with a one-line message on stderr.

mod commands;
mod output;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// grundy: who wins an impartial game, why, and how.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a sum of positions: winner, Grundy value, every winning move.
    Solve(commands::solve::Args),
    /// The Grundy value of one position.
    Value(commands::value::Args),
    /// G(0), …, G(N), one per line (streams).
    Table(commands::table::Args),
    /// Outcomes for many positions: one per stdin line, `first` or `second` per output line.
    Batch(commands::batch::Args),
    /// List every game family with a description and an example.
    Games(commands::games::Args),
    /// Statistics of an octal game's Grundy sequence: largest value, rare mask, checksum.
    OctalStats(commands::octal_stats::Args),
}

fn main() -> ExitCode {
    output::install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return output::usage_error(e),
    };
    let result = match cli.command {
        Command::Solve(args) => commands::solve::run(args),
        Command::Value(args) => commands::value::run(args),
        Command::Table(args) => commands::table::run(args),
        Command::Batch(args) => commands::batch::run(args),
        Command::Games(args) => commands::games::run(args),
        Command::OctalStats(args) => commands::octal_stats::run(args),
    };
    output::finish(result)
}
