//! One file per subcommand: its arguments (clap derive) and its `run`.

pub mod batch;
pub mod games;
pub mod octal_stats;
pub mod solve;
pub mod table;
pub mod value;

use clap::Args as ClapArgs;

/// Options shared by commands that can play misère.
#[derive(ClapArgs, Debug, Clone, Copy)]
pub struct PlayArgs {
    /// Misère play: whoever cannot move wins (where the family has a misère theory).
    #[arg(long)]
    pub misere: bool,
}

impl PlayArgs {
    pub fn play(self) -> grundy::family::Play {
        if self.misere {
            grundy::family::Play::Misere
        } else {
            grundy::family::Play::Normal
        }
    }
}
