"""Attributes read from a class object (``Settings.default()``, ``cls.for_dtype(...)``).

Python looks the name up through the class's MRO and applies the descriptor protocol:
a ``classmethod`` is bound to the class it was read from (so ``cls`` inside it is that
class, a subclass when read through one), a ``staticmethod`` or plain function is the
function itself. Instances have their own path (``ObjVal.get``); Enum classes keep
theirs (members).
"""

from __future__ import annotations

import ast

from .values import ClassVal, FuncVal


def class_attribute(cls: ClassVal, attr: str) -> object:
    """``cls.attr``; MISSING when the class and its known bases do not define it."""
    value = cls.lookup(attr)
    if isinstance(value, FuncVal) and value.self_value is None \
            and isinstance(value.node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            and any(_decorator_name(d) == "classmethod" for d in value.node.decorator_list):
        return value.bound(cls)
    return value


def _decorator_name(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""
