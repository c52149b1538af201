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
  grundy man > grundy.1 && man ./grundy.1
  grundy man | gzip > /usr/local/share/man/man1/grundy.1.gz")]
pub struct ManArgs {}

/// Writes the completion script for `args.shell` to stdout.
pub fn completions(args: CompletionArgs, mut command: clap::Command) -> Result<(), GameError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "grundy", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(())
}

/// Writes the man page (roff) to stdout: clap_mangen's page for `grundy` (name, synopsis,
/// options, the list of commands), then each command's full help, examples included, as a
/// preformatted section.
pub fn man(_: ManArgs, command: clap::Command) -> Result<(), GameError> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    let mut command = command;
    command.build();
    for sub in command.get_subcommands_mut() {
        let name = sub.get_name().to_string();
        let help = sub.render_long_help().to_string();
        writeln!(page, ".SH \"GRUNDY {}\"", name.to_uppercase())?;
        writeln!(page, ".nf")?;
        for line in help.lines() {
            // roff: a leading `.` or `'` is a request, and `\` starts an escape.
            let line = line.replace('\\', "\\e");
            let line = if line.starts_with(['.', '\'']) {
                format!("\\&{line}")
            } else {
                line
            };
            writeln!(page, "{line}")?;
        }
        writeln!(page, ".fi")?;
    }
    let text = String::from_utf8_lossy(&page);
    println_checked(text.trim_end())
}
