"""python/binding.py against CPython itself: for each signature and call of the table, the
binder's verdict (binds, or the TypeError's text) is what calling a real def says."""

from __future__ import annotations

import ast

import pytest
from pallas_lsp.analysis.python.binding import qualname_of, refusal

SIGNATURES = [
    "def f(): pass",
    "def f(a): pass",
    "def f(a, b): pass",
    "def f(a, b=1): pass",
    "def f(a, b, c, d=1): pass",
    "def f(a, /, b): pass",
    "def f(a, b, /, c=2, **kw): pass",
    "def f(a, /, *, k): pass",
    "def f(*args): pass",
    "def f(a, *args, k, m=3): pass",
    "def f(a, *, k, m, n): pass",
    "def f(**kw): pass",
    "def f(a, b=1, *, k=2): pass",
    "def f(kernel, out_shape, *, grid=(), interpret=False): pass",
]

# (number of positionals, keywords in call order)
CALLS = [
    (0, ()), (1, ()), (2, ()), (3, ()), (4, ()), (5, ()),
    (0, ("a",)), (1, ("a",)), (1, ("b",)), (0, ("a", "b")), (2, ("b",)), (1, ("k",)),
    (1, ("k", "m", "n")), (2, ("k",)), (3, ("k", "m")), (0, ("zz",)), (1, ("zz", "a")),
    (0, ("k", "a")), (2, ("grid_spec",)), (2, ("grid", "input_output_aliases")),
    (3, ("interpret",)), (1, ("out_shape", "grid")), (2, ("a", "zz")), (0, ("b", "zz")),
]


def _as_method(source: str) -> str:
    """The def as a method of class Harness: ``self`` first."""
    takes_none = source.startswith("def f()")
    return "class Harness:\n    " + source.replace("def f(", "def f(self" if takes_none else "def f(self, ")


def _real_message(source: str, given: int, keywords: tuple[str, ...], method: bool) -> str | None:
    namespace: dict = {}
    if method:
        exec(_as_method(source), namespace)
        func = namespace["Harness"]().f
        given -= 1  # the instance is one of the positionals
    else:
        exec(source, namespace)
        func = namespace["f"]
    try:
        func(*range(given), **dict.fromkeys(keywords, 0))
    except TypeError as exc:
        return str(exc)
    return None


def _ours(source: str, given: int, keywords: tuple[str, ...], method: bool) -> str | None:
    if method:
        source = _as_method(source)
    tree = ast.parse(source)
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))
    qualname = qualname_of(tree, node)
    assert qualname == ("Harness.f" if method else "f")
    return refusal(node.args, qualname, given, keywords)


@pytest.mark.parametrize("source", SIGNATURES)
@pytest.mark.parametrize("method", [False, True], ids=["function", "bound_method"])
def test_binding_is_cpythons(source: str, method: bool) -> None:
    for given, keywords in CALLS:
        if method and given == 0:
            continue  # a bound method always has its instance
        want = _real_message(source, given, keywords, method)
        assert _ours(source, given, keywords, method) == want, (source, given, keywords, method)


def test_the_table_has_both_verdicts() -> None:
    verdicts = {_real_message(s, g, k, False) is None for s in SIGNATURES for g, k in CALLS}
    assert verdicts == {True, False}


def test_qualname_of_nested_defs() -> None:
    tree = ast.parse("def make():\n    class H:\n        def call(self): pass\n    return H\n"
                     "f = lambda: 0\n")
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "call")
    lam = next(n for n in ast.walk(tree) if isinstance(n, ast.Lambda))
    assert qualname_of(tree, call) == "make.<locals>.H.call"
    assert qualname_of(tree, lam) == "<lambda>"
    assert qualname_of(ast.parse("x = 1"), call) is None
