//! Huge and hostile inputs never panic: every path from text to an answer either answers or
//! refuses with a `GameError` (numbers past 64-bit numerators or `2^62` denominators, cakes of
//! 10^18 rows, move lists of 5·10^17 moves). Where an answer comes back it is checked exactly.

use grundy::partizan::games::catalogue::CATALOGUE;
use grundy::partizan::games::solve;
use grundy::partizan::{Dyadic, Game};
use grundy::GameError;
use proptest::prelude::*;

fn session(name: &str) -> Box<dyn grundy::partizan::games::search::Session> {
    let entry = CATALOGUE.iter().find(|e| e.name == name).unwrap();
    (entry.session)()
}

/// `{0|{0|…{0|x}}}`, `depth` deep: `x / 2^depth` for a positive number `x`.
fn halvings(depth: usize, x: &str) -> String {
    (0..depth).fold(x.to_string(), |s, _| format!("{{0|{s}}}"))
}

/// Exact `num / 2^exp` as an `i128` pair, for checking a `Dyadic` result.
fn exact(d: Dyadic) -> (i128, u32) {
    (d.numerator() as i128, d.exponent())
}

fn is_too_large(e: &GameError) -> bool {
    matches!(e, GameError::TooLarge(_))
}

#[test]
fn deep_halvings_are_refused_not_panicked() {
    // 2^-62 is the finest number; one halving more is an error, also inside sums and `±`.
    let g: Game = halvings(62, "1").parse().unwrap();
    assert_eq!(g.to_string(), "1/4611686018427387904");
    for text in [
        halvings(63, "1"),
        halvings(80, "1"),
        format!("{} + 1", halvings(70, "1")),
        format!("+-{}", halvings(70, "1")),
        format!("Tiny({})", halvings(70, "1")),
    ] {
        let err = text.parse::<Game>().unwrap_err();
        assert!(is_too_large(&err), "{text}: {err}");
        assert!(err.to_string().contains("overflow"), "{err}");
    }
    assert!(Game::try_from_options(&[Game::zero()], &[g]).is_err());
}

#[test]
fn cake_sums_past_64_bits_are_refused() {
    let mut s = session("cutcake");
    let max = "1,9223372036854775807";
    assert_eq!(s.value(max).unwrap(), Game::integer(i64::MAX - 1));
    let err = s.value(&format!("{max}+{max}")).unwrap_err();
    assert!(is_too_large(&err), "{err}");
    let err = s.value("1,9223372036854775808").unwrap_err();
    assert!(err.to_string().contains("at most 2^63 − 1"), "{err}");
}

