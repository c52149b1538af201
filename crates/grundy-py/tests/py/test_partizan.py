"""Partizan games: canonical forms, their invariants and thermographs, and PartizanGame."""

from fractions import Fraction

import pytest

import grundy


def test_the_issues_example():
    g = grundy.cgt("{3||2*|1*}")
    assert str(g) == "{3||2*|1*}"
    # Right's option {2*|1*} has walls meeting at t = 1/2 at 3/2; Left's wall 3 − t meets
    # the right scaffold 3/2 + t at t = 3/4, value 9/4.
    assert g.temperature == Fraction(3, 4)
    assert g.mean == Fraction(9, 4)
    assert g.stops == (3, 2)
    assert g.outcome == "L"
    t = g.thermograph()
    assert (t.temperature, t.mast) == (Fraction(3, 4), Fraction(9, 4))
    assert t.left[0] == (0, 3, -1)
    assert t._repr_svg_().startswith("<svg") and "temperature 3/4" in t._repr_svg_()
    assert g._repr_latex_() == r"$\{3\mathrel{||}2{*}\mathrel{|}1{*}\}$"


def test_arithmetic_and_order():
    up, star = grundy.cgt("^"), grundy.cgt("*")
    assert up > 0 and up.compare(star) == "||" and not (up > star) and not (up < star)
    assert str(up + up) == "^^" and str(-up) == "v" and up - "^" == 0
    assert grundy.cgt("{1|1}") == grundy.cgt("1*") and hash(grundy.cgt("{1|1}")) == hash(grundy.cgt("1*"))
    assert grundy.cgt("{0|1}") == Fraction(1, 2) and grundy.cgt("3/4").number == Fraction(3, 4)
    assert grundy.cgt("+-1").temperature == 1 and grundy.cgt("5").temperature == -1
    assert grundy.cgt("*").temperature == 0 and grundy.cgt("*").outcome == "N"
    assert grundy.cgt("^*").atomic_weight() == 1
    assert str(grundy.cgt("{3||2*|1*}").cool("1/2")) == "{5/2|2*}"
    with pytest.raises(grundy.GameError):
        grundy.cgt("{1|")
    with pytest.raises(grundy.GameError):
        grundy.cgt("{1|0}").atomic_weight()


def hackenbush_string(edges):
    """Blue-red Hackenbush on one stalk (ground first): cutting an edge removes all above."""
    return grundy.PartizanGame(
        left=lambda s: [s[:i] for i, c in enumerate(s) if c == "B"],
        right=lambda s: [s[:i] for i, c in enumerate(s) if c == "R"],
    )


@pytest.mark.parametrize("stalk,value", [
    ("", 0), ("B", 1), ("BB", 2), ("R", -1), ("BR", Fraction(1, 2)), ("BRR", Fraction(1, 4)),
    ("BBR", Fraction(3, 2)), ("RB", Fraction(-1, 2)), ("BRB", Fraction(3, 4)),
])
def test_hackenbush_stalks_are_their_sign_expansions(stalk, value):
    assert hackenbush_string(stalk).value(stalk) == value


def domineering():
    """Left places vertical dominoes, Right horizontal ones; a position is a frozenset of cells."""
    def moves(board, dr, dc):
        return [board - {(r, c), (r + dr, c + dc)} for (r, c) in board if (r + dr, c + dc) in board]
    return grundy.PartizanGame(left=lambda b: moves(b, 1, 0), right=lambda b: moves(b, 0, 1))


def test_domineering_small_boards():
    d = domineering()
    grid = lambda rows, cols: frozenset((r, c) for r in range(rows) for c in range(cols))
    assert str(d.value(grid(2, 2))) == "+-1"
    assert d.value(grid(2, 1)) == 1 and d.value(grid(1, 2)) == -1
    assert d.value(grid(1, 3)) == -1 and d.value(grid(3, 1)) == 1
    # A sum of a vertical and a horizontal domino slot is 0: the second player wins.
    assert d.sum([grid(2, 1), grid(1, 2)]) == 0
    # Any iterable of positions, as Python's own sum() takes.
    assert d.sum((grid(2, 1), grid(2, 1))) == 2
    assert d.sum(grid(1, k) for k in (2, 3)) == -2
    with pytest.raises(TypeError, match="iterable of positions, not int"):
        d.sum(5)


def test_partizan_game_calls_once_and_detects_cycles():
    calls = []

    def left(n):
        calls.append(n)
        return [n - 1] if n else []

    g = grundy.PartizanGame(left=left, right=lambda n: [n - 2] if n >= 2 else [])
    g.value(50)
    g.value(40)
    assert sorted(calls) == list(range(51)) and g.calls == 51
    with pytest.raises(grundy.GameError, match=r"cycle \(position 0 is reachable from itself\)"):
        grundy.PartizanGame(left=lambda n: [n], right=lambda n: []).value(0)


def test_calls_can_be_read_during_a_run():
    """`calls` is a counter outside the game's state: a moves function (or another thread)
    reads it while a run holds the state, and sees the calls made so far."""
    seen = []

    def left(n):
        seen.append(p.calls)
        return [n - 1] if n else []

    p = grundy.PartizanGame(left=left, right=lambda n: [])
    p.value(5)
    # Position n is the (5 - n)-th one called, after the calls on the positions above it.
    assert seen == [0, 1, 2, 3, 4, 5] and p.calls == 6

    counts = []

    def moves(n):
        counts.append(g.calls)
        return [n - 1] if n else []

    g = grundy.Game(moves=moves)
    assert g.value(4) == 0
    assert counts == [0, 1, 2, 3, 4] and g.calls == 5


def test_value_of_a_partizan_game_is_its_canonical_form():
    # The same answers as `grundy value GAME POSITION` (issue 16's oracles).
    g = grundy.value("domineering", "..|..")
    assert isinstance(g, grundy.CanonicalForm)
    assert str(g) == "+-1"
    assert g.temperature == 1
    assert str(grundy.value("toads-and-frogs", "T.TFF")) == "^"
    assert str(grundy.value("hackenbush", "LRLRRLLR")) == "77/128"
    assert str(grundy.value("cutcake", "8,1")) == "-7"
    with pytest.raises(grundy.GameError):
        grundy.value("domineering", "..|x.")


def test_impartial_functions_on_a_partizan_game_point_to_value():
    # The refusal was the CLI's: "`value`, `solve`, `explain`, `play` and `batch` take it",
    # while grundy.solve, grundy.explain… refuse it in Python.
    calls = [
        lambda: grundy.solve("domineering", ["..|.."]),
        lambda: grundy.outcome("domineering", ["..|..", "..."]),
        lambda: grundy.explain("domineering", [".."]),
        lambda: grundy.options("domineering", ".."),
        lambda: grundy.table("domineering", 10),
        lambda: grundy.period("domineering"),
        lambda: grundy.count("domineering", 2, "1..3", 7),
        lambda: grundy.HeapGame(spec="domineering"),
    ]
    for call in calls:
        with pytest.raises(grundy.GameError) as e:
            call()
        message = str(e.value)
        assert "`domineering` is a partizan game" in message
        assert 'grundy.value("domineering", "..#|...|...")' in message
        assert "`solve`" not in message
    # The example the message gives works, and says who wins.
    form = grundy.value("domineering", "..#|...|...")
    assert form.outcome in ("L", "R", "P", "N")
    with pytest.raises(grundy.GameError, match=r'grundy.value\("clobber", "xox\|ox."\)'):
        grundy.solve("clobber", ["xox|ox."])
    assert grundy.value("clobber", "xox|ox.").outcome in ("L", "R", "P", "N")
