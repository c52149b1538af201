"""Python and the CLI answer the same questions the same way (same numbers, same texts,
same error messages)."""

import pytest

import grundy

SOLVE_CASES = [
    ("nim", ["3", "5", "7"]),
    ("subtraction:1,3,4", ["10", "20", "30"]),
    ("kayles", ["10", "7"]),
    ("octal:0.137", ["100", "33"]),
    ("mock-turtles", ["0", "3", "5"]),
    ("turning-corners", ["3,5", "6,2"]),
    ("wythoff", ["3,5", "4,4"]),
    ("moore:2", ["1", "2", "3"]),
    ("gcd", ["10", "12"]),
    ("grundys-game", ["9", "12"]),
    ("kayles", ["10^12"]),
]


@pytest.mark.parametrize("game,positions", SOLVE_CASES)
def test_solve_agrees(cli, game, positions):
    expected = cli.json("solve", game, *positions)
    s = grundy.solve(game, positions)
    assert s.winner == expected["winner"]
    assert s.grundy == expected["grundy"]
    assert [{"component": m.component, "to": m.to} for m in s.winning_moves] == expected["winning_moves"]
    assert [{"position": p, "grundy": g} for p, g in s.components] == expected["components"]
    assert s.method == expected["method"]
    assert s.moves_omitted == expected.get("moves_omitted")


@pytest.mark.parametrize("game,positions", SOLVE_CASES[:6])
def test_explain_agrees(cli, game, positions):
    code, out, _ = cli("explain", game, *positions)
    assert code == 0
    assert grundy.explain(game, positions) + "\n" == out
    assert grundy.solve(game, positions).explain() + "\n" == out


@pytest.mark.parametrize("game", ["kayles", "octal:0.137", "subtraction:2,5,7", "gcd", "grundys-game"])
def test_table_agrees(cli, game):
    assert cli.json("table", game, "--to", "3000") == grundy.table(game, 3000).tolist()


@pytest.mark.parametrize("game", ["subtraction:1,3,4", "kayles", "octal:0.16", "subtraction:primes"])
def test_period_agrees(cli, game):
    expected = cli.json("period", game, "--max", "4095")
    p = grundy.period(game, max=4095)
    got = {k: getattr(p, k) for k in expected}
    assert got == expected


def test_value_and_count_agree(cli):
    for game, position in [("kayles", "10"), ("gcd", "10^12"), ("subtraction:1..6", "2^64-1")]:
        assert cli.json("value", game, position) == {"grundy": grundy.value(game, position)}
    expected = cli.json("count", "kayles", "--heaps", "5", "--sizes", "1..50", "--modulo", "1000000007")
    assert grundy.count("kayles", 5, "1..50", 10**9 + 7) == expected["count"]


def test_nim_mul_agrees(cli):
    pairs = [(2, 3), (1234567890123, 9876543210), (2**64 - 1, 2**64 - 1), (0, 7)]
    stdin = f"{len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)
    code, out, _ = cli("nim-mul", stdin=stdin)
    assert code == 0
    assert [int(x) for x in out.split()] == [grundy.nim_mul(a, b) for a, b in pairs]


@pytest.mark.parametrize("args,call", [
    (("value", "nope", "3"), lambda: grundy.value("nope", 3)),
    (("value", "kayles", "--", "-3"), lambda: grundy.value("kayles", -3)),
    (("value", "subtraction:0", "3"), lambda: grundy.value("subtraction:0", 3)),
    (("solve", "octal:0.z", "3"), lambda: grundy.solve("octal:0.z", [3])),
    (("value", "wythoff", "3"), lambda: grundy.value("wythoff", "3")),
    (("solve", "nim", "1", "x"), lambda: grundy.solve("nim", [1, "x"])),
    (("period", "wythoff"), lambda: grundy.period("wythoff")),
], ids=lambda a: " ".join(a) if isinstance(a, tuple) else "")
def test_error_messages_agree(cli, args, call):
    code, _, err = cli(*args)
    assert code == 2
    with pytest.raises(grundy.GameError) as e:
        call()
    assert "grundy: " + str(e.value) + "\n" == err


@pytest.mark.parametrize("text", ["{3||2*|1*}", "{0|^}", "{1|0} + 1/2", "^*", "+-1", "3/4", "Tiny(2)"])
def test_partizan_values_agree(cli, text):
    expected = cli.json("cgt", text)
    g = grundy.cgt(text)
    assert str(g) == expected["canonical"]
    assert g.outcome == expected["outcome"]
    assert (g.number is not None) == expected["is_number"]
    assert [str(x) for x in g.stops] == [expected["left_stop"], expected["right_stop"]]
    assert (str(g.mean), str(g.temperature)) == (expected["mean"], expected["temperature"])
    assert g.birthday == expected["birthday"]
    assert str(g.reduced()) == expected["reduced"]
    if expected["atomic_weight"] is None:
        with pytest.raises(grundy.GameError) as e:
            g.atomic_weight()
        assert str(e.value) == expected["atomic_weight_note"]
    else:
        assert str(g.atomic_weight()) == expected["atomic_weight"]


@pytest.mark.parametrize("a,b", [("^", "*"), ("{1/2|2}", "1"), ("^", "0"), ("v", "*2")])
def test_partizan_comparisons_agree(cli, a, b):
    code, out, _ = cli("compare", a, b)
    assert code == 0
    assert grundy.cgt(a).compare(b) == out.strip()
