"""Every `>>>` example in the package's docstrings runs and prints what it shows: the
docstring of `grundy.cgt` once claimed temperature 5/4 and mean 7/4 for {3||2*|1*}, whose
thermograph's walls 3 − t and 3/2 + t meet at t = 3/4, value 9/4 (README says so too)."""

import doctest
import inspect

import pytest

import grundy


def docstrings():
    """(name, docstring) of the package, every public name and every member of a class."""
    yield "grundy", grundy.__doc__
    for name in grundy.__all__:
        obj = getattr(grundy, name)
        yield name, obj.__doc__
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                yield f"{name}.{member}", getattr(value, "__doc__", None)


EXAMPLES = [
    (name, doc) for name, doc in docstrings() if doc and doctest.DocTestParser().get_examples(doc)
]


def test_the_examples_are_found():
    names = {name for name, _ in EXAMPLES}
    assert {"grundy", "cgt", "value", "solve", "Game", "nim_mul"} <= names


@pytest.mark.parametrize("name,doc", EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_docstring_examples_run(name, doc):
    test = doctest.DocTestParser().get_doctest(doc, {"grundy": grundy}, name, None, 0)
    out = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=out.append)
    assert result.attempted > 0
    assert result.failed == 0, "".join(out)


def test_cgt_temperature_and_mean_of_the_docstring_example():
    from fractions import Fraction

    g = grundy.cgt("{3||2*|1*}")
    assert (g.temperature, g.mean) == (Fraction(3, 4), Fraction(9, 4))
    # The walls: Left's 3 − t, Right's 2 until t = 1/2 (where {2*|1*} freezes at 3/2), then
    # 3/2 + t; they meet at t = 3/4.
    assert g.thermograph().left == [(0, 3, -1), (Fraction(3, 4), Fraction(9, 4), 0)]
