//! Subtraction games: remove `s` tokens from one heap, for some `s` in a set `S`.
//!
//! Spec: `subtraction:1,3,4`, `subtraction:1..6` (take 1 to 6, the "Bash game"), or a mix
//! such as `subtraction:2..4,7`. The set is kept as sorted disjoint intervals so that huge
//! ranges (`1..1000000000000`) cost nothing to store. Infinite sets — `primes`, `squares`,
//! `fibonacci`, `powers-of-2`, unions such as `1,primes`, and `all-but:2,5` — live in
//! [`subtraction_sets`](crate::impartial::games::subtraction_sets), which also holds their fast tables.
//!
//! Fast paths, each tested against the definition:
//! - `S = {a, …, b}` (one interval): `G(n) = ⌊(n mod (a+b)) / a⌋` (Winning Ways, ch. 4);
//!   for `a = 1` this is the familiar take-at-most-k rule `n mod (k+1)`.
//! - otherwise `G(n)` depends only on the previous `max S` values, so tables stream with a
//!   window of `max S` values.
//! - infinite sets: `G(n) = n mod k` where that theorem applies, else the fast tables.
//!
//! Misère play: the Anti-SG/SJ rule (`theory::misere`) wherever its
//! condition holds — proved for the closed forms, checked on the table otherwise.

use crate::error::GameError;
use crate::impartial::family::Winner;
use crate::impartial::games::subtraction_sets::{format_intervals, InfiniteSet, Sequence};
use crate::impartial::heap::HeapRules;
use crate::impartial::HeapGame;
use crate::limits::check_memory;
use crate::numeric::number::parse_u64_expr;
use crate::numeric::{MexSet, Nimber};
use crate::theory::misere::{sj_outcome, VerifiedValues};
use crate::theory::period::PeriodRule;

/// A subtraction set: finite (sorted, disjoint, non-adjacent intervals `[lo, hi]`, `lo ≥ 1`)
/// or infinite (`intervals` is then empty and `infinite` holds the set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    intervals: Vec<(u64, u64)>,
    infinite: Option<InfiniteSet>,
    /// Values checked for the misère (SJ) condition, kept between batch lines.
    misere: VerifiedValues,
}

impl Subtraction {
    /// Builds the game from intervals in any order (overlaps are merged). Errors on an empty
    /// set or an element 0 (removing nothing is not a move).
    pub fn from_intervals(intervals: Vec<(u64, u64)>, spec: &str) -> Result<Self, GameError> {
        Ok(Subtraction {
            intervals: normalise(intervals, spec)?,
            infinite: None,
            misere: VerifiedValues::default(),
        })
    }

    fn from_infinite(infinite: InfiniteSet) -> Subtraction {
        Subtraction {
            intervals: Vec::new(),
            infinite: Some(infinite),
            misere: VerifiedValues::default(),
        }
    }

    /// Parses the part after `subtraction:`: comma-separated numbers, `a..b` ranges and
    /// sequence names (`primes`, `squares`, `fibonacci`, `powers-of-2`), or `all-but:` and a
    /// list of exceptions; either list may be in braces or brackets (`{1,3,4}`).
    pub fn parse(args: &str, spec: &str) -> Result<Self, GameError> {
        let args = unbracketed(args);
        if let Some(rest) = args.strip_prefix("all-but:") {
            let rest = unbracketed(rest);
            if rest.trim().is_empty() {
                return Err(GameError::bad_spec(
                    spec,
                    "all-but needs at least one exception, e.g. `all-but:2,5` (with none it is nim)",
                ));
            }
            let excluded = normalise(parse_intervals(rest, spec)?, spec)?;
            return Ok(Subtraction::from_infinite(InfiniteSet::all_but(
                excluded, spec,
            )?));
        }
        let mut sequences = Vec::new();
        let mut numbers = Vec::new();
        for item in args.split(',') {
            match Sequence::parse(item.trim()) {
                Some(q) => sequences.push(q),
                None => numbers.push(item),
            }
        }
        let intervals = parse_intervals(&numbers.join(","), spec)?;
        if sequences.is_empty() {
            return Subtraction::from_intervals(intervals, spec);
        }
        let finite = if numbers.is_empty() {
            Vec::new()
        } else {
            normalise(intervals, spec)?
        };
        Ok(Subtraction::from_infinite(InfiniteSet::union(
            finite, sequences,
        )))
    }

