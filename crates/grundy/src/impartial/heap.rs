//! Heap games as CLI families: [`HeapRules`] is what a heap-game family writes; [`HeapFamily`]
//! adapts it to [`Family`] (sums of heaps, winning moves, batch, misère) and [`HeapSequence`].
//!
//! Value lookup order for one heap `n` (see [`HeapFamily::grundy`]):
//! 1. the family's closed form or fast path, if it has one for `n`;
//! 2. the cached table of `G(0..)`, extended to every `n` by the certified period once one is
//!    known ([`Period::extend`]);
//! 3. a new table: families with a [`PeriodRule`] grow it geometrically with the period search
//!    until a certificate holds or the table covers `n` (so `G(2^64−1)` costs a table of about
//!    one preperiod and two periods); others grow it from the family's `for_each_value` to `n`;
//! 4. otherwise refuse with the size of the table that would be needed.

use crate::error::GameError;
use crate::impartial::family::{
    batch_lines, component_at, empty_position_winner, illegal_move_reason, no_position_given,
    ComponentReport, Family, GameValue, Layout, Move, OptionReport, Play, Solution, Winner,
};
use crate::impartial::HeapGame;
use crate::limits::{check_memory, table_bytes, MAX_CACHED_TABLE};
use crate::numeric::Nimber;
use crate::theory::period::{certify, search, Budget, Period, Stop};
use crate::theory::period::{HeapSequence, PeriodRule};
use std::sync::{OnceLock, RwLock};
use std::time::Duration;

/// Largest number of options we enumerate to find winning moves, before refusing.
pub(crate) const MAX_ENUMERATED_OPTIONS: u128 = 50_000_000;

/// Largest number of options listed one by one (`explain`, `play`), before refusing.
pub(crate) const MAX_LISTED_OPTIONS: u128 = 1 << 20;

/// How long the period search may run for a heap beyond [`MAX_CACHED_TABLE`] before the value
/// is refused (below it the table is simply computed to `n`).
pub(crate) const PERIOD_SEARCH_TIME: Duration = Duration::from_secs(30);

