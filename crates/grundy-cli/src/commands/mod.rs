//! One file per subcommand: its arguments (clap derive) and its `run`.

pub mod batch;
pub mod census;
pub mod cgt;
pub mod compare;
pub mod count;
pub mod explain;
pub mod games;
pub mod nim_mul;
pub mod octal_stats;
pub mod partizan;
pub mod pattern;
pub mod period;
pub mod play;
pub mod plot;
pub mod solve;
pub mod table;
pub mod thermograph;
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
    /// Refuses `--misere` for a game with no misère theory here (the partizan games).
    pub fn normal_only(self, game: &str) -> Result<(), grundy::GameError> {
        if self.misere {
            return Err(grundy::GameError::Unsupported(format!(
                "`{game}` is played under normal play only (no --misere)"
            )));
        }
        Ok(())
    }

    pub fn play(self) -> grundy::family::Play {
        if self.misere {
            grundy::family::Play::Misere
        } else {
            grundy::family::Play::Normal
        }
    }
}

/// `--to N`: a heap bound, accepting `10^6`, `1e6`, `2^20`.
pub fn parse_to(text: &str) -> Result<u64, String> {
    grundy::engine::number::parse_u64_expr(text)
}

/// The Grundy sequence of `family`, or an error saying that `command` needs single heaps.
pub fn heap_sequence<'f>(
    family: &'f dyn grundy::family::Family,
    command: &str,
) -> Result<&'f dyn grundy::family::HeapSequence, grundy::GameError> {
    family.sequence().ok_or_else(|| {
        grundy::GameError::Unsupported(format!(
            "`{}` has no heap sequence; `{command}` needs a game whose positions are single heaps",
            family.spec()
        ))
    })
}
