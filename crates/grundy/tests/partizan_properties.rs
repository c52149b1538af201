//! Property tests of the partizan engine: algebraic laws, unique canonical forms, notation
//! round trips, thermograph theorems, and agreement with the brute-force evaluator.

use grundy::partizan::brute::{Arena, Form};
use grundy::partizan::{Dyadic, Game, Relation};
use proptest::prelude::*;

/// Small random forms: trees of depth ≤ 3 with up to 3 options a side.
fn form() -> impl Strategy<Value = Form> {
    Just(Form::zero()).prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Form { left, right })
    })
}

fn game() -> impl Strategy<Value = Game> {
    form().prop_map(|f| f.value())
}

/// Numbers, switches `{a|b}` with `a > b`, and small closed forms.
fn number_or_switch() -> impl Strategy<Value = Game> {
    prop_oneof![
        (-16i64..16, 0u32..4).prop_map(|(n, e)| Game::number(Dyadic::new(n, e).unwrap())),
        (-8i64..8, 1i64..8, 0u32..3).prop_map(|(b, gap, e)| {
            let lo = Dyadic::new(b, e).unwrap();
            let hi = lo + Dyadic::new(gap, e).unwrap();
            Game::from_options(&[Game::number(hi)], &[Game::number(lo)])
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn g_minus_g_is_zero(g in game()) {
        prop_assert_eq!(g - g, Game::zero());
        prop_assert_eq!(-(-g), g);
    }

    #[test]
    fn sum_is_commutative_and_associative(a in game(), b in game(), c in game()) {
        prop_assert_eq!(a + b, b + a);
        prop_assert_eq!((a + b) + c, a + (b + c));
    }

    #[test]
    fn comparison_agrees_with_the_difference(a in game(), b in game()) {
        let expected = match (a - b).outcome().to_string().as_str() {
            "P" => Relation::Equal,
            "L" => Relation::Greater,
            "R" => Relation::Less,
            _ => Relation::Confused,
        };
        prop_assert_eq!(a.compare(b), expected);
    }

    #[test]
    fn canonical_forms_are_unique(a in form(), b in form()) {
        let (x, y) = (a.value(), b.value());
        let mut arena = Arena::new();
        let (fa, fb) = (arena.form(&a), arena.form(&b));
        let equal = arena.equal(fa, fb);
        prop_assert_eq!(x == y, equal);
        if equal {
            prop_assert_eq!(x.to_string(), y.to_string());
        }
    }

    #[test]
    fn printing_then_parsing_returns_the_game(g in game(), h in number_or_switch()) {
        for x in [g, h, g + h, g - h] {
            let text = x.to_string();
            let back: Game = text.parse().unwrap();
            prop_assert_eq!(back, x, "{}", text);
            // The length measured before printing (what refuses a text past the budget) is
            // the printed length.
            prop_assert_eq!(x.text_len(), text.len() as u128, "{}", text);
            prop_assert_eq!(x.try_text().unwrap(), text);
        }
    }

    #[test]
    fn engine_agrees_with_brute_force(a in form(), b in form()) {
        let (x, y) = (a.value(), b.value());
        let mut arena = Arena::new();
        let (fa, fb) = (arena.form(&a), arena.form(&b));
        prop_assert_eq!(x.le(y), arena.le(fa, fb));
        prop_assert_eq!(x.outcome(), arena.outcome(fa));
        // The canonical form equals the form it came from, and is no older.
        let canon = arena.of(x);
        prop_assert!(arena.equal(canon, fa));
        prop_assert!(arena.height(canon) <= arena.height(fa));
        // Sums and negatives by the definition, judged by the definition.
        let sum = arena.of(x + y);
        let by_definition = arena.sum(fa, fb);
        prop_assert!(arena.equal(sum, by_definition));
        prop_assert_eq!((x + y).outcome(), arena.outcome(by_definition));
        let (neg, by_definition) = (arena.of(-x), arena.neg(fa));
        prop_assert!(arena.equal(neg, by_definition));
    }

    #[test]
    fn stops_and_temperature_of_numbers_and_switches(parts in prop::collection::vec(number_or_switch(), 1..4)) {
        let total: Game = parts.iter().copied().sum();
        let mean: Dyadic = parts.iter().map(|g| g.mean()).fold(Dyadic::ZERO, |a, b| a + b);
        prop_assert_eq!(total.mean(), mean);
        let hottest = parts.iter().map(|g| g.temperature()).max().unwrap();
        prop_assert!(total.temperature() <= hottest.max(Dyadic::ZERO));
        // Each switch {a|b}: stops a and b, mean (a+b)/2, temperature (a-b)/2.
        for g in &parts {
            if let ([l], [r]) = (&g.left_options()[..], &g.right_options()[..]) {
                if let (Some(a), Some(b)) = (l.as_number(), r.as_number()) {
                    if a > b {
                        prop_assert_eq!(g.stops(), (a, b));
                        prop_assert_eq!(g.mean(), (a + b).checked_half().unwrap());
                        prop_assert_eq!(g.temperature(), (a - b).checked_half().unwrap());
                    }
                }
            }
        }
        // Stops of a sum lie between the sums of the parts' stops.
        let ls: Dyadic = parts.iter().map(|g| g.left_stop()).fold(Dyadic::ZERO, |a, b| a + b);
        let rs: Dyadic = parts.iter().map(|g| g.right_stop()).fold(Dyadic::ZERO, |a, b| a + b);
        prop_assert!(total.left_stop() <= ls && total.right_stop() >= rs);
        // A single switch plus a number: stops and temperature move with the number.
        if let [g, x] = parts[..] {
            if let Some(x) = x.as_number() {
                if !g.is_number() {
                    prop_assert_eq!(total.stops(), (g.left_stop() + x, g.right_stop() + x));
                    prop_assert_eq!(total.temperature(), g.temperature());
                }
            }
        }
    }

    #[test]
    fn closed_forms_agree_with_brute_force(x in -3i64..3, ups in -3i64..4, nim in 0u32..4) {
        let g = Game::number_up_star(Dyadic::integer(x), ups, nim);
        // x + ups·^ + *nim built from textbook forms: n = {n-1|}, *n = {*k|*k}, ^ = {0|*}.
        let mut arena = Arena::new();
        let zero = arena.node(vec![], vec![]);
        let mut stars = vec![zero];
        for _ in 1..=nim {
            let all = stars.clone();
            stars.push(arena.node(all.clone(), all));
        }
        let mut integer = zero;
        for _ in 0..x.abs() {
            integer = if x > 0 { arena.node(vec![integer], vec![]) } else { arena.node(vec![], vec![integer]) };
        }
        let star = arena.node(vec![zero], vec![zero]);
        let up = arena.node(vec![zero], vec![star]);
        let step = if ups > 0 { up } else { arena.neg(up) };
        let mut total = arena.sum(stars[nim as usize], integer);
        for _ in 0..ups.abs() {
            total = arena.sum(total, step);
        }
        let canon = arena.of(g);
        prop_assert!(arena.equal(canon, total), "{}", g);
    }
}

/// The engine's value of a form through the fallible path only (`try_from_options`).
fn try_value(f: &Form) -> Result<Game, grundy::GameError> {
    let side = |s: &[Form]| s.iter().map(try_value).collect::<Result<Vec<_>, _>>();
    Game::try_from_options(&side(&f.left)?, &side(&f.right)?)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `try_from_options`, `try_add`, `try_sub` and `try_neg` on small forms (well inside
    /// `Dyadic`'s range, so every one must succeed) give the values the definitions give:
    /// each result equals, by the brute-force `≤` of the game trees, the form built by the
    /// definition (`G + H`, `G + (−H)`, `−G`), and has the same outcome.
    #[test]
    fn fallible_arithmetic_agrees_with_brute_force(a in form(), b in form()) {
        let x = try_value(&a).expect("small forms fit");
        let y = try_value(&b).expect("small forms fit");
        let mut arena = Arena::new();
        let (fa, fb) = (arena.form(&a), arena.form(&b));
        let cx = arena.of(x);
        prop_assert!(arena.equal(cx, fa));
        let sum = x.try_add(y).expect("small sums fit");
        let sum_def = arena.sum(fa, fb);
        let cs = arena.of(sum);
        prop_assert!(arena.equal(cs, sum_def));
        prop_assert_eq!(sum.outcome(), arena.outcome(sum_def));
        let neg_def = arena.neg(fb);
        let neg = y.try_neg().expect("small negatives fit");
        let cn = arena.of(neg);
        prop_assert!(arena.equal(cn, neg_def));
        let diff = x.try_sub(y).expect("small differences fit");
        let diff_def = arena.sum(fa, neg_def);
        let cd = arena.of(diff);
        prop_assert!(arena.equal(cd, diff_def));
        prop_assert_eq!(diff.outcome(), arena.outcome(diff_def));
        // x ≤ y exactly when the definition's x − y is ≤ 0 (Right wins moving second).
        let zero = arena.node(vec![], vec![]);
        prop_assert_eq!(x.le(y), arena.le(diff_def, zero));
    }
}

/// Stops by their definition, not read off a thermograph: a number is its own stop;
/// otherwise the left stop is the largest right stop of a left option, and the right stop
/// the smallest left stop of a right option.
fn stops_by_definition(
    g: Game,
    memo: &mut std::collections::HashMap<Game, (Dyadic, Dyadic)>,
) -> (Dyadic, Dyadic) {
    if let Some(x) = g.as_number() {
        return (x, x);
    }
    if let Some(&known) = memo.get(&g) {
        return known;
    }
    let left = g
        .left_options()
        .into_iter()
        .map(|o| stops_by_definition(o, memo).1)
        .max();
    let right = g
        .right_options()
        .into_iter()
        .map(|o| stops_by_definition(o, memo).0)
        .min();
    let stops = (
        left.expect("a non-number has a left option"),
        right.expect("and a right one"),
    );
    memo.insert(g, stops);
    stops
}

/// Richer canonical games than `game()` (whose random trees mostly collapse to `0` or `±1`):
/// built from numbers, switches, nimbers and ups by `{left | right}` of earlier games and by
/// sums, so that values born on days 3 to 6 with hot and infinitesimal parts are common.
fn rich_game() -> impl Strategy<Value = Game> {
    let leaf = prop_oneof![
        number_or_switch(),
        (0u32..4).prop_map(Game::nimber),
        (-2i64..3, 0u32..2).prop_map(|(n, m)| Game::number_up_star(Dyadic::ZERO, n, m)),
    ];
    leaf.prop_recursive(4, 48, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 1..3),
                prop::collection::vec(inner.clone(), 1..3)
            )
                .prop_map(|(l, r)| Game::from_options(&l, &r)),
            (inner.clone(), inner).prop_map(|(a, b)| a + b),
        ]
    })
}

