"""The type stubs (`python/grundy/_grundy.pyi`) describe the compiled module as it is: every
stubbed name exists, every public name is stubbed, and the parameters of functions and
methods agree (Table's slices, index and count, Move's hash and CanonicalForm's `1 - g` were
added to both sides together)."""

import ast
import inspect
from pathlib import Path

import pytest

import grundy._grundy as compiled

STUBS = ast.parse((Path(__file__).resolve().parents[2] / "python" / "grundy" / "_grundy.pyi").read_text(encoding="utf-8"))
# Stubs that describe a protocol the interpreter provides, not an attribute of the class.
PROTOCOL_ONLY = {"__buffer__"}


def parameters(node):
    a = node.args
    names = [x.arg for x in a.posonlyargs + a.args] + [x.arg for x in a.kwonlyargs]
    return [n for n in names if n != "self"]


def runtime_parameters(obj):
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return [p for p in signature.parameters if p not in ("self", "cls")]


def stubbed():
    for node in STUBS.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            yield node


@pytest.mark.parametrize("node", list(stubbed()), ids=lambda n: n.name)
def test_stubbed_name_exists_with_these_parameters(node):
    runtime = getattr(compiled, node.name)
    if isinstance(node, ast.FunctionDef):
        assert runtime_parameters(runtime) == parameters(node)
        return
    for member in node.body:
        if not isinstance(member, ast.FunctionDef) or member.name in PROTOCOL_ONLY:
            continue
        if member.name == "__init__":
            assert runtime_parameters(runtime) == parameters(member), node.name
            continue
        assert hasattr(runtime, member.name), f"{node.name}.{member.name} is stubbed but missing"
        is_property = any(isinstance(d, ast.Name) and d.id == "property" for d in member.decorator_list)
        if not is_property and not member.name.startswith("__"):
            found = runtime_parameters(getattr(runtime, member.name))
            assert found in (None, parameters(member)), f"{node.name}.{member.name}: {found}"


def test_every_public_name_and_member_is_stubbed():
    names = {node.name: node for node in stubbed()}
    for name in dir(compiled):
        if name.startswith("_"):
            continue
        assert name in names, f"{name} is not in the stubs"
        runtime = getattr(compiled, name)
        if inspect.isclass(runtime) and not issubclass(runtime, Exception):
            members = {m.name for m in names[name].body if isinstance(m, ast.FunctionDef)}
            public = {m for m in dir(runtime) if not m.startswith("__")}
            assert public <= members, f"{name}: {sorted(public - members)} not stubbed"
