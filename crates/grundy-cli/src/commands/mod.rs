//! One file per subcommand: its arguments (clap derive) and its `run`.

pub mod batch;
pub mod cache;
pub mod census;
pub mod cgt;
pub mod compare;
pub mod completions;
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
pub mod serve;
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

    pub fn play(self) -> grundy::impartial::family::Play {
        if self.misere {
            grundy::impartial::family::Play::Misere
        } else {
            grundy::impartial::family::Play::Normal
        }
    }
}

/// `--time SECONDS` of `value` and `solve`.
#[derive(ClapArgs, Debug, Clone, Copy)]
pub struct TimeArgs {
    /// Refuse when the answer would take longer than this many seconds: the estimate (from
    /// the pace of the computation) is printed at once, and a run that outlives the time
    /// without an estimate is stopped. Exit 2 either way.
    #[arg(long, value_name = "SECONDS", default_value = "3600", value_parser = parse_positive_seconds)]
    pub time: std::time::Duration,
}

impl TimeArgs {
    /// The limit of `command`, for [`crate::progress::within`].
    pub fn limit(self, command: &'static str) -> Option<crate::progress::Limit> {
        Some(crate::progress::Limit {
            command,
            time: self.time,
        })
    }
}

/// `--to N`: a heap bound, accepting `10^6`, `1e6`, `2^20`.
pub fn parse_to(text: &str) -> Result<u64, String> {
    grundy::numeric::number::parse_u64_expr(text)
}

/// The longest duration any argument accepts: 10^9 seconds (about 31 years).
pub const MAX_SECONDS: f64 = 1e9;

/// Every duration argument (`--time`, `--checkpoint-every`), validated in this one place: a
/// number of seconds, `0 ≤ s ≤ 10^9`, so that no later conversion can overflow.
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) => {
            Ok(std::time::Duration::from_secs_f64(s))
        }
        Ok(s) if s.is_finite() && s > MAX_SECONDS => Err(format!(
            "`{text}` seconds is too long: at most {MAX_SECONDS:e} (about 31 years)"
        )),
        _ => Err(format!(
            "`{text}` is not a number of seconds (0 to {MAX_SECONDS:e})"
        )),
    }
}

/// A duration that must not be zero (`period --time`: a search with no time finds nothing).
pub fn parse_positive_seconds(text: &str) -> Result<std::time::Duration, String> {
    match parse_seconds(text)? {
        d if d.is_zero() => Err(format!(
            "`{text}` seconds leaves no time to search; give a positive number of seconds"
        )),
        d => Ok(d),
    }
}

/// The Grundy sequence of `family`, or an error saying that `command` needs single heaps.
pub fn heap_sequence<'f>(
    family: &'f dyn grundy::impartial::family::Family,
    command: &str,
) -> Result<&'f dyn grundy::theory::period::HeapSequence, grundy::GameError> {
    family.sequence().ok_or_else(|| {
        grundy::GameError::Unsupported(format!(
            "`{}` has no heap sequence; `{command}` needs a game whose positions are single heaps",
            family.spec()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn durations_are_validated_in_one_place() {
        assert_eq!(parse_seconds("60"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert!(parse_positive_seconds("0")
            .unwrap_err()
            .contains("positive"));
        assert_eq!(parse_positive_seconds("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_seconds("1e9"), Ok(Duration::from_secs(1_000_000_000)));
        for bad in ["1e30", "1e10", "-1", "NaN", "inf", "x", ""] {
            let err = parse_seconds(bad).unwrap_err();
            assert!(err.contains(bad) && err.contains("seconds"), "{bad}: {err}");
        }
    }
}
