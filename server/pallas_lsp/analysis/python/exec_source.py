"""``exec(source, namespace)`` of a known string, run by the interpreter, never by Python.

The source is parsed (``ast.parse``: no code runs) and its statements run by the
interpreter with the namespace dict as their module scope, as ``exec`` does: names the
source binds become the dict's keys, functions it defines close over it, and ``exec``
adds ``__builtins__`` (its value not modelled). Every node of the parsed source takes the
position of the ``exec`` call, so whatever the analysis reports from inside it points there.

Answered only where the result is sure: the source a known string within the size bound
that parses, the namespace a complete dict with string keys (or ``globals()``). A separate
locals mapping (``exec(source, globals, locals)``) runs the source as a class body does:
stores go to the locals, reads look there, then in the globals; followed only where the
source opens no scope of its own (a def, lambda, class or comprehension there reads the
globals and skips the locals, which the chain of scopes here would not do). Otherwise the
namespace is left unknown (its keys may have changed) and the call's value unknown.
"""

from __future__ import annotations

import ast

from ..ast_nodes import PRIVATE_NAME, mangle_private_names
from ..introspection import ScopeView
from ..values import UNKNOWN, Const, DictVal, Env

MAX_SOURCE = 20_000  # characters: a settings snippet, not a program
MAX_NESTING = 8  # exec inside exec'd source: deeper is a program building programs


def parsed(source: object, at: ast.AST) -> list[ast.stmt] | None:
    """The statements of a known source string, each node placed at ``at``; None when the
    source is not known or does not parse (exec raises SyntaxError)."""
    if not (isinstance(source, Const) and isinstance(source.value, str)) or len(source.value) > MAX_SOURCE:
        return None
    try:
        tree = ast.parse(source.value, mode="exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    for node in ast.walk(tree):
        if "lineno" in node._attributes:
            ast.copy_location(node, at)
    if PRIVATE_NAME.search(source.value):
        mangle_private_names(tree, source.value)  # its classes' private names, as compile() does
    return tree.body


def scope_of(namespace: object) -> Env | None:
    """The scope the source runs in: ``globals()``'s own scope, or a new module scope made
    of a complete dict's items (written back by ``write_back``)."""
    if isinstance(namespace, ScopeView) and namespace.scope is not None:
        return namespace.scope
    return _dict_scope(namespace)


def _dict_scope(namespace: object, parent: Env | None = None) -> Env | None:
    """A new scope of a complete dict's items (names only), reading on into ``parent``."""
    if isinstance(namespace, DictVal) and not isinstance(namespace, ScopeView) and namespace.complete \
            and all(isinstance(key, str) for key in namespace.items):
        return Env(dict(namespace.items), parent=parent)  # type: ignore[arg-type]
    return None


_SCOPE_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
                ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Global, ast.Nonlocal)


def opens_no_scope(body: list[ast.stmt]) -> bool:
    """Whether the source reads every name in the one scope it runs in (no nested scope,
    no ``global`` / ``nonlocal``): what a separate locals mapping needs to be followed."""
    return not any(isinstance(node, _SCOPE_NODES) for stmt in body for node in ast.walk(stmt))


def locals_scope(globals_scope: Env, namespace: object) -> Env | None:
    """The scope of ``exec(source, globals, locals)``: the locals dict's items, reading on
    into the globals' scope."""
    return _dict_scope(namespace, globals_scope)


def write_back(namespace: object, scope: Env, *, builtins: bool = True) -> None:
    """The scope's names into the dict given to exec; ``builtins``: the globals dict, to which
    exec adds ``__builtins__`` when absent (a separate locals dict gets only what the source
    binds)."""
    if isinstance(namespace, ScopeView):
        return  # the source ran in that scope itself
    assert isinstance(namespace, DictVal)
    if builtins:
        scope.names.setdefault("__builtins__", UNKNOWN)
    namespace.items.clear()
    for name, value in scope.names.items():
        namespace.store(Const(name), value)


def give_up(namespace: object) -> None:
    """The source did not run here: a dict given may have any keys now."""
    if isinstance(namespace, DictVal) and not isinstance(namespace, ScopeView):
        namespace.items.clear()
        namespace.instance_items.clear()
        namespace.complete = namespace.closed = False
