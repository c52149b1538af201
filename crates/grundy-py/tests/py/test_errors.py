"""Garbage into every entry point: a GameError (a ValueError) naming the problem, or a
TypeError for an argument of the wrong Python type; never a crash or a PanicException."""

import math

import pytest

import grundy

GARBAGE = [None, -1, -(2**70), 2**64, 2**200, "x", "", "10^100", "-3", "1..", [], [[]], {}, (1, "x"),
           object(), 1.5, math.nan, "😀", "@/nonexistent/file", "a" * 10000, b"bytes", True]
GAMES = ["nim", "kayles", "subtraction:1,3,4", "octal:0.137", "gcd", "wythoff", "graph", "moore:2"]
BAD_GAMES = ["", "nope", "subtraction:", "subtraction:0", "octal:9", "octal:0.z", "moore:x", ":", "kayles:3"]


def call_all(arg):
    """Every entry point with `arg` in each argument position."""
    yield lambda: grundy.value("nim", arg)
    yield lambda: grundy.solve("kayles", arg)
    yield lambda: grundy.solve("kayles", [1, arg])
    yield lambda: grundy.outcome("nim", arg)
    yield lambda: grundy.table("kayles", arg)
    yield lambda: grundy.period("kayles", max=arg)
    yield lambda: grundy.count("nim", arg, "1..3", 7)
    yield lambda: grundy.count("nim", 3, arg, 7)
    yield lambda: grundy.count("nim", 3, "1..3", arg)
    yield lambda: grundy.explain("nim", arg)
    yield lambda: grundy.options("nim", arg)
    yield lambda: grundy.plot("nim", arg)
    yield lambda: grundy.nim_mul(arg, 3)
    yield lambda: grundy.nim_pow(3, arg)
    yield lambda: grundy.nim_inverse(arg)
    yield lambda: grundy.nim_sqrt(arg)
    for game in (grundy.value, grundy.solve, grundy.table, grundy.explain, grundy.outcome):
        yield lambda game=game: game(arg, 3)
    yield lambda: grundy.period(arg)
    yield lambda: grundy.HeapGame(subtraction=arg)
    yield lambda: grundy.HeapGame(octal=arg)
    yield lambda: grundy.HeapGame(spec=arg)
    yield lambda: grundy.HeapGame(options=arg)
    yield lambda: grundy.HeapGame(options=lambda n: arg).table(5)
    yield lambda: grundy.HeapGame(options=lambda n: [arg] if n else []).value(3)
    yield lambda: grundy.HeapGame(subtraction=[1, 2]).value(arg)
    yield lambda: grundy.HeapGame(subtraction=[1, 2]).solve(arg)
    yield lambda: grundy.Game(moves=arg)
    yield lambda: grundy.Game(moves=lambda p: arg).value(0)
    yield lambda: grundy.Game(moves=lambda p: [arg] if p == 0 else []).value(0)
    yield lambda: grundy.Game(moves=lambda p: []).solve(arg)
    yield lambda: grundy.cgt(arg)
    yield lambda: grundy.cgt("^") + arg
    yield lambda: grundy.cgt("^") < arg
    yield lambda: grundy.cgt("^").compare(arg)
    yield lambda: grundy.cgt("{3||2*|1*}").cool(arg)
    yield lambda: grundy.cgt("{3||2*|1*}").heat(arg)
    yield lambda: grundy.PartizanGame(left=arg, right=arg)
    yield lambda: grundy.PartizanGame(left=lambda p: arg, right=lambda p: []).value(0)
    yield lambda: grundy.PartizanGame(left=lambda p: [], right=lambda p: []).sum(arg)


# Arguments that are valid somewhere (`True` is an int, `"x"` a fine Game position, …).
@pytest.mark.parametrize("arg", GARBAGE, ids=repr)
def test_garbage_never_crashes(arg):
    for call in call_all(arg):
        try:
            call()
        except (grundy.GameError, TypeError) as e:
            assert str(e), "an error names the problem"
            assert "internal error" not in str(e), str(e)
            assert type(e).__name__ != "PanicException"


@pytest.mark.parametrize("spec", BAD_GAMES)
def test_bad_games_raise_game_error(spec):
    for call in (lambda: grundy.value(spec, 3), lambda: grundy.table(spec, 3),
                 lambda: grundy.solve(spec, [3]), lambda: grundy.period(spec)):
        with pytest.raises(grundy.GameError):
            call()


def test_game_error_is_a_value_error():
    assert issubclass(grundy.GameError, ValueError)
    with pytest.raises(ValueError, match="invalid game `nope`: unknown game `nope`"):
        grundy.value("nope", 1)


def test_bad_values_raise_game_error():
    for call in (lambda: grundy.value("nim", -3), lambda: grundy.value("nim", 2**64),
                 lambda: grundy.value("nim", "x"), lambda: grundy.table("nim", "x"),
                 lambda: grundy.table("nim", 10**15), lambda: grundy.solve("nim", []),
                 lambda: grundy.nim_inverse(0), lambda: grundy.count("nim", 3, "1..3", 0),
                 lambda: grundy.count("nim", 3, "1..3", 7, outcome="draw"),
                 lambda: grundy.period("nim", time=-1), lambda: grundy.solve("kayles", [None])):
        with pytest.raises(grundy.GameError):
            call()


def test_memory_refusal_names_the_figure():
    with pytest.raises(grundy.GameError, match="refused"):
        grundy.table("subtraction:1,3,4", 2**62)
