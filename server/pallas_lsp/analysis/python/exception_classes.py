"""Exception classes as the interpreter sees them, and which handler clause catches which.

An exception class is a builtin one (``builtins.KeyError``, named by a ``QualName``: the real
class is looked up in ``builtins``) or one of the program's own classes (a ``ClassVal``, whose
bases may be builtin ones: ``class Missing(KeyError)``). Whether ``except C`` (or
``contextlib.suppress(C)``) catches an exception of class K is ``issubclass(K, C)`` read off
K's MRO; it is *unknown* where K's MRO holds a base the analysis cannot look into (a library
class), so a handler is never taken, nor passed over, on a guess.
"""

from __future__ import annotations

import builtins

from ..values import ClassVal, ObjVal, QualName
from .exception_values import ExcVal

# A class an exception can be: a builtin exception class, or one of the program's classes.
ExceptionClass = type[BaseException] | ClassVal


def exception_class(value: object) -> ExceptionClass | None:
    """The exception class ``value`` names (``KeyError``, a program class) or is an instance
    of (python/exception_values.py), else None."""
    if isinstance(value, ExcVal):
        return value.kind
    if isinstance(value, ObjVal):
        value = value.cls
    if isinstance(value, ClassVal):
        return value
    if isinstance(value, QualName) and value.name.startswith("builtins."):
        found = getattr(builtins, value.name[len("builtins."):], None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return found
    if isinstance(value, type) and issubclass(value, BaseException):
        return value
    return None


def is_instance(value: object) -> bool:
    """Whether ``value`` is an exception object (`raise value` raises it, not a new one)."""
    return isinstance(value, (ExcVal, ObjVal))


def class_value(kind: ExceptionClass) -> object:
    """The value the program sees for an exception class (what ``raise`` / ``__exit__`` get)."""
    return QualName(f"builtins.{kind.__name__}") if isinstance(kind, type) else kind


def handler_classes(value: object) -> tuple[ExceptionClass, ...] | None:
    """What an ``except`` clause's expression names: a class or a tuple of classes (None
    where any of them is not a known exception class)."""
    parts = value if isinstance(value, tuple) else (value,)
    # An instance is no handler class (Python raises TypeError there): not known.
    found = tuple(None if isinstance(part, (ObjVal, ExcVal)) else exception_class(part) for part in parts)
    return None if any(part is None for part in found) else found  # type: ignore[return-value]


def is_subclass(kind: ExceptionClass, of: ExceptionClass) -> bool | None:
    """``issubclass(kind, of)``; None where ``kind``'s MRO holds a class we cannot see."""
    if isinstance(kind, type):
        # A builtin class derives from no program class.
        return issubclass(kind, of) if isinstance(of, type) else False
    verdict: bool | None = False
    for entry in kind.mro():
        if entry is of:
            return True
        base = entry if isinstance(entry, ClassVal) else exception_class(entry)
        if base is None:
            if entry is not builtins.object and entry != QualName("builtins.object"):
                verdict = None  # a library base: it may derive from ``of``
        elif isinstance(base, type) and isinstance(of, type) and issubclass(base, of):
            return True
    return verdict


def catches(classes: tuple[ExceptionClass, ...], kind: ExceptionClass) -> bool | None:
    """Whether a handler of ``classes`` catches an exception of class ``kind``: True when one
    surely does, False when none does, None when it is not known."""
    verdicts = {is_subclass(kind, of) for of in classes}
    return True if True in verdicts else (None if None in verdicts else False)