    /// Whether the set is finite.
    pub fn is_finite(&self) -> bool {
        self.infinite.is_none()
    }

    /// The infinite set, if the set is infinite.
    pub fn infinite_set(&self) -> Option<&InfiniteSet> {
        self.infinite.as_ref()
    }
}

/// Sorts and merges intervals; errors on an empty set, an empty range or an element 0.
fn normalise(mut intervals: Vec<(u64, u64)>, spec: &str) -> Result<Vec<(u64, u64)>, GameError> {
    if intervals.is_empty() {
        return Err(GameError::bad_spec(spec, "the subtraction set is empty; write the amounts a move may remove after a colon, e.g. `subtraction:1,3,4`, `subtraction:1..6`, `subtraction:2..4,7` or `subtraction:primes`"));
    }
    if let Some(&(lo, hi)) = intervals.iter().find(|(lo, hi)| lo > hi) {
        return Err(GameError::bad_spec(
            spec,
            format!("range {lo}..{hi} is empty (its start is above its end)"),
        ));
    }
    if intervals.iter().any(|&(lo, _)| lo == 0) {
        return Err(GameError::bad_spec(
            spec,
            "0 cannot be in a subtraction set (a move must remove something)",
        ));
    }
    intervals.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(intervals.len());
    for (lo, hi) in intervals {
        match merged.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    Ok(merged)
}

/// Parses comma-separated numbers and `a..b` ranges (an empty text gives no intervals).
/// The set inside one pair of braces or brackets, as mathematics writes it (`{1,3,4}`,
/// `[1,3,4]`); other text as it is.
fn unbracketed(args: &str) -> &str {
    let args = args.trim();
    [('{', '}'), ('[', ']')]
        .iter()
        .find_map(|&(open, close)| args.strip_prefix(open)?.strip_suffix(close))
        .map_or(args, str::trim)
}

/// A tip for an element such as `1-3`, which reads as the difference 1 − 3 (`2^64-1` is a
/// number) when a range was meant, or `1 3 4` / `1;3;4`, elements without commas.
fn element_tip(element: &str) -> String {
    let element = element.trim();
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    match element.split_once('-') {
        Some((lo, hi)) if digits(lo) && digits(hi) => {
            return format!(" (for the range from {lo} to {hi} write `{lo}..{hi}`)");
        }
        _ => {}
    }
    let parts: Vec<&str> = element
        .split(|c: char| c == ';' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() > 1 && parts.iter().all(|p| digits(p)) {
        return format!(
            " (separate the elements with commas: `{}`)",
            parts.join(",")
        );
    }
    String::new()
}

fn parse_intervals(args: &str, spec: &str) -> Result<Vec<(u64, u64)>, GameError> {
    let mut intervals = Vec::new();
    if args.trim().is_empty() {
        return Ok(intervals);
    }
    for item in args.split(',') {
        let item = item.trim();
        // The same number forms as positions (`2^63`, `10^9+7`), so a set can be written the
        // way its heaps are.
        let number = |t: &str| {
            parse_u64_expr(t).map_err(|reason| {
                GameError::bad_spec(
                    spec,
                    format!("element `{}` of the set: {reason}{}; a set lists positive integers up to 2^64−1, e.g. `1,3,4`, `1..6` or `2^63..2^63+5`", t.trim(), element_tip(t)),
                )
            })
        };
        let interval = match item.split_once("..") {
            Some((lo, hi)) => {
                let hi = hi.strip_prefix('=').unwrap_or(hi);
                (number(lo)?, number(hi)?)
            }
            None => {
                let v = number(item)?;
                (v, v)
            }
        };
        intervals.push(interval);
    }
    Ok(intervals)
}

impl Subtraction {
    /// The largest element of the set (`u64::MAX` for an infinite set).
    pub fn max_removal(&self) -> u64 {
        self.intervals.last().map_or(u64::MAX, |&(_, hi)| hi)
    }

    /// Whether `s` is in the set (finite or infinite).
    pub fn contains(&self, s: u64) -> bool {
        match &self.infinite {
            Some(set) => set.contains(s),
            None => self.intervals.iter().any(|&(lo, hi)| lo <= s && s <= hi),
        }
    }

    /// The intervals of a finite set (empty for an infinite one).
    pub fn intervals(&self) -> &[(u64, u64)] {
        &self.intervals
    }

    /// The number of elements of the set (`u128::MAX` for an infinite set).
    pub fn len(&self) -> u128 {
        if !self.is_finite() {
            return u128::MAX;
        }
        self.intervals
            .iter()
            .map(|&(lo, hi)| (hi - lo) as u128 + 1)
            .sum()
    }

    /// Whether the set is empty (never, by construction).
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl HeapGame for Subtraction {
    /// The definition: heap `n` moves to `n − s` for every `s ∈ S` with `s ≤ n`.
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        if let Some(set) = &self.infinite {
            let mut removals = Vec::new();
            set.any_up_to(n, &mut |s| {
                removals.push(s);
                false
            });
            removals.sort_unstable();
            removals.into_iter().for_each(|s| visit(&[n - s]));
            return;
        }
        for &(lo, hi) in &self.intervals {
            if lo > n {
                break;
            }
            for s in lo..=hi.min(n) {
                visit(&[n - s]);
            }
        }
    }
}

impl Subtraction {
    /// Whether some `s ∈ S`, `s ≤ n`, satisfies `stop` (trying them in a cheap order).
    fn any_removal(&self, n: u64, stop: &mut dyn FnMut(u64) -> bool) -> bool {
        match &self.infinite {
            Some(set) => set.any_up_to(n, stop),
            None => self
                .intervals
                .iter()
                .take_while(|&&(lo, _)| lo <= n)
                .any(|&(lo, hi)| (lo..=hi.min(n)).any(&mut *stop)),
        }
    }

    /// Whether every heap has a closed form for which the SJ condition is a theorem.
    fn has_proved_misere_rule(&self) -> bool {
        match &self.infinite {
            Some(set) => set.cycle().is_some(),
            None => self.intervals.len() == 1,
        }
    }
}

impl HeapRules for Subtraction {
    fn spec(&self) -> String {
        match &self.infinite {
            Some(set) => format!("subtraction:{}", set.spec_args()),
            None => format!("subtraction:{}", format_intervals(&self.intervals)),
        }
    }

    fn option_count(&self, n: u64) -> u128 {
        if let Some(set) = &self.infinite {
            return set.count_up_to(n);
        }
        self.intervals
            .iter()
            .filter(|&&(lo, _)| lo <= n)
            .map(|&(lo, hi)| (hi.min(n) - lo) as u128 + 1)
            .sum()
    }

    fn closed_form(&self, n: u64) -> Option<Nimber> {
        if let Some(set) = &self.infinite {
            return set.cycle().map(|k| Nimber(n % k));
        }
        match self.intervals[..] {
            [(a, b)] => Some(Nimber(match a.checked_add(b) {
                // u64 division when a + b fits (a u128 one is a library call, 5× slower).
                Some(period) => (n % period) / a,
                None => ((n as u128 % (a as u128 + b as u128)) / a as u128) as u64,
            })),
            _ => None,
        }
    }

    fn closed_form_name(&self) -> &'static str {
        if self.is_finite() {
            "closed form G(n) = ⌊(n mod (a+b)) / a⌋ for S = {a..b}"
        } else {
            "closed form G(n) = n mod k (S contains 1..k−1 and no multiple of k)"
        }
    }

    /// `n → m` is a move iff `n − m ∈ S` (the empty option is heap 0).
    fn is_option(&self, n: u64, option: &[u64]) -> Result<bool, GameError> {
        let m = match option {
            [] => 0,
            [m] => *m,
            _ => return Ok(false),
        };
        Ok(m < n && self.contains(n - m))
    }

    /// Streams the table keeping only a window of the last `max S` values.
    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        if let Some(set) = &self.infinite {
            if set.cycle().is_some() {
                for n in 0..=to {
                    sink(n, self.closed_form(n).expect("the cycle is a closed form"))?;
                }
                return Ok(());
            }
            set.table_each(to, &mut |first, values| {
                (first..)
                    .zip(values)
                    .try_for_each(|(n, &v)| sink(n, Nimber(v as u64)))
            })?;
            return Ok(());
        }
        if let [(_, _)] = self.intervals[..] {
            for n in 0..=to {
                sink(
                    n,
                    self.closed_form(n).expect("one interval has a closed form"),
                )?;
            }
            return Ok(());
        }
        let k = self.max_removal();
        // Window of the last k+1 values, indexed by n mod (k+1).
        let window = k.min(to).saturating_add(1);
        check_memory(
            &format!("a window of {window} values for `{}`", self.spec()),
            window as u128 * 8,
        )?;
        let mut ring = vec![0u64; window as usize];
        let mut seen = MexSet::new();
        for n in 0..=to {
            seen.clear();
            self.heap_options(n, &mut |option| {
                seen.insert(ring[(option[0] % window) as usize]);
            });
            let v = seen.mex();
            ring[(n % window) as usize] = v;
            sink(n, Nimber(v))?;
        }
        Ok(())
    }

    fn period_rule(&self) -> PeriodRule {
        match self.infinite.as_ref().map(InfiniteSet::cycle) {
            None => PeriodRule::FiniteSubtraction {
                max_removal: self.max_removal(),
            },
            // The closed form `value` and `solve` answer by is a theorem: it certifies its
            // period (`period subtraction:1,primes` said "no periodicity theorem applies").
            Some(Some(k)) => PeriodRule::ClosedForm {
                preperiod: 0,
                period: k,
                saltus: 0,
                statement: "G(n) = n mod k for every n: S contains 1..k−1 and no multiple of k, so the options of n reach every smaller residue mod k and never the residue of n",
            },
            Some(None) => PeriodRule::None,
        }
    }

    /// The SJ rule: by theorem for the closed forms, else once the table to the largest heap
    /// shows the condition holds (see `families::misere`).
    fn misere_outcome(&self, heaps: &[u64]) -> Result<Winner, GameError> {
        if self.has_proved_misere_rule() {
            let values: Vec<u64> = heaps
                .iter()
                .map(|&n| self.closed_form(n).map(|v| v.0))
                .collect::<Option<_>>()
                .expect("closed forms answer every heap");
            return Ok(sj_outcome(&values));
        }
        let values = self.misere.values_for(
            heaps,
            &self.spec(),
            &|to| {
                let mut table = Vec::new();
                self.for_each_value(to, &mut |_, v| {
                    table.push(v.0);
                    Ok(())
                })?;
                Ok(table)
            },
            &|n| !self.any_removal(n, &mut |_| true),
            &|n, table| self.any_removal(n, &mut |s| table[(n - s) as usize] == 1),
        )?;
        Ok(sj_outcome(&values))
    }

    /// For an interval set the options of one value form an arithmetic progression; enumerate
    /// by the set otherwise (finite sets have few options).
    fn options_with_value(
        &self,
        n: u64,
        target: Nimber,
        value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
    ) -> Result<Vec<Vec<u64>>, GameError> {
        if let [(a, b)] = self.intervals[..] {
            // Options are n-b..=n-a (clipped at 0); their values follow the closed form
            // ⌊(m mod (a+b))/a⌋, so the options of value t are the m in [lowest, highest]
            // whose residue lies in the window [t·a, t·a+a−1]: one run of m per block of a+b,
            // and the range (at most b−a+1 < a+b long) meets at most two blocks. The work is
            // bounded by the moves listed, never by a or b (2^63 would hang a residue scan).
            if n < a {
                return Ok(vec![]);
            }
            let (lowest, highest) = (n.saturating_sub(b) as u128, (n - a) as u128);
            let period = a as u128 + b as u128;
            let window = target.0 as u128 * a as u128;
            if window >= period {
                return Ok(vec![]);
            }
            let mut runs = Vec::new();
            let mut block = lowest - lowest % period;
            while block <= highest {
                let from = (block + window).max(lowest);
                let to = (block + window + a as u128 - 1)
                    .min(block + period - 1)
                    .min(highest);
                if from <= to {
                    runs.push((from, to));
                }
                block += period;
            }
            let count: u128 = runs.iter().map(|(from, to)| to - from + 1).sum();
            if count > crate::impartial::heap::MAX_ENUMERATED_OPTIONS {
                return Err(GameError::TooLarge(format!(
                    "heap {n} has {count} winning options; too many to list"
                )));
            }
            let mut out: Vec<Vec<u64>> = runs
                .iter()
                .flat_map(|&(from, to)| from..=to)
                .map(|m| vec![m as u64])
                .collect();
            out.sort_unstable_by(|x, y| y.cmp(x));
            return Ok(out);
        }
        let count = self.option_count(n);
        if count > crate::impartial::heap::MAX_ENUMERATED_OPTIONS {
            return Err(GameError::TooLarge(format!(
                "heap {n} has {count} options; too many to list"
            )));
        }
        let mut out = Vec::new();
        let mut error = None;
        self.heap_options(n, &mut |option| match value_of(option[0]) {
            Ok(v) if v == target => out.push(option.to_vec()),
            Ok(_) => {}
            Err(e) => error = Some(e),
        });
        match error {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::heap::HeapFamily;
    use crate::impartial::table::heap_table;
    use crate::theory::period::HeapSequence;
    use proptest::prelude::*;

    fn game(spec: &str) -> Subtraction {
        Subtraction::parse(spec, spec).unwrap()
    }

    #[test]
    fn textbook_sequence_1_3_4() {
        let values = HeapFamily::new(game("1,3,4")).values(8).unwrap();
        assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
    }

    #[test]
    fn parsing_and_normalisation() {
        assert_eq!(game("4,1,3").spec(), "subtraction:1,3,4");
        assert_eq!(game("1..6").spec(), "subtraction:1..6");
        assert_eq!(game("1..3,4,9").spec(), "subtraction:1..4,9");
        for bad in ["", "0", "1,,2", "5..2", "x", "1..", "99999999999999999999"] {
            assert!(Subtraction::parse(bad, bad).is_err(), "{bad}");
        }
    }

    /// The set may be written as mathematics does, in braces or brackets; `1-3` (a difference,
    /// below zero) is refused with the range it likely meant.
    #[test]
    fn sets_in_braces_and_ranges_with_a_dash() {
        for spelled in ["{1,3,4}", "[1,3,4]", " { 1, 3, 4 } ", "{4,3,1}"] {
            assert_eq!(game(spelled).spec(), "subtraction:1,3,4", "{spelled}");
        }
        assert_eq!(
            Subtraction::parse("all-but:{2,5}", "s").unwrap().spec(),
            game("all-but:2,5").spec()
        );
        let e = Subtraction::parse("1-3", "subtraction:1-3")
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("`1-3` is negative") && e.contains("write `1..3`"),
            "{e}"
        );
        for spaced in ["1 3 4", "1;3;4"] {
            let e = Subtraction::parse(spaced, spaced)
                .err()
                .unwrap()
                .to_string();
            assert!(
                e.contains("separate the elements with commas: `1,3,4`"),
                "{e}"
            );
        }
        // A difference that is a number stays one: 2^64-1 is the largest element.
        assert_eq!(game("2^64-1").max_removal(), u64::MAX);
        for bad in ["{1,3,4", "{}", "{1,3}}"] {
            assert!(Subtraction::parse(bad, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bash_game_at_the_top_of_u64() {
        let family = HeapFamily::new(game("1..6"));
        let v = family.grundy(u64::MAX).unwrap();
        assert_eq!(v.0, u64::MAX % 7);
        let s = family
            .solve(&["18446744073709551615"], Play::Normal)
            .unwrap();
        assert_eq!(s.winning_moves.len(), 1);
        assert_eq!(s.winning_moves[0].to, (u64::MAX - u64::MAX % 7).to_string());
        // One interval reaching 2^64−1: a + b overflows u64 and must not wrap.
        let wide = HeapFamily::new(game("2..18446744073709551615"));
        assert_eq!(wide.grundy(u64::MAX).unwrap().0, u64::MAX / 2);
    }

    /// Issue 20: `subtraction:2^63..2^63+5` is the same set as its decimal form, and listing the
    /// winning moves of heap 2^63 takes one step, not 2^63 (it hung, scanning residues).
    #[test]
    fn huge_intervals_read_number_forms_and_list_moves_at_once() {
        let g = game("2^63..2^63+5");
        assert_eq!(
            g.spec(),
            "subtraction:9223372036854775808..9223372036854775813"
        );
        assert_eq!(game("2^10").spec(), "subtraction:1024");
        let family = HeapFamily::new(g);
        let started = std::time::Instant::now();
        let s = family.solve(&["2^63"], Play::Normal).unwrap();
        assert_eq!(s.grundy, Some(1));
        let moves: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(moves, ["0"]);
        assert!(started.elapsed().as_secs() < 5);
        for (bad, words) in [
            ("1,x", "element `x` of the set"),
            ("2^64", "element `2^64` of the set: exceeds 2^64−1"),
            ("1..2^65", "element `2^65`"),
        ] {
            let err = Subtraction::parse(bad, bad).unwrap_err().to_string();
            assert!(
                err.contains(words) && err.contains("2^63..2^63+5"),
                "{bad}: {err}"
            );
        }
    }

    /// `period subtraction:1,primes` said "observed, not proved: no periodicity theorem
    /// applies" while `value` answered by the proved closed form `G(n) = n mod 4`: the
    /// closed form certifies its period, checked here against the definition's table.
    #[test]
    fn the_n_mod_k_closed_form_certifies_its_period() {
        use crate::theory::period::{search, Budget, Period};
        let budget = Budget {
            start: 1023,
            max: 1 << 12,
            time: None,
        };
        for (spec, k) in [("1,primes", 4), ("powers-of-2", 3), ("3,powers-of-2", 5)] {
            let family = HeapFamily::new(game(spec));
            let definition = heap_table(&game(spec), 600).unwrap();
            assert!(
                (0..=600).all(|n| definition[n as usize] == n % k),
                "{spec}: G(n) = n mod {k} by the definition"
            );
            let found = search(&family, budget).unwrap();
            assert_eq!(
                found.certified,
                Some(Period {
                    preperiod: 0,
                    period: k,
                    saltus: 0
                }),
                "{spec}"
            );
        }
        // Where the theorem does not apply, nothing is certified.
        for spec in ["primes", "squares", "all-but:2,5"] {
            let found = search(&HeapFamily::new(game(spec)), budget).unwrap();
            assert_eq!(found.certified, None, "{spec}");
        }
    }

    #[test]
    fn an_interval_whose_period_overflows_u64_is_computed_in_u128() {
        // S = {2^63..2^63+5}: a + b = 2^64 + 5, past u64. Below a no move exists (G = 0);
        // from a to a + b − 1, G = ⌊n / a⌋ = 1.
        let a = 1u64 << 63;
        let g = Subtraction::from_intervals(vec![(a, a + 5)], "test").unwrap();
        for (n, value) in [(0, 0), (a - 1, 0), (a, 1), (u64::MAX, 1)] {
            assert_eq!(g.closed_form(n).unwrap().0, value, "G({n})");
        }
    }

    proptest! {
        #[test]
        fn interval_closed_form_matches_definition(a in 1u64..6, len in 0u64..6, n in 0u64..80) {
            let g = Subtraction::from_intervals(vec![(a, a + len)], "test").unwrap();
            let table = heap_table(&g, n).unwrap();
            prop_assert_eq!(g.closed_form(n).unwrap().0, table[n as usize]);
        }

        #[test]
        fn streaming_window_matches_definition(set in proptest::collection::btree_set(1u64..12, 1..5)) {
            let g = Subtraction::from_intervals(set.iter().map(|&s| (s, s)).collect(), "test").unwrap();
            let table = heap_table(&g, 200).unwrap();
            let mut streamed = Vec::new();
            g.for_each_value(200, &mut |_, v| { streamed.push(v.0); Ok(()) }).unwrap();
            prop_assert_eq!(streamed, table);
        }

        #[test]
        fn is_option_matches_enumeration(set in proptest::collection::btree_set(1u64..12, 1..5), n in 0u64..30, m in 0u64..30) {
            let g = Subtraction::from_intervals(set.iter().map(|&s| (s, s)).collect(), "test").unwrap();
            let mut expected = false;
            g.heap_options(n, &mut |o| expected |= o[0] == m);
            let option = crate::impartial::heap::normalise_option(vec![m]);
            prop_assert_eq!(g.is_option(n, &option).unwrap(), expected);
        }

        #[test]
        fn interval_winning_moves_match_enumeration(a in 1u64..5, len in 0u64..5, n in 0u64..60, m in 0u64..60) {
            let g = Subtraction::from_intervals(vec![(a, a + len)], "test").unwrap();
            let table = heap_table(&g, 200).unwrap();
            let target = Nimber(table[m as usize]);
            let value_of = |h: u64| Ok(Nimber(table[h as usize]));
            let mut expected = Vec::new();
            g.heap_options(n, &mut |o| if table[o[0] as usize] == target.0 { expected.push(o.to_vec()) });
            prop_assert_eq!(g.options_with_value(n, target, &value_of).unwrap(), expected);
        }
    }
}
