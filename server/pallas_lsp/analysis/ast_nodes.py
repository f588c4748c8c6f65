"""Every node of a syntax tree, as ``ast.walk`` gives them, built faster.

``ast.walk`` makes a generator per node (``iter_child_nodes`` over ``iter_fields``):
a rule that reads every node of a kernel's statements paid more for the walk than
for what it read (measured: half the time of ``ast.walk`` over a 2,000-line file).
"""

from __future__ import annotations

import ast
import re


def walk(node: ast.AST) -> list[ast.AST]:
    """The node and every node below it, in ``ast.walk``'s order (breadth first, each
    node's children in field order): a list, for callers that read them all."""
    found: list[ast.AST] = [node]
    for current in found:  # the list grows as it is read: breadth first, as ast.walk
        for name in current._fields:
            value = getattr(current, name, None)
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        found.append(item)
            elif isinstance(value, ast.AST):
                found.append(value)
    return found


# ---------------------------------------------------------------- private names

# An identifier Python mangles inside a class: two or more leading underscores, a letter or
# digit, and not two trailing underscores (`__axes`, `__x_`; not `__init__`, not `___`). One
# search of the text is the cheap test before any walk (a keystroke's re-parse pays only it).
PRIVATE_NAME = re.compile(r"(?<!\w)__\w*[^\W_]_?(?!\w)")


def mangle_private_names(tree: ast.AST, source: str) -> None:
    """Rewrite every private name inside a class as CPython's compiler does
    (``self.__axes`` in ``class Launch`` is ``self._Launch__axes``: ``_Py_Mangle``), so the
    interpreter reads and stores the names the program's objects really have, wherever the
    code that reads them stands (``obj._Launch__axes`` outside the class, ``getattr(obj,
    "_Launch__axes")``). In place and once per class node: a tree a re-parse keeps is marked.
    Callers test ``PRIVATE_NAME.search(source)`` first (no walk of a file without one)."""
    for node in walk(tree):
        if isinstance(node, ast.ClassDef) and not getattr(node, "_pallas_mangled", False):
            _mangle_class(node)


def _mangled(name: str, owner: str) -> str:
    if not name.startswith("__") or name.endswith("__") or "." in name:
        return name
    stripped = owner.lstrip("_")
    return f"_{stripped}{name}" if stripped else name


def _mangle_class(node: ast.ClassDef) -> None:
    """The class body's names with the class's own name (as written); a nested class's name,
    decorators, bases and keywords with its enclosing class's, its body with its own."""
    node._pallas_mangled = True  # type: ignore[attr-defined]
    pending: list[ast.AST] = list(node.body)
    owner = node.name
    while pending:
        current = pending.pop()
        if isinstance(current, ast.ClassDef):
            if not getattr(current, "_pallas_mangled", False):
                _mangle_class(current)  # its body by its name as written
            _rename(current, owner)
            pending.extend([*current.decorator_list, *current.bases, *current.keywords])
            continue
        _rename(current, owner)
        for name in current._fields:
            value = getattr(current, name, None)
            if isinstance(value, list):
                pending.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                pending.append(value)


def _rename(node: ast.AST, owner: str) -> None:
    if isinstance(node, ast.Name):
        node.id = _mangled(node.id, owner)
    elif isinstance(node, ast.Attribute):
        node.attr = _mangled(node.attr, owner)
    elif isinstance(node, (ast.arg, ast.keyword)) and node.arg is not None:
        node.arg = _mangled(node.arg, owner)
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        # The class namespace binds the mangled name; the object keeps the written one
        # (``__name__``, ``__qualname__``, the code's name): written_name reads it.
        mangled = _mangled(node.name, owner)
        if mangled != node.name:
            node._pallas_written_name = node.name  # type: ignore[union-attr]
            node.name = mangled
    elif isinstance(node, (ast.Global, ast.Nonlocal)):
        node.names = [_mangled(name, owner) for name in node.names]
    elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name is not None:
        node.name = _mangled(node.name, owner)
    elif isinstance(node, ast.MatchMapping) and node.rest is not None:
        node.rest = _mangled(node.rest, owner)
    elif isinstance(node, ast.MatchClass):
        node.kwd_attrs = [_mangled(name, owner) for name in node.kwd_attrs]
    elif isinstance(node, ast.alias) and node.asname is not None:
        node.asname = _mangled(node.asname, owner)


def written_name(node: ast.AST) -> str:
    """The name a def or class was written with (``__name__``): its node's name, unless the
    class around it mangled that (a private method ``__step`` is bound as ``_Cls__step``)."""
    return getattr(node, "_pallas_written_name", None) or getattr(node, "name", "<lambda>")
