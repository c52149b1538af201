//! CGSuite notation for short games, read and printed.
//!
//! Read: integers and dyadic fractions (`-3`, `13/16`), `*`, `*n`, `^`, `v`, `^^`, `vv`,
//! numbered multiples `^3`, `v2` (cgt-tools' `^2*` is `^^*`), all juxtaposed after a number
//! (`2^*`, `-1v`, `1/2*3`, `2v3`) except a numbered multiple of up: `2^40` is a power in CGSuite
//! and in grundy's other arguments (`--to 2^20`), so it is refused, naming `2+^40`; `+-x` (`{x|-x}`; `a+-x` is `a + ±x`), `Tiny(x)` = `{0||0|-x}`,
//! `Miny(x)` = `{x|0||0}`, braces `{a, b | c}` with the `||` shorthand (`{3||2*|1*}` =
//! `{3|{2*|1*}}`: a side containing bars is one game), and sums `+`, differences `-`, unary
//! minus and parentheses anywhere.
//!
//! Also read, because CGSuite prints them: `^<n>` = ↑^n (up-nth: `↑^n = {0 | ↓^[n−1]*}`),
//! `^[n]` = ↑ + ↑^2 + … + ↑^n (`= {↑^[n−1] | *}`), `v<n>`, `v[n]` their negatives, with a
//! number before and a nimber after (`2^<3>*`); `+-{a,b}` = `{a,b | -a,-b}` (braces without
//! a bar after `+-` are a list of left options); `xTiny(y)` = `x + Tiny(y)`, `xMiny(y)` =
//! `x + Miny(y)` for a number `x`. grundy prints these values in braces.
//!
//! Printed: `x + n·↑ + *m` in the compact form (`1/2^^*3`, and `2+^3` for the reason above), `+-x` for `{x|-x}`, `Tiny(x)` and
//! `Miny(x)` for numbers `x > 0`, otherwise braces, with a side's sole braced option written
//! inline with one more bar (`{3||2*|1*}`). Options are listed in a fixed order, so equal
//! games print alike.
//!
//! Literals are bounded so that no text can make the engine overflow or allocate without
//! limit: numerators and denominators up to `2^32`, up-multiples and nimbers up to 256, powers
//! of up up to 64.

use super::{Dyadic, Game};
use crate::GameError;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Largest magnitude of a numerator, denominator, up-multiple or nimber in a literal.
pub const MAX_LITERAL: u64 = 1 << 32;
/// Largest up-multiple or nimber in a literal: sums with hot games and the invariants walk
/// their options explicitly (`*m` has `m` options on each side), so the work grows with `m²`.
pub const MAX_UP_OR_NIM: u64 = 256;
/// Largest `n` in `^<n>`, `^[n]` (and their downs): `↑^n` is a chain of `n` nested forms, and
/// sums with it walk all of them, so the work grows with `n²`.
pub const MAX_UP_POWER: u64 = 64;
/// Deepest nesting of braces and parentheses.
pub const MAX_DEPTH: usize = 200;

// ---------------------------------------------------------------- printing

fn write_nui(out: &mut String, x: Dyadic, ups: i64, nim: u32) {
    if !x.is_zero() || (ups == 0 && nim == 0) {
        out.push_str(&x.to_string());
    }
    let (arrow, n) = if ups > 0 { ('^', ups) } else { ('v', -ups) };
    match n {
        0 => {}
        1 => out.push(arrow),
        2 => {
            out.push(arrow);
            out.push(arrow);
        }
        _ => {
            // `2+^3`, not `2^3`, which the parser refuses (see `Parser::power_or_ups`).
            if arrow == '^' && !x.is_zero() {
                out.push('+');
            }
            out.push(arrow);
            out.push_str(&n.to_string());
        }
    }
    match nim {
        0 => {}
        1 => out.push('*'),
        _ => {
            out.push('*');
            out.push_str(&nim.to_string());
        }
    }
}