/// The rules of a heap game, as a family provides them. Every fast path here must agree with
/// the definition given by [`HeapGame::heap_options`]; each family's tests check that.
///
/// ```
/// use grundy::{Family, HeapFamily, HeapGame, HeapRules, Nimber, Play, PeriodRule, Winner};
/// /// Subtraction game S = {1, 3, 4}: period 7, certified by the finite-subtraction theorem.
/// struct Subtract134;
/// impl HeapGame for Subtract134 {
///     fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
///         [1, 3, 4].iter().filter(|&&s| s <= n).for_each(|&s| visit(&[n - s]));
///     }
/// }
/// impl HeapRules for Subtract134 {
///     fn spec(&self) -> String {
///         "subtract-134".into()
///     }
///     fn option_count(&self, _n: u64) -> u128 {
///         3
///     }
///     fn period_rule(&self) -> PeriodRule {
///         PeriodRule::FiniteSubtraction { max_removal: 4 }
///     }
/// }
/// let family = HeapFamily::new(Subtract134);
/// // A heap of 10^18 through the certified period: 10^18 ≡ 1 (mod 7), G = 1.
/// assert_eq!(family.grundy(1_000_000_000_000_000_000)?, Nimber(1));
/// assert_eq!(family.outcome(&["2", "7"], Play::Normal)?, Winner::Second);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub trait HeapRules: HeapGame + Send + Sync {
    /// The canonical spec, e.g. `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// How many options heap `n` has (an upper bound is fine): guards enumeration.
    fn option_count(&self, n: u64) -> u128;

    /// `G(n)` by a closed form or fast path, when the family has one for this `n`.
    fn closed_form(&self, _n: u64) -> Option<Nimber> {
        None
    }

    /// A short phrase naming how [`HeapRules::closed_form`] answers (for reports).
    fn closed_form_name(&self) -> &'static str {
        "closed form"
    }

    /// Why the closed form cannot answer `n` although it is the only way to (e.g. a prime
    /// count beyond its limit): reported instead of the generic "needs a table" refusal.
    fn closed_form_refusal(&self, _n: u64) -> Option<GameError> {
        None
    }

    /// A fast path for the values of many heaps at once (e.g. one sieve for a whole batch).
    fn bulk_values(&self, _heaps: &[u64]) -> Option<Result<Vec<u64>, GameError>> {
        None
    }

    /// `G(0), …, G(to)` in order. Default: the closed form while it answers, then the dense
    /// bottom-up table by the definition for the rest, each value handed on as soon as it is
    /// known (the table is still needed for the later values, but the output is not held).
    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        let mut n = 0;
        while let Some(v) = self.closed_form(n) {
            sink(n, v)?;
            if n == to {
                return Ok(());
            }
            n += 1;
        }
        let from = n;
        crate::impartial::table::heap_table_each(self, to, &mut |m, v| match m >= from {
            true => sink(m, v),
            false => Ok(()),
        })?;
        Ok(())
    }

    /// Which theorem can certify a period of the sequence.
    fn period_rule(&self) -> PeriodRule {
        PeriodRule::None
    }

    /// Misère outcome of a sum of heaps, where the family has a misère theory.
    fn misere_outcome(&self, _heaps: &[u64]) -> Result<Winner, GameError> {
        Err(GameError::Unsupported(format!(
            "misère play of `{}` has no theory in grundy (no Anti-SG/SJ condition holds); only normal play is available",
            self.spec()
        )))
    }

    /// Whether a heap of 0 is the empty game (the default). Coin strips say no: there a "heap"
    /// is a head, and a head at 0 is a real coin (worth 1 in Mock Turtles). Where 0 is not
    /// empty, options keep their zeros and an option with no parts is written `none`
    /// ([`HeapRules::format_option`]), so `explain` and `play` read and show coins correctly.
    fn zero_is_empty(&self) -> bool {
        true
    }

    /// Writes an option (a sum of heaps): `7`, `3+4`; nothing left is `0` where a heap of 0 is
    /// empty, `none` otherwise.
    fn format_option(&self, heaps: &[u64]) -> String {
        match heaps {
            [] if !self.zero_is_empty() => "none".to_string(),
            _ => format_heaps(heaps),
        }
    }

    /// Whether `option` (heaps sorted ascending, zero heaps removed where a heap of 0 is empty:
    /// see [`HeapRules::normalise`]) is an option of heap `n`.
    /// Default: enumerate the options (after checking there are not too many) and compare
    /// them normalised the same way. Families with a direct test override it.
    fn is_option(&self, n: u64, option: &[u64]) -> Result<bool, GameError> {
        let count = self.option_count(n);
        if count > MAX_ENUMERATED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "heap {n} of `{}` has about {count} options; checking a move would enumerate them all",
                self.spec()
            )));
        }
        let mut found = false;
        self.heap_options(n, &mut |heaps| {
            found = found || self.normalise(heaps.to_vec()) == option;
        });
        Ok(found)
    }

    /// The canonical form of an option for comparisons: heaps sorted, and zero heaps dropped
    /// where a heap of 0 is empty (`normalise_option`).
    fn normalise(&self, mut heaps: Vec<u64>) -> Vec<u64> {
        if self.zero_is_empty() {
            return normalise_option(heaps);
        }
        heaps.sort_unstable();
        heaps
    }

    /// **One** option of heap `n` whose value is `target`, found without enumerating every
    /// option, for `solve` when the list is omitted; `period_span` is `preperiod + period`
    /// of the sequence's certified period, when one is known. Default: `None` (the family
    /// has no such method).
    fn one_option_with_value(
        &self,
        _n: u64,
        _target: Nimber,
        _value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
        _period_span: Option<u64>,
    ) -> Result<Option<Vec<u64>>, GameError> {
        Ok(None)
    }

    /// The options of heap `n` whose value is `target`. Default: enumerate the options (after
    /// checking there are not too many) and evaluate each with `value_of`.
    fn options_with_value(
        &self,
        n: u64,
        target: Nimber,
        value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
    ) -> Result<Vec<Vec<u64>>, GameError> {
        let count = self.option_count(n);
        if count > MAX_ENUMERATED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "heap {n} of `{}` has about {count} options; listing winning moves would enumerate them all",
                self.spec()
            )));
        }
        // Options are judged as they are generated, not collected first: a heap of 4·10^7
        // has 4·10^7 options but far fewer winning ones (the fuzzer found 2.4 GB for Kayles).
        let mut out = Vec::new();
        let mut failure = None;
        self.heap_options(n, &mut |heaps| {
            if failure.is_some() {
                return;
            }
            let mut v = Nimber::ZERO;
            for &h in heaps {
                match value_of(h) {
                    Ok(g) => v ^= g,
                    Err(e) => {
                        failure = Some(e);
                        return;
                    }
                }
            }
            if v == target {
                out.push(heaps.to_vec());
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }
}

/// Parses a heap size: a non-negative integer up to 2^64−1 (`10^18`, `2^64-1` also accepted).
pub(crate) fn parse_heap(text: &str) -> Result<u64, GameError> {
    crate::numeric::number::parse_u64_expr(text).map_err(|reason| {
        GameError::bad_position(text, format!("heap size {reason}{}", heap_tip(text)))
    })
}

/// What a heap that is not a number most likely meant: several heaps in one word (`3,4,5`),
/// or a GAME the shell split (`sub:{1,3,4}` unquoted is three words, `sub:1 sub:3 sub:4`).
fn heap_tip(text: &str) -> &'static str {
    let parts: Vec<&str> = text.split([',', ' ']).filter(|p| !p.is_empty()).collect();
    if parts.len() > 1
        && parts
            .iter()
            .all(|p| crate::numeric::number::parse_u64_expr(p).is_ok())
    {
        "; list the heaps separated by spaces: `3 4 5`, not `3,4,5`"
    } else if text.contains(':') {
        "; it looks like a GAME: the shell splits a spec in braces (`sub:{1,3,4}`) into several words, so quote it or write `sub:1,3,4`"
    } else {
        ""
    }
}