#[test]
fn solve_of_a_huge_cake_omits_the_list_but_names_the_winner() {
    let mut s = session("cutcake");
    let solution = solve::solve(s.as_mut(), &["10^18,3"]).unwrap();
    assert_eq!(
        solution.canonical,
        Game::integer(-(500_000_000_000_000_000 - 1))
    );
    // Left's only cut of 3 columns leaves 10^18,1 + 10^18,2 < 0: listed, and not winning.
    assert!(solution.left_first.moves_omitted.is_none());
    assert!(solution.left_first.winning_moves.is_empty());
    assert_eq!(
        solution.left_first.winner,
        grundy::partizan::games::Side::Right
    );
    let right = &solution.right_first;
    assert_eq!(right.winner, grundy::partizan::games::Side::Right);
    assert!(right.winning_moves.is_empty());
    let reason = right.moves_omitted.as_deref().unwrap();
    assert!(reason.contains("500000000000000000 moves"), "{reason}");
    // Explaining the same cake is refused the same way (it would list every cut).
    assert!(is_too_large(
        &solve::explain(s.as_mut(), "10^18,3").unwrap_err()
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Checked dyadic arithmetic answers exactly or refuses; it never panics or wraps.
    #[test]
    fn dyadic_arithmetic_is_exact_or_refused(
        a in any::<i64>(), ea in 0u32..=62, b in any::<i64>(), eb in 0u32..=62,
    ) {
        let (x, y) = (Dyadic::new(a, ea).unwrap(), Dyadic::new(b, eb).unwrap());
        let e = ea.max(eb);
        // a/2^ea ± b/2^eb = (a·2^(e−ea) ± b·2^(e−eb)) / 2^e, exactly in i128.
        let (wa, wb) = ((a as i128) << (e - ea), (b as i128) << (e - eb));
        for (result, wide) in [(x.checked_add(y), wa + wb), (x.checked_sub(y), wa - wb)] {
            match result {
                Ok(d) => {
                    let (n, k) = exact(d);
                    prop_assert_eq!(n << (e - k), wide);
                }
                Err(err) => prop_assert!(is_too_large(&err)),
            }
        }
        match x.checked_neg() {
            Ok(d) => prop_assert_eq!(exact(d), (-(x.numerator() as i128), x.exponent())),
            Err(_) => prop_assert_eq!(x.numerator(), i64::MIN),
        }
    }

    /// Games built from the parser with numbers up to its limits, nested and summed: the
    /// parse and every invariant `grundy cgt` prints answer or refuse, never panic.
    #[test]
    fn big_expressions_answer_or_refuse(
        depth in 0usize..90,
        big in prop::sample::select(vec!["1", "4294967296", "1/4294967296", "-4294967296^*7", "{4294967296|-4294967296}"]),
        terms in 1usize..5,
    ) {
        let one = halvings(depth, "1");
        let text = (0..terms).map(|i| if i % 2 == 0 { one.clone() } else { format!("{{{big}|{one}}}") })
            .collect::<Vec<_>>().join(" + ");
        match text.parse::<Game>() {
            Ok(g) => {
                prop_assert!(depth <= 62);
                let _ = g.summary();
                let _ = g.cool(Dyadic::ONE);
                let _ = g.heat(Dyadic::ONE);
                let _ = g.try_sub(g).map(|z| assert_eq!(z, Game::zero()));
            }
            // `2^32 + 2^-31` already needs a 64-bit odd numerator: refusals start early.
            Err(e) => prop_assert!(is_too_large(&e), "{}: {}", text, e),
        }
    }

    /// Text strung from the tokens of CGSuite's printed forms (`^<n>`, `v[n]`, `+-{a,b}`,
    /// `2Tiny(2)`), well-formed or not, answers or refuses in one line; never panics. Counts
    /// stay small so that what parses is cheap to build.
    #[test]
    fn cgsuite_token_soup_answers_or_refuses(
        tokens in prop::collection::vec(prop::sample::select(vec![
            "^", "v", "<", ">", "[", "]", "2", "13", "0", "65", "99999999999", "*", "+-", "±",
            "{", "}", "|", ",", "(", ")", "Tiny", "Miny", "-", "+", "1/2", " ",
        ]), 0..14),
    ) {
        let text = tokens.concat();
        match text.parse::<Game>() {
            Ok(g) => prop_assert_eq!(g.to_string().parse::<Game>().unwrap(), g),
            Err(e) => prop_assert!(!e.to_string().contains('\n'), "{}: {}", text, e),
        }
    }

    /// Cakes of any size up to 2^63 − 1: a sum's value is the exact sum of the closed forms
    /// when that fits in 64 bits and a refusal otherwise; `solve` always names the winners.
    #[test]
    fn huge_cakes_answer_exactly_or_refuse(
        pieces in prop::collection::vec((1u64..=i64::MAX as u64, 1u64..=i64::MAX as u64), 1..4),
    ) {
        use grundy::partizan::games::cutcake::closed_form;
        let text = pieces.iter().map(|(m, n)| format!("{m},{n}")).collect::<Vec<_>>().join("+");
        let exact: i128 = pieces.iter().map(|&(m, n)| closed_form(m, n) as i128).sum();
        let mut s = session("cutcake");
        match s.value(&text) {
            Ok(g) => prop_assert_eq!(g, Game::integer(i64::try_from(exact).unwrap())),
            Err(e) => prop_assert!(is_too_large(&e) && i64::try_from(exact).is_err(), "{}", e),
        }
        if let Ok(solution) = solve::solve(s.as_mut(), &[&text]) {
            for first in [&solution.left_first, &solution.right_first] {
                prop_assert!(first.moves_omitted.is_some() || first.winning_moves.len() < 100_001);
            }
        }
    }
}
