"""Games defined in Python: HeapGame and Game, against the library's own families."""

import time

import numpy as np
import pytest

import grundy


def subtraction(moves):
    return lambda n: [(n - s,) for s in moves if s <= n]


def kayles(n):
    """Knock down one pin or two adjacent pins of a row of n: the rest splits in two."""
    return [(a, n - k - a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)]


def test_python_subtraction_game_equals_the_library():
    g = grundy.HeapGame(options=subtraction([1, 3, 4]))
    assert g.table(1000).tolist() == grundy.table("subtraction:1,3,4", 1000).tolist()
    s = g.solve([10, 20, 30])
    assert (s.winner, s.grundy, [m.to for m in s.winning_moves]) == ("first", 3, ["6", "17", "26"])
    assert "method: table of Grundy values" in s.explain()


def test_python_kayles_with_splits_equals_octal_kayles():
    g = grundy.HeapGame(options=kayles, name="my-kayles")
    assert g.spec == "my-kayles"
    assert g.table(500).tolist() == grundy.table("kayles", 500).tolist()
    assert g.value(71) == grundy.value("kayles", 71)
    s = g.solve([4, 7])
    assert s.grundy == grundy.solve("kayles", [4, 7]).grundy
    assert all(grundy.solve("kayles", [4, 7]).grundy ^ 0 == s.grundy for _ in [0])
    assert "mex" in g.explain([4])


def test_options_function_is_called_once_per_heap():
    calls = []

    def options(n):
        calls.append(n)
        return [(n - s,) for s in (2, 5) if s <= n]

    g = grundy.HeapGame(options=options)
    g.table(2000)
    assert sorted(calls) == list(range(2001))
    g.table(2000)
    g.value(1500)
    g.solve([1999, 7])
    g.period(max=2000)
    # The library grows its tables geometrically (heaps past 2000 are asked too), but it
    # never asks the function twice about the same heap.
    assert len(calls) == len(set(calls)) == g.calls
    assert set(range(2001)) <= set(calls)


def test_periods_observed_and_certified():
    observed = grundy.HeapGame(options=subtraction([1, 3, 4])).period(max=4000)
    assert (observed.preperiod, observed.period, observed.certified) == (0, 7, False)
    assert "observed" in observed.reason or "no theorem" in observed.reason or observed.reason
    for game in (grundy.HeapGame(subtraction=[1, 3, 4]), grundy.HeapGame(subtraction="1,3,4")):
        p = game.period()
        assert (p.preperiod, p.period, p.certified) == (0, 7, True)
    p = grundy.HeapGame(octal="0.137").period()
    assert (p.preperiod, p.period, p.certified) == (52, 34, True)
    assert grundy.HeapGame(spec="kayles").table(30).tolist() == grundy.table("kayles", 30).tolist()


def test_heap_game_plot_and_table_repr():
    g = grundy.HeapGame(options=subtraction([1, 2]))
    svg = g.plot(30)
    assert svg.data.startswith("<svg") and "period 3" in svg.data
    assert g.table(30).plot().data.startswith("<svg")


def test_bad_options_are_game_errors():
    with pytest.raises(grundy.GameError, match=r"heap 1 is not smaller than 1; every heap an option leaves must be smaller"):
        grundy.HeapGame(options=lambda n: [(n,)] if n else []).value(3)
    with pytest.raises(grundy.GameError, match="is not an integer from 0"):
        grundy.HeapGame(options=lambda n: [(-1,)] if n else []).value(3)
    with pytest.raises(grundy.GameError, match="exactly one"):
        grundy.HeapGame(options=kayles, octal="0.7")


def test_exception_in_options_propagates_and_game_recovers():
    fail = {"at": 7}

    def options(n):
        if n == fail["at"]:
            raise ZeroDivisionError("my bug")
        return [(n - 1,)] if n else []

    g = grundy.HeapGame(options=options)
    with pytest.raises(ZeroDivisionError, match="my bug"):
        g.table(10)
    fail["at"] = None
    assert g.table(10).tolist() == [0, 1] * 5 + [0]


def test_user_defined_subtraction_game_speed():
    """The issue: G(0..10^5) of a subtraction game defined in Python within 1 s."""
    g = grundy.HeapGame(options=subtraction([1, 3, 4]))
    start = time.process_time()
    t = g.table(10**5)
    took = time.process_time() - start
    print(f"user-defined subtraction game, G(0..10^5): {took:.3f} s CPU")
    assert took <= 1.0
    assert np.array_equal(np.asarray(t), np.asarray(grundy.table("subtraction:1,3,4", 10**5)))


def take_1_or_2(p):
    return [p - k for k in (1, 2) if p >= k]