/// Formats an option (a sum of heaps): `7`, or `3+4` when a move splits a heap.
pub(crate) fn format_heaps(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        return "0".to_string();
    }
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    parts.join("+")
}

/// The canonical form of an option for comparisons: heaps sorted, empty heaps dropped (a heap
/// of 0 is the empty game, so `3+0` and `3` are the same position).
pub(crate) fn normalise_option(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h != 0);
    heaps.sort_unstable();
    heaps
}

/// Adapts [`HeapRules`] to the CLI's [`Family`]: positions are sums of heaps. The tables,
/// period search and bulk values of the rules serve every `Family` answer.
///
/// ```
/// use grundy::{Family, HeapFamily, Play};
/// use grundy::impartial::games::nim::Nim;
/// let nim = HeapFamily::new(Nim);
/// assert_eq!(nim.spec(), "nim");
/// assert_eq!(nim.solve(&["1", "2", "3"], Play::Normal).unwrap().grundy, Some(0));
/// ```
pub struct HeapFamily<R: HeapRules> {
    rules: R,
    /// `G(0..len)` computed so far, for families without a closed form.
    cache: RwLock<Vec<u64>>,
    /// The certified period, once a search proved one. It stays valid as the cache grows: it
    /// was set with a cache covering `preperiod + period` values, and caches only grow.
    period: OnceLock<Period>,
}

impl<R: HeapRules> HeapFamily<R> {
    /// The adapter around `rules`, with an empty table cache and no period yet.
    pub fn new(rules: R) -> HeapFamily<R> {
        HeapFamily {
            rules,
            cache: RwLock::new(Vec::new()),
            period: OnceLock::new(),
        }
    }

    /// The rules this adapter answers for (typed access beside the text interface).
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// `G(n)`, by closed form, cached table, certified period, or a newly grown table.
    pub fn grundy(&self, n: u64) -> Result<Nimber, GameError> {
        if let Some(v) = self.rules.closed_form(n) {
            return Ok(v);
        }
        if n >= MAX_CACHED_TABLE {
            if let Some(refusal) = self.rules.closed_form_refusal(n) {
                return Err(refusal);
            }
        }
        self.ensure_table(n)?;
        let cache = self
            .cache
            .read()
            .expect("cache lock is never poisoned: no panics while held");
        Ok(Nimber(match self.period.get() {
            Some(period) => period.extend(&cache, n),
            None => cache[n as usize],
        }))
    }

    /// The certified period used for values beyond the table, once one has been found.
    pub fn certified_period(&self) -> Option<Period> {
        self.period.get().copied()
    }

    /// How `G(n)` is obtained, for reports.
    fn method(&self, heaps: &[u64]) -> String {
        let tabled = self.cache.read().expect("cache lock").len() as u64;
        let open: Vec<u64> = heaps
            .iter()
            .copied()
            .filter(|&n| self.rules.closed_form(n).is_none())
            .collect();
        match self.period.get() {
            _ if open.is_empty() => self.rules.closed_form_name().to_string(),
            Some(p) if open.iter().any(|&n| n >= tabled) => {
                certify::method(self.rules.period_rule(), p, tabled - 1)
            }
            _ => "table of Grundy values by the definition (mex over options)".to_string(),
        }
    }

