"""A name read that nothing in the file can bind: CPython's NameError.

A global name exists only once a statement of its module binds it (an assignment, a def, a
class, an import, a ``for`` / ``with`` / ``except`` / ``match`` target, a walrus) or builtins
hold it. Where the file binds a name nowhere at all (not even as a local or a parameter
somewhere: the analysis need not tell scopes apart to be sure) and nothing in it can bind
names it does not spell (``from m import *``, ``exec`` / ``eval``, ``globals()`` / ``vars()`` /
``locals()``, ``setattr`` / ``__import__``, a module ``__getattr__``), a read of it raises
"NameError: name 'ROWS' is not defined" (a constant renamed in one place and not the other).
The interpreter asks only when a read finds no scope binding the name (a rare path).
"""

from __future__ import annotations

import ast
import builtins

# Calls through which a module may bind names it does not spell.
_DYNAMIC_CALLS = frozenset({"exec", "eval", "globals", "vars", "locals", "setattr", "__import__",
                            "delattr", "compile"})


def module_binds(tree: ast.Module) -> frozenset[str] | None:
    """Every name the module's source binds anywhere, in any scope; None where the module may
    bind names it does not spell."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if not isinstance(node.ctx, ast.Load):
                bound.add(node.id)
            continue
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            bound.add(node.attr)  # `this_module.ROWS = 64`, `builtins.ROWS = 64`: counted bound
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
            if node.name == "__getattr__" and node in tree.body:
                return None  # a module __getattr__ answers any name
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                bound.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else None
            if called in _DYNAMIC_CALLS:
                return None
    # Type parameters (3.12 `def f[T]()`) bind too.
    for node in ast.walk(tree):
        for param in getattr(node, "type_params", ()) or ():
            name = getattr(param, "name", None)
            if isinstance(name, str):
                bound.add(name)
    return frozenset(bound)


# Every builtin of the server's Python, and those later releases added (a user's interpreter
# may be newer): never judged.
_BUILTINS = frozenset(dir(builtins)) | {"PythonFinalizationError", "_IncompleteInputError",
                                         "ExceptionGroup", "BaseExceptionGroup", "EncodingWarning",
                                         "aiter", "anext"}


def builtin(name: str) -> bool:
    return name in _BUILTINS


def message(name: str) -> str:
    return f"name '{name}' is not defined"
