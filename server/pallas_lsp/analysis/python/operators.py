"""Binary and augmented operators through Python's data model.

``a + b`` is ``type(a).__add__(a, b)``, then ``type(b).__radd__(b, a)`` when the first is
missing or answers ``NotImplemented`` (and only when the types differ); when ``type(b)`` is a
proper subclass of ``type(a)`` that overrides ``__radd__``, its reflected method goes first
(CPython's ``binary_op1`` / ``SLOT1BINFULL``). ``a += b`` is ``type(a).__iadd__(a, b)``
first, then the binary form, and the name is rebound to the result. The same for every
operator (``ast.operator`` names them). ``-a`` / ``+a`` / ``~a`` are ``type(a).__neg__(a)``
and its siblings, with no fallback: a class without one makes Python raise (``abs(a)`` is
the builtin's, run by the bridge over a proxy: python/proxies.py). Dicts answer ``|`` and
``|=`` (PEP 584): a new merged dict, or an update in place that every alias sees. Anything
else goes back to the caller's constant arithmetic (MISSING).
"""

from __future__ import annotations

import ast
from typing import Protocol

from ..trace import Ctx
from ..values import MISSING, UNKNOWN, ClassVal, DictVal, ObjVal, QualName
from . import datamodel, library_bases

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


# Each unary operator's special method (``abs()`` is the builtin's: ``__abs__``).
UNARY_HOOKS: dict[type[ast.unaryop], str] = {
    ast.USub: "__neg__", ast.UAdd: "__pos__", ast.Invert: "__invert__"}


def _is_not_implemented(value: object) -> bool:
    # `return NotImplemented` evaluates to the builtin's name: Python then tries the other side.
    return isinstance(value, QualName) and value.name == "builtins.NotImplemented"


def binary(caller: Caller, left: object, op: ast.operator, right: object, ctx: Ctx) -> object:
    """``left op right`` when a class of the program or a dict answers it; MISSING when
    neither operand has a hook for it (constant arithmetic, arrays, lists decide)."""
    hooks = HOOKS.get(type(op))
    if hooks is None:
        return MISSING
    if not isinstance(left, (ObjVal, DictVal)) and not isinstance(right, ObjVal):
        return MISSING  # most operands: constants, arrays (every BinOp comes here)
    order = [(left, right, hooks[0])]
    left_type, right_type = _program_type(left), _program_type(right)
    if right_type is not None and right_type is not left_type:
        order.append((right, left, hooks[1]))  # the same type: Python never reflects
        if isinstance(left_type, ClassVal) and _overrides(right_type, left_type, hooks[1]):
            order.reverse()  # the subclass's reflected method first
    tried = False
    for operand, other, hook in order:
        if not isinstance(operand, ObjVal) or operand.cls.enum_members is not None:
            continue
        found = operand.cls.lookup(hook)
        if found is UNKNOWN:
            return UNKNOWN  # a base the analysis cannot see may define it
        if found is MISSING or _number_slot(found):
            # (An int / float subclass's number answers as a number does: the constant
            # arithmetic below, or NotImplemented for another kind of operand.)
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


def _number_slot(found: object) -> bool:
    """Whether a hook found through the MRO is a builtin number's (python/library_bases.py)."""
    return isinstance(found, library_bases.LibraryMethod) \
        and found.target.startswith(library_bases.NUMBER_METHOD)


def unary(caller: Caller, op: ast.unaryop, operand: object, ctx: Ctx) -> object:
    """``-operand`` (``+``, ``~``) when the operand is an instance of the program's classes:
    its type's special method's result; UNKNOWN where its class has none (Python raises
    TypeError) or a base the analysis cannot see may; MISSING for any other value."""
    hook = UNARY_HOOKS.get(type(op))
    if hook is None:
        return MISSING
    return call_hook(caller, operand, hook, ctx)


def call_hook(caller: Caller, operand: object, hook: str, ctx: Ctx) -> object:
    """``type(operand).hook(operand)`` for an instance of the program's (not an Enum
    member: the enum's own values answer); MISSING for any other value."""
    if not isinstance(operand, ObjVal) or operand.cls.enum_members is not None:
        return MISSING
    found = operand.cls.lookup(hook)
    if found is UNKNOWN or found is MISSING:
        return UNKNOWN
    return caller.call_value(datamodel.bind(found, operand, operand.cls), [], {}, ctx)


def _program_type(value: object) -> object:
    """The class of an instance of the program's classes; None for any other value."""
    if isinstance(value, ObjVal) and value.cls.enum_members is None:
        return value.cls
    return None


def _overrides(sub: object, base: ClassVal, hook: str) -> bool:
    """Whether ``sub`` is a proper subclass of ``base`` whose ``hook`` is not the one
    ``base`` has (CPython's ``method_is_overloaded``)."""
    if not isinstance(sub, ClassVal) or base not in sub.mro()[1:]:
        return False
    mine = sub.lookup(hook)
    return mine is not MISSING and mine is not base.lookup(hook)


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
                current.instance_items.clear()
                current.complete = current.closed = False
        else:
            _update(current, operand)
        return current  # the same dict: `d |= e` updates it in place
    return MISSING


def _update(target: DictVal, source: DictVal) -> None:
    if not source.complete:
        target.items.clear()  # a key not known may replace any of them
        target.instance_items.clear()
        target.complete = target.closed = False
        return
    target.items.update(source.items)
