"""Exception instances as the interpreter sees them: what a handler's ``as`` name is bound to.

An instance of a builtin exception class (``ValueError("x")``) is an ``ExcVal``; one of the
program's classes deriving from a builtin exception is an ObjVal whose ``payload`` is the
``ExcVal`` of its builtin part (what ``BaseException.__new__`` made: ``args``), beside the
attributes its own ``__init__`` stores. Only the builtin classes whose constructor and
``str()`` are BaseException's (and KeyError's ``repr`` of its key) are modelled: an OSError
picks a subclass from its errno, an ImportError takes keywords, an AttributeError has its own
``__str__``; those stay unknown. ``__cause__`` / ``__context__`` / ``__suppress_context__``
are set where a raise is surely taken and caught (interp/statements.py).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass

from ..values import MISSING, UNKNOWN, ClassVal, Const, ObjVal, PartialVal, QualName, pack


def _simple(kind: type) -> bool:
    # (An exception group has its own __str__: not simple.)
    return issubclass(kind, BaseException) and (kind.__str__ is BaseException.__str__ or kind is KeyError)


# The builtin exception classes whose instances are modelled (see the module's docstring).
SIMPLE = frozenset(t for t in vars(builtins).values() if isinstance(t, type) and _simple(t))

# The attributes of BaseException an instance's value answers (StopIteration adds ``value``).
ATTRIBUTES = ("args", "__cause__", "__context__", "__suppress_context__", "__notes__")

# The methods an instance's value answers, bound: what python/calls.py's exception hook runs.
METHODS = {"add_note": "builtins.BaseException.add_note",
           **{name: f"builtins.BaseExceptionGroup.{name}" for name in ("subgroup", "split", "derive")}}


@dataclass(eq=False)
class ExcVal:
    """An exception instance: its builtin class, its ``args`` (None: not known) and what a
    raise chained to it. ``cause`` / ``context`` start as None, as in CPython."""

    kind: type[BaseException]
    args: tuple[object, ...] | None
    cause: object = Const(None)
    context: object = Const(None)
    suppress_context: bool = False
    notes: object = MISSING  # ``__notes__``: a ListVal once ``add_note`` ran (MISSING: none)


def construct(kind: type[BaseException], args: list[object], kwargs: dict[str, object]) -> object:
    """``kind(*args)`` for a builtin exception class; MISSING where it is not modelled (a
    group: python/exception_groups.py)."""
    if kind not in SIMPLE or kwargs:
        return MISSING
    return ExcVal(kind, tuple(args))


def exception_base(cls: ClassVal) -> type[BaseException] | None:
    """The builtin exception class a program class derives from, where every class before it
    in the MRO is the program's own (a library base first may define anything)."""
    for entry in cls.mro()[1:]:
        if isinstance(entry, ClassVal):
            continue
        found = getattr(builtins, entry.name[len("builtins."):], None) \
            if isinstance(entry, QualName) and entry.name.startswith("builtins.") else None
        return found if isinstance(found, type) and found in SIMPLE else None
    return None


def payload_of(value: object) -> ExcVal | None:
    """The ExcVal an exception instance is (or holds, for a program class's instance)."""
    if isinstance(value, ExcVal):
        return value
    payload = getattr(value, "payload", None) if isinstance(value, ObjVal) else None
    return payload if isinstance(payload, ExcVal) else None


def attribute(exc: ExcVal, name: str) -> object:
    """``exc.name`` for the attributes BaseException (and StopIteration) define; MISSING
    for any other name, UNKNOWN where the value is not known."""
    if name == "args":
        return pack(list(exc.args)) if exc.args is not None else UNKNOWN
    if name == "__cause__":
        return exc.cause
    if name == "__context__":
        return exc.context
    if name == "__suppress_context__":
        return Const(exc.suppress_context)
    if name == "__notes__":
        return exc.notes
    if name in METHODS:
        return PartialVal(QualName(METHODS[name]), (exc,), {})
    if name == "value" and issubclass(exc.kind, StopIteration):
        if exc.args is None:
            return UNKNOWN
        return exc.args[0] if exc.args else Const(None)
    return MISSING


def init(exc: ExcVal, args: list[object], kwargs: dict[str, object]) -> None:
    """``BaseException.__init__(self, *args)`` (a subclass's ``super().__init__``): it sets
    ``args`` again."""
    exc.args = None if kwargs else tuple(args)


_PRINTABLE = (str, int, float, bool, type(None))


def text(exc: ExcVal) -> object:
    """``str(exc)`` as CPython gives it, for args that are known constants."""
    if exc.args is None or not all(isinstance(a, Const) and type(a.value) in _PRINTABLE for a in exc.args):
        return UNKNOWN
    return Const(str(exc.kind(*(a.value for a in exc.args))))  # type: ignore[union-attr]


def type_name(exc: ExcVal) -> QualName:
    return QualName(f"builtins.{exc.kind.__name__}")


def is_instance(exc: ExcVal, kind: object) -> bool | None:
    """``isinstance(exc, kind)`` for a builtin class named by ``kind``; None otherwise (a
    builtin exception's instance is never one of the program's classes)."""
    if isinstance(kind, ClassVal):
        return False
    if isinstance(kind, QualName) and kind.name.startswith("builtins."):
        found = getattr(builtins, kind.name[len("builtins."):], None)
        if isinstance(found, type):
            return issubclass(exc.kind, found)
    return None