/// All-small games: `0`, `*`, `↑` and `{left | right}` with options on both sides.
fn all_small_game() -> impl Strategy<Value = Game> {
    let leaf = prop_oneof![
        Just(Game::zero()),
        (0u32..3).prop_map(Game::nimber),
        (-2i64..3, 0u32..2).prop_map(|(n, m)| Game::number_up_star(Dyadic::ZERO, n, m)),
    ];
    leaf.prop_recursive(4, 32, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 1..3),
                prop::collection::vec(inner.clone(), 1..3)
            )
                .prop_map(|(l, r)| Game::from_options(&l, &r)),
            (inner.clone(), inner).prop_map(|(a, b)| a + b),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A game plus different nimbers: the engine answers `x + *i ≤ x + *j + *k` from the
    /// roots it records, which must agree with the definitions (and be `i = j ⊕ k`), also
    /// when compared with other games and summed.
    #[test]
    fn sums_with_nimbers_agree_with_the_definitions(
        x in rich_game(), y in rich_game(), i in 0u32..6, j in 0u32..6, k in 0u32..4,
        (n, ups, nim) in (-4i64..5, -2i64..3, 0u32..8),
    ) {
        // A closed form `n/2 + ups·↑ + *nim`, compared with the nimber sums both ways.
        let v = Game::number_up_star(Dyadic::new(n, 1).unwrap(), ups, nim);
        let a = x + Game::nimber(i);
        let b = (x + Game::nimber(j)) + Game::nimber(k);
        prop_assert_eq!(b, x + Game::nimber(j ^ k));
        prop_assert_eq!(a.le(b), i == j ^ k, "{} + *{} ≤ {} + *{}", x, i, x, j ^ k);
        let mut arena = Arena::new();
        let (fa, fb, fy) = (arena.of(a), arena.of(b), arena.of(y));
        prop_assert_eq!(a.le(b), arena.le(fa, fb));
        prop_assert_eq!(b.le(a), arena.le(fb, fa));
        prop_assert_eq!(a.le(y), arena.le(fa, fy), "{} ≤ {}", a, y);
        prop_assert_eq!(y.le(b), arena.le(fy, fb), "{} ≤ {}", y, b);
        let fv = arena.of(v);
        prop_assert_eq!(v.le(a), arena.le(fv, fa), "{} ≤ {}", v, a);
        prop_assert_eq!(a.le(v), arena.le(fa, fv), "{} ≤ {}", a, v);
        prop_assert_eq!(b.le(v), arena.le(fb, fv), "{} ≤ {}", b, v);
        let sum = arena.of(a + y);
        let by_definition = arena.sum(fa, fy);
        prop_assert!(arena.equal(sum, by_definition), "{} + {} = {}", a, y, a + y);
        // Two games that are roots plus nimbers, summed (root sum first, nimber last).
        let c = y + Game::nimber(k);
        let fc = arena.of(c);
        let sum = arena.of(a + c);
        let by_definition = arena.sum(fa, fc);
        prop_assert!(arena.equal(sum, by_definition), "{} + {} = {}", a, c, a + c);
        prop_assert_eq!(a + c, (x + y) + Game::nimber(i ^ k));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The engine's order, sums, outcomes and simplification against the definitions on the
    /// canonical trees of richer games.
    #[test]
    fn rich_games_agree_with_the_definitions(x in rich_game(), y in rich_game(), z in rich_game()) {
        let mut arena = Arena::new();
        let (fx, fy, fz) = (arena.of(x), arena.of(y), arena.of(z));
        prop_assert_eq!(x.le(y), arena.le(fx, fy), "{} ≤ {}", x, y);
        prop_assert_eq!(y.le(x), arena.le(fy, fx), "{} ≤ {}", y, x);
        prop_assert_eq!(x.outcome(), arena.outcome(fx), "{}", x);
        let sum = arena.of(x + y);
        let by_definition = arena.sum(fx, fy);
        prop_assert!(arena.equal(sum, by_definition), "{} + {} = {}", x, y, x + y);
        // {x, y | z} simplified against the unsimplified form.
        let g = Game::from_options(&[x, y], &[z]);
        let form = arena.node(vec![fx, fy], vec![fz]);
        let fg = arena.of(g);
        prop_assert!(arena.equal(fg, form), "{{{}, {} | {}}} = {}", x, y, z, g);
        let back: Game = g.to_string().parse().unwrap();
        prop_assert_eq!(back, g);
    }

    /// The thermograph against the theorems that define it, each side computed without it:
    /// its walls at `t` are the stops of `G` cooled by `t` (stops by definition), and the
    /// mean value theorem bounds the stops of `n·G` by `n·mean ± temperature`. The reduced
    /// canonical form: infinitesimally close to the game, its own reduced form, no older, and
    /// one per class modulo infinitesimals.
    #[test]
    fn rich_thermographs_and_reduced_forms(x in rich_game()) {
        let mut memo = std::collections::HashMap::new();
        let th = x.thermograph().unwrap();
        prop_assert_eq!(x.stops(), stops_by_definition(x, &mut memo), "{}", x);
        prop_assert_eq!(x.text_len(), x.to_string().len() as u128, "{}", x);
        let t = th.temperature;
        if t.signum() >= 0 && !x.is_number() {
            let quarter = t.checked_half().unwrap().checked_half().unwrap();
            let mut ts = vec![Dyadic::ZERO, quarter, quarter + quarter, t - quarter, t];
            ts.extend(th.left.points.iter().chain(&th.right.points).map(|p| p.0).filter(|&p| p <= t));
            for s in ts {
                let cooled = x.cool(s).unwrap();
                let expected = (th.left.at(s).unwrap(), th.right.at(s).unwrap());
                prop_assert_eq!(stops_by_definition(cooled, &mut memo), expected, "{} cooled by {}: {}", x, s, cooled);
            }
        }
        let heat = t.max(Dyadic::ZERO);
        let mut multiple = x;
        for n in 2..=4i64 {
            multiple = multiple + x;
            let (l, r) = stops_by_definition(multiple, &mut memo);
            let centre = th.mast.checked_mul_int(n).unwrap();
            prop_assert!(centre - heat <= r && r <= l && l <= centre + heat,
                "{} × {}: stops ({}, {}), mean {}, temperature {}", n, x, l, r, th.mast, t);
        }
        let reduced = x.reduced().unwrap();
        prop_assert_eq!(stops_by_definition(x - reduced, &mut memo), (Dyadic::ZERO, Dyadic::ZERO), "{} reduced to {}", x, reduced);
        prop_assert_eq!(reduced.reduced().unwrap(), reduced, "{}", x);
        prop_assert!(reduced.birthday() <= x.birthday(), "{} reduced to {}", x, reduced);
        // One reduced form per class modulo infinitesimals: adding ↑*, * or ⧾1 changes nothing,
        // and reducing commutes with sums.
        for eps in ["^*", "*", "{0||0|-1}"] {
            let e: Game = eps.parse().unwrap();
            prop_assert_eq!((x + e).reduced().unwrap(), reduced, "{} + {}", x, eps);
        }
        prop_assert_eq!((x + x).reduced().unwrap(), (reduced + reduced).reduced().unwrap(), "{} twice", x);
    }

    /// Atomic weights of all-small games: additive, `n` on `n·↑ + *m`, and the two-ahead
    /// rule (weight ≥ 2 wins for Left, ≤ −2 for Right).
    #[test]
    fn atomic_weights_are_additive(x in all_small_game(), y in all_small_game()) {
        prop_assert!(x.is_all_small() && y.is_all_small());
        let (ax, ay) = (x.atomic_weight().unwrap(), y.atomic_weight().unwrap());
        let sum = (x + y).atomic_weight().unwrap();
        prop_assert_eq!(sum, ax + ay, "aw({} + {}) = {}, aw: {}, {}", x, y, sum, ax, ay);
        if let Some((z, n, _)) = x.as_number_up_star() {
            prop_assert!(z.is_zero());
            prop_assert_eq!(ax, Game::integer(n), "{}", x);
        }
        if Game::integer(2).le(ax) {
            prop_assert!(x.compare(Game::zero()) == Relation::Greater, "aw({}) = {}", x, ax);
        }
        if ax.le(Game::integer(-2)) {
            prop_assert!(x.compare(Game::zero()) == Relation::Less, "aw({}) = {}", x, ax);
        }
    }
}

