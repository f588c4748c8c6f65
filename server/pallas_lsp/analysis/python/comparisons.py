"""Rich comparisons of the program's objects, as Python runs them.

``a < b`` calls ``type(a).__lt__(a, b)``; when that is missing or gives ``NotImplemented``,
the reflected ``type(b).__gt__(b, a)``. With neither, ``==`` / ``!=`` are identity (and
``!=`` inverts a class's ``__eq__``); an ordering is a TypeError (unknown here).
``functools.total_ordering`` fills in the three orderings a class lacks from the one it
defines and ``__eq__`` (``TotalOrdered``), as the decorator's generated methods do.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from ..values import MISSING, UNKNOWN, ClassVal, Const, DictVal, FuncVal, ListVal, ObjectVal, ObjVal, QualName

_NAMES: dict[type, tuple[str, str]] = {
    ast.Lt: ("__lt__", "__gt__"), ast.LtE: ("__le__", "__ge__"), ast.Gt: ("__gt__", "__lt__"),
    ast.GtE: ("__ge__", "__le__"), ast.Eq: ("__eq__", "__eq__"), ast.NotEq: ("__ne__", "__ne__"),
}
_OPS: dict[str, type] = {"__lt__": ast.Lt, "__le__": ast.LtE, "__gt__": ast.Gt, "__ge__": ast.GtE}
ORDERINGS = tuple(_OPS)


@dataclass(frozen=True)
class TotalOrdered:
    """An ordering ``functools.total_ordering`` made from ``root`` (the one the class defines)."""

    name: str
    root: str


def total_ordering(cls: object) -> object:
    """``@functools.total_ordering``: the orderings the class lacks, made from the first it
    defines (in the decorator's order: __lt__, __le__, __gt__, __ge__)."""
    if not isinstance(cls, ClassVal):
        return cls
    roots = [name for name in ORDERINGS if cls.lookup(name) not in (MISSING, UNKNOWN)]
    if roots:
        for name in ORDERINGS:
            if cls.lookup(name) is MISSING:
                cls.attrs[name] = TotalOrdered(name, roots[0])
    return cls


@dataclass(frozen=True)
class CompareCall:
    """What the bridge's stand-in for an instance calls back with: ``left op right`` run by
    the interpreter (``max(objs)`` in real code compares them through their classes)."""

    op: ast.cmpop


def orders(value: object) -> bool:
    """Whether real code may compare ``value`` through its class (a rich comparison of its own)."""
    return _instance(value) and any(
        _method(value, name) not in (MISSING, UNKNOWN) for name, _ in _NAMES.values())


# (left, op, right) -> a value: the interpreter's comparison, used for total_ordering's
# derived methods (each is made of the root comparison and ==).
Compare = Callable[[object, ast.cmpop, object], object]
# (the method found on the class, the instance, the other operand) -> what it returns.
Invoke = Callable[[object, object, object], object]


def rich_compare(left: object, op: ast.cmpop, right: object, invoke: Invoke, compare: Compare,
                 truth: Callable[[object], bool | None]) -> object:
    """``left op right`` where an operand is an instance of the program's classes; MISSING
    when neither is (the other comparisons decide)."""
    if not (_instance(left) or _instance(right)) or type(op) not in _NAMES:
        return MISSING
    name, reflected = _NAMES[type(op)]
    for subject, method_name, other in ((left, name, right), (right, reflected, left)):
        found = _method(subject, method_name)
        if found is UNKNOWN:
            return UNKNOWN
        if found is MISSING:
            continue
        if isinstance(found, TotalOrdered):
            result = _derived(found, subject, other, compare, truth)
        elif _other_class(found, subject, other):
            result = Const(NotImplemented)  # what a dataclass's generated method returns for it
        else:
            result = invoke(found, subject, other)
        if not (isinstance(result, Const) and result.value is NotImplemented):
            return result
    if isinstance(op, (ast.Eq, ast.NotEq)):
        if isinstance(op, ast.NotEq) and UNKNOWN in (_method(left, "__eq__"), _method(right, "__eq__")):
            return UNKNOWN  # object.__ne__ inverts an __eq__ the analysis cannot see
        if isinstance(op, ast.NotEq) and _method(left, "__eq__") is not MISSING:
            equal = truth(compare(left, ast.Eq(), right))
            return Const(not equal) if equal is not None else UNKNOWN
        return Const((left is right) == isinstance(op, ast.Eq))  # object's default: identity
    return UNKNOWN  # Python raises TypeError: the program stops there


def _other_class(method: object, subject: object, other: object) -> bool:
    """A method @dataclass generated (python/records.py), given an operand surely not of the
    subject's class: a constant, a tuple, a function, a class, a list or dict, or another
    class's instance (its ``other.__class__ is self.__class__`` is false)."""
    if not (isinstance(method, FuncVal) and hasattr(method.node, "record_method")):
        return False
    if isinstance(other, ObjVal):
        return other.cls is not subject.cls  # type: ignore[attr-defined]
    return isinstance(other, (Const, tuple, FuncVal, ClassVal, ListVal, DictVal))


def identity(left: object, right: object) -> bool | None:
    """``left is right`` where an operand is an instance of the program's classes: one
    ObjVal is one object (made once, by its class's ``__new__``), so two are the same
    object only if they are the same ObjVal; an instance is never a constant, a tuple, or
    one of the program's functions, classes, lists or dicts. None otherwise (a value not
    known, one of several)."""
    if isinstance(left, _OBJECTS) and isinstance(right, _OBJECTS):
        return left is right
    if isinstance(left, _OBJECTS) or isinstance(right, _OBJECTS):
        other = right if isinstance(left, _OBJECTS) else left
        return False if isinstance(other, (Const, tuple, FuncVal, ClassVal, ListVal, DictVal)) else None
    return None


# Values that are one object each: the program's instances and bare ``object()`` instances.
_OBJECTS = (ObjVal, ObjectVal)


def bare_object_equality(left: object, right: object) -> bool | None:
    """``left == right`` where a side is a bare ``object()`` (ObjectVal): object's ``__eq__``
    is identity, and the other side's reflected one gives NotImplemented too when it is a
    constant, a tuple, a list, a dict, a function or a class, or another bare object; None
    for anything else (the program's instance runs its own, elsewhere)."""
    if left.__class__ is not ObjectVal and right.__class__ is not ObjectVal:
        return None
    other = right if left.__class__ is ObjectVal else left
    if other.__class__ is ObjectVal or isinstance(other, (Const, tuple, FuncVal, ClassVal, ListVal, DictVal)):
        return left is right
    return None


def _instance(value: object) -> bool:
    return isinstance(value, ObjVal) and value.cls.enum_members is None and value.payload is None


def _method(value: object, name: str) -> object:
    """The class's own ``name`` (MISSING: none, UNKNOWN: a base the analysis cannot see)."""
    if not _instance(value):
        return MISSING
    found = value.cls.lookup(name)  # type: ignore[attr-defined]
    if isinstance(found, QualName) or found is None:
        return UNKNOWN
    return found


def _derived(method: TotalOrdered, a: object, b: object, compare: Compare,
             truth: Callable[[object], bool | None]) -> object:
    """The method total_ordering generates for ``method.name`` from ``method.root``."""
    root = truth(compare(a, _OPS[method.root](), b))
    if root is None:
        return UNKNOWN
    # For root __lt__: __gt__ = not lt and ne, __le__ = lt or eq, __ge__ = not lt; the
    # others are the same with the root's direction.
    lower = method.root in ("__lt__", "__le__")
    strict = method.root in ("__lt__", "__gt__")
    wants_lower = method.name in ("__lt__", "__le__")
    wants_strict = method.name in ("__lt__", "__gt__")
    if wants_lower == lower:  # the same direction, the other strictness
        if strict:  # root <, want <=: lt or eq
            return Const(True) if root else _equal(a, b, compare, truth)
        equal = _equal(a, b, compare, truth)  # root <=, want <: le and not eq
        return Const(root and not equal.value) if isinstance(equal, Const) else UNKNOWN
    if strict != wants_strict:  # the opposite direction, the other strictness: not root
        return Const(not root)
    # The opposite direction, the same strictness: a > b is not a < b and not a == b;
    # a >= b is not a <= b or a == b.
    if strict and root:
        return Const(False)
    if not strict and not root:
        return Const(True)
    equal = _equal(a, b, compare, truth)
    if not isinstance(equal, Const):
        return UNKNOWN
    return Const(not equal.value) if strict else equal


def _equal(a: object, b: object, compare: Compare, truth: Callable[[object], bool | None]) -> object:
    verdict = truth(compare(a, ast.Eq(), b))
    return Const(verdict) if verdict is not None else UNKNOWN
