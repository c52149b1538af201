//! Every call into the `grundy` library, in one place: the library's module layout may move
//! (issue 14), and then only this file changes. The rest of the crate sees the names below.

use grundy::impartial::count::{count_positions, Outcome, SizeSet};
use grundy::impartial::games::octal::sequence::Run;
use grundy::impartial::games::octal::Value;
use grundy::limits::{check_memory, table_bytes};
use grundy::registry::parse_long_run;
use grundy::theory::period::tail::observed_ordinary;
use grundy::theory::period::{search, Budget};
use grundy::theory::period::{HeapSequence, PeriodRule};
use std::time::Duration;

pub use grundy::impartial::explain::{ComponentExplanation, Derivation, Explanation, MoveReason};
pub use grundy::partizan::{Dyadic, Game as Cgt, Relation, Thermograph, Wall};
pub use grundy::GameError as LibError;
pub use grundy::{ComponentReport, Family, GameValue, OptionReport, Play, Winner};
pub use grundy::{HeapFamily, HeapRules};
pub use grundy::{HeapGame, ImpartialGame, Nimber, Solver};
pub use grundy::{Period, PeriodReport};

/// Sets this process's memory budget to `bytes` (`None`: measure it again), and names
/// `grundy.set_memory` in refusals instead of the CLI's `--memory` flag.
pub fn set_memory(bytes: Option<u64>) {
    name_memory_setting();
    grundy::limits::set_memory_budget(bytes.unwrap_or(0));
}

/// Makes refusals name `grundy.set_memory(SIZE)`, the package's way to raise the budget.
pub fn name_memory_setting() {
    grundy::limits::name_budget_setting("grundy.set_memory", "grundy.set_memory(SIZE)");
}

/// A memory size as the CLI's `--memory` reads it (`512M`, `4G`, `1.5GiB`, bytes).
pub fn parse_size(text: &str) -> Result<u64, String> {
    grundy::limits::parse_size(text)
}

/// A short partizan game in CGSuite notation (`{3||2*|1*}`, `^*`, `+-1`), canonicalised.
pub fn parse_cgt(text: &str) -> Result<Cgt, LibError> {
    text.parse()
}

/// The canonical form of `position` when `game` names a partizan game (`domineering`,
/// `toads-and-frogs`, `hackenbush LRL`, …), exactly as `grundy value` answers it; `None` for
/// impartial games.
pub fn partizan_value(game: &str, position: &str) -> Option<Result<Cgt, LibError>> {
    let entry = grundy::partizan::games::catalogue::find(game, &[position])?;
    let mut session = (entry.session)();
    Some(session.value(position))
}

/// The family of a GAME spec, exactly as the CLI parses it. A partizan game's refusal is
/// worded for Python: the CLI's says that `solve`, `explain`… take it, which are the CLI's
/// commands, not these functions.
pub fn parse_spec(spec: &str) -> Result<Box<dyn Family>, LibError> {
    grundy::parse_spec(spec).map_err(|e| {
        let Some(entry) = grundy::partizan::games::catalogue::find(spec, &[]) else {
            return e;
        };
        let position = entry.example.split_whitespace().skip(2).collect::<Vec<_>>().join(" ");
        LibError::bad_spec(
            spec,
            format!(
                "`{name}` is a partizan game, which has no Grundy values (so no solve, outcome, explain, options, table, period or count); its positions are valued by grundy.value, e.g. grundy.value(\"{name}\", \"{position}\"), a CanonicalForm whose .outcome says who wins (\"L\", \"R\", \"P\" or \"N\") and whose + adds positions",
                name = entry.name
            ),
        )
    })
}

/// `(name, aliases, summary, example)` of every family, in `grundy games` order.
pub fn catalogue() -> Vec<(&'static str, Vec<&'static str>, &'static str, &'static str)> {
    grundy::CATALOGUE
        .iter()
        .map(|e| (e.name, e.aliases.to_vec(), e.summary, e.example))
        .collect()
}

/// A number written as the CLI accepts it (`10^6`, `1e9`, `2^64-1`).
pub fn parse_number(text: &str) -> Result<u64, LibError> {
    grundy::numeric::number::parse_u64_expr(text)
        .map_err(|reason| LibError::bad_position(text, reason))
}

/// `grundy explain GAME POSITION...`, as text.
pub fn explain(family: &dyn Family, positions: &[&str]) -> Result<String, LibError> {
    Ok(grundy::impartial::explain::explain(family, positions)?.render())
}

/// The heap sequence of `family`, or the CLI's refusal for `command`.
pub fn sequence<'f>(
    family: &'f dyn Family,
    command: &str,
) -> Result<&'f dyn HeapSequence, LibError> {
    family.sequence().ok_or_else(|| {
        LibError::Unsupported(format!(
            "`{}` has no heap sequence; `{command}` needs a game whose positions are single heaps",
            family.spec()
        ))
    })
}