proptest! {
    /// The thermograph of a game with equal stops `x` is read off its stops without its
    /// options: the mast at `x` from `t = 0`, temperature 0. Checked by definition: the game
    /// cooled by any `t > 0` still has both stops at `x` (stops by definition, no thermograph).
    #[test]
    fn equal_stops_make_a_mast_from_zero(
        small in all_small_game(),
        rich in rich_game(),
        shift in (-8i64..8).prop_map(|n| Dyadic::new(n, 1).unwrap()),
    ) {
        let mut memo = std::collections::HashMap::new();
        for g in [small + Game::number(shift), rich] {
            let (l, r) = stops_by_definition(g, &mut memo);
            if l != r || g.is_number() {
                continue;
            }
            let th = g.thermograph().unwrap();
            prop_assert_eq!((th.temperature, th.mast), (Dyadic::ZERO, l), "{}", g);
            for t in [(1, 3), (1, 1), (3, 0)] {
                let t = Dyadic::new(t.0, t.1).unwrap();
                prop_assert_eq!(stops_by_definition(g.cool(t).unwrap(), &mut memo), (l, l), "{} cooled by {}", g, t);
                prop_assert_eq!((th.left.at(t).unwrap(), th.right.at(t).unwrap()), (l, l), "{}", g);
            }
        }
    }
}
