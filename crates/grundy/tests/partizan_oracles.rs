//! The facts stated in issue 15, as tests of the partizan engine through its public API.

use grundy::partizan::{Dyadic, Game, Outcome, Relation};

fn g(text: &str) -> Game {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` should parse: {e}"))
}

fn same(a: &str, b: &str) {
    assert_eq!(g(a), g(b), "{a} should equal {b}");
    assert_eq!(g(a).to_string(), g(b).to_string());
}

#[test]
fn simplest_number_rule() {
    same("{1/2|2}", "1");
    same("{3/4|7/8}", "13/16");
    same("{0|2}", "1");
    same("{1,2|}", "3");
    same("{0,*,*2|0,*,*2}", "*3");
    assert_eq!(g("{3/4|7/8}").to_string(), "13/16");
    assert_eq!(g("{0,*,*2|0,*,*2}").to_string(), "*3");
    assert_eq!(g("{|}").to_string(), "0");
    assert_eq!(g("{-1|}").to_string(), "0");
    assert_eq!(g("{|-3/2}").to_string(), "-2");
}

#[test]
fn infinitesimals() {
    same("^", "{0|*}");
    same("^*", "{0,*|0}");
    same("{0|^}", "^^*");
    assert_eq!(g("{0|^}").to_string(), "^^*");
    assert_eq!(g("^").compare(Game::zero()), Relation::Greater);
    assert_eq!(g("^*").compare(Game::zero()), Relation::Confused);
    for n in 0..6 {
        assert_eq!(Game::nimber(n) + Game::nimber(n), Game::zero());
    }
    assert_eq!(g("{1|-1} + {1|-1}"), Game::zero());
    same("{1|0} + 1/2", "{3/2|1/2}");
    assert_eq!(g("v"), -g("^"));
    same("^2*", "^^*");
    same("v2", "vv");
    same("{^^*|v,*}", "{^2*|v, *}");
}

#[test]
fn closed_forms_agree_with_the_simplifier() {
    // Each x + n·^ + *m built from its definition as a sum and simplified generically must
    // land on the closed-form node.
    let parts =
        |x: i64, ups: i64, nim: u32| (Game::integer(x), Game::up_multiple(ups), Game::nimber(nim));
    for x in -1..=1 {
        for ups in -3..=3 {
            for nim in 0..4 {
                let (a, b, c) = parts(x, ups, nim);
                let ab = a + b;
                let by_definition = |p: Game, q: Game| {
                    let mut left: Vec<Game> = p.left_options().iter().map(|&o| o + q).collect();
                    left.extend(q.left_options().iter().map(|&o| p + o));
                    let mut right: Vec<Game> = p.right_options().iter().map(|&o| o + q).collect();
                    right.extend(q.right_options().iter().map(|&o| p + o));
                    Game::from_options(&left, &right)
                };
                let want = Game::number_up_star(Dyadic::integer(x), ups, nim);
                assert_eq!(by_definition(ab, c), want, "{want}");
                assert_eq!(by_definition(b, c) + a, want, "{want}");
            }
        }
    }
}

#[test]
fn compare_and_outcome() {
    let rel = |a: &str, b: &str| g(a).compare(g(b)).to_string();
    assert_eq!(rel("1/2", "1/4"), ">");
    assert_eq!(rel("*", "0"), "||");
    assert_eq!(rel("^", "*"), "||");
    assert_eq!(rel("^", "*2"), ">");
    assert_eq!(rel("{1|-1}", "1/2"), "||");
    assert_eq!(rel("{1|-1}", "2"), "<");
    assert_eq!(rel("v", "0"), "<");
    assert_eq!(rel("{0|^}", "^^*"), "=");
    assert_eq!(g("1").outcome(), Outcome::L);
    assert_eq!(g("-1/2").outcome(), Outcome::R);
    assert_eq!(g("0").outcome(), Outcome::P);
    assert_eq!(g("+-1").outcome(), Outcome::N);
    assert_eq!(g("*").outcome().to_string(), "N");
}

#[test]
fn notation_round_trips() {
    for text in [
        "0",
        "-3/4",
        "13/16",
        "*",
        "*7",
        "^",
        "v",
        "^^",
        "vv",
        "^3",
        "v5",
        "^*",
        "v*",
        "^^*",
        "v3*2",
        "1*",
        "-2^",
        "1/2v*3",
        "+-1",
        "+-3/2",
        "{3||2*|1*}",
        "{2|-1}",
        "{3/2|1/2}",
        "Tiny(1)",
        "Miny(2)",
        "{1|*}",
        "{1|0}",
        "{1||0|-1}",
        "{1|0||-1}",
    ] {
        let game = g(text);
        assert_eq!(game.to_string(), text, "prints in CGSuite's form");
        assert_eq!(g(&game.to_string()), game);
    }
    // A numbered multiple of up after a number prints with `+` (`2^3` is refused), and reads
    // back; CGSuite reads `2+^3` the same way.
    for (text, printed) in [
        ("2+^3", "2+^3"),
        ("-1/2 + ^5*2", "-1/2+^5*2"),
        ("2^^ + ^", "2+^3"),
    ] {
        let game = g(text);
        assert_eq!(game.to_string(), printed);
        assert_eq!(g(printed), game);
    }
    same("2+^3", "2 + ^ + ^^");
    same("2v3", "2 + v3");
    same("{3||2*|1*}", "{3|{2*|1*}}");
    same("Tiny(2)", "{0||0|-2}");
    same("Miny(2)", "{2|0||0}");
    same("2+-1", "{3|1}");
    same("{3^|{2^*|1^*}}", "{3^||2^*|1^*}");
    same("-(1 + *) - -2", "1*");
}

#[test]
fn bad_input_names_the_character() {
    for (text, needle) in [
        ("{3|", "unbalanced `{`"),
        ("{3|2", "position 1"),
        ("1/3", "not a power of two"),
        ("{1|2|3}", "ambiguous"),
        ("on", "loopy"),
        ("{0|off}", "loopy"),
        ("3 $", "unexpected `$` at position 3"),
        ("{1,|2}", "missing"),
        ("(1", "unbalanced `(`"),
        ("", "empty"),
        ("{1 2}", "unexpected `2`"),
        ("99999999999999999999", "larger than"),
        ("*999999", "larger than"),
        ("^300", "larger than 256"),
        // A power to CGSuite and the rest of grundy, `2 + 40·↑` to juxtaposition: refused.
        ("2^40", "`2^40` is ambiguous: a power"),
        ("-1/2^3*", "write `-1/2+^3` for -1/2 + 3·↑"),
        ("{2^3|0}", "or the power's value in digits"),
        // Words a reader says get CGSuite's symbol; others the list of literals.
        ("up", "unknown name `up` at position 1; write up as `^`"),
        (
            "{0|down}",
            "unknown name `down` at position 4; write down as `v`",
        ),
        ("star", "write star as `*`"),
        ("x", "the literals are numbers (`3/4`), `*`, `*n`, `^`, `v`"),
    ] {
        let err = text.parse::<Game>().unwrap_err().to_string();
        assert!(err.contains(needle), "`{text}`: {err}");
        assert!(!err.contains('\n'));
    }
}

/// `↑^[n]` written out in braces from CGSuite's definition (`CanonicalShortGameOps.powTo` of
/// `↑ = {0|*}`): `↑^[0] = 0`, `↑^[k] = {↑^[k−1] | *}`.
fn up_sum_braces(n: usize) -> String {
    (0..n).fold("0".to_string(), |g, _| format!("{{{g}|*}}"))
}

/// `↑^n` in braces from CGSuite's `pow` of `↑`: `↑^n = {0 | * − ↑^[n−1]}`.
fn up_nth_braces(n: usize) -> String {
    format!("{{0|* - {}}}", up_sum_braces(n - 1))
}

/// The forms CGSuite prints for uptimals, read back: `^<n>` = ↑^n, `^[n]` = ↑ + ↑^2 + … + ↑^n,
/// `v<n>`, `v[n]` their negatives (`Uptimal.appendTo`; `UptimalExpansion.isUnit`, `isUnitSum`).
#[test]
fn cgsuite_up_powers() {
    // CGSuite's own cases (EvalTest "Pow", "Pow*", "PowTo", "PowTo*").
    same("^<2>", "{0|v*}");
    same("^<2>*", "{0,*|v}");
    same("^[2]", "{^|*}");
    same("^[2]*", "{0,^*|0}");
    same("^<1>", "^");
    same("^[1]", "^");
    let mut sum = Game::zero();
    for n in 1..=12 {
        let (nth, powers) = (g(&format!("^<{n}>")), g(&format!("^[{n}]")));
        assert_eq!(nth, g(&up_nth_braces(n)), "^<{n}>");
        assert_eq!(powers, g(&up_sum_braces(n)), "^[{n}]");
        // `^[n]` is printed for the digits 1…1: the sum of the first n powers.
        sum = sum + nth;
        assert_eq!(powers, sum, "^[{n}] = ^ + ^<2> + … + ^<{n}>");
        assert_eq!(nth + g(&format!("v<{n}>")), Game::zero(), "^<{n}> + v<{n}>");
        assert_eq!(
            powers + g(&format!("v[{n}]")),
            Game::zero(),
            "^[{n}] + v[{n}]"
        );
        assert_eq!(g(&format!("v<{n}>")), -nth);
        // Uptimals are ordered by their digits: 0 < ↑^(n+1) < ↑^n, and the atomic weight
        // is the first digit (`Uptimal.atomicWeight`).
        let next = g(&format!("^<{}>", n + 1));
        assert_eq!(
            next.compare(Game::zero()),
            Relation::Greater,
            "^<{}>",
            n + 1
        );
        assert_eq!(next.compare(nth), Relation::Less, "^<{}> < ^<{n}>", n + 1);
        let weight = i64::from(n == 1);
        assert_eq!(
            nth.atomic_weight().unwrap(),
            Game::integer(weight),
            "^<{n}>"
        );
        assert_eq!(powers.atomic_weight().unwrap(), Game::integer(1), "^[{n}]");
    }
    // A number before, a nimber after, as CGSuite prints `x^<n>*m`.
    same("2^<3>*2", "2 + ^<3> + *2");
    same("-1/2v[2]", "-1/2 + v[2]");
    same("{1|^<3>}", &format!("{{1|{}}}", up_nth_braces(3)));
    assert_eq!(g("^<64> + v<64>"), Game::zero());
}

/// `+-{a,b}` (CGSuite's print of a switch `G = −G` with several left options,
/// `CanonicalShortGame.appendTo`; EvalTest "Multiple switch": `+-{1,1+*}` prints `+-{1,1*}`)
/// and `xTiny(y)`, `xMiny(y)` (its print of `{x||x|x−y}` and `{x+y|x||x}`).
#[test]
fn cgsuite_switch_lists_and_translated_tiny() {
    same("+-{1,1*}", "{1,1*|-1,-1*}");
    same("+-{1,2}", "{1,2|-1,-2}");
    same("± {1, {2|1}}", "{1,{2|1}|-1,{-1|-2}}");
    same("3+-{1,2}", "3 + {1,2|-1,-2}");
    same("+-{5}", "+-5");
    // Braces with a bar stay one game: CGSuite's "Compound switch".
    same("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}");
    same("+-{3|2}", "{{3|2}|{-2|-3}}");
    same("+-(1*)", "{1*|-1*}");
    same("Tiny({2|1})", "{0|||0||-1|-2}");
    for (x, y) in [("2", "2"), ("-1", "2"), ("1/2", "3/4"), ("3", "{2|1}")] {
        same(&format!("{x}Tiny({y})"), &format!("{x} + Tiny({y})"));
        same(&format!("{x}Tiny({y})"), &format!("{{{x}||{x}|{x}-({y})}}"));
        same(&format!("{x}Miny({y})"), &format!("{{{x}+({y})|{x}||{x}}}"));
    }
}

#[test]
fn bad_cgsuite_forms_name_the_token() {
    for (text, needle) in [
        ("^<", "a count is missing after `^<` at position 3"),
        ("v[", "a count is missing after `v[` at position 3"),
        ("^<0>", "`^<0>`: powers of up count from 1 at position 3"),
        ("v[0]", "`v[0]`: powers of up count from 1"),
        (
            "^<99999999999>",
            "a power of up larger than 64 at position 3",
        ),
        ("2^[65]", "a power of up larger than 64 at position 4"),
        ("^<2", "unbalanced `<`: no matching `>` at position 2"),
        ("^[2>", "unexpected `>` at position 4"),
        ("^<x>", "unexpected `x` at position 3"),
        ("^^<2>", "unexpected `<` at position 3"),
        ("^<2>3", "unexpected `3` at position 5"),
        ("+-{", "unbalanced `{`: no matching `}` at position 3"),
        ("+-{}", "`+-{}` lists no option at position 3"),
        ("+-{1,}", "an option is missing at position 6"),
        ("+-(1,2)", "unexpected `,` at position 5"),
        ("2Tiny", "`Tiny` needs `(x)`"),
        ("2Tiny(", "a game is missing at position 7"),
        ("2Foo(1)", "unknown name `Foo` at position 2"),
    ] {
        let err = text.parse::<Game>().unwrap_err().to_string();
        assert!(err.contains(needle), "`{text}`: {err}");
        assert!(!err.contains('\n'));
    }
}

#[test]
fn games_are_shared_across_threads() {
    let handles: Vec<_> = (0..4)
        .map(|i| {
            std::thread::spawn(move || {
                let mut total = Game::zero();
                for k in 0..8 {
                    total = total + g(&format!("{{{}|{}}}", k + i, -(k as i64)));
                }
                total.to_string()
            })
        })
        .collect();
    let texts: Vec<String> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    for (i, t) in texts.iter().enumerate() {
        let mut total = Game::zero();
        for k in 0..8 {
            total = total + g(&format!("{{{}|{}}}", k + i, -(k as i64)));
        }
        assert_eq!(*t, total.to_string());
    }
}

fn d(text: &str) -> Dyadic {
    text.parse().unwrap()
}

#[test]
fn switches_mean_and_temperature() {
    for (a, b) in [(2, -1), (3, 1), (5, -5), (1, 0), (7, 2)] {
        let s = Game::from_options(&[Game::integer(a)], &[Game::integer(b)]);
        assert_eq!(s.mean(), d(&format!("{}/2", a + b)), "{s}");
        assert_eq!(s.temperature(), d(&format!("{}/2", a - b)), "{s}");
        assert_eq!(s.stops(), (Dyadic::integer(a), Dyadic::integer(b)));
    }
}

#[test]
fn cooling_a_switch() {
    let s = g("{2|-1}");
    let cooled = |t: &str| s.cool(d(t)).unwrap().to_string();
    assert_eq!(cooled("1/2"), "{3/2|-1/2}");
    assert_eq!(cooled("1"), "{1|0}");
    assert_eq!(cooled("3/2"), "1/2*");
    assert_eq!(cooled("2"), "1/2");
    assert_eq!(s.cool(Dyadic::ZERO).unwrap(), s);
    assert!(s.cool(d("-1")).is_err());
    // Heating undoes cooling for this switch.
    assert_eq!(s.cool(d("1")).unwrap().heat(d("1")).unwrap(), s);
}

#[test]
fn hot_game_with_shorthand() {
    let h = g("{3||2*|1*}");
    assert_eq!(h.mean(), d("9/4"));
    assert_eq!(h.temperature(), d("3/4"));
    assert_eq!(h.left_stop(), d("3"));
    assert_eq!(h.right_stop(), d("2"));
}

#[test]
fn temperatures_of_numbers_and_infinitesimals() {
    assert_eq!(g("3").temperature(), d("-1"));
    assert_eq!(g("0").temperature(), d("-1"));
    assert_eq!(g("1/2").temperature(), d("-1/2"));
    assert_eq!(g("-3/8").temperature(), d("-1/8"));
    assert_eq!(g("*").temperature(), Dyadic::ZERO);
    assert_eq!(g("1*").temperature(), Dyadic::ZERO);
    assert_eq!(g("^").temperature(), Dyadic::ZERO);
    assert_eq!(g("1*").mean(), d("1"));
}

#[test]
fn atomic_weights_and_reduced_forms() {
    let aw = |t: &str| g(t).atomic_weight().map(|a| a.to_string());
    assert_eq!(aw("^").unwrap(), "1");
    assert_eq!(aw("v").unwrap(), "-1");
    assert_eq!(aw("^^*").unwrap(), "2");
    assert_eq!(aw("*").unwrap(), "0");
    assert_eq!(aw("^3").unwrap(), "3");
    assert_eq!(aw("^*").unwrap(), "1");
    assert_eq!(aw("vv*").unwrap(), "-2");
    assert_eq!(aw("*2 + ^").unwrap(), "1");
    assert!(aw("1").unwrap_err().to_string().contains("not all-small"));
    assert!(aw("{1|-1}").is_err());
    let rcf = |t: &str| g(t).reduced().unwrap().to_string();
    assert_eq!(rcf("^"), "0");
    assert_eq!(rcf("1*"), "1");
    assert_eq!(rcf("{2|-1}"), "{2|-1}");
    assert_eq!(rcf("+-1 + ^"), "+-1");
    assert_eq!(rcf("{2|-1} + ^*"), "{2|-1}");
    assert_eq!(rcf("{3||2*|1*}"), "{3||2|1}");
}

#[test]
fn day_three_has_1474_values() {
    use grundy::partizan::enumerate::born_by;
    let counts: Vec<usize> = (0..=3).map(|d| born_by(d).unwrap().len()).collect();
    assert_eq!(counts, [1, 4, 22, 1474]);
    let day3 = born_by(3).unwrap();
    assert!(day3.iter().all(|g| g.birthday() <= 3));
    assert_eq!(day3.iter().filter(|g| g.birthday() == 3).count(), 1474 - 22);
}
