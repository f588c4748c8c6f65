"""The old sequence protocol: iterating an instance of the program's classes whose type
defines ``__getitem__`` and no ``__iter__`` (CPython's PySeqIter, what ``iter()`` makes of
it) calls ``__getitem__(0)``, ``__getitem__(1)``, ... and ends at the first IndexError (or
StopIteration) the call raises. ``for``, comprehensions, unpacking, ``tuple()`` / ``list()``,
``in`` without ``__contains__`` and ``yield from`` all read it through ``iter()``; the
interpreter's ``next_step`` advances it (interp/calling.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..values import MISSING, ObjVal
from . import datamodel, exception_classes


@dataclass(eq=False)
class SequenceIterator:
    """``iter(obj)`` for such an instance: the index of the next ``__getitem__`` call, and
    whether the items ended (an ended PySeqIter drops its sequence: done from then on)."""

    obj: ObjVal
    index: int = 0
    ended: bool = False


def sequence_iterator(value: object) -> SequenceIterator | None:
    """The sequence iterator ``iter(value)`` gives, or None where Python would not use the
    protocol or the analysis cannot tell it does: ``__iter__`` surely absent (a base the
    analysis cannot see may define it: not known) and ``__getitem__`` present."""
    if not isinstance(value, ObjVal) or value.cls.enum_members is not None:
        return None
    if value.cls.lookup("__iter__") is not MISSING:
        return None  # defined (None too: "not iterable"), or a hidden base may define it
    if datamodel.special_method(value, "__getitem__") is MISSING:
        return None
    return SequenceIterator(value)


def ends_iteration(raised: object) -> bool:
    """Whether a ``__getitem__`` call surely raising ``raised`` ends the items (PySeqIter
    ends at IndexError and StopIteration; anything else propagates)."""
    kind = exception_classes.exception_class(raised)
    if kind is None:
        return False
    return any(exception_classes.is_subclass(kind, end) is True for end in (IndexError, StopIteration))
