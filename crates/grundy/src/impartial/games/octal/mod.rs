//! Octal (and hexadecimal) take-and-break games, at research scale.
//!
//! **Codes** follow CGSuite: `d0.d1d2d3…`, digit `d_k` saying what may remain after removing
//! `k` tokens from a heap: bit 1 nothing (the heap had exactly `k`), bit 2 one heap, bit 4 two
//! heaps, bit 8 (hexadecimal digits `8`–`f`) three heaps; all remaining heaps are non-empty.
//! `d0` may only use bits 4 and 8 (a leading `4`: split a heap without removing anything).
//! Codes are normalised (`.6` → `0.6`, trailing zeros dropped, lower-case hex digits) and
//! checked with one-line errors. Named games: [`ALIASES`].
//!
//! **Layout** — one algorithm per file:
//! - [`rules`]: the decoded moves ([`MoveRules`]) and the definition (the options of a heap);
//! - [`naive`]: the reference solver, mex over every option;
//! - [`classes`] + [`rare_value`]: the rare-value ("sparse space") solver, blocked and
//!   multi-threaded through `block_pipeline.rs` (two stages a block, no barrier between blocks);
//! - [`three_way`]: three-way splits (hexadecimal digits 8–f) by pair-XOR bitsets;
//! - [`sequence`]: the driver — solver choice, period shortcut (certified periods found on the
//!   16-bit table itself by [`crate::theory::period::find_certified_by_scan`]), progress, checkpoints;
//! - [`checkpoint`]: the atomic, checksummed checkpoint file;
//! - [`stats`]: one-pass statistics of a sequence (largest value, rare mask, checksum);
//! - [`table`]: the value table, one byte a heap while the values fit, else two.
//!
//! Values are at most 16 bits (`u16`), stored in one byte a heap while they fit in 8 bits
//! and in two bytes after (`G(0..2^30)` is 1 or 2 GiB). A value that does not fit in 16 bits
//! is an error naming the heap, never a wrap.

mod block_pipeline;
pub mod checkpoint;
pub mod classes;
pub mod naive;
pub mod rare_value;
pub mod rules;
pub mod sequence;
pub mod stats;
pub mod table;
pub mod three_way;

use crate::impartial::HeapGame;

use crate::error::GameError;
use crate::impartial::heap::HeapRules;
use crate::numeric::Nimber;
use crate::outcome::Winner;
use crate::theory::misere_search::MisereSearch;
use crate::theory::period::PeriodRule;
pub use rules::MoveRules;
pub use table::{ValueTable, Values};

/// A stored Grundy value.
pub type Value = u16;

/// How often (in heaps) solvers report progress: often enough for a live bar and timely
/// checkpoints, rarely enough to cost nothing.
pub const PROGRESS_CHUNK: usize = 1 << 16;

/// Named octal games and their codes: the one registry of names (the catalogue lists these
/// as aliases of `octal`).
pub const ALIASES: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("treblecross", "0.007"),
    ("officers", "0.6"),
    ("grundys-game", "4!.0"),
];

/// Longest code accepted (digits after the point): removals up to this many tokens.
pub const MAX_CODE_DIGITS: usize = 1024;

/// A solver filling `G(0), G(1), …` in order, into a [`ValueTable`] (the rare-value solver's
/// is narrow while its values fit in a byte; the others' are wide).
pub trait SequenceSolver {
    /// `G(n)` for `n = values().len()`.
    fn next_value(&mut self) -> Result<Value, GameError>;

    /// Appends `G(n) = v` for `n = values().len()` (an error when the table must widen and
    /// the memory budget does not allow the copy).
    fn push(&mut self, v: Value) -> Result<(), GameError>;

    /// `G(0..len)` computed so far.
    fn values(&self) -> Values<'_>;

    /// The table, without copying it.
    fn into_values(self: Box<Self>) -> ValueTable;

    /// Extends the table to `len` values, calling `on_chunk` with the table every
    /// [`PROGRESS_CHUNK`] heaps (for progress bars and checkpoints; an error stops the run).
    fn extend_to(
        &mut self,
        len: u64,
        on_chunk: &mut dyn FnMut(Values<'_>) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        while (self.values().len() as u64) < len {
            let v = self.next_value()?;
            self.push(v)?;
            if self.values().len() % PROGRESS_CHUNK == 0 {
                on_chunk(self.values())?;
            }
        }
        Ok(())
    }
}

/// `mex` as a stored value, or an error naming the heap when it does not fit in 16 bits.
pub fn checked_value(n: u64, mex: u64) -> Result<Value, GameError> {
    Value::try_from(mex).map_err(|_| {
        GameError::TooLarge(format!(
            "G({n}) = {mex} does not fit the 16-bit value table (values above {} are not supported)",
            Value::MAX
        ))
    })
}

