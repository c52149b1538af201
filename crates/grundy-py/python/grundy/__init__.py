"""grundy: who wins an impartial combinatorial game, why, and how.

Functions over GAME specs take the same specs and positions as the ``grundy`` CLI
(``"kayles"``, ``"subtraction:1,3,4"``, ``"octal:0.137"``; see :func:`games`) and raise
:class:`GameError` with the CLI's message on bad input. Games can also be defined in Python:
:class:`HeapGame` (heap games, splits allowed), :class:`Game` (any hashable positions) and
:class:`PartizanGame` (Left and Right move differently; values are :func:`cgt` canonical forms).

>>> import grundy
>>> grundy.value("kayles", 10)
2
>>> grundy.solve("nim", [3, 5, 7]).winner
'first'
"""

from collections.abc import Sequence as _Sequence

from ._grundy import (
    CanonicalForm,
    Game,
    GameError,
    HeapGame,
    Move,
    PartizanGame,
    Period,
    Solution,
    Svg,
    Table,
    Thermograph,
    cgt,
    count,
    explain,
    games,
    nim_inverse,
    nim_mul,
    nim_pow,
    nim_sqrt,
    set_memory,
    options,
    outcome,
    period,
    plot,
    solve,
    table,
    value,
)

# `Table` implements the sequence protocol (len, ints and slices, index, count, reversed,
# in); registered so that `isinstance(t, collections.abc.Sequence)` says so, as the stubs do.
_Sequence.register(Table)
del _Sequence

__all__ = [
    "CanonicalForm",
    "Game",
    "GameError",
    "HeapGame",
    "Move",
    "PartizanGame",
    "Period",
    "Solution",
    "Svg",
    "Table",
    "Thermograph",
    "cgt",
    "count",
    "explain",
    "games",
    "nim_inverse",
    "nim_mul",
    "nim_pow",
    "nim_sqrt",
    "set_memory",
    "options",
    "outcome",
    "period",
    "plot",
    "solve",
    "table",
    "value",
]
