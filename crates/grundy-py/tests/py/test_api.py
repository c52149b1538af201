"""The functions over GAME specs: answers as the issue states them (oracles)."""

import numpy as np
import pytest

import grundy


def test_value_of_kayles_10():
    # Kayles: G(10) = 2 (the octal sequence 0.77 starts 0 1 2 3 1 4 3 2 1 4 2).
    assert grundy.value("kayles", 10) == 2
    assert grundy.value("kayles", "10") == 2
    assert grundy.value("subtraction:1..6", "18446744073709551615") == 1


def test_solve_nim_3_5_7():
    s = grundy.solve("nim", [3, 5, 7])
    assert s.winner == "first"
    assert s.grundy == 1
    assert [(m.component, m.to) for m in s.winning_moves] == [(0, "2"), (1, "4"), (2, "6")]
    assert s.components == [("3", 3), ("5", 5), ("7", 7)]
    assert s.method == "closed form G(n) = n"
    assert s.moves_omitted is None
    text = s.explain()
    assert "3 ⊕ 5 ⊕ 7 = 1" in text
    assert "component 0: 3 → 2" in text
    assert "<b>winner: first</b>" in s._repr_html_()


def test_solve_second_player_win_and_misere():
    s = grundy.solve("nim", [1, 2, 3])
    assert (s.winner, s.grundy, s.winning_moves) == ("second", 0, [])
    # Misère Nim 1 1: the first player wins (takes one heap, the opponent takes the last).
    assert grundy.solve("nim", [1, 1], misere=True).winner == "first"
    assert grundy.outcome("nim", [1, 1]) == "second"


def test_subtraction_sum_of_readme():
    s = grundy.solve("subtraction:1,3,4", [10, 20, 30])
    assert s.grundy == 3
    assert [m.to for m in s.winning_moves] == ["6", "17", "26"]


def test_table_wraps_in_numpy_without_copying():
    t = grundy.table("octal:0.137", 10**6)
    assert len(t) == 10**6 + 1
    a = np.asarray(t)
    assert a.dtype == np.uint16 and a.shape == (10**6 + 1,)
    b = np.asarray(t)
    # Both arrays view the table's own memory: no copy was made.
    assert np.shares_memory(a, b)
    assert a.ctypes.data == b.ctypes.data
    assert not a.flags.writeable
    assert memoryview(t).readonly and memoryview(t).format == "H"
    # Dawson's chess (0.137): period 34 after a preperiod of 52 (Guy–Smith, certified).
    assert a[:10].tolist() == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    assert all(a[n + 34] == a[n] for n in range(53, 1000))
    assert t[-1] == a[-1] and t[10] == a[10]
    with pytest.raises(IndexError):
        t[10**6 + 1]


def test_wide_table_is_uint64():
    t = grundy.table("subtraction:1,3,4", 20)
    a = np.asarray(t)
    assert a.dtype == np.uint64
    assert a.tolist() == t.tolist() == [0, 1, 0, 1, 2, 3, 2] * 3
    assert "<table>" in t._repr_html_()


def test_table_equals_single_values():
    t = grundy.table("kayles", 200)
    assert [grundy.value("kayles", n) for n in range(0, 201, 17)] == list(t)[::17]


def test_period():
    p = grundy.period("subtraction:1,3,4")
    assert (p.preperiod, p.period, p.saltus, p.certified) == (0, 7, 0, True)
    # Kayles: period 12 from n = 71 (Guy–Smith certificate).
    k = grundy.period("kayles")
    assert (k.preperiod, k.period, k.certified) == (71, 12, True)
    # A game without a theorem: the period is only observed.
    g = grundy.period("subtraction:primes", max=2000, time=5)
    assert not g.certified
    assert "Period(" in repr(p)


def test_count_hard_nim():
    # Triples from 1..3 with XOR 0: (1,2,3) in 6 orders.
    assert grundy.count("nim", 3, "1..3", 10**9 + 7) == 6
    assert grundy.count("nim", 3, [1, 2, 3], 10**9 + 7) == 6
    assert grundy.count("nim", 3, "1..3", 10**9 + 7, outcome="first") == 27 - 6


def test_nim_arithmetic():
    # The table: 2 ⊗ 3 = 1, 2 ⊗ 2 = 3, and Library Checker's sample.
    assert grundy.nim_mul(2, 3) == 1
    assert grundy.nim_mul(2, 2) == 3
    assert grundy.nim_mul(1234567890123, 9876543210) == 17779501836327049347
    assert grundy.nim_mul(2**64 - 1, 2**64 - 1) == 11290409524105353207
    for a in (1, 2, 3, 12345, 2**63 + 5):
        inv = grundy.nim_inverse(a)
        assert grundy.nim_mul(a, inv) == 1
        r = grundy.nim_sqrt(a)
        assert grundy.nim_mul(r, r) == a
        assert grundy.nim_pow(a, 3) == grundy.nim_mul(a, grundy.nim_mul(a, a))


def test_options_explain_games_plot():
    assert grundy.options("subtraction:1,3,4", 4) == [("3", 1), ("1", 1), ("0", 0)]
    assert grundy.explain("subtraction:1,3,4", [4]).splitlines()[1].startswith("n = 4: the moves leave {3, 1, 0}")
    names = [g["name"] for g in grundy.games()]
    assert "kayles" not in names and "octal" in names and "nim" in names
    svg = grundy.plot("subtraction:1,3,4", 50)
    assert svg.data.startswith("<svg") and svg._repr_svg_() == svg.data
    assert "period 7 (certified)" in svg.data
    assert svg.data.count("<circle") == 51


def test_svg_save_writes_the_file_and_raises_oserror_on_failure(tmp_path):
    svg = grundy.plot("subtraction:1,3,4", 20)
    target = tmp_path / "values.svg"
    svg.save(target)
    assert target.read_text() == svg.data
    svg.save(str(target))
    assert target.read_text() == svg.data
    # A missing folder is the file system's error, caught as Python code catches open()'s.
    missing = tmp_path / "no-such-folder" / "values.svg"
    with pytest.raises(FileNotFoundError) as err:
        svg.save(missing)
    assert err.value.filename == str(missing) and err.value.strerror == "No such file or directory"
    assert str(err.value) == f"[Errno 2] No such file or directory: '{missing}'"
    assert not isinstance(err.value, grundy.GameError)


def test_help_is_useful():
    assert "Grundy value" in grundy.value.__doc__
    assert "buffer protocol" in grundy.table.__doc__
    assert grundy.solve.__text_signature__.startswith("(game, positions")


def test_a_bare_octal_code_is_a_spec():
    # `0.6` is `octal:0.6` (Officers) wherever a spec is taken, as on the command line.
    assert grundy.table("0.6", 40).tolist() == grundy.table("officers", 40).tolist()
    moves = [(m.component, m.to) for m in grundy.solve("0.6", [5]).winning_moves]
    assert moves == [(0, "4"), (0, "2+2")]
    assert grundy.period("0.77").period == 12
    with pytest.raises(grundy.GameError, match="did you mean `kayles`"):
        grundy.value("kayle", 3)
