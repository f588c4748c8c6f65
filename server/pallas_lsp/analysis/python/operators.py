"""Binary and augmented operators through Python's data model.

``a + b`` is ``type(a).__add__(a, b)``, then ``type(b).__radd__(b, a)`` when the first is
missing or answers ``NotImplemented``; ``a += b`` is ``type(a).__iadd__(a, b)`` first,
then the binary form, and the name is rebound to the result. The same for every operator
(``ast.operator`` names them). Dicts answer ``|`` and ``|=`` (PEP 584): a new merged dict,
or an update in place that every alias sees. Anything else goes back to the caller's
constant arithmetic (MISSING).
"""

from __future__ import annotations

import ast
from typing import Protocol

from ..trace import Ctx
from ..values import MISSING, UNKNOWN, DictVal, ObjVal, QualName
from . import datamodel

# Each operator's special methods: (binary, reflected, in place).
HOOKS: dict[type[ast.operator], tuple[str, str, str]] = {
    ast.Add: ("__add__", "__radd__", "__iadd__"), ast.Sub: ("__sub__", "__rsub__", "__isub__"),
    ast.Mult: ("__mul__", "__rmul__", "__imul__"), ast.MatMult: ("__matmul__", "__rmatmul__", "__imatmul__"),
    ast.Div: ("__truediv__", "__rtruediv__", "__itruediv__"),
    ast.FloorDiv: ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
    ast.Mod: ("__mod__", "__rmod__", "__imod__"), ast.Pow: ("__pow__", "__rpow__", "__ipow__"),
    ast.LShift: ("__lshift__", "__rlshift__", "__ilshift__"),
    ast.RShift: ("__rshift__", "__rrshift__", "__irshift__"), ast.BitOr: ("__or__", "__ror__", "__ior__"),
    ast.BitXor: ("__xor__", "__rxor__", "__ixor__"), ast.BitAnd: ("__and__", "__rand__", "__iand__"),
}


class Caller(Protocol):
    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object: ...

    @property
    def on_uncertain_path(self) -> bool: ...


def _is_not_implemented(value: object) -> bool:
    # `return NotImplemented` evaluates to the builtin's name: Python then tries the other side.
    return isinstance(value, QualName) and value.name == "builtins.NotImplemented"


def binary(caller: Caller, left: object, op: ast.operator, right: object, ctx: Ctx) -> object:
    """``left op right`` when a class of the program or a dict answers it; MISSING when
    neither operand has a hook for it (constant arithmetic, arrays, lists decide)."""
    hooks = HOOKS.get(type(op))
    if hooks is None:
        return MISSING
    tried = False
    for operand, other, hook in ((left, right, hooks[0]), (right, left, hooks[1])):
        if not isinstance(operand, ObjVal) or operand.cls.enum_members is not None:
            continue
        found = operand.cls.lookup(hook)
        if found is UNKNOWN:
            return UNKNOWN  # a base the analysis cannot see may define it
        if found is MISSING:
            continue
        tried = True
        result = caller.call_value(datamodel.bind(found, operand, operand.cls), [other], {}, ctx)
        if not _is_not_implemented(result):
            return result
    if tried:
        return UNKNOWN  # both sides answered NotImplemented: Python raises TypeError
    if isinstance(op, ast.BitOr) and isinstance(left, DictVal) and isinstance(right, DictVal):
        merged = DictVal(dict(left.items), complete=left.complete)
        _update(merged, right)
        return merged
    return MISSING


def inplace(caller: Caller, current: object, op: ast.operator, operand: object, ctx: Ctx) -> object:
    """``current op= operand``: the value the target is rebound to when ``__iop__`` of a
    program's class or a dict's ``|=`` answers it; MISSING to take the binary form."""
    hooks = HOOKS.get(type(op))
    if hooks is None:
        return MISSING
    if isinstance(current, ObjVal) and current.cls.enum_members is None:
        found = current.cls.lookup(hooks[2])
        if found is UNKNOWN:
            return UNKNOWN
        if found is not MISSING:
            result = caller.call_value(datamodel.bind(found, current, current.cls), [operand], {}, ctx)
            if not _is_not_implemented(result):
                return result
    if isinstance(op, ast.BitOr) and isinstance(current, DictVal) and isinstance(operand, DictVal):
        if caller.on_uncertain_path:
            # An update that may not run: any key the operand holds may or may not be replaced.
            for key in operand.items:
                current.items[key] = UNKNOWN
            if not operand.complete:
                current.items.clear()
                current.complete = False
        else:
            _update(current, operand)
        return current  # the same dict: `d |= e` updates it in place
    return MISSING


def _update(target: DictVal, source: DictVal) -> None:
    if not source.complete:
        target.items.clear()  # a key not known may replace any of them
        target.complete = False
        return
    target.items.update(source.items)