/// Text of `g` when it is a form printed with braces: `(inside the braces, bar level)`;
/// otherwise `(text, 0)` for a compact literal.
fn render(g: Game) -> (String, usize, bool) {
    if let Some((x, ups, nim)) = g.as_number_up_star() {
        let mut s = String::new();
        write_nui(&mut s, x, ups, nim);
        return (s, 0, false);
    }
    let (left, right) = (g.left_options(), g.right_options());
    if let Some(text) = special(&left, &right) {
        return (text, 0, false);
    }
    let mut level = 1;
    let mut side = |options: &[Game]| -> String {
        if let [only] = options[..] {
            let (text, inner, braced) = render(only);
            if braced {
                level = level.max(inner + 1);
                return text;
            }
        }
        // Each option is printed once and sorted by its text: comparing by printing inside
        // the sort printed every subform again at each comparison, at each level, so the time
        // grew far faster than the text (a green-topped stalk `LG` × 7, 44 kB, took 9 s).
        let mut options: Vec<_> = options
            .iter()
            .map(|&o| (o.as_number_up_star(), o.to_string()))
            .collect();
        options.sort_by(print_order);
        options
            .into_iter()
            .map(|(_, text)| text)
            .collect::<Vec<_>>()
            .join(",")
    };
    let l = side(&left);
    let r = side(&right);
    (format!("{l}{}{r}", "|".repeat(level)), level, true)
}

/// The length of [`render`]'s text, found without writing it: one visit per distinct
/// subform (memoised), where the text repeats a subform at every place it occurs.
fn measure(g: Game, memo: &mut HashMap<Game, (u128, usize, bool)>) -> (u128, usize, bool) {
    if let Some(&known) = memo.get(&g) {
        return known;
    }
    // A closed form is printed compactly: its options (`*m` has m of them) are never built.
    if g.as_number_up_star().is_some() {
        return (render(g).0.len() as u128, 0, false);
    }
    let (left, right) = (g.left_options(), g.right_options());
    let result = if let Some(text) = special(&left, &right) {
        (text.len() as u128, 0, false)
    } else {
        let mut level = 1;
        let mut side = |options: &[Game], memo: &mut HashMap<_, _>| -> u128 {
            if let [only] = options[..] {
                let (len, inner, braced) = measure(only, memo);
                if braced {
                    level = level.max(inner + 1);
                    return len;
                }
            }
            let texts = options.iter().map(|&o| match measure(o, memo) {
                (len, _, true) => len + 2,
                (len, _, false) => len,
            });
            texts.sum::<u128>() + options.len().saturating_sub(1) as u128
        };
        let (l, r) = (side(&left, memo), side(&right, memo));
        (l + r + level as u128, level, true)
    };
    memo.insert(g, result);
    result
}

impl Game {
    /// The length in bytes of this game's text (what `Display` prints), without printing
    /// it. The text writes every subform out wherever it occurs, so it can be exponentially
    /// longer than the form: a blue-green Hackenbush stalk `LG` × 8 prints 218 749
    /// characters, and `LG` × 15 would print about 17 GB.
    pub fn text_len(self) -> u128 {
        match measure(self, &mut HashMap::new()) {
            (len, _, true) => len + 2,
            (len, _, false) => len,
        }
    }

    /// This game's text, or `GameError::TooLarge` naming its length when writing it out
    /// would not fit the memory budget (the options' texts are held while they are joined:
    /// about three times the text at the peak). Every path that prints a canonical form for
    /// a user takes this instead of `to_string`.
    pub fn try_text(self) -> Result<String, GameError> {
        self.check_text_fits()?;
        Ok(self.to_string())
    }

    /// [`Game::try_text`]'s refusal, for a caller that prints the game later (an answer
    /// holding it, serialised as text).
    pub fn check_text_fits(self) -> Result<(), GameError> {
        let len = self.text_len();
        crate::limits::Budget::current().check(
            &format!("writing out this canonical form ({len} characters of CGSuite notation; its subforms repeat wherever they occur)"),
            len.saturating_mul(3),
        )
    }
}

