//! The `grundy` command line. No game logic lives here: argument parsing (clap), reading
//! positions, printing (human or `--json`), and exit codes — 0 on success, 2 on any bad input
//! or refused request with a one-line message on stderr.

mod commands;
mod lines;
mod long_run;
mod output;
mod plot;
mod progress;
mod serve;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// grundy: who wins a combinatorial game, why, and how.
#[derive(Parser)]
#[command(
    name = "grundy",
    version,
    about = "Who wins a combinatorial game, why, and how: Grundy values of impartial games (every winning move, derivations, periods, plots, play against a perfect engine) and canonical forms of partizan ones (outcomes, temperatures, thermographs).",
    after_help = "Examples:
  grundy solve subtraction:1,3,4 10 20 30   who wins the sum, and every winning move
  grundy explain kayles 5 8                 the derivation by hand
  grundy games                              every game family and its spec syntax
  grundy solve --help                       one command's options and examples

Exit codes: 0 on success, 2 on bad input or a refused request (one line on stderr)."
)]
struct Cli {
    /// Neither read nor write the persistent cache of computed tables (also `GRUNDY_CACHE=off`).
    #[arg(long, global = true)]
    no_cache: bool,
    /// Memory budget for this run (e.g. `512M`, `4G`), replacing the measured one (the smallest
    /// of 3/4 of available memory, the `ulimit -v` room and the cgroup memory limit's room).
    #[arg(long, global = true, value_name = "SIZE", value_parser = grundy::limits::parse_size)]
    memory: Option<u64>,
    /// Most bytes a command may write to stdout (e.g. `64G`; default 16G).
    #[arg(long, global = true, value_name = "SIZE", value_parser = grundy::limits::parse_size)]
    output_limit: Option<u64>,
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
    #[command(visible_alias = "sequence")]
    Table(commands::table::Args),
    /// Outcomes for many positions: one per stdin line, `first` or `second` per output line.
    ///
    /// Lines end in LF or CRLF; the last needs no line ending. A blank line (empty, or
    /// spaces and tabs only) is the empty position in every family: `second` (with
    /// `--misere`: `first`; in partizan games, which answer `L`, `R`, `P` or `N`: `P`).
    Batch(commands::batch::Args),
    /// List every game family with a description and an example.
    Games(commands::games::Args),
    /// Derive values by hand: each component's options, their values, the mex, the nim-sum,
    /// why each winning move wins, and the certified period.
    Explain(commands::explain::Args),
    /// Play against the perfect engine in the terminal (or from a script on stdin).
    Play(commands::play::Args),
    /// Draw the Grundy sequence (or the histogram of its values) as SVG or PNG.
    Plot(commands::plot::Args),
    /// Preperiod, period and saltus of a heap game, certified where a theorem allows.
    Period(commands::period::Args),
    /// Which patterns (periodic, n mod m, smallest prime factor, odious/evil, Beatty) fit the table.
    Pattern(commands::pattern::Args),
    /// (preperiod, period) of every subtraction set ⊆ {1..K}, in parallel, resumable, shardable.
    Census(commands::census::Args),
    /// Nim-products (Library Checker nim_product_64): stdin `T` then `T` lines `A B`; one `A ⊗ B` a line.
    NimMul(commands::nim_mul::Args),
    /// Count the N-tuples of heap sizes from a set that are second- (or first-) player wins, mod M.
    Count(commands::count::Args),
    /// Statistics of an octal game's Grundy sequence: largest value, rare mask, checksum.
    OctalStats(commands::octal_stats::Args),
    /// A partizan game in CGSuite notation: canonical form, outcome, stops, mean, temperature, …
    Cgt(commands::cgt::Args),
    /// Compare two partizan games: `=`, `<`, `>` or `||` (confused).
    Compare(commands::compare::Args),
    /// Draw a partizan game's thermograph as SVG or PNG.
    Thermograph(commands::thermograph::Args),
    /// The web explorer: a page to explore, plot and play games, and a JSON API, on 127.0.0.1.
    Serve(commands::serve::Args),
    /// Shell completions for bash, zsh, fish, elvish or powershell, on stdout.
    Completions(commands::completions::CompletionArgs),
    /// The man page (roff) on stdout: `grundy man > grundy.1`.
    Man(commands::completions::ManArgs),
    /// The persistent cache of computed tables: `grundy cache path`, `grundy cache clear`.
    Cache(commands::cache::Args),
}

/// The subcommand named on the command line (the first argument that is one), so that a
/// usage error can point at that subcommand's help.
fn typed_subcommand() -> Option<String> {
    let cli = Cli::command();
    std::env::args().skip(1).find_map(|arg| {
        cli.find_subcommand(&arg)
            .map(|sub| sub.get_name().to_string())
    })
}

fn main() -> ExitCode {
    output::install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return output::usage_error(e, typed_subcommand().as_deref()),
    };
    if let Some(bytes) = cli.memory {
        grundy::limits::set_memory_budget(bytes);
    }
    if let Some(bytes) = cli.output_limit {
        grundy::limits::set_output_budget(bytes);
    }
    grundy::table_cache::configure(commands::cache::directory(cli.no_cache));
    let result = match cli.command {
        Command::Solve(args) => commands::solve::run(args),
        Command::Value(args) => commands::value::run(args),
        Command::Table(args) => commands::table::run(args),
        Command::Batch(args) => commands::batch::run(args),
        Command::Games(args) => commands::games::run(args),
        Command::Explain(args) => commands::explain::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Plot(args) => commands::plot::run(args),
        Command::Period(args) => commands::period::run(args),
        Command::Pattern(args) => commands::pattern::run(args),
        Command::Census(args) => commands::census::run(args),
        Command::NimMul(args) => commands::nim_mul::run(args),
        Command::Count(args) => commands::count::run(args),
        Command::OctalStats(args) => commands::octal_stats::run(args),
        Command::Cgt(args) => commands::cgt::run(args),
        Command::Compare(args) => commands::compare::run(args),
        Command::Thermograph(args) => commands::thermograph::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Completions(args) => commands::completions::completions(args, Cli::command()),
        Command::Man(args) => commands::completions::man(args, Cli::command()),
        Command::Cache(args) => commands::cache::run(args, cli.no_cache),
    };
    output::finish(result)
}
