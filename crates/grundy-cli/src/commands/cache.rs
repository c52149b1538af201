//! `grundy cache path|clear`: where the persistent table cache lives, and emptying it. The
//! cache itself is `grundy::table_cache`; this file only chooses its directory:
//! `$XDG_CACHE_HOME/grundy`, else `~/.cache/grundy`; off with `GRUNDY_CACHE=off` or `--no-cache`.

use crate::output::println_checked;
use grundy::GameError;
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy cache path                     where computed tables are kept
  grundy cache clear                    delete them
  GRUNDY_CACHE=off grundy value officers 10^5    one run without the cache
  grundy --no-cache value officers 10^5")]
pub struct Args {
    #[arg(value_enum)]
    action: Action,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Action {
    /// Print the cache directory (and whether the cache is off).
    Path,
    /// Delete every cached table.
    Clear,
}

/// The cache directory for this process, or `None` when the user turned the cache off.
pub fn directory(no_cache: bool) -> Option<PathBuf> {
    let off = std::env::var("GRUNDY_CACHE").is_ok_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "off" | "0" | "no" | "false"
        )
    });
    if no_cache || off {
        return None;
    }
    default_directory()
}

fn default_directory() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("grundy"))
}

pub fn run(args: Args, no_cache: bool) -> Result<(), GameError> {
    let dir = default_directory().ok_or_else(|| {
        GameError::Unsupported("no cache directory: neither XDG_CACHE_HOME nor HOME is set".into())
    })?;
    match args.action {
        Action::Path => {
            let note = if directory(no_cache).is_none() {
                " (off for this run: GRUNDY_CACHE=off or --no-cache)"
            } else {
                ""
            };
            println_checked(&format!("{}{note}", dir.display()))
        }
        Action::Clear => {
            let removed = grundy::table_cache::clear(&dir)
                .map_err(|e| GameError::io(format_args!("clearing {}", dir.display()), &e))?;
            println_checked(&format!(
                "removed {removed} cached tables from {}",
                dir.display()
            ))
        }
    }
}
