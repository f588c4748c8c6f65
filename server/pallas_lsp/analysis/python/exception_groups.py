"""Exception groups (PEP 654) as the interpreter sees them: ``ExceptionGroup(message,
exceptions)`` is an ExcVal whose ``args`` are the message and the exceptions as given;
``message`` / ``exceptions`` read them, ``subgroup`` / ``split`` divide the leaves by a
condition (a class or a tuple of classes) as CPython's ``exceptiongroup_split_recursive``
does, and ``derive`` makes the group a split builds. ``except*`` reads them through
``split`` (interp/statements.py)."""

from __future__ import annotations

from ..values import MISSING, UNKNOWN, Const, ObjVal, pack, plain, unpack
from . import exception_classes, exception_values

# What a split of one group gives: (match, rest), each an exception group or Const(None).
Split = tuple[object, object]


def construct(kind: type[BaseException], args: list[object]) -> object:
    """``ExceptionGroup(message, exceptions)`` / ``BaseExceptionGroup(...)``: MISSING where
    Python would raise or a part is not known (a message not a str, no exceptions, an item
    not a known exception instance, a BaseException in an ExceptionGroup). A
    BaseExceptionGroup of Exceptions only is an ExceptionGroup, as CPython makes it."""
    if len(args) != 2:
        return MISSING
    message, items = args[0], unpack(plain(args[1]))
    if not (isinstance(message, Const) and isinstance(message.value, str)) or not items:
        return MISSING
    payloads = [exception_values.payload_of(item) for item in items]
    if any(payload is None for payload in payloads):
        return MISSING
    only_exceptions = all(issubclass(p.kind, Exception) for p in payloads)  # type: ignore[union-attr]
    if kind is ExceptionGroup and not only_exceptions:
        return MISSING  # TypeError: "Cannot nest BaseExceptions in an ExceptionGroup"
    made = ExceptionGroup if only_exceptions else BaseExceptionGroup
    return exception_values.ExcVal(made, (message, args[1]))


def leaves(group: exception_values.ExcVal) -> list[object] | None:
    """The exceptions a group holds, in order (``group.exceptions``); None where not known."""
    if group.args is None or len(group.args) != 2:
        return None
    return unpack(plain(group.args[1]))


def attribute(group: exception_values.ExcVal, name: str) -> object:
    """``group.message`` / ``group.exceptions`` (a tuple); MISSING for any other name."""
    if name == "message":
        return group.args[0] if group.args else UNKNOWN
    if name == "exceptions":
        items = leaves(group)
        return pack(items) if items is not None else UNKNOWN
    return MISSING


def derive(group: exception_values.ExcVal, items: list[object]) -> object:
    """``group.derive(items)`` as split builds it: a group of the same message over
    ``items`` with the original's cause, context and notes (CPython copies them)."""
    made = construct(BaseExceptionGroup, [group.args[0], pack(items)]) if group.args else MISSING
    if not isinstance(made, exception_values.ExcVal):
        return UNKNOWN
    made.cause, made.context, made.suppress_context = group.cause, group.context, group.suppress_context
    made.notes = group.notes
    return made


def split(group: exception_values.ExcVal, condition: object) -> Split | None:
    """``group.split(condition)``: (the leaves that match, the rest), each a derived group
    or None; the group itself when it matches as a whole. None where the condition is not
    a known class or tuple of classes, or a leaf's class is not known to match or not."""
    classes = exception_classes.handler_classes(plain(condition))  # a predicate: not known
    if classes is None:
        return None
    whole = exception_classes.catches(classes, group.kind)
    if whole is None:
        return None
    if whole:
        return group, Const(None)
    items = leaves(group)
    if items is None:
        return None
    matched: list[object] = []
    rest: list[object] = []
    for item in items:
        payload = exception_values.payload_of(item)
        if payload is None:
            return None
        if issubclass(payload.kind, BaseExceptionGroup):
            if isinstance(item, ObjVal):
                return None  # a subclass's own derive: not modelled
            inner = split(payload, condition)
            if inner is None:
                return None
            matched += [inner[0]] if inner[0] != Const(None) else []
            rest += [inner[1]] if inner[1] != Const(None) else []
            continue
        kind = exception_classes.exception_class(item)
        verdict = exception_classes.catches(classes, kind) if kind is not None else None
        if verdict is None:
            return None
        (matched if verdict else rest).append(item)
    return (derive(group, matched) if matched else Const(None),
            derive(group, rest) if rest else Const(None))


def call(method: str, args: list[object], kwargs: dict[str, object]) -> object:
    """A group's bound ``subgroup`` / ``split`` / ``derive`` (``args[0]`` the group)."""
    group = exception_values.payload_of(args[0]) if args else None
    if group is None or not issubclass(group.kind, BaseExceptionGroup) or kwargs or len(args) != 2:
        return UNKNOWN
    if method == "derive":
        items = unpack(plain(args[1]))
        return derive(group, items) if items else UNKNOWN
    parts = split(group, args[1])
    if parts is None:
        return UNKNOWN
    return parts[0] if method == "subgroup" else pack(list(parts))