/// `+-x`, `Tiny(x)`, `Miny(x)` for numbers `x > 0`.
fn special(left: &[Game], right: &[Game]) -> Option<String> {
    let ([l], [r]) = (left, right) else {
        return None;
    };
    if let (Some(a), Some(b)) = (l.as_number(), r.as_number()) {
        return (a.signum() > 0 && a.checked_neg().ok() == Some(b)).then(|| format!("+-{a}"));
    }
    // Tiny(x) = {0 || 0 | -x}, Miny(x) = {x | 0 || 0}.
    let zero = Game::zero();
    let inner = |g: Game, tiny: bool| -> Option<Dyadic> {
        let ([a], [b]) = (&g.left_options()[..], &g.right_options()[..]) else {
            return None;
        };
        let (fixed, x) = if tiny {
            (*a, b.as_number()?.checked_neg().ok()?)
        } else {
            (*b, a.as_number()?)
        };
        (fixed == zero && x.signum() > 0).then_some(x)
    };
    if *l == zero {
        if let Some(x) = inner(*r, true) {
            return Some(format!("Tiny({x})"));
        }
    }
    if *r == zero {
        if let Some(x) = inner(*l, false) {
            return Some(format!("Miny({x})"));
        }
    }
    None
}

/// A fixed order for listing options: closed forms first by (number, ups, nimber), then the
/// rest by their text.
/// Each option comes with its closed form, if any, and its printed text.
type Printed = (Option<(Dyadic, i64, u32)>, String);

fn print_order((a, a_text): &Printed, (b, b_text): &Printed) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a_text.cmp(b_text),
    }
}

impl fmt::Display for Game {
    /// CGSuite notation: `0`, `-3/4`, `^^*`, `v3*2`, `+-1`, `{3||2*|1*}`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (text, _, braced) = render(*self);
        if braced {
            write!(f, "{{{text}}}")
        } else {
            f.write_str(&text)
        }
    }
}

// ---------------------------------------------------------------- parsing

impl FromStr for Game {
    type Err = GameError;

