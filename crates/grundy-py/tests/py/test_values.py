"""Result objects behave as Python values: equal answers compare and hash alike, every class
has a readable repr, and `Table` is the sequence its stub (`Sequence[int]`) promises."""

import collections.abc
from fractions import Fraction

import pytest

import grundy


def test_move_is_hashable_as_its_equality_says():
    # Move had __eq__ but no __hash__, so Python made it unhashable (a set of moves failed).
    a = grundy.solve("nim", [3, 5, 7]).winning_moves
    b = grundy.solve("nim", [3, 5, 7]).winning_moves
    assert a == b
    assert all(hash(x) == hash(y) for x, y in zip(a, b))
    assert len(set(a) | set(b)) == 3
    g = grundy.Game(moves=lambda p: [p - k for k in (1, 2) if p >= k])
    assert {m.to for m in set(g.solve([7, 5]).winning_moves)} == {5, 4}


def test_period_answers_compare_by_value():
    # Period had no __eq__: two identical answers compared unequal (by identity).
    assert grundy.period("kayles") == grundy.period("kayles")
    assert grundy.period("kayles") == grundy.period("octal:0.77")
    assert grundy.period("kayles") != grundy.period("dawsons-kayles")
    assert hash(grundy.period("kayles")) == hash(grundy.period("octal:0.77"))
    assert grundy.period("kayles") != "kayles"


def test_tables_compare_by_game_and_values():
    assert grundy.table("kayles", 50) == grundy.table("octal:0.77", 50)
    assert grundy.table("kayles", 50) == grundy.HeapGame(octal="0.77").table(50)
    assert hash(grundy.table("kayles", 50)) == hash(grundy.table("octal:0.77", 50))
    assert grundy.table("kayles", 50) != grundy.table("kayles", 51)
    assert grundy.table("nim", 5) != grundy.table("subtraction:1..100", 5)  # same values, other game
    assert grundy.table("nim", 5).tolist() == grundy.table("subtraction:1..100", 5).tolist()


def test_every_class_has_a_readable_repr():
    # Svg, Thermograph and PartizanGame printed as <grundy.X object at 0x…>.
    svg = grundy.plot("kayles", 10)
    assert repr(svg) == f"Svg({len(svg.data)} characters of SVG)"
    t = grundy.cgt("{3||2*|1*}").thermograph()
    assert repr(t) == "Thermograph(temperature=Fraction(3, 4), mast=Fraction(9, 4))"

    def left(p):
        return []

    g = grundy.PartizanGame(left=left, right=lambda p: [])
    # Quoted as Game's and HeapGame's reprs are.
    assert repr(g) == (
        'PartizanGame(left="test_every_class_has_a_readable_repr.<locals>.left", '
        'right="test_every_class_has_a_readable_repr.<locals>.<lambda>")'
    )
    for obj in [svg, t, g, grundy.period("kayles"), grundy.table("nim", 3), grundy.solve("nim", [1]),
                grundy.solve("nim", [1]).winning_moves[0], grundy.cgt("*"), grundy.HeapGame(spec="nim"),
                grundy.Game(moves=left)]:
        assert " object at 0x" not in repr(obj)


def test_table_slices_and_sequence_methods():
    t = grundy.table("kayles", 30)
    values = t.tolist()
    assert isinstance(t, collections.abc.Sequence)
    # Slicing raised TypeError ("'slice' object cannot be interpreted as an integer").
    assert t[2:5] == values[2:5] == [2, 3, 1]
    assert t[::-3] == values[::-3]
    assert t[-5:] == values[-5:]
    assert t[100:] == []
    # index/count were missing and reversed() said "grundy.Table is not a sequence".
    assert t.index(7) == values.index(7)
    assert t.index(1, 5) == values.index(1, 5)
    assert t.count(1) == values.count(1)
    assert t.count(-1) == 0 and t.count("x") == 0
    assert t.count(1.0) == values.count(1.0)
    assert list(reversed(t)) == values[::-1]
    assert 7 in t and 99 not in t and -1 not in t and "x" not in t
    with pytest.raises(ValueError, match="99 is not in the table"):
        t.index(99)
    # Huge and non-int indices: IndexError and TypeError, not a C-long OverflowError.
    with pytest.raises(IndexError, match="outside the table"):
        t[10**30]
    with pytest.raises(IndexError, match="outside the table"):
        t[-32]
    with pytest.raises(TypeError, match="table indices must be ints or slices, not str"):
        t["3"]
    # As in a list, a bool is an index (it was before slices were taken).
    assert t[True] == values[1] and t[False] == values[0]
    # A uint64 table slices too.
    assert grundy.table("nim", 10)[3:6] == [3, 4, 5]


