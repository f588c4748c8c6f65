"""Exception groups (PEP 654) as the interpreter sees them: ``ExceptionGroup(message,
exceptions)`` is an ExcVal whose ``args`` are the message and the exceptions as given;
``message`` / ``exceptions`` read them, ``subgroup`` / ``split`` divide the leaves by a
condition (a class or a tuple of classes) as CPython's ``exceptiongroup_split_recursive``
does, and ``derive`` makes the group a split builds. ``except*`` reads them through
``split`` (interp/statements.py)."""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable

from ..values import MISSING, UNKNOWN, Const, ObjVal, pack, plain, unpack
from . import exception_classes, exception_values

# The group classes (Python 3.11+; a 3.10 server has none, and nothing here is reached).
BASE_GROUP: type[BaseException] | None = getattr(builtins, "BaseExceptionGroup", None)
GROUP: type[BaseException] | None = getattr(builtins, "ExceptionGroup", None)


def is_group(kind: object) -> bool:
    """Whether ``kind`` is a builtin exception group class."""
    return BASE_GROUP is not None and isinstance(kind, type) and issubclass(kind, BASE_GROUP)


# What a split of one group gives: (match, rest), each an exception group or Const(None).
Split = tuple[object, object]


def construct(kind: type[BaseException] | None, args: list[object]) -> object:
    """``ExceptionGroup(message, exceptions)`` / ``BaseExceptionGroup(...)``: MISSING where
    Python would raise or a part is not known (a message not a str, no exceptions, an item
    not a known exception instance, a BaseException in an ExceptionGroup). A
    BaseExceptionGroup of Exceptions only is an ExceptionGroup, as CPython makes it."""
    if len(args) != 2 or BASE_GROUP is None or GROUP is None:
        return MISSING
    message, items = args[0], unpack(plain(args[1]))
    if not (isinstance(message, Const) and isinstance(message.value, str)) or not items:
        return MISSING
    payloads = [exception_values.payload_of(item) for item in items]
    if any(payload is None for payload in payloads):
        return MISSING
    only_exceptions = all(issubclass(p.kind, Exception) for p in payloads)  # type: ignore[union-attr]
    if kind is GROUP and not only_exceptions:
        return MISSING  # TypeError: "Cannot nest BaseExceptions in an ExceptionGroup"
    made = GROUP if only_exceptions else BASE_GROUP
    return exception_values.ExcVal(made, (message, args[1]))


def leaves(group: exception_values.ExcVal) -> list[object] | None:
    """The exceptions a group holds, in order (``group.exceptions``); None where not known."""
    if group.args is None or len(group.args) != 2:
        return None
    return unpack(plain(group.args[1]))


def attribute(exc: exception_values.ExcVal, name: str) -> object:
    """``exc.name`` of an exception's value: a group's ``message`` / ``exceptions`` (a
    tuple), else what exception_values answers for every exception."""
    if not is_group(exc.kind) or name not in ("message", "exceptions"):
        return exception_values.attribute(exc, name)
    group = exc
    if name == "message":
        return group.args[0] if group.args else UNKNOWN
    if name == "exceptions":
        items = leaves(group)
        return pack(items) if items is not None else UNKNOWN


def derive(group: exception_values.ExcVal, items: list[object]) -> object:
    """``group.derive(items)`` as split builds it: a group of the same message over
    ``items`` with the original's cause, context and notes (CPython copies them)."""
    made = construct(BASE_GROUP, [group.args[0], pack(items)]) if group.args else MISSING
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
        if is_group(payload.kind):
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
    if group is None or not is_group(group.kind) or kwargs or len(args) != 2:
        return UNKNOWN
    if method == "derive":
        items = unpack(plain(args[1]))
        return derive(group, items) if items else UNKNOWN
    parts = split(group, args[1])
    if parts is None:
        return UNKNOWN
    return parts[0] if method == "subgroup" else pack(list(parts))


def star_matches(raised: object, conditions: Iterable[Callable[[], object]]) -> list[object] | None:
    """What each ``except*`` clause of a ``try`` gets for the exception ``raised``, in order:
    the group its class matched (``Const(None)``: the clause does not run), as CPython
    splits the group clause after clause (a naked exception first wrapped in a group with
    an empty message). None where a split is not known, a clause names a group class
    (a TypeError in Python), or some of the group is left over (raised on from here with
    what the clauses raise: not modelled)."""
    payload = exception_values.payload_of(raised)
    if payload is None:
        return None
    group: object = raised if is_group(payload.kind) \
        else construct(BASE_GROUP, [Const(""), pack([raised])])
    matches: list[object] = []
    for condition in conditions:
        if group == Const(None):
            matches.append(Const(None))
            continue
        value = plain(condition())
        classes = exception_classes.handler_classes(value)
        if classes is None or any(is_group(kind) for kind in classes):
            return None
        parts = split(group, value) if isinstance(group, exception_values.ExcVal) else None
        if parts is None:
            return None
        matches.append(parts[0])
        group = parts[1]
    return matches if group == Const(None) else None