    /// Reads CGSuite notation (see the module docs); errors name the offending character and
    /// its position (counted from 1).
    fn from_str(text: &str) -> Result<Game, GameError> {
        let mut p = Parser {
            text,
            chars: text.chars().collect(),
            pos: 0,
            depth: 0,
        };
        p.skip_space();
        if p.peek().is_none() {
            return Err(GameError::bad_spec(text, "empty game expression"));
        }
        let g = p.expr()?;
        match p.peek() {
            None => Ok(g),
            Some(c) => Err(p.unexpected(c)),
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

/// One piece of the inside of braces.
enum Piece {
    Option(Game),
    /// No game between two separators.
    Empty(usize),
    Comma,
    Bars(usize, usize),
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn error_at(&self, pos: usize, reason: String) -> GameError {
        GameError::bad_spec(self.text, format!("{reason} at position {}", pos + 1))
    }

    fn unexpected(&self, c: char) -> GameError {
        self.error_at(self.pos, format!("unexpected `{c}`"))
    }

    fn eat(&mut self, s: &str) -> bool {
        let n = s.chars().count();
        if self.chars.len() >= self.pos + n
            && self.chars[self.pos..self.pos + n]
                .iter()
                .copied()
                .eq(s.chars())
        {
            self.pos += n;
            true
        } else {
            false
        }
    }

    /// term (('+' | '-' | '+-') term)*
    fn expr(&mut self) -> Result<Game, GameError> {
        let mut g = self.term()?;
        loop {
            self.skip_space();
            if self.eat("+-") || self.eat("±") {
                g = g.try_add(self.switch()?)?;
            } else if self.eat("+") {
                g = g.try_add(self.term()?)?;
            } else if self.eat("-") {
                g = g.try_sub(self.term()?)?;
            } else {
                return Ok(g);
            }
        }
    }

    fn term(&mut self) -> Result<Game, GameError> {
        self.skip_space();
        let Some(c) = self.peek() else {
            return Err(self.error_at(self.pos, "a game is missing".into()));
        };
        if self.eat("+-") || self.eat("±") {
            // `+-+-…x` nests one game a sign, so it counts as nesting.
            return self.nested(|p| p.switch());
        }
        match c {
            // `-2^` is `-2 + ^`: a minus sign touching digits belongs to the number.
            '-' if self
                .chars
                .get(self.pos + 1)
                .is_some_and(char::is_ascii_digit) =>
            {
                self.pos += 1;
                self.literal(true)
            }
            // A run of signs `---x` is read in a loop, not one call a sign, so that no length
            // of it can overflow the stack (50 000 signs did).
            '-' => {
                let mut negate = false;
                while self.peek() == Some('-')
                    && !self
                        .chars
                        .get(self.pos + 1)
                        .is_some_and(char::is_ascii_digit)
                {
                    self.pos += 1;
                    negate = !negate;
                    self.skip_space();
                }
                let g = self.term()?;
                if negate {
                    g.try_neg()
                } else {
                    Ok(g)
                }
            }
            '(' => {
                let open = self.pos;
                self.pos += 1;
                let g = self.nested(|p| p.expr())?;
                self.close(')', open)?;
                Ok(g)
            }
            '{' => {
                let open = self.pos;
                self.pos += 1;
                let g = self.nested(|p| p.braces(open))?;
                self.close('}', open)?;
                Ok(g)
            }
            c if c.is_alphabetic() && c != 'v' || self.word_ahead() => self.named(),
            c if c.is_ascii_digit() || c == '*' || c == '^' || c == 'v' => self.literal(false),
            c => Err(self.unexpected(c)),
        }
    }

    /// True when a word such as `on` or `Tiny` starts here (not a `v` of down).
    fn word_ahead(&self) -> bool {
        self.peek() == Some('v')
            && self
                .chars
                .get(self.pos + 1)
                .is_some_and(|&c| c.is_alphabetic() && c != 'v')
    }

    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_at(self.pos, format!("nesting deeper than {MAX_DEPTH}")));
        }
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn close(&mut self, want: char, open: usize) -> Result<(), GameError> {
        self.skip_space();
        match self.peek() {
            Some(c) if c == want => {
                self.pos += 1;
                Ok(())
            }
            Some(c) => Err(self.unexpected(c)),
            None => Err(self.error_at(
                open,
                format!("unbalanced `{}`: no matching `{want}`", self.chars[open]),
            )),
        }
    }

    /// `Tiny(x)`, `Miny(x)`, or an error for a loopy or infinite game or an unknown name.
    fn named(&mut self) -> Result<Game, GameError> {
        let start = self.pos;
        while self.peek().is_some_and(char::is_alphanumeric) {
            self.pos += 1;
        }
        let word: String = self.chars[start..self.pos].iter().collect();
        let tiny = match word.to_ascii_lowercase().as_str() {
            "tiny" => true,
            "miny" => false,
            "on" | "off" | "over" | "under" | "upon" | "dud" | "pass" | "loopy" | "omega" | "ω" => {
                return Err(self.error_at(
                    start,
                    format!("`{word}` is a loopy or infinite game; only short games are supported"),
                ))
            }
            _ => {
                return Err(GameError::bad_spec(
                    self.text,
                    format!(
                        "unknown name `{word}` at position {}; {}",
                        start + 1,
                        literal_tip(&word)
                    ),
                ));
            }
        };
        self.skip_space();
        let open = self.pos;
        if !self.eat("(") {
            return Err(match self.peek() {
                Some(c) => self.unexpected(c),
                None => self.error_at(self.pos, format!("`{word}` needs `(x)`")),
            });
        }
        let x = self.nested(|p| p.expr())?;
        self.close(')', open)?;
        let zero = Game::zero();
        let mx = x.try_neg()?;
        if tiny {
            Game::try_from_options(&[zero], &[Game::try_from_options(&[zero], &[mx])?])
        } else {
            Game::try_from_options(&[Game::try_from_options(&[x], &[zero])?], &[zero])
        }
    }

    fn digits(&mut self) -> Option<(u64, usize)> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d as u64);
            self.pos += 1;
        }
        (self.pos > start).then_some((value, start))
    }

    fn bounded(&self, (value, at): (u64, usize), max: u64, what: &str) -> Result<u64, GameError> {
        if value > max {
            Err(self.error_at(at, format!("{what} larger than {max}")))
        } else {
            Ok(value)
        }
    }

    /// `[number][^…|v…][*[n]]`, at least one part; `negative` when a `-` preceded the number.
    fn literal(&mut self, negative: bool) -> Result<Game, GameError> {
        let start = self.pos - usize::from(negative);
        let mut x = Dyadic::ZERO;
        let number = self.digits();
        if let Some(num) = number {
            let num = self.bounded(num, MAX_LITERAL, "a number")? as i64;
            let mut exp = 0;
            if self.peek() == Some('/') {
                self.pos += 1;
                let Some(den) = self.digits() else {
                    return Err(match self.peek() {
                        Some(c) => self.unexpected(c),
                        None => self.error_at(self.pos, "a denominator is missing".into()),
                    });
                };
                let at = den.1;
                let den = self.bounded(den, MAX_LITERAL, "a denominator")?;
                if den == 0 || !den.is_power_of_two() {
                    return Err(self.error_at(
                        at,
                        format!("denominator {den} is not a power of two (short games are dyadic)"),
                    ));
                }
                exp = den.trailing_zeros();
            }
            x = Dyadic::new(if negative { -num } else { num }, exp)?;
            // `2Tiny(2)` = 2 + Tiny(2): CGSuite prints `{x||x|y}` as `xTiny(x−y)` and
            // `{y|x||x}` as `xMiny(y−x)` for a number `x` (`CanonicalShortGame.appendTo`,
            // case `isNumberTiny`: the translate, then the subscript).
            if self.peek().is_some_and(|c| c.is_alphabetic() && c != 'v') || self.word_ahead() {
                return Game::try_number_up_star(x, 0, 0)?.try_add(self.named()?);
            }
        }
        let mut ups: i64 = 0;
        let mut power = Game::zero();
        if let Some(arrow @ ('^' | 'v')) = self.peek() {
            let sign = if arrow == '^' { 1 } else { -1 };
            let mut count = 0;
            while self.peek() == Some(arrow) {
                self.pos += 1;
                count += 1;
            }
            if count == 1 && matches!(self.peek(), Some('<' | '[')) {
                power = self.up_power(arrow)?;
            } else {
                let n = match self.digits() {
                    Some((_, at)) if count == 1 && arrow == '^' && number.is_some() => {
                        return Err(self.power_or_ups(start, at))
                    }
                    Some(n) if count == 1 => {
                        self.bounded(n, MAX_UP_OR_NIM, "a multiple of up")? as i64
                    }
                    Some((_, at)) => {
                        return Err(self.error_at(at, format!("a count after `{arrow}{arrow}`")))
                    }
                    None => count,
                };
                ups = sign * n;
            }
        }
        let mut nim = 0;
        if self.peek() == Some('*') {
            self.pos += 1;
            nim = match self.digits() {
                Some(n) => self.bounded(n, MAX_UP_OR_NIM, "a nimber")? as u32,
                None => 1,
            };
        }
        Game::try_number_up_star(x, ups, nim)?.try_add(power)
    }

    /// `^<n>` = ↑^n (up-nth) and `^[n]` = ↑ + ↑^2 + … + ↑^n, `v<n>` and `v[n]` their
    /// negatives, as CGSuite prints an uptimal `x + d₁·↑ + d₂·↑^2 + … + dₙ·↑^n` whose only
    /// nonzero digit is `dₙ = ±1` (`<n>`) or whose digits are all `+1` or all `−1` (`[n]`)
    /// (`Uptimal.appendTo`, `UptimalExpansion.isUnit`/`isUnitSum`). Its tests: `{0|v*}`
    /// prints `^<2>`, `{^|*}` prints `^[2]`, `^.PowTo(3)` prints `^[3]`. Called on the `<` or
    /// `[` after the arrow.
    fn up_power(&mut self, arrow: char) -> Result<Game, GameError> {
        let open = self.pos;
        let (bracket, close) = if self.chars[open] == '<' {
            ('<', '>')
        } else {
            ('[', ']')
        };
        self.pos += 1;
        let Some(n) = self.digits() else {
            return Err(match self.peek() {
                Some(c) => self.unexpected(c),
                None => self.error_at(
                    self.pos,
                    format!("a count is missing after `{arrow}{bracket}`"),
                ),
            });
        };
        let at = n.1;
        let n = self.bounded(n, MAX_UP_POWER, "a power of up")? as usize;
        if n == 0 {
            return Err(self.error_at(
                at,
                format!("`{arrow}{bracket}0{close}`: powers of up count from 1"),
            ));
        }
        self.close(close, open)?;
        let g = if bracket == '<' {
            up_nth(n)?
        } else {
            up_sum(n)?
        };
        if arrow == '^' {
            Ok(g)
        } else {
            g.try_neg()
        }
    }

    /// The refusal of `2^40`: CGSuite, and every other argument of grundy (`--to 2^20`),
    /// read it as a power, where juxtaposition would read `2 + 40·↑`; neither reading is
    /// taken silently. `start` is where the number began, `at` where the count began.
    fn power_or_ups(&self, start: usize, at: usize) -> GameError {
        let number: String = self.chars[start..at - 1].iter().collect();
        let count: String = self.chars[at..self.pos].iter().collect();
        self.error_at(
            start,
            format!(
                "`{number}^{count}` is ambiguous: a power in CGSuite and in grundy's other arguments, {number} plus {count} ups here; write `{number}+^{count}` for {number} + {count}·↑, or the power's value in digits"
            ),
        )
    }

    /// The inside of `{…}`: options separated by commas, left from right by the longest run
    /// of bars; a side that itself contains bars is one game.
    fn braces(&mut self, open: usize) -> Result<Game, GameError> {
        let pieces = self.brace_pieces()?;
        if !pieces.iter().any(|p| matches!(p, Piece::Bars(..))) {
            return Err(self.error_at(
                open,
                "`{` without a `|` between left and right options".into(),
            ));
        }
        self.build(&pieces)
    }

    /// The pieces of the inside of `{…}`, up to (not past) the closing `}`.
    fn brace_pieces(&mut self) -> Result<Vec<Piece>, GameError> {
        let mut pieces = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None | Some('}') => {
                    pieces.push(Piece::Empty(self.pos));
                    break;
                }
                Some(',') => {
                    pieces.push(Piece::Empty(self.pos));
                }
                Some('|') => pieces.push(Piece::Empty(self.pos)),
                Some(_) => pieces.push(Piece::Option(self.expr()?)),
            }
            self.skip_space();
            match self.peek() {
                Some(',') => {
                    self.pos += 1;
                    pieces.push(Piece::Comma);
                }
                Some('|') => {
                    let at = self.pos;
                    while self.peek() == Some('|') {
                        self.pos += 1;
                    }
                    pieces.push(Piece::Bars(self.pos - at, at));
                }
                _ => break,
            }
        }
        if let Some(c) = self.peek().filter(|&c| c != '}') {
            return Err(self.unexpected(c));
        }
        Ok(pieces)
    }

    /// What follows `+-` (or `±`): `±g = {g | −g}` for a game `g`, and for a list in braces
    /// without a bar `±{a, b} = {a, b | −a, −b}`, the form CGSuite prints for a switch
    /// `G = −G` with several left options (`CanonicalShortGame.appendTo`, case `isSwitch`;
    /// its test "Multiple switch": `+-{1,1+*}` prints `+-{1,1*}`). Braces with bars are one
    /// game, as after any other operator (`+-{3|2}` is `±{3|2}`).
    fn switch(&mut self) -> Result<Game, GameError> {
        self.skip_space();
        if self.peek() != Some('{') {
            return pm(&[self.term()?]);
        }
        let open = self.pos;
        self.pos += 1;
        let pieces = self.nested(|p| p.brace_pieces())?;
        self.close('}', open)?;
        if pieces.iter().any(|p| matches!(p, Piece::Bars(..))) {
            return pm(&[self.build(&pieces)?]);
        }
        let options = self.side(&pieces)?;
        if options.is_empty() {
            return Err(self.error_at(open, "`+-{}` lists no option".into()));
        }
        pm(&options)
    }

    fn build(&self, pieces: &[Piece]) -> Result<Game, GameError> {
        let level = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Bars(n, _) => Some(*n),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let splits: Vec<usize> = pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Piece::Bars(n, _) if *n == level))
            .map(|(i, _)| i)
            .collect();
        if let [_, second, ..] = splits[..] {
            let Piece::Bars(_, at) = pieces[second] else {
                unreachable!()
            };
            return Err(self.error_at(
                at,
                format!(
                    "ambiguous `{}`: two separators of the same length",
                    "|".repeat(level)
                ),
            ));
        }
        let (left, right) = (&pieces[..splits[0]], &pieces[splits[0] + 1..]);
        Game::try_from_options(&self.side(left)?, &self.side(right)?)
    }

    fn side(&self, pieces: &[Piece]) -> Result<Vec<Game>, GameError> {
        if pieces.iter().any(|p| matches!(p, Piece::Bars(..))) {
            return Ok(vec![self.build(pieces)?]);
        }
        if let [Piece::Empty(_)] = pieces {
            return Ok(Vec::new());
        }
        pieces
            .iter()
            .filter(|p| !matches!(p, Piece::Comma))
            .map(|p| match p {
                Piece::Option(g) => Ok(*g),
                Piece::Empty(at) => Err(self.error_at(*at, "an option is missing".into())),
                _ => unreachable!("commas and bars are filtered out above"),
            })
            .collect()
    }
}

