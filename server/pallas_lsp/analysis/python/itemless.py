"""Values that surely hold no items, by the type name CPython's TypeErrors give them: a Python
number (``len(ROWS)``: "object of type 'int' has no len()"), the program's function or method
(``tuple(make_grid)``), a builtin type's method read and not called (``len(cls.mro)``: "object of
type 'builtin_function_or_method' has no len()"). None is not one: a None the analysis holds is
often a default that unseen code replaces (python/operator_errors.py); nor a NumPy scalar
(marked), which answers its own way."""

from __future__ import annotations

import ast

from ..values import NUMPY_SCALAR_ORIGINS, Const, FuncVal, PartialVal, QualName

_NUMBER_KINDS = {int: "int", float: "float", bool: "bool", complex: "complex"}


def number_kind(value: object) -> str | None:
    """The type name of a value that is surely a Python number, else None."""
    if value.__class__ is Const and value.origins is not NUMPY_SCALAR_ORIGINS:  # type: ignore[attr-defined]
        return _NUMBER_KINDS.get(type(value.value))  # type: ignore[attr-defined]
    return None


def itemless_kind(value: object, node: ast.expr | None) -> str | None:
    """The type name of a value that surely has no items and no length, else None. ``node``:
    the expression that gave it; a builtin method is known only as spelled (``cls.mro``: an
    attribute named as the method), since a ``functools.partial`` of one is held alike."""
    kind = number_kind(value)
    if kind is not None:
        return kind
    if value.__class__ is FuncVal:
        return "function" if value.self_value is None else "method"  # type: ignore[attr-defined]
    if value.__class__ is PartialVal and isinstance(func := value.func, QualName) \
            and func.name.startswith("builtins.") and func.name.count(".") == 2 \
            and len(value.args) == 1 and not value.kwargs \
            and isinstance(node, ast.Attribute) and node.attr == func.name.rsplit(".", 1)[1]:
        return "builtin_function_or_method"
    return None