    /// Makes `n` answerable: the cache covers `n`, or a certified period is known.
    fn ensure_table(&self, n: u64) -> Result<(), GameError> {
        if (n as u128) < self.cache.read().expect("cache lock").len() as u128
            || self.period.get().is_some()
        {
            return Ok(());
        }
        if self.rules.period_rule() == PeriodRule::None {
            return self.grow_table(n);
        }
        let mut cache = self.cache.write().expect("cache lock");
        if (n as usize) < cache.len() || self.period.get().is_some() {
            return Ok(());
        }
        let beyond_limit = n >= MAX_CACHED_TABLE;
        // The shortest table any certificate needs (period 1 from 0): if even that is past
        // the table limit, searching would only allocate gigabytes before the same refusal.
        let shortest = certify::required_len(self.rules.period_rule(), 0, 1).unwrap_or(0);
        if beyond_limit && shortest > MAX_CACHED_TABLE as u128 {
            return Err(GameError::TooLarge(format!(
                "G({n}) of `{}`: the {} certificate needs a table of at least {shortest} values (about {} of memory), past the table limit of {MAX_CACHED_TABLE} values, and the direct table would need {} values",
                self.rules.spec(),
                certify::theorem_name(self.rules.period_rule()),
                crate::limits::human_bytes(crate::theory::period::search::round_bytes(
                    // A table of `shortest` values ends at index `shortest − 1`, which may be
                    // 2^64 − 1 itself (`as u64` wrapped 2^64 to 0: "about 14 B").
                    u64::try_from(shortest - 1).unwrap_or(u64::MAX)
                )),
                n as u128 + 1,
            )));
        }
        let target = n.clamp(1023, MAX_CACHED_TABLE - 1);
        let found = search(
            self,
            Budget {
                start: (2 * cache.len() as u64).clamp(1023, target),
                max: target,
                time: beyond_limit.then_some(PERIOD_SEARCH_TIME),
            },
        )?;
        let checked_to = found.checked_to();
        if found.values.len() > cache.len() {
            *cache = found.values;
        }
        if let Some(period) = found.certified {
            // Another thread cannot have set it: we hold the write lock.
            let _ = self.period.set(period);
            return Ok(());
        }
        if (n as usize) < cache.len() {
            return Ok(());
        }
        let stopped = match found.stop {
            Stop::Time => format!(
                "the {}-second search budget ran out",
                PERIOD_SEARCH_TIME.as_secs()
            ),
            Stop::Memory => format!(
                "the memory budget ran out (it allows {})",
                crate::limits::Budget::current().describe()
            ),
            _ => format!("the table limit of {MAX_CACHED_TABLE} values was reached"),
        };
        Err(GameError::TooLarge(format!(
            "G({n}) of `{}`: no period certified (by the {} certificate) in G(0..={checked_to}) before {stopped}, and the direct table would need {} values",
            self.rules.spec(),
            certify::theorem_name(self.rules.period_rule()),
            n as u128 + 1,
        )))
    }

    /// Grows the cache so that it covers `n` (families without a periodicity theorem).
    fn grow_table(&self, n: u64) -> Result<(), GameError> {
        if n >= MAX_CACHED_TABLE {
            return Err(GameError::TooLarge(format!(
                "G({n}) of `{}` needs a table of {} values (about {} of memory) and no closed form or certified period is available for it",
                self.rules.spec(),
                n as u128 + 1,
                crate::limits::human_bytes(table_bytes(n.saturating_add(1), 8)),
            )));
        }
        let mut cache = self.cache.write().expect("cache lock");
        if (n as usize) < cache.len() {
            return Ok(());
        }
        let to = n
            .max(2 * cache.len() as u64)
            .clamp(1023, MAX_CACHED_TABLE - 1);
        check_memory(&format!("a table of G(0..={to})"), table_bytes(to + 1, 8))?;
        let mut table = Vec::with_capacity(to as usize + 1);
        self.rules.for_each_value(to, &mut |_, v| {
            table.push(v.0);
            Ok(())
        })?;
        *cache = table;
        Ok(())
    }

    fn values_of(&self, heaps: &[u64]) -> Result<Vec<u64>, GameError> {
        if let Some(values) = self.rules.bulk_values(heaps) {
            return values;
        }
        if let Some(&max) = heaps
            .iter()
            .filter(|&&n| self.rules.closed_form(n).is_none())
            .max()
        {
            self.ensure_table(max)?;
        }
        heaps.iter().map(|&n| self.grundy(n).map(|v| v.0)).collect()
    }

    fn parse_all(positions: &[&str]) -> Result<Vec<u64>, GameError> {
        if positions.is_empty() {
            return Err(no_position_given("list one heap size per component"));
        }
        positions.iter().map(|p| parse_heap(p)).collect()
    }

    /// Misère winning moves: every single-heap move after which the opponent (to move) loses.
    fn misere_moves(&self, heaps: &[u64]) -> Result<Vec<Move>, GameError> {
        let total: u128 = heaps.iter().map(|&n| self.rules.option_count(n)).sum();
        if total > MAX_ENUMERATED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "listing misère winning moves would enumerate about {total} options"
            )));
        }
        let mut moves = Vec::new();
        let mut after = heaps.to_vec();
        for (i, &n) in heaps.iter().enumerate() {
            let mut options = Vec::new();
            self.rules
                .heap_options(n, &mut |option| options.push(option.to_vec()));
            for option in options {
                after.splice(i..i + 1, option.iter().copied());
                let loses = self.rules.misere_outcome(&after)? == Winner::Second;
                after.splice(i..i + option.len(), [n]);
                if loses {
                    moves.push(Move {
                        component: i,
                        to: self.rules.format_option(&option),
                    });
                }
            }
        }
        Ok(moves)
    }
}