/// A parsed, normalised octal/hexadecimal code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCode {
    /// `d0, d1, …`, without trailing zeros beyond `d1`.
    digits: Vec<u8>,
    /// `differ[k]`: the digit `d_k` carries CGSuite's TBCode `!`, "the parts left must
    /// differ" (`4!.0`: split a heap into two heaps of different sizes, Grundy's game).
    differ: Vec<bool>,
}

impl OctalCode {
    /// Parses `0.137`, `.6`, `4.07`, `0.f`, `4!.0`; `spec` is the whole spec, for error
    /// messages. A `!` follows a digit that splits (bit 4, not bit 8).
    pub fn parse(code: &str, spec: &str) -> Result<OctalCode, GameError> {
        let code = code.trim();
        if code.contains(['[', ']', '&', '(', ')']) {
            return Err(GameError::bad_spec(
                spec,
                "repeating (infinite) codes are not supported; write a finite code such as 0.137",
            ));
        }
        let (whole, fraction) = code.split_once('.').ok_or_else(|| {
            GameError::bad_spec(
                spec,
                format!("`{code}` is not an octal code: expected digits around a point, e.g. 0.137 or 4.07"),
            )
        })?;
        let whole = if whole.is_empty() { "0" } else { whole };
        if whole.trim_end_matches('!').len() != 1 || whole.starts_with('!') {
            return Err(GameError::bad_spec(
                spec,
                format!("`{whole}` before the point must be one digit (0, 4, 8 or c)"),
            ));
        }
        if fraction.chars().filter(|&c| c != '!').count() > MAX_CODE_DIGITS {
            return Err(GameError::bad_spec(
                spec,
                format!(
                    "the code has {} digits after the point; at most {MAX_CODE_DIGITS} are supported",
                    fraction.chars().filter(|&c| c != '!').count()
                ),
            ));
        }
        let mut digits = Vec::with_capacity(fraction.len() + 1);
        let mut differ: Vec<bool> = Vec::with_capacity(fraction.len() + 1);
        for c in whole.chars().chain(fraction.chars()) {
            if c == '!' {
                let k = digits.len();
                match digits.last() {
                    Some(&d) if d & 8 == 0 && d & 4 != 0 && !differ[k - 1] => differ[k - 1] = true,
                    Some(&d) if d & 8 != 0 => {
                        return Err(GameError::bad_spec(
                            spec,
                            format!("`!` after the digit {d:x}: distinct parts are supported for two-heap splits only (digits 4-7)"),
                        ))
                    }
                    Some(&d) => {
                        return Err(GameError::bad_spec(
                            spec,
                            format!("`!` (the parts left must differ) after the digit {d:x}, which does not split a heap; it may follow a digit 4-7, e.g. 4!.0"),
                        ))
                    }
                    None => unreachable!("`!` at the start of the code is refused above"),
                }
                continue;
            }
            let d = c.to_digit(16).ok_or_else(|| {
                GameError::bad_spec(
                    spec,
                    format!("`{c}` is not a code digit (octal 0-7, or hexadecimal 0-9 a-f)"),
                )
            })?;
            digits.push(d as u8);
            differ.push(false);
        }
        if digits[0] & 3 != 0 {
            return Err(GameError::bad_spec(
                spec,
                format!(
                    "the digit before the point is {:x}, but it may only be 0, 4, 8 or c: removing nothing must split the heap",
                    digits[0]
                ),
            ));
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
            differ.pop();
        }
        if digits.len() == 1 {
            digits.push(0);
            differ.push(false);
        }
        Ok(OctalCode { digits, differ })
    }

    /// The code for a game name (`kayles`) or an explicit code after `octal:`.
    pub fn from_name(name: &str, args: &str, spec: &str) -> Result<OctalCode, GameError> {
        match ALIASES.iter().find(|(alias, _)| *alias == name) {
            Some((_, code)) if args.is_empty() => OctalCode::parse(code, spec),
            Some(_) => Err(GameError::bad_spec(spec, "this game takes no parameters")),
            None if args.is_empty() => Err(GameError::bad_spec(
                spec,
                "expected a code after `octal:`, e.g. octal:0.137 or octal:4.07",
            )),
            None => OctalCode::parse(args, spec),
        }
    }

    /// Normal form: `0.137`, `4.07`, `0.f`, `4!.0`.
    pub fn code(&self) -> String {
        let digit = |k: usize| {
            let d = char::from_digit(self.digits[k] as u32, 16).expect("digits are < 16");
            if self.differ[k] {
                format!("{d}!")
            } else {
                d.to_string()
            }
        };
        let tail: String = (1..self.digits.len()).map(digit).collect();
        format!("{}.{tail}", digit(0))
    }

