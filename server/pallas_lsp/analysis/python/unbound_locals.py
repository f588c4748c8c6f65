"""A function's local read before the function binds it: CPython's UnboundLocalError.

A name a function assigns anywhere in its body (without ``global`` / ``nonlocal``) is local to
the whole body (Python/symtable.c), so reading it before its first binding raises
``UnboundLocalError: cannot access local variable 'count' where it is not associated with a
value`` (3.11+; "local variable 'count' referenced before assignment" before), even where a
global or an enclosing function's variable of that name exists: a ``global`` / ``nonlocal``
declaration dropped from ``count += step``, or ``total = total + part``.

The interpreter asks this module only in the rare case (statements.py): an augmented
assignment of a name the function's scope has not bound, or an assignment whose first binding
of a name shadows a global, an enclosing variable or a builtin. These helpers then tell,
from the syntax, whether the statement reads the name itself and whether any binding of it
comes earlier in the function, which a path the model did not follow could have run.
"""

from __future__ import annotations

import ast

_FUNCTION_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_NESTED_SCOPES = (*_FUNCTION_SCOPES, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def message(name: str) -> str:
    return f"cannot access local variable '{name}' where it is not associated with a value"


def reads(expr: ast.AST, name: str) -> bool:
    """Whether evaluating ``expr`` reads ``name`` at once (a lambda's or a comprehension's body
    reads it later, or in a scope of its own: not followed)."""
    pending = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name):
            if node.id == name and isinstance(node.ctx, ast.Load):
                return True
            continue
        if isinstance(node, _NESTED_SCOPES):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return False


def bound_before(function: ast.AST, name: str, stmt: ast.stmt) -> bool:
    """Whether ``function``'s own body (nested scopes aside) binds ``name`` anywhere before
    ``stmt`` starts, or takes it as a parameter: a binding on a path the model did not
    follow (a loop it did not run) would then make the read legal."""
    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        spec = function.args
        params = (*spec.posonlyargs, *spec.args, *spec.kwonlyargs, spec.vararg, spec.kwarg)
        if any(param is not None and param.arg == name for param in params):
            return True
    start = (stmt.lineno, stmt.col_offset)
    pending: list[ast.AST] = list(getattr(function, "body", []))
    while pending:
        node = pending.pop()
        if (getattr(node, "lineno", 0), getattr(node, "col_offset", 0)) >= start:
            continue  # (a statement's children never start before it)
        if _binds(node, name):
            return True
        # (A comprehension's targets are its own, its walrus targets the function's: both
        # count, which only makes a report rarer.)
        if isinstance(node, _FUNCTION_SCOPES):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return False


def _binds(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, (ast.Store, ast.Del))
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name == name
    if isinstance(node, ast.alias):
        return (node.asname or node.name.partition(".")[0]) == name
    if isinstance(node, ast.ExceptHandler):
        return node.name == name
    if isinstance(node, (ast.MatchAs, ast.MatchStar)):
        return node.name == name
    if isinstance(node, ast.MatchMapping):
        return node.rest == name
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return name in node.names  # (then not a local at all)
    return False
