"""Python's own operators on abstract values: truth, comparisons, `not`, `and`/`or`, f-strings.

These decide which branch of an ``if`` / ``match`` / conditional expression the
program takes when its condition is known (``if True:``, ``if tiled_layout:``
on a closure parameter bound to ``False``, ``dtype == jnp.float32``), so that a
name bound on both paths keeps the value of the path taken instead of
becoming unknown. ``None`` means "cannot tell": both paths are judged.
"""

from __future__ import annotations

import ast
import operator

from .arrays import dtype_of
from .pipelines import BlockSpecVal
from .values import (
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    DtypeVal,
    ForeignVal,
    FuncVal,
    KernelVal,
    ListVal,
    MeshVal,
    ObjectVal,
    ObjVal,
    OneOf,
    QualName,
    RefVal,
    SemanticsVal,
    ShapeDtypeVal,
    WrappedVal,
    is_enum_member,
)

# BlockSpecVal: pallas' BlockSpec is a dataclass without __bool__ or __len__ (0.8.3 - 0.12.0.1).
_ALWAYS_TRUE = (FuncVal, ClassVal, KernelVal, WrappedVal, MeshVal, DtypeVal, SemanticsVal,
                ShapeDtypeVal, RefVal, BlockSpecVal, ObjectVal)

_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
}


def truth(value: object) -> bool | None:
    """``bool(value)`` when the abstract value decides it, else None."""
    if isinstance(value, OneOf):
        verdicts = {truth(form) for form in value.forms}
        return verdicts.pop() if len(verdicts) == 1 else None
    if isinstance(value, Const):
        try:
            return bool(value.value)
        except Exception:
            return None
    if isinstance(value, tuple):
        return bool(value)
    if isinstance(value, ForeignVal):
        return value.truth()
    if isinstance(value, (DictVal, ListVal)):
        return True if value.items else (False if value.complete else None)
    if isinstance(value, _ALWAYS_TRUE):
        return True
    if isinstance(value, QualName) and value.name == "typing.TYPE_CHECKING":
        return False  # False whenever the program runs
    if isinstance(value, ObjVal):
        plain = all(value.cls.lookup(name) is MISSING for name in ("__bool__", "__len__"))
        return True if plain else None
    return None


def _comparable(value: object) -> object:
    """The Python value a comparison sees, or UNKNOWN."""
    if isinstance(value, ListVal):
        value = value.snapshot()
    if isinstance(value, Const):
        return value.value
    if isinstance(value, ForeignVal):
        return value.comparable()
    if isinstance(value, DtypeVal):
        return ("dtype", value.name)
    if isinstance(value, SemanticsVal):
        return ("semantics", value.name)
    if isinstance(value, QualName) and value.name.startswith(("jnp.", "np.")):
        # A scalar type: compared with a dtype it is read as one (_dtypes_compared).
        return UNKNOWN
    return UNKNOWN


def _dtype_or_value(value: object) -> object:
    return dtype_of(value) or value


def _dtypes_compared(left: object, right: object) -> tuple[object, object]:
    """A numpy dtype compares equal to whatever names the same dtype (``x.dtype ==
    jnp.float32``, ``== "float32"``): both sides read as dtypes when one is."""
    if isinstance(left, DtypeVal):
        if isinstance(right, tuple):
            return left, tuple(_dtype_or_value(item) for item in right)
        return left, _dtype_or_value(right)
    if isinstance(right, DtypeVal):
        return _dtype_or_value(left), right
    return left, right


def compare(left: object, ops: list[ast.cmpop], rights: list[object]) -> object:
    """A chained comparison of known values: Const(bool), else UNKNOWN."""
    current = left
    for op, right in zip(ops, rights, strict=True):
        if is_enum_member(current) and is_enum_member(right) \
                and isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
            # Members of a plain Enum are equal only to themselves.
            if (current is right) != isinstance(op, (ast.Eq, ast.Is)):
                return Const(False)
            current = right
            continue
        current, right = _dtypes_compared(current, right)
        a, b = _comparable(current), _comparable(right)
        if isinstance(op, (ast.Is, ast.IsNot)):
            # Identity is known where one side is a singleton (None, ..., True, False): any
            # other value is that object only if it is the same constant.
            if not (isinstance(current, Const) and isinstance(right, Const)
                    and (_singleton(current.value) or _singleton(right.value))):
                return UNKNOWN
            result = (current.value is right.value) == isinstance(op, ast.Is)
        elif isinstance(op, (ast.In, ast.NotIn)):
            if isinstance(right, DictVal) and right.complete and a is not UNKNOWN:
                found = _apply(operator.contains, right.items, a)
            elif isinstance(right, tuple) and a is not UNKNOWN:
                values = [_comparable(v) for v in right]
                if any(v is UNKNOWN for v in values):
                    return UNKNOWN
                found = _apply(operator.contains, values, a)
            elif a is not UNKNOWN and b is not UNKNOWN:
                found = _apply(operator.contains, b, a)
            else:
                return UNKNOWN
            if found is None:
                return UNKNOWN
            result = found == isinstance(op, ast.In)
        else:
            if a is UNKNOWN or b is UNKNOWN:
                return UNKNOWN
            outcome = _apply(_COMPARE[type(op)], a, b)
            if not isinstance(outcome, bool):
                return UNKNOWN
            result = outcome
        if not result:
            return Const(False)
        current = right
    return Const(True)


def _apply(function, left: object, right: object) -> object:  # type: ignore[no-untyped-def]
    try:
        return function(left, right)
    except Exception:  # mixed-type comparisons of constants raise TypeError
        return None


def unary(op: ast.unaryop, value: object) -> object:
    if isinstance(op, ast.Not):
        known = truth(value)
        return UNKNOWN if known is None else Const(not known)
    if isinstance(value, Const) and type(value.value) in (int, float):
        if isinstance(op, ast.USub):
            return Const(-value.value)  # type: ignore[operator]
        if isinstance(op, ast.UAdd):
            return value
        if isinstance(op, ast.Invert) and type(value.value) is int:
            return Const(~value.value)
    return UNKNOWN


def formatted(parts: list[object]) -> object:
    """An f-string whose pieces are all known strings or numbers."""
    text = []
    for part in parts:
        if not isinstance(part, Const) or type(part.value) not in (str, int, bool):
            return UNKNOWN
        text.append(str(part.value))
    return Const("".join(text))


def _singleton(value: object) -> bool:
    """One object of its kind in every process: ``x is None`` / ``is ...`` / ``is True``."""
    return value is None or value is Ellipsis or type(value) is bool