/// `↑^[n]` by CGSuite's `powTo` of `↑ = {0|*}` (`CanonicalShortGameOps.powTo`):
/// `↑^[0] = 0`, `↑^[k] = {↑^[k−1] | *}`. It equals `↑ + ↑^2 + … + ↑^n`, which is what the
/// printed `^[n]` stands for (the oracle tests check the two agree).
fn up_sum(n: usize) -> Result<Game, GameError> {
    let star = Game::nimber(1);
    (0..n).try_fold(Game::zero(), |g, _| Game::try_from_options(&[g], &[star]))
}

/// `↑^n` by CGSuite's `pow` of `↑ = {0|*}` (`CanonicalShortGameOps.pow`):
/// `↑^n = {0 | * − ↑^[n−1]}`, so `↑^1 = ↑` and `↑^2 = {0|↓*}`.
fn up_nth(n: usize) -> Result<Game, GameError> {
    let right = Game::nimber(1).try_sub(up_sum(n - 1)?)?;
    Game::try_from_options(&[Game::zero()], &[right])
}

/// `±{a, b, …} = {a, b, … | −a, −b, …}`.
fn pm(options: &[Game]) -> Result<Game, GameError> {
    let negatives = options
        .iter()
        .map(|g| g.try_neg())
        .collect::<Result<Vec<_>, _>>()?;
    Game::try_from_options(options, &negatives)
}

