"""Introspection names read from the tree: ``f.__doc__`` / ``f.__name__`` of the program's
functions, ``C.__doc__`` of its classes, and ``max.__name__`` / ``__qualname__`` /
``__module__`` of the real callables the allow-list serves.

A docstring is the string constant of the tree as Python 3.12 and older keep it; Python
3.13's compiler strips its indentation (``_PyCompile_CleanDoc``, mirrored in ``clean_313``).
Which Python runs the program is not known, so a docstring that the two would spell
differently is one of both (``OneOf``): a finding stands only when both give it.
"""

from __future__ import annotations

import ast
import builtins

from ..ast_nodes import written_name
from ..values import MISSING, Const, one_of
from . import allow

INTROSPECTION_NAMES = frozenset({"__name__", "__qualname__", "__module__"})


def clean_313(doc: str) -> str:
    """The docstring as CPython 3.13's compiler stores it: tabs expanded, the first line's
    leading spaces dropped, the smallest indentation of the later non-blank lines removed
    from each later line (blank lines keep what is past that margin; leading and trailing
    blank lines stay, unlike ``inspect.cleandoc``)."""
    doc = doc.expandtabs()
    lines = doc.split("\n")
    margins = [len(line) - len(line.lstrip(" ")) for line in lines[1:] if line.strip(" ")]
    margin = min(margins, default=0)
    rest = []
    for line in lines[1:]:
        cut = 0
        while cut < margin and cut < len(line) and line[cut] == " ":
            cut += 1
        rest.append(line[cut:])
    return "\n".join([lines[0].lstrip(" "), *rest])


def docstring(node: ast.AST) -> object:
    """``__doc__`` of a def / class / module node: None without a docstring."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
        return Const(None)  # a lambda
    raw = ast.get_docstring(node, clean=False)
    if raw is None:
        return Const(None)
    return one_of([Const(raw), Const(clean_313(raw))])


def function_attribute(node: ast.AST, name: str) -> object:
    """``__doc__`` / ``__name__`` of a program function (its ``__qualname__`` and
    ``__module__`` need the scope it was defined in: not served here)."""
    if name == "__doc__":
        return docstring(node)
    if name == "__name__":
        return Const(written_name(node))
    return MISSING


def library_attribute(qualified: str, name: str) -> object:
    """``max.__name__``, ``math.gcd.__module__``, ``int.__qualname__`` of a builtin or an
    allow-listed callable, read from the real one (their docstrings vary by Python release:
    not served)."""
    if name not in INTROSPECTION_NAMES:
        return MISSING
    head, _, rest = qualified.partition(".")
    plain_builtin = head == "builtins" and "." not in rest
    target = getattr(builtins, rest, MISSING) if plain_builtin else allow.resolve(qualified)
    if not callable(target):
        return MISSING
    value = getattr(target, name, None)
    return Const(value) if isinstance(value, str) else MISSING
