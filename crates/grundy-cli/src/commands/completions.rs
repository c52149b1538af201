//! `grundy completions bash|zsh|fish|elvish|powershell` and `grundy man`: shell completions
//! and a man page, generated from the same clap definitions that parse the command line, so
//! they never drift from it.

use crate::output::println_checked;
use grundy::GameError;
use std::io::Write;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy completions bash > ~/.local/share/bash-completion/completions/grundy
  grundy completions zsh > ~/.zfunc/_grundy        (with `fpath+=~/.zfunc` in ~/.zshrc)
  grundy completions fish > ~/.config/fish/completions/grundy.fish")]
pub struct CompletionArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  grundy man > grundy.1 && man ./grundy.1           one page: every command's help in it
  grundy man --dir /usr/local/share/man/man1       grundy.1 and a page per command (grundy-solve.1, …)")]
pub struct ManArgs {
    /// Write grundy.1 and one page per command (grundy-solve.1, grundy-table.1, …) into DIR
    /// instead of one page to stdout.
    #[arg(long, value_name = "DIR")]
    dir: Option<std::path::PathBuf>,
}

/// Writes the completion script for `args.shell` to stdout.
pub fn completions(args: CompletionArgs, mut command: clap::Command) -> Result<(), GameError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "grundy", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(())
}

/// Writes the man page (roff): with `--dir`, clap_mangen's page for `grundy` and one per
/// command, which the first page's COMMANDS section refers to; without, one page to stdout
/// whose COMMANDS section lists the commands and holds each one's full help (examples
/// included), so it refers to no page that was not written.
pub fn man(args: ManArgs, command: clap::Command) -> Result<(), GameError> {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    if let Some(dir) = args.dir {
        std::fs::create_dir_all(&dir).map_err(|e| GameError::io(dir.display(), &e))?;
        clap_mangen::generate_to(command.clone(), &dir)
            .map_err(|e| GameError::io(dir.display(), &e))?;
        let pages = 1 + command
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .count();
        return println_checked(&format!("wrote {pages} man pages to {}", dir.display()));
    }
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    writeln!(page, ".SH COMMANDS")?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        writeln!(
            page,
            ".TP\n\\fB{}\\fR\n{}",
            sub.get_name(),
            roff_line(&about)
        )?;
    }
    for sub in command.get_subcommands_mut().filter(|s| !s.is_hide_set()) {
        let name = sub.get_name().to_string();
        let help = sub.render_long_help().to_string();
        writeln!(page, ".SH \"GRUNDY {}\"", name.to_uppercase())?;
        writeln!(page, ".nf")?;
        for line in help.lines() {
            writeln!(page, "{}", roff_line(line))?;
        }
        writeln!(page, ".fi")?;
    }
    man.render_extra_section(&mut page)?;
    man.render_version_section(&mut page)?;
    man.render_authors_section(&mut page)?;
    let text = String::from_utf8_lossy(&page);
    println_checked(text.trim_end())
}

/// A line of text made safe for roff: a leading `.` or `'` is a request, and `\` starts an
/// escape.
fn roff_line(line: &str) -> String {
    let line = line.replace('\\', "\\e");
    if line.starts_with(['.', '\'']) {
        format!("\\&{line}")
    } else {
        line
    }
}
