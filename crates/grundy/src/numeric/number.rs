//! Parsing of non-negative integers as users write them: `1000000`, `1_000_000`, `10^18`,
//! `1e9`, `3*10^6`, `2^64-1`. Every overflow is an error, never a wrap.

/// Parses `text` as a u64 expression: products (`*`) of `A`, `A^B` or `AeB`, joined by `+` or `-`.
/// Returns a message describing the problem on failure.
///
/// ```
/// use grundy::numeric::number::parse_u64_expr;
/// assert_eq!(parse_u64_expr("3*10^6"), Ok(3_000_000));
/// assert_eq!(parse_u64_expr("2^64-1"), Ok(u64::MAX));
/// assert!(parse_u64_expr("2^64").is_err());
/// ```
pub fn parse_u64_expr(text: &str) -> Result<u64, String> {
    let text = text.trim();
    // Fast path: plain digits (the batch hot path).
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text
            .parse::<u64>()
            .map_err(|_| "exceeds 2^64−1 = 18446744073709551615".to_string());
    }
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    if cleaned.is_empty() {
        return Err("expected a non-negative integer".into());
    }
    if let Some(rest) = cleaned.strip_prefix('+') {
        return Err(format!(
            "`{text}` starts with `+`; write the number without a sign (`{rest}`)"
        ));
    }
    if cleaned.starts_with('-') {
        return Err(format!(
            "`{text}` is negative; expected a non-negative integer"
        ));
    }
    // The error names the whole token the user typed (`3*10^6`), never a fragment of it.
    expression(&cleaned).map_err(|e| {
        if e == NOT_INTEGER {
            format!("`{text}` is not a non-negative integer (forms: 42, 10^6, 3e6, 3*10^6, 2^64-1)")
        } else if e == NEGATIVE {
            format!("`{text}` {NEGATIVE}; expected a non-negative integer")
        } else {
            e
        }
    })
}

/// The error of a malformed term; `parse_u64_expr` rewords it with the whole token.
const NOT_INTEGER: &str = "not an integer";

/// The error of an expression below zero (`1-3`); reworded with the whole token too.
const NEGATIVE: &str = "is negative";

/// Terms joined by `+` and `-`, each a product of factors (`3*10^6`).
fn expression(cleaned: &str) -> Result<u64, String> {
    let mut total: i128 = 0;
    let mut sign: i128 = 1;
    let mut rest = cleaned;
    loop {
        let end = rest.find(['+', '-']).unwrap_or(rest.len());
        let (term, tail) = rest.split_at(end);
        total += sign * parse_product(term)? as i128;
        if total.abs() > 1i128 << 100 {
            return Err("exceeds 2^64−1 = 18446744073709551615".into());
        }
        match tail.chars().next() {
            None => break,
            Some(op) => {
                sign = if op == '+' { 1 } else { -1 };
                rest = &tail[1..];
            }
        }
    }
    if total < 0 {
        return Err(NEGATIVE.into());
    }
    if total > u64::MAX as i128 {
        return Err("exceeds 2^64−1 = 18446744073709551615".into());
    }
    Ok(total as u64)
}

fn parse_digits(text: &str) -> Result<u128, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NOT_INTEGER.into());
    }
    text.parse::<u128>()
        .map_err(|_| "exceeds 2^64−1 = 18446744073709551615".to_string())
}

/// A term of a sum: a product of factors, each at most 2^64 (as in `2^64-1`). An overflow
/// names the term, since the whole expression may well be small (`10^20-10^20`).
fn parse_product(term: &str) -> Result<u128, String> {
    let too_big = || {
        format!("the term `{term}` exceeds 2^64 (each term of a sum may be at most 2^64, and the value at most 2^64−1 = 18446744073709551615)")
    };
    term.split('*').try_fold(1u128, |acc, factor| {
        let factor = parse_term(factor).map_err(|e| {
            if e.starts_with("exceeds") {
                too_big()
            } else {
                e
            }
        })?;
        acc.checked_mul(factor)
            .filter(|&v| v <= 1u128 << 64)
            .ok_or_else(too_big)
    })
}

fn parse_term(term: &str) -> Result<u128, String> {
    let value = if let Some((base, exp)) = term.split_once('^') {
        pow(parse_digits(base)?, parse_digits(exp)?)?
    } else if let Some((mantissa, exp)) = term.split_once(['e', 'E']) {
        parse_digits(mantissa)?
            .checked_mul(pow(10, parse_digits(exp)?)?)
            .ok_or("exceeds 2^64−1 = 18446744073709551615")?
    } else {
        parse_digits(term)?
    };
    // Terms may reach 2^64 (as in `2^64-1`), not beyond.
    if value > 1u128 << 64 {
        return Err("exceeds 2^64−1 = 18446744073709551615".into());
    }
    Ok(value)
}

fn pow(base: u128, exp: u128) -> Result<u128, String> {
    let mut acc: u128 = 1;
    for _ in 0..exp {
        acc = acc
            .checked_mul(base)
            .filter(|&v| v <= 1u128 << 64)
            .ok_or("exceeds 2^64−1 = 18446744073709551615")?;
        if acc <= 1 {
            break; // base 0 or 1: stays put
        }
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(parse_u64_expr("123"), Ok(123));
        assert_eq!(parse_u64_expr("1_000"), Ok(1000));
        assert_eq!(parse_u64_expr("10^15"), Ok(1_000_000_000_000_000));
        assert_eq!(parse_u64_expr("1e9"), Ok(1_000_000_000));
        assert_eq!(parse_u64_expr("2^64-1"), Ok(u64::MAX));
        assert_eq!(parse_u64_expr("2^10+3"), Ok(1027));
        assert_eq!(parse_u64_expr("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_u64_expr("1^1000000000000"), Ok(1));
        assert_eq!(parse_u64_expr("3*10^6"), Ok(3_000_000));
        assert_eq!(parse_u64_expr("2*3*7+1"), Ok(43));
    }

    /// The message names the whole token, never an empty or cut fragment.
    #[test]
    fn errors_name_the_whole_token() {
        let e = parse_u64_expr("-1").unwrap_err();
        assert!(e.contains("`-1` is negative"), "{e}");
        let e = parse_u64_expr("1-3").unwrap_err();
        assert_eq!(e, "`1-3` is negative; expected a non-negative integer");
        let e = parse_u64_expr("3x10^6").unwrap_err();
        assert!(e.contains("`3x10^6` is not a non-negative integer"), "{e}");
        assert!(e.contains("3*10^6"), "{e}");
        assert!(!parse_u64_expr("3**2").unwrap_err().contains("``"));
        // Issue 20: the error names the token that is wrong and the allowed range.
        let e = parse_u64_expr("+5").unwrap_err();
        assert!(
            e.contains("`+5` starts with `+`") && e.contains("`5`"),
            "{e}"
        );
        let e = parse_u64_expr("10^20-10^20").unwrap_err();
        assert!(
            e.contains("the term `10^20` exceeds 2^64") && e.contains("at most 2^64−1"),
            "{e}"
        );
        let e = parse_u64_expr("2^64").unwrap_err();
        assert!(e.contains("exceeds 2^64−1"), "{e}");
    }

    #[test]
    fn errors() {
        for bad in [
            "",
            "-1",
            "2^64",
            "18446744073709551616",
            "10^20",
            "abc",
            "1..3",
            "3-5",
            "1e",
        ] {
            assert!(parse_u64_expr(bad).is_err(), "{bad}");
        }
    }
}