def test_a_number_hashes_as_the_int_or_fraction_it_equals():
    # cgt("1") == 1 was True but their hashes differed, so {1: ...}[cgt("1")] missed.
    for text, number in [("1", 1), ("0", 0), ("-3", -3), ("1/2", Fraction(1, 2)), ("-3/8", Fraction(-3, 8))]:
        g = grundy.cgt(text)
        assert g == number and hash(g) == hash(number)
        assert {number: "found"}[g] == "found"
    assert hash(grundy.cgt("{1|*}")) == hash(grundy.cgt("{1|*}"))
    assert len({grundy.cgt("*"), grundy.cgt("*") + grundy.cgt("0"), grundy.cgt("^"), grundy.cgt("0"), 0}) == 3


def test_reflected_subtraction():
    # 1 + g worked (__radd__) but 1 - g raised TypeError.
    star, up = grundy.cgt("*"), grundy.cgt("^")
    assert 1 - star == grundy.cgt("1*")
    assert "^" - star == grundy.cgt("^*")
    assert Fraction(1, 2) - up == grundy.cgt("1/2") - up
    assert 0 - up == -up == grundy.cgt("v")
    with pytest.raises(grundy.GameError, match="invalid game"):
        "{" - up


def test_temperatures_of_cool_and_heat():
    g = grundy.cgt("{2|-2}")
    assert g.cool(0.5) == g.cool("1/2") == g.cool(Fraction(1, 2)) == grundy.cgt("+-3/2")
    assert g.cool(1.0) == g.cool(1) == grundy.cgt("+-1")
    # The message names the temperature, not a "position" or a "game".
    with pytest.raises(grundy.GameError, match=r"invalid temperature `1/3`: denominator 3 is not a power of two"):
        g.cool("1/3")
    with pytest.raises(grundy.GameError, match=r"invalid temperature `0.1`: the float is not a dyadic fraction"):
        g.cool(0.1)
    with pytest.raises(grundy.GameError, match=r"invalid temperature `nan`"):
        g.heat(float("nan"))
    with pytest.raises(TypeError, match="a temperature is an int, a dyadic Fraction"):
        g.cool(None)
    with pytest.raises(TypeError, match="not list"):
        g.heat([1])


def test_a_plot_far_out_holds_only_the_values_it_draws():
    # plot("kayles", 10**9) computed and held all of G(0..=10^9) (8 GB) to draw 4000 points.
    import subprocess
    import sys

    # VmHWM, the peak resident memory of this process image (ru_maxrss would inherit the
    # test runner's peak across fork and exec).
    script = (
        "import re, grundy\n"
        "s = grundy.plot('kayles', 10**9)\n"
        "print(re.search(r'VmHWM:\\s*(\\d+) kB', open('/proc/self/status').read()).group(1))\n"
        "print('first values only' in s.data, 'period 12 (certified)' in s.data)\n"
    )
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    peak_kib, flags = p.stdout.split("\n")[:2]
    assert int(peak_kib) < 300 * 1024, f"peak {int(peak_kib) // 1024} MiB"
    assert flags == "True True"


def test_set_memory_bounds_requests_and_refusals_name_it():
    """The package's way to set the memory budget, named by every refusal (the CLI's
    `--memory SIZE` flag does not exist here)."""
    try:
        grundy.set_memory("1M")
        with pytest.raises(grundy.GameError) as refused:
            grundy.table("kayles", 10**7)
        message = str(refused.value)
        assert "1.0 MiB (set by grundy.set_memory; raise it with grundy.set_memory(SIZE))" in message
        assert "--memory" not in message
        grundy.set_memory(2**30)
        assert len(grundy.table("kayles", 10**5)) == 10**5 + 1
    finally:
        grundy.set_memory(None)
    with pytest.raises(ValueError, match="memory size"):
        grundy.set_memory("lots")
    with pytest.raises(ValueError, match="0 bytes allows nothing"):
        grundy.set_memory(0)


def test_a_form_too_long_to_write_out_is_refused_not_printed():
    """`LG` × 15, a blue-green Hackenbush stalk, is a small form whose text would be 17 GB:
    str() refuses it with GameError, repr() (which must not raise) says so in a placeholder,
    and it still hashes and compares."""
    g = grundy.value("brg-hackenbush", "LG" * 15)
    try:
        grundy.set_memory("1G")
        with pytest.raises(grundy.GameError, match="writing out this canonical form"):
            str(g)
        shown = repr(g)
        assert shown == (
            "<CanonicalForm: its CGSuite text, 17089843749 characters, is past the memory budget>"
        )
        assert repr([g]) == "[" + shown + "]"
        assert g._repr_latex_() is None
    finally:
        grundy.set_memory(None)
    assert hash(g) == hash(grundy.value("brg-hackenbush", "LG" * 15))
    assert g > 0 and g == grundy.value("brg-hackenbush", "LG" * 15)
    assert str(grundy.value("brg-hackenbush", "LG")) == "1*"
