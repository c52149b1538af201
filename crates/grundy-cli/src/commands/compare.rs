//! `grundy compare A B`: one of `=`, `<`, `>`, `||` (confused), exit code 0.

use crate::output::println_checked;
use grundy::partizan::Game;
use grundy::GameError;

#[derive(clap::Args)]
pub struct Args {
    /// A game in CGSuite notation.
    #[arg(allow_hyphen_values = true)]
    a: String,
    /// Another game in CGSuite notation.
    #[arg(allow_hyphen_values = true)]
    b: String,
}

pub fn run(args: Args) -> Result<(), GameError> {
    let a: Game = args.a.parse()?;
    let b: Game = args.b.parse()?;
    println_checked(&a.compare(b).to_string())
}
