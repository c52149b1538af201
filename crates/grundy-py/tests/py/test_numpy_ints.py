"""numpy's integer scalars (the elements of `numpy.asarray(table)`, of `numpy.arange`) are
ints wherever an int is taken: they were refused with "a position is an int or a str, not
int64" (and "heap sizes are ints" inside a HeapGame rule), although they define `__index__`."""

import numpy as np
import pytest

import grundy


def test_positions_and_numbers_accept_numpy_integers():
    assert grundy.value("kayles", np.int64(10)) == grundy.value("kayles", 10) == 2
    assert grundy.solve("nim", np.array([3, 5, 7])).winning_moves == grundy.solve("nim", [3, 5, 7]).winning_moves
    assert grundy.outcome("nim", np.arange(1, 4)) == "second"
    assert grundy.table("kayles", np.uint32(10)) == grundy.table("kayles", 10)
    assert grundy.nim_mul(np.uint64(2), np.int8(3)) == 1
    assert grundy.count("nim", np.int64(3), np.arange(1, 4), np.int64(1000)) == 6
    assert grundy.period("kayles", max=np.int64(2000)).period == 12
    assert grundy.HeapGame(spec="kayles").value(np.int64(10)) == 2
    assert grundy.HeapGame(subtraction=np.array([1, 3, 4])).table(20) == grundy.table("subtraction:1,3,4", 20)
    assert grundy.cgt("*") + np.int64(1) == grundy.cgt("1*")
    assert grundy.cgt("{2|-2}").cool(np.int64(1)) == grundy.cgt("+-1")


def test_values_read_back_from_a_numpy_table():
    t = grundy.table("octal:0.137", 100)
    a = np.asarray(t)
    n = np.argmax(a)  # a numpy int64
    assert t[n] == a[n] == max(t.tolist())
    assert grundy.value("octal:0.137", n) == a[n]


def test_a_heap_rule_may_answer_numpy_integers():
    # Take one token or split the rest in two, written with numpy.
    g = grundy.HeapGame(options=lambda n: list(np.arange(n)))
    assert g.table(10).tolist() == grundy.table("nim", 10).tolist()
    split = grundy.HeapGame(options=lambda n: [tuple(np.array([a, n - 1 - a])) for a in range(n)])
    assert split.table(30).tolist() == grundy.table("octal:0.7", 30).tolist()


def test_non_integers_are_still_refused():
    for bad in (np.float64(3.0), np.array([1.5]), np.bool_(True), True):
        with pytest.raises((grundy.GameError, TypeError)):
            grundy.value("kayles", bad)
    with pytest.raises(grundy.GameError, match="negative"):
        grundy.value("kayles", np.int64(-1))
    with pytest.raises(grundy.GameError, match="heap sizes are ints"):
        grundy.HeapGame(options=lambda n: [(np.float64(n - 1),)] if n else []).table(3)
