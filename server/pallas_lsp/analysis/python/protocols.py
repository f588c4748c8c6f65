"""``typing.Protocol`` classes checked at run time (PEP 544).

``@typing.runtime_checkable`` marks a protocol class; ``isinstance(x, P)`` is then true exactly
when ``x`` has every member the protocol classes of P's MRO define or annotate (CPython's
``_ProtocolMeta.__instancecheck__``: ``hasattr`` for each name of ``__protocol_attrs__``,
typing's own bookkeeping names aside), whatever x's class derives from. Without the mark
CPython refuses the check (TypeError: not followed here).
"""

from __future__ import annotations

from ..values import MISSING, UNKNOWN, ClassVal, Const, DictVal, ObjVal, QualName
from . import datamodel

NAMES = frozenset({"typing.runtime_checkable", "typing_extensions.runtime_checkable"})
_PROTOCOL_BASES = frozenset({"typing.Protocol", "typing_extensions.Protocol"})
# typing's bases a protocol's MRO may hold besides protocols: they add no member.
_NEUTRAL_BASES = frozenset({*_PROTOCOL_BASES, "typing.Generic", "builtins.object", "object"})
_MARK = "_is_runtime_protocol"


def is_protocol(cls: object) -> bool:
    """A class whose bases name ``typing.Protocol`` (``class P(Protocol)``, ``Protocol[T]``)."""
    return isinstance(cls, ClassVal) and any(
        isinstance(base, QualName) and base.name in _PROTOCOL_BASES for base in cls.bases)


def runtime_checkable(args: list[object], kwargs: dict[str, object]) -> object:
    """``@typing.runtime_checkable`` of a protocol class: the class, marked; MISSING for any
    other argument (CPython raises TypeError for a class that is no protocol)."""
    if len(args) != 1 or kwargs or not is_protocol(args[0]):
        return MISSING
    args[0].attrs[_MARK] = Const(True)  # type: ignore[attr-defined]
    return args[0]


def _members(cls: ClassVal) -> set[str] | None:
    """The protocol's members: the names its protocol classes define or annotate; None where
    a base cannot be looked into."""
    names: set[str] = set()
    for base in cls.mro():
        if isinstance(base, QualName) and base.name in _NEUTRAL_BASES:
            continue
        if not isinstance(base, ClassVal) or not is_protocol(base):
            return None
        annotations = base.attrs.get("__annotations__", base.annotations)
        if annotations is not None and not (isinstance(annotations, DictVal) and annotations.complete):
            return None
        names.update(name for name in base.attrs
                     if not (name.startswith("__") and name.endswith("__")) and name != _MARK)
        if isinstance(annotations, DictVal):
            names.update(key for key in annotations.items if isinstance(key, str))
    return names


def instance_check(subject: object, cls: object) -> object:
    """``isinstance(subject, cls)`` for a runtime-checkable protocol: Const(verdict), UNKNOWN
    where a member's presence is not known, MISSING where ``cls`` is no such protocol."""
    if not is_protocol(cls) or _MARK not in cls.attrs:  # type: ignore[union-attr]
        return MISSING
    members = _members(cls)  # type: ignore[arg-type]
    if members is None:
        return UNKNOWN
    if isinstance(subject, ObjVal) and subject.cls.enum_members is None:
        for name in sorted(members):
            present = datamodel.has_attribute(subject, name)
            if present is None:
                return UNKNOWN
            if not present:
                return Const(False)
        return Const(True)
    if isinstance(subject, Const):
        return Const(all(hasattr(subject.value, name) for name in members))
    return UNKNOWN