impl<R: HeapRules> Family for HeapFamily<R> {
    fn spec(&self) -> String {
        self.rules.spec()
    }

    fn layout(&self) -> Layout {
        Layout::Heaps
    }

    fn solve(&self, positions: &[&str], play: Play) -> Result<Solution, GameError> {
        let heaps = Self::parse_all(positions)?;
        let values = self.values_of(&heaps)?;
        let components = heaps
            .iter()
            .zip(&values)
            .map(|(&n, &v)| ComponentReport {
                position: n.to_string(),
                grundy: Some(v),
            })
            .collect();
        let total = Nimber::sum(values.iter().map(|&v| Nimber(v)));
        if play == Play::Misere {
            let winner = self.rules.misere_outcome(&heaps)?;
            let winning_moves = if winner == Winner::First {
                self.misere_moves(&heaps)?
            } else {
                Vec::new()
            };
            return Ok(Solution {
                moves_omitted: None,
                one_winning_move: None,
                winner,
                grundy: None,
                winning_moves,
                components,
                method: "misère play".to_string(),
            });
        }
        let mut winning_moves = Vec::new();
        let mut moves_omitted = None;
        if !total.is_zero() {
            let value_of = |h: u64| self.grundy(h);
            // Every option whose value is total ⊕ G(n_i) wins. By the mex rule such options
            // exist whenever that target is below G(n_i); they may also exist above it.
            for (i, (&n, &v)) in heaps.iter().zip(&values).enumerate() {
                let target = total ^ Nimber(v);
                match self.rules.options_with_value(n, target, &value_of) {
                    Ok(options) => {
                        // The total is capped too (issue 20), not only each component.
                        let over = crate::limits::winning_moves_over_cap(
                            winning_moves.len(),
                            options.len(),
                        );
                        if let Some(reason) = over {
                            winning_moves.clear();
                            moves_omitted = Some(reason);
                            break;
                        }
                        winning_moves.extend(options.into_iter().map(|option| Move {
                            component: i,
                            to: self.rules.format_option(&option),
                        }))
                    }
                    // The winner is known; only the list is out of reach. Say so instead of
                    // refusing the whole answer, and never return a partial list.
                    Err(GameError::TooLarge(reason)) => {
                        winning_moves.clear();
                        moves_omitted = Some(reason);
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        let mut one_winning_move = None;
        if moves_omitted.is_some() {
            let value_of = |h: u64| self.grundy(h);
            let span = self.period.get().map(|p| p.preperiod + p.period);
            for (i, (&n, &v)) in heaps.iter().zip(&values).enumerate() {
                let target = total ^ Nimber(v);
                if let Some(option) = self
                    .rules
                    .one_option_with_value(n, target, &value_of, span)?
                {
                    one_winning_move = Some(Move {
                        component: i,
                        to: self.rules.format_option(&option),
                    });
                    break;
                }
            }
        }
        Ok(Solution {
            moves_omitted,
            one_winning_move,
            winner: Winner::from_grundy(total),
            grundy: Some(total.0),
            winning_moves,
            components,
            method: self.method(&heaps),
        })
    }

    fn value(&self, position: &str) -> Result<GameValue, GameError> {
        Ok(GameValue::Finite(self.grundy(parse_heap(position)?)?))
    }

    fn outcome(&self, positions: &[&str], play: Play) -> Result<Winner, GameError> {
        let heaps = Self::parse_all(positions)?;
        match play {
            Play::Misere => self.rules.misere_outcome(&heaps),
            Play::Normal => {
                let total = self.values_of(&heaps)?.into_iter().fold(0, |a, v| a ^ v);
                Ok(Winner::from_grundy(Nimber(total)))
            }
        }
    }

    /// Parses the whole input first, then evaluates all heaps in one bulk call, so that families
    /// with a table or sieve build it once, to the largest heap of the batch.
    fn batch(&self, input: &str, play: Play, out: &mut String) -> Result<(), GameError> {
        let mut heaps = Vec::new();
        let mut line_ends = Vec::new();
        for (line, text) in batch_lines(input) {
            for word in text.split_ascii_whitespace() {
                heaps.push(parse_heap(word).map_err(|e| GameError::AtLine {
                    line,
                    reason: e.to_string(),
                })?);
            }
            line_ends.push(heaps.len());
        }
        out.reserve(line_ends.len() * 7);
        let mut start = 0;
        match play {
            Play::Misere => {
                for (index, &end) in line_ends.iter().enumerate() {
                    // A blank line is the empty position, by the one rule of `batch_lines`.
                    let winner = if start == end {
                        Ok(empty_position_winner(play))
                    } else {
                        self.rules.misere_outcome(&heaps[start..end])
                    };
                    let winner = winner.map_err(|e| GameError::AtLine {
                        line: index + 1,
                        reason: e.to_string(),
                    })?;
                    out.push_str(winner.as_str());
                    out.push('\n');
                    start = end;
                }
            }
            Play::Normal => {
                let values = self.values_of(&heaps)?;
                for &end in &line_ends {
                    let total = values[start..end].iter().fold(0, |a, v| a ^ v);
                    out.push_str(if total == 0 { "second\n" } else { "first\n" });
                    start = end;
                }
            }
        }
        Ok(())
    }

    fn sequence(&self) -> Option<&dyn HeapSequence> {
        Some(self)
    }

    fn options(&self, position: &str) -> Result<Vec<OptionReport>, GameError> {
        let n = parse_heap(position)?;
        let count = self.rules.option_count(n);
        if count > MAX_LISTED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "heap {n} of `{}` has about {count} options; too many to list one by one",
                self.rules.spec()
            )));
        }
        // Shown as positions: parts sorted, empty heaps dropped from splits (`0+3` is `3`),
        // "nothing left" as the heap 0 (or `none` where 0 is not empty: coins); moves that
        // leave the same position are listed once.
        let mut options: Vec<Vec<u64>> = Vec::new();
        // A set for the duplicate check: a linear scan made 10^5 options take seconds.
        let mut seen = std::collections::HashSet::new();
        self.rules.heap_options(n, &mut |heaps| {
            let mut shown = self.rules.normalise(heaps.to_vec());
            if shown.is_empty() && self.rules.zero_is_empty() {
                shown.push(0);
            }
            if seen.insert(shown.clone()) {
                options.push(shown);
            }
        });
        let all_heaps: Vec<u64> = options.iter().flatten().copied().collect();
        // One bulk evaluation, so that a table is grown once, to the largest heap.
        self.values_of(&all_heaps)?;
        options
            .iter()
            .map(|heaps| {
                let parts = heaps
                    .iter()
                    .map(|&h| {
                        Ok(ComponentReport {
                            position: h.to_string(),
                            grundy: Some(self.grundy(h)?.0),
                        })
                    })
                    .collect::<Result<Vec<_>, GameError>>()?;
                let grundy = parts.iter().filter_map(|p| p.grundy).fold(0, |a, v| a ^ v);
                Ok(OptionReport {
                    position: self.rules.format_option(heaps),
                    parts,
                    grundy,
                })
            })
            .collect()
    }