/// `grundy period GAME --max M --time T`: the report and the table it examined.
pub fn period(
    family: &dyn Family,
    max: u64,
    seconds: f64,
    poll: &(dyn Fn() + Sync),
) -> Result<(PeriodReport, Option<Period>, Vec<u64>), LibError> {
    let inner = family.sequence().ok_or_else(|| {
        LibError::Unsupported(format!(
            "`{}` has no heap sequence; periods need a game whose positions are single heaps",
            family.spec()
        ))
    })?;
    let found = search(
        &Polled { inner, poll },
        Budget {
            start: 1023.min(max),
            max,
            time: Some(Duration::from_secs_f64(seconds)),
        },
    )?;
    Ok((
        PeriodReport::new(&family.spec(), &found),
        found.best(),
        found.values,
    ))
}

/// A heap sequence that calls `poll` every 4096 values it streams (between the rounds of a
/// period search, so that the search can be stopped).
struct Polled<'a> {
    inner: &'a dyn HeapSequence,
    poll: &'a (dyn Fn() + Sync),
}

impl HeapSequence for Polled<'_> {
    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), LibError>,
    ) -> Result<(), LibError> {
        self.inner.for_each_value(to, &mut |n, v| {
            if n % 4096 == 0 {
                (self.poll)();
            }
            sink(n, v)
        })
    }

    fn period_rule(&self) -> PeriodRule {
        self.inner.period_rule()
    }
}

/// The smallest convincingly observed period of a table (not a proof).
pub fn observed_period(values: &[u64]) -> Option<Period> {
    observed_ordinary(values)
}

/// `grundy count GAME --heaps N --sizes SET --modulo M [--outcome first]`.
pub fn count(
    family: &dyn Family,
    sizes: &str,
    heaps: u64,
    modulo: u64,
    first: bool,
) -> Result<u64, LibError> {
    let set = SizeSet::parse(sizes)?;
    let outcome = if first {
        Outcome::First
    } else {
        Outcome::Second
    };
    // As the CLI does: a family whose tuples are not sums (prime-heap) counts by its own rule.
    count_positions(family, &set, heaps, modulo, outcome)
}

/// A Grundy table: 2 bytes a value for take-and-break games (their long-run driver), 8 otherwise.
pub enum Column {
    Small(Vec<Value>),
    Wide(Vec<u64>),
}

/// `G(0..=to)` of `spec` as `grundy table` computes it, with the canonical spec. `poll` is called often (every chunk
/// of the octal driver, every 4096 values of other families) so the caller can stop the run.
pub fn table(spec: &str, to: u64, poll: &(dyn Fn() + Sync)) -> Result<(String, Column), LibError> {
    let len = to
        .checked_add(1)
        .ok_or_else(|| LibError::TooLarge("a table to 2^64−1 cannot be stored".into()))?;
    if let Some(game) = parse_long_run(spec)? {
        let (rules, canonical) = (game.rules(), game.spec().to_string());
        let mut progress = |_done: u64, _total: u64| poll();
        let outcome = Run::new(rules, &canonical)
            .progress(&mut progress)
            .compute(to)?;
        // Python's column is 16 bits a value: a narrow table is widened here.
        let mut values = outcome.values.into_wide();
        if values.len() as u64 >= len {
            values.truncate(len as usize);
            return Ok((canonical, Column::Small(values)));
        }
        check_memory(&format!("a table of G(0..={to})"), table_bytes(len, 2))?;
        let period = outcome.period.ok_or_else(|| {
            LibError::Unsupported("the run stopped short without a period".into())
        })?;
        let known = values.len();
        values.reserve(len as usize - known);
        for n in known as u64..len {
            values.push(values[period.fold(known, n).0]);
            if n % 4096 == 0 {
                poll();
            }
        }
        return Ok((canonical, Column::Small(values)));
    }
    let family = parse_spec(spec)?;
    let sequence = sequence(family.as_ref(), "table")?;
    check_memory(&format!("a table of G(0..={to})"), table_bytes(len, 8))?;
    let mut values = Vec::with_capacity(len as usize);
    sequence.for_each_value(to, &mut |n, v| {
        values.push(v.0);
        if n % 4096 == 0 {
            poll();
        }
        Ok(())
    })?;
    Ok((family.spec(), Column::Wide(values)))
}

/// Memory check before a table of `count` values of `entry_bytes` each.
pub fn check_table_memory(what: &str, count: u64, entry_bytes: u64) -> Result<(), LibError> {
    check_memory(what, table_bytes(count, entry_bytes))
}

/// Nim arithmetic in GF(2^64).
pub fn nim_mul(a: u64, b: u64) -> u64 {
    (Nimber(a) * Nimber(b)).0
}

pub fn nim_pow(a: u64, e: u64) -> u64 {
    Nimber(a).pow(e).0
}

pub fn nim_inverse(a: u64) -> Option<u64> {
    Nimber(a).inverse().map(|n| n.0)
}

pub fn nim_sqrt(a: u64) -> u64 {
    Nimber(a).sqrt().0
}

pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    grundy::mex(values)
}