    /// The moves the code allows.
    pub fn rules(&self) -> MoveRules {
        let with_bit = |bit: u8| -> Vec<u64> {
            (0..self.digits.len() as u64)
                .filter(|&k| self.digits[k as usize] & bit != 0)
                .collect()
        };
        MoveRules {
            whole: with_bit(1),
            take: with_bit(2),
            split: with_bit(4),
            split3: with_bit(8),
            distinct: (0..self.digits.len() as u64)
                .filter(|&k| self.differ[k as usize])
                .collect(),
        }
    }
}

/// A take-and-break game as a heap family: its moves and its canonical spec. Octal codes
/// ([`TakeAndBreak::octal`]) and Grundy's game are both of this type.
#[derive(Clone, Debug)]
pub struct TakeAndBreak {
    rules: MoveRules,
    spec: String,
    /// Misère outcomes found so far, shared by the clones of one game (no misère theorem
    /// covers take-and-break games: `theory::misere_search`).
    misere: std::sync::Arc<MisereSearch>,
}

impl TakeAndBreak {
    /// A game of these moves, named `spec` in outputs and checkpoints.
    pub fn new(rules: MoveRules, spec: String) -> TakeAndBreak {
        TakeAndBreak {
            rules,
            spec,
            misere: Default::default(),
        }
    }

    /// The game of an octal code, spec `octal:<normal code>`.
    pub fn octal(code: &OctalCode) -> TakeAndBreak {
        TakeAndBreak::new(code.rules(), format!("octal:{}", code.code()))
    }

    /// Builds from a spec's name and arguments (`octal`, `0.137`, or `kayles`, ``).
    pub fn from_name(name: &str, args: &str, spec: &str) -> Result<TakeAndBreak, GameError> {
        Ok(TakeAndBreak::octal(&OctalCode::from_name(
            name, args, spec,
        )?))
    }

    /// The decoded moves, which the solvers read.
    pub fn rules(&self) -> &MoveRules {
        &self.rules
    }

    /// The canonical spec, e.g. `octal:0.77`.
    pub fn spec(&self) -> &str {
        &self.spec
    }
}

/// The periodicity theorem for a set of moves: Guy–Smith for one- and two-heap options
/// (its proof maps splits of `n` to splits of `n + p` by moving the larger part, which also
/// covers `d0 = 4`, splits that remove nothing); none for three-way splits or Grundy's game.
pub fn period_rule_of(rules: &MoveRules) -> PeriodRule {
    if rules.split3.is_empty() && rules.distinct.is_empty() {
        PeriodRule::GuySmith {
            max_removal: rules.max_removal(),
        }
    } else {
        PeriodRule::None
    }
}

impl HeapGame for TakeAndBreak {
    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        self.rules.visit_options(n, visit)
    }
}

impl HeapRules for TakeAndBreak {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn option_count(&self, n: u64) -> u128 {
        self.rules.option_count(n)
    }

    /// By the long-run driver: rare-value solver, then the certified period if one holds.
    fn for_each_value(
        &self,
        to: u64,
        sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        sequence::Run::new(&self.rules, &self.spec).for_each_value(to, sink)
    }

    fn period_rule(&self) -> PeriodRule {
        period_rule_of(&self.rules)
    }

    /// By exhaustive search over the multisets of heaps reachable (`theory::misere_search`):
    /// misère take-and-break games are wild in general, so no rule on the values decides them.
    fn misere_outcome(&self, heaps: &[u64]) -> Result<Winner, GameError> {
        self.misere.outcome(&self.spec, heaps, &|n, visit| {
            self.rules.visit_options(n, visit)
        })
    }

    /// With a certified period `(i, p)`, a split `a + b` of a huge heap with `a ≥ i` has
    /// values `G(a) ⊕ G(b)` that depend only on `a mod p` (both parts are past the
    /// preperiod), so the splits with `a ≤ i + p` take every value any split takes: one
    /// period is scanned, not the `n/2` splits.
    fn one_option_with_value(
        &self,
        n: u64,
        target: Nimber,
        value_of: &dyn Fn(u64) -> Result<Nimber, GameError>,
        period_span: Option<u64>,
    ) -> Result<Option<Vec<u64>>, GameError> {
        let (Some(span), true) = (period_span, self.rules.split3.is_empty()) else {
            return Ok(None);
        };
        let rules = &self.rules;
        if target.is_zero() && rules.whole.contains(&n) {
            return Ok(Some(Vec::new()));
        }
        for &k in rules.take.iter().filter(|&&k| n > k) {
            if value_of(n - k)? == target {
                return Ok(Some(vec![n - k]));
            }
        }
        for &k in rules.split.iter().filter(|&&k| n >= k + 2) {
            let rest = n - k;
            for a in 1..=(rest / 2).min(span) {
                let b = rest - a;
                if rules.parts_differ(k) && a == b {
                    continue;
                }
                if value_of(a)? ^ value_of(b)? == target {
                    return Ok(Some(vec![a, b]));
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests;