    /// A heap with a non-zero value has a move (to an option of value 0); otherwise look.
    fn has_moves(&self, position: &str) -> Result<bool, GameError> {
        let n = parse_heap(position)?;
        if self.rules.option_count(n) == 0 {
            return Ok(false);
        }
        if !self.grundy(n)?.is_zero() {
            return Ok(true);
        }
        Ok(!self.options(position)?.is_empty())
    }

    /// `to` is a sum of heaps (`5`, `3+4`; `none` where 0 is not empty); the legality test is
    /// [`HeapRules::is_option`].
    fn apply_move(
        &self,
        positions: &[&str],
        component: usize,
        to: &str,
    ) -> Result<Vec<String>, GameError> {
        let heaps = Self::parse_all(positions)?;
        let from = component_at(positions, component)?;
        let parts = if !self.rules.zero_is_empty() && to.trim() == "none" {
            Vec::new()
        } else {
            to.split('+')
                .map(parse_heap)
                .collect::<Result<Vec<u64>, GameError>>()?
        };
        let n = heaps[component];
        let parts = self.rules.normalise(parts);
        if !self.rules.is_option(n, &parts)? {
            let listed = (self.rules.option_count(n) <= 12).then(|| {
                let mut listed = Vec::new();
                self.rules
                    .heap_options(n, &mut |o| listed.push(self.rules.format_option(o)));
                listed
            });
            return Err(GameError::bad_position(
                to,
                format!(
                    "{} in `{}`",
                    illegal_move_reason(from, listed.as_deref()),
                    self.rules.spec()
                ),
            ));
        }
        let mut next: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
        // A move that leaves nothing keeps the component as an empty heap; where 0 is not
        // empty (coins) the component simply goes.
        let parts = if parts.is_empty() && self.rules.zero_is_empty() {
            vec![0]
        } else {
            parts
        };
        next.splice(component..=component, parts.iter().map(u64::to_string));
        Ok(next)
    }
}