/// How to write what an unknown word names: CGSuite's symbols for the words a reader says
/// (`up` is `^`), else the literals there are.
fn literal_tip(word: &str) -> &'static str {
    match word.to_ascii_lowercase().as_str() {
        "up" => "write up as `^` (`^2` or `^^` for double-up)",
        "down" => "write down as `v` (`v2` or `vv` for double-down)",
        "star" | "nimber" => "write star as `*` (`*2` for star two)",
        "upstar" => "write up-star as `^*`",
        _ => "the literals are numbers (`3/4`), `*`, `*n`, `^`, `v`, `{L|R}`, `Tiny(x)` and `Miny(x)`",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of a Blue-Red-Green Hackenbush stalk (`L`, `R`, `G` from the ground up) by
    /// the definition: cutting edge `i` leaves the edges below it.
    fn stalk(edges: &str) -> Game {
        let mut prefixes = vec![Game::zero()];
        for end in 1..=edges.len() {
            let (mut left, mut right) = (Vec::new(), Vec::new());
            for (i, colour) in edges[..end].chars().enumerate() {
                if colour != 'R' {
                    left.push(prefixes[i]);
                }
                if colour != 'L' {
                    right.push(prefixes[i]);
                }
            }
            prefixes.push(Game::from_options(&left, &right));
        }
        prefixes[edges.len()]
    }

    /// Printing takes time in proportion to the text: a stalk `LG` × 8 prints 218 749
    /// characters, which the sort that printed options again at each comparison took minutes
    /// to produce. The text reads back as the same game, and printing is deterministic.
    #[test]
    fn printing_a_deep_form_is_linear_in_its_text() {
        let g = stalk(&"LG".repeat(8));
        let start = std::time::Instant::now();
        let text = g.to_string();
        let elapsed = start.elapsed();
        assert_eq!(text.len(), 218_749);
        assert_eq!(text.parse::<Game>().unwrap(), g);
        assert_eq!(g.to_string(), text);
        assert!(elapsed.as_secs() < 30, "printing took {elapsed:?}");
        // Small stalks, by hand: LG = {0,1|1} = 1*, LGL = {0,1,1*|1} = 1^*.
        assert_eq!(stalk("LG").to_string(), "1*");
        assert_eq!(stalk("LGL").to_string(), "1^*");
    }

    /// `text_len` is the length of the text, measured without writing it, on forms with
    /// every kind of printed piece (compact literals, `+-x`, `Tiny`, `Miny`, sole braced
    /// options written with more bars, lists); `try_text` refuses a text past the budget.
    #[test]
    fn the_text_is_measured_before_it_is_written() {
        let mut games: Vec<Game> = [
            "0",
            "-3/4",
            "^^*",
            "v3*2",
            "+-1",
            "{3||2*|1*}",
            "Tiny(2)",
            "Miny(1/2)",
            "{0,*|0,*}",
            "{1|{0|-1}}",
            "{{2|1}|{0|-1},*}",
            "{{3||2|1}|||0}",
            "^<4>*3",
            "{+-1,Tiny(1)|Miny(2),{1|*}}",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        games.extend((1..=8).map(|k| stalk(&"LG".repeat(k))));
        games.extend(["LRG", "GGRL", "LLRRGG", "GLRGLR"].map(stalk));
        for g in games {
            assert_eq!(g.text_len(), g.to_string().len() as u128, "{g}");
            assert_eq!(g.try_text().unwrap(), g.to_string());
        }
        // A closed form is measured from its coordinates: `*2^30` has 2^30 options, which
        // are never built (that would be 8 GB).
        assert_eq!(
            Game::nimber(1 << 30).text_len(),
            "*1073741824".len() as u128
        );
        // 15 pairs would print about 17 GB; 20 pairs, past 10^13 bytes, fit no machine's
        // budget, and are refused before a byte is written.
        let huge = stalk(&"LG".repeat(20));
        assert!(huge.text_len() > 10_000_000_000_000, "{}", huge.text_len());
        let err = huge.try_text().unwrap_err().to_string();
        assert!(err.contains("writing out this canonical form ("), "{err}");
        assert!(err.contains("characters of CGSuite notation"), "{err}");
    }

    /// Long runs of signs: `-` any number of times is a loop (an even run is the game, an odd
    /// run its negative), `+-` counts as nesting and is refused past `MAX_DEPTH`; neither
    /// overflows the stack.
    #[test]
    fn long_runs_of_signs_are_read_or_refused_without_overflow() {
        let up: Game = "^".parse().unwrap();
        for n in [1, 2, 3, 200, 60_001, 100_000] {
            let text = format!("{}^", "-".repeat(n));
            let want = if n % 2 == 0 { up } else { up.neg() };
            assert_eq!(text.parse::<Game>().unwrap(), want, "{n} signs");
            let spaced = format!("{}^", "- ".repeat(n));
            assert_eq!(spaced.parse::<Game>().unwrap(), want, "{n} spaced signs");
        }
        // A minus touching digits still belongs to the number: `--1` = -(-1) = 1.
        assert_eq!("--1".parse::<Game>().unwrap(), Game::integer(1));
        assert_eq!("---1".parse::<Game>().unwrap(), Game::integer(-1));
        assert_eq!("-(-{0|})".parse::<Game>().unwrap(), Game::integer(1));
        // ±(±1) = {±1 | ∓1} = {±1 | ±1}, read by the definition.
        let pm1: Game = "+-1".parse().unwrap();
        assert_eq!(
            "+-+-1".parse::<Game>().unwrap(),
            Game::from_options(&[pm1], &[pm1.neg()])
        );
        let deep = format!("{}1", "+-".repeat(50_000));
        let err = deep.parse::<Game>().unwrap_err().to_string();
        assert!(err.contains("nesting deeper than 200"), "{err}");
    }
}