def test_generic_game_values_sums_and_moves():
    g = grundy.Game(moves=take_1_or_2)
    assert [g.value(n) for n in range(9)] == [n % 3 for n in range(9)]
    assert g.outcome([7, 4]) == "second"
    s = g.solve([7, 5])
    assert (s.winner, s.grundy) == ("first", 3)
    assert [(m.component, m.to) for m in s.winning_moves] == [(0, 5), (1, 4)]
    assert s.components == [(7, 1), (5, 2)]
    assert "G(7) ⊕ G(5) = 1 ⊕ 2 = 3" in s.explain()
    assert g.options(5) == [4, 3]


def test_generic_game_on_tuples_equals_wythoff():
    def queen(p):
        a, b = p
        return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
                + [(a - k, b - k) for k in range(1, min(a, b) + 1)])

    g = grundy.Game(moves=queen)
    for a, b in [(3, 5), (4, 4), (1, 2), (6, 10)]:
        assert g.value((a, b)) == grundy.solve("wythoff", [f"{a},{b}"]).grundy
    assert g.solve([(3, 5), (4, 4)]).grundy == grundy.solve("wythoff", ["3,5", "4,4"]).grundy


def test_generic_game_calls_moves_once_per_position():
    seen = []

    def moves(p):
        seen.append(p)
        return take_1_or_2(p)

    g = grundy.Game(moves=moves)
    g.value(300)
    g.solve([300, 299])
    g.value(150)
    assert sorted(seen) == list(range(301)) and g.calls == 301


def test_generic_game_cycle_is_a_clear_error():
    g = grundy.Game(moves=lambda p: [("b", 1)] if p == ("a", 0) else [("a", 0)])
    with pytest.raises(grundy.GameError, match=r"the game has a cycle \(position \('a', 0\) is reachable from itself\)"):
        g.value(("a", 0))


def test_generic_game_errors():
    with pytest.raises(grundy.GameError, match="hashable"):
        grundy.Game(moves=lambda p: [[1]]).value(0)
    with pytest.raises(grundy.GameError, match="as a list"):
        grundy.Game(moves=take_1_or_2).solve(3)
    g = grundy.Game(moves=lambda p: [g.value(p - 1)] if p else [])
    with pytest.raises(grundy.GameError, match="already being solved"):
        g.value(2)
    deep = grundy.Game(moves=lambda p: [p - 1] if p else [])
    assert deep.value(200000) == 0


def test_repr_html_and_svg():
    s = grundy.Game(moves=take_1_or_2).solve([7, 5])
    assert "<li>component 0: → 5</li>" in s._repr_html_()


def test_any_callable_defines_a_game():
    # A functools.partial or a callable object has no __qualname__: HeapGame and Game raised
    # AttributeError while naming the game.
    import functools

    def subtract(n, moves):
        return [(n - s,) for s in moves if s <= n]

    class Chain:
        def __call__(self, p):
            return [p - 1] if p else []

    h = grundy.HeapGame(options=functools.partial(subtract, moves=(1, 3, 4)))
    assert h.spec == "python:test_any_callable_defines_a_game.<locals>.subtract"
    assert h.table(40).tolist() == grundy.table("subtraction:1,3,4", 40).tolist()
    g = grundy.Game(moves=Chain())
    assert repr(g) == 'Game("python:test_any_callable_defines_a_game.<locals>.Chain")'
    assert g.value(7) == 1
    p = grundy.PartizanGame(left=Chain(), right=lambda p: [])
    assert repr(p).startswith('PartizanGame(left="test_any_callable_defines_a_game.<locals>.Chain", ')
    assert p.value(3) == grundy.cgt("3")


def test_game_values_are_kept_across_calls():
    # Each call solved everything below its position again: a table by calls to value() was
    # quadratic (200 values near 90 000 of this game took 10 s).
    g = grundy.Game(moves=lambda p: [p - k for k in (1, 3, 4) if p >= k])
    expected = grundy.table("subtraction:1,3,4", 60000).tolist()
    assert g.value(60000) == expected[60000]
    start = time.process_time()
    assert [g.value(n) for n in range(59000, 60001)] == expected[59000:]
    assert time.process_time() - start < 2.0
    s = g.solve([59999, 4])
    assert s.grundy == expected[59999] ^ expected[4]
    assert g.calls == 60001
    # A cycle found in one call does not spoil the values of the next.
    loop = grundy.Game(moves=lambda p: [p - 1] if p > 0 else ([5] if p == 0 else []))
    with pytest.raises(grundy.GameError, match="cycle"):
        loop.value(3)
    chain = grundy.Game(moves=lambda p: [p - 1] if p > 0 else [])
    assert chain.value(10) == 0 and chain.value(11) == 1
    # An exception from the moves function loses nothing that was right.
    def moves(p):
        if p == 1000:
            raise RuntimeError("stop at 1000")
        return [p - k for k in (1, 2) if p >= k]
    h = grundy.Game(moves=moves)
    assert h.value(999) == 999 % 3
    with pytest.raises(RuntimeError, match="stop at 1000"):
        h.value(1005)
    assert h.value(998) == 998 % 3