impl<R: HeapRules> HeapSequence for HeapFamily<R> {
    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        // A table computed before (a persistent cache, when the door turned one on).
        crate::table_cache::through(&self.rules.spec(), to, sink, |sink| {
            self.rules.for_each_value(to, sink)
        })
    }

    /// Bulk values (the gcd game's sieve), closed forms, then the cached table or the
    /// certified period: each heap by the family's fastest route.
    fn values_at(&self, heaps: &[u64]) -> Result<Vec<u64>, GameError> {
        self.values_of(heaps)
    }

    fn period_rule(&self) -> PeriodRule {
        self.rules.period_rule()
    }

    fn value_work(&self, n: u64) -> u128 {
        match self.rules.closed_form(n) {
            Some(_) => 1,
            None => self.rules.option_count(n).max(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::explain::derive;
    use crate::impartial::{Heaps, Solver};
    use proptest::prelude::*;

    /// A heap that is not a number says what was likely meant; a plain bad heap says no more.
    #[test]
    fn bad_heaps_name_the_likely_mistake() {
        let e = parse_heap("3,4,5").unwrap_err().to_string();
        assert!(
            e.contains("`3,4,5`") && e.contains("separated by spaces: `3 4 5`"),
            "{e}"
        );
        let e = parse_heap("subtraction:2").unwrap_err().to_string();
        assert!(
            e.contains("looks like a GAME") && e.contains("quote it"),
            "{e}"
        );
        let e = parse_heap("x").unwrap_err().to_string();
        assert!(e.ends_with("2^64-1)"), "{e}");
        let e = parse_heap("3,x").unwrap_err().to_string();
        assert!(!e.contains("separated by spaces"), "{e}");
    }

    /// Kayles: knock down one pin or two adjacent pins from a row, possibly splitting it.
    struct Kayles;
    impl HeapGame for Kayles {
        fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
            for take in 1..=2.min(n) {
                let rest = n - take;
                for left in 0..=rest / 2 {
                    visit(&[left, rest - left]);
                }
            }
        }
    }
    impl HeapRules for Kayles {
        fn spec(&self) -> String {
            "kayles".into()
        }
        fn option_count(&self, n: u64) -> u128 {
            n as u128 + 1
        }
    }

    #[test]
    fn splitting_options_derive_the_kayles_values() {
        let family = HeapFamily::new(Kayles);
        let values: Vec<u64> = (0..12)
            .map(|n| derive(&family, &n.to_string()).unwrap().grundy)
            .collect();
        assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(
            derive(&family, "4").unwrap().render(),
            "n = 4: the moves leave {3, 1+2, 2, 1+1}, so G(4) = mex{G(3), G(1)⊕G(2), G(2), G(1)⊕G(1)} = mex{3, 1⊕2, 2, 1⊕1} = mex{3, 3, 2, 0} = 1"
        );
    }

    #[test]
    fn moves_that_split_are_checked_and_applied() {
        let family = HeapFamily::new(Kayles);
        assert_eq!(
            family.apply_move(&["7", "2"], 0, "3+2").unwrap(),
            ["2", "3", "2"]
        );
        assert_eq!(
            family.apply_move(&["7", "2"], 0, "0+5").unwrap(),
            ["5", "2"]
        );
        assert_eq!(family.apply_move(&["7", "2"], 1, "0").unwrap(), ["7", "0"]);
        let err = family
            .apply_move(&["7", "2"], 0, "1+1")
            .unwrap_err()
            .to_string();
        assert!(err.contains("not reachable from `7` in one move"), "{err}");
        assert!(family.apply_move(&["7"], 1, "3").is_err());
        assert!(family.apply_move(&["7"], 0, "3+x").is_err());
        assert!(!family.has_moves("0").unwrap() && family.has_moves("1").unwrap());
    }

    /// A certificate needing 2^64 values is refused with its memory in EiB: the figure was
    /// computed from the count cast to `u64`, which wrapped to 0 ("about 14 B of memory").
    #[test]
    fn a_refused_certificate_names_its_real_memory() {
        let family = crate::registry::parse_spec("subtraction:3,2^64-1").unwrap();
        let err = family.value("2^64-1").unwrap_err().to_string();
        assert!(
            err.contains("at least 18446744073709551616 values (about 224.0 EiB of memory)"),
            "{err}"
        );
    }

    /// Kayles counting how many tables it is asked for and their total length.
    struct CountingKayles(std::sync::atomic::AtomicU64, std::sync::atomic::AtomicU64);
    impl HeapGame for CountingKayles {
        fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
            Kayles.heap_options(n, visit)
        }
    }
    impl HeapRules for CountingKayles {
        fn spec(&self) -> String {
            "counting-kayles".into()
        }
        fn option_count(&self, n: u64) -> u128 {
            Kayles.option_count(n)
        }
        fn for_each_value(
            &self,
            to: u64,
            sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
        ) -> Result<(), GameError> {
            use std::sync::atomic::Ordering::Relaxed;
            self.0.fetch_add(1, Relaxed);
            self.1.fetch_add(to + 1, Relaxed);
            crate::impartial::table::heap_table_each(self, to, sink).map(drop)
        }
    }

    /// Issue 20: a sum of many heaps (`solve octal:0.16` with 10^4 heaps took 30 s) costs one
    /// table up to the largest heap, whatever the number of heaps and their repeats; listing
    /// the winning moves then reads that table.
    #[test]
    fn a_sum_of_many_heaps_builds_one_table() {
        use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
        let family = HeapFamily::new(CountingKayles(AtomicU64::new(0), AtomicU64::new(0)));
        let texts: Vec<String> = (1..=3000u64)
            .chain(1..=3000)
            .chain([1])
            .map(|n| n.to_string())
            .collect();
        let heaps: Vec<&str> = texts.iter().map(String::as_str).collect();
        let solution = family.solve(&heaps, Play::Normal).unwrap();
        let (tables, heaps_tabled) = (family.rules.0.load(Relaxed), family.rules.1.load(Relaxed));
        assert_eq!(tables, 1, "{heaps_tabled} heaps in {tables} tables");
        assert!((3001..=4096).contains(&heaps_tabled), "{heaps_tabled}");
        // Every heap appears twice, plus a heap of 1 (G = 1): the first player wins, for
        // instance by taking that heap; listing the moves built no other table.
        assert_eq!(solution.grundy, Some(1));
        assert_eq!(solution.components.len(), 6001);
        assert!(solution.winning_moves.iter().any(|m| m.component == 6000));
        assert_eq!(
            solution.components[2999].grundy,
            Some(family.grundy(3000).unwrap().0)
        );
    }

    /// A stand-in for heaps with millions of winning moves (Kayles 44444444 has 3.7·10^6):
    /// `G(n) = n mod 2`, and every heap claims 2.6·10^6 winning options.
    struct Crowded;
    impl HeapGame for Crowded {
        fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
            if n > 0 {
                visit(&[n - 1]);
            }
        }
    }
    impl HeapRules for Crowded {
        fn spec(&self) -> String {
            "crowded".into()
        }
        fn option_count(&self, _n: u64) -> u128 {
            2_600_000
        }
        fn options_with_value(
            &self,
            _n: u64,
            _target: Nimber,
            _value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
        ) -> Result<Vec<Vec<u64>>, GameError> {
            Ok(vec![Vec::new(); 2_600_000])
        }
    }

    /// Issue 20: each component's list fits under the cap, their total does not: the list is
    /// omitted as a whole, saying why, never cut part-way.
    #[test]
    fn winning_moves_are_capped_over_the_whole_sum() {
        let solution = HeapFamily::new(Crowded)
            .solve(&["1", "1", "1"], Play::Normal)
            .unwrap();
        assert_eq!(solution.winner, Winner::First);
        assert!(solution.winning_moves.is_empty());
        let why = solution.moves_omitted.expect("the list is omitted");
        assert!(
            why.contains("the sum has more than 5000000 winning moves (at least 5200000)"),
            "{why}"
        );
    }

    proptest! {
        /// Every winning move `solve` lists is legal, and leaves a position the generic
        /// solver values at 0.
        #[test]
        fn winning_moves_are_legal_and_win(heaps in proptest::collection::vec(0u64..15, 1..4)) {
            let family = HeapFamily::new(Kayles);
            let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let game = Heaps(&Kayles);
            let mut solver = Solver::new(&game);
            for m in family.solve(&refs, Play::Normal).unwrap().winning_moves {
                let next = family.apply_move(&refs, m.component, &m.to).unwrap();
                let total = next.iter().fold(Nimber::ZERO, |acc, p| {
                    acc ^ solver.grundy(&p.parse::<u64>().unwrap()).unwrap()
                });
                prop_assert!(total.is_zero(), "{:?} → {:?}", heaps, next);
            }
        }

        #[test]
        fn has_moves_agrees_with_the_option_list(n in 0u64..40) {
            let family = HeapFamily::new(Kayles);
            let text = n.to_string();
            prop_assert_eq!(family.has_moves(&text).unwrap(), !family.options(&text).unwrap().is_empty());
        }
    }
}
