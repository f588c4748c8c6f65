"""`match` patterns against known subjects: does a case match, and what does it bind.

Value, singleton and or-patterns compare the subject; class patterns
(``case AllReduce(axes=axes, op=op):``, ``case Broadcast(axes):``) test the class of an
instance of the file's own classes through its MRO, then match sub-patterns against its
attributes (positional ones through ``__match_args__``, which dataclasses and NamedTuples
define from their fields), and of a builtin class by the type of a known value (``str(op)``
matches a string and binds it whole); sequence patterns match known tuples and lists element by element,
and an instance whose class derives from collections.abc.Sequence by its items.
A verdict is True (surely matches), False (surely not) or None (unknown: the case may
run); names captured are bound either way, to what they would hold if it matched.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable

from . import pyflow
from .python.datamodel import is_instance
from .values import MISSING, UNKNOWN, ClassVal, Const, DictVal, ListVal, ObjVal, QualName, plain, unpack

Evaluate = Callable[[ast.expr], object]
# ``getattr(subject, name)`` as the data model reads it (python/datamodel.py).
Attribute = Callable[[object, str], object]


class SubjectReader:
    """How the interpreter reads a subject for the patterns: called, ``getattr(subject,
    name)``; ``sequence_items(subject)``: the items of an instance of the program's classes
    that Python matches as a sequence (its class derives from collections.abc.Sequence, the
    flag ``Py_TPFLAGS_SEQUENCE`` it inherits), read through its iteration; None when it is
    no such instance or an item is not known."""

    def __init__(self, attribute: Attribute, sequence_items: Callable[[object], list[object] | None]) -> None:
        self.attribute = attribute
        self.sequence_items = sequence_items

    def __call__(self, subject: object, name: str) -> object:
        return self.attribute(subject, name)


def match(pattern: ast.pattern, subject: object, evaluate: Evaluate, binds: dict[str, object],
          attribute: Attribute) -> bool | None:
    if isinstance(pattern, ast.MatchAs):
        verdict = True if pattern.pattern is None else match(pattern.pattern, subject, evaluate, binds,
                                                             attribute)
        if pattern.name is not None:
            binds[pattern.name] = subject
        return verdict
    if isinstance(pattern, ast.MatchValue):
        return pyflow.truth(pyflow.compare(plain(subject), [ast.Eq()], [plain(evaluate(pattern.value))]))
    if isinstance(pattern, ast.MatchSingleton):
        return pyflow.truth(pyflow.compare(plain(subject), [ast.Is()], [Const(pattern.value)]))
    if isinstance(pattern, ast.MatchOr):
        verdicts = [match(p, subject, evaluate, binds, attribute) for p in pattern.patterns]
        if any(v is True for v in verdicts):
            return True
        return False if all(v is False for v in verdicts) else None
    if isinstance(pattern, ast.MatchClass):
        return _match_class(pattern, subject, evaluate, binds, attribute)
    if isinstance(pattern, ast.MatchSequence):
        return _match_sequence(pattern, subject, evaluate, binds, attribute)
    if isinstance(pattern, ast.MatchMapping):
        return _match_mapping(pattern, subject, evaluate, binds, attribute)
    _bind_unknown(pattern, binds)
    return None


def _match_mapping(pattern: ast.MatchMapping, subject: object, evaluate: Evaluate,
                   binds: dict[str, object], attribute: Attribute) -> bool | None:
    """``{"kind": k, **rest}`` against a dict: each key present and its value matching;
    a key absent from a dict whose keys are all known is no match."""
    if isinstance(subject, (Const, tuple, ListVal)):
        _bind_unknown(pattern, binds)
        return False  # not a mapping
    if not isinstance(subject, DictVal) or type(subject) is not DictVal:
        _bind_unknown(pattern, binds)
        return None
    verdicts: list[bool | None] = []
    used: list[object] = []
    for key_node, sub in zip(pattern.keys, pattern.patterns, strict=True):
        key = plain(evaluate(key_node))
        if not (isinstance(key, Const) and _hashable(key.value)):
            _bind_unknown(sub, binds)
            verdicts.append(None)
            continue
        used.append(key.value)
        if key.value not in subject.items:
            _bind_unknown(sub, binds)
            verdicts.append(False if subject.complete else None)
            continue
        verdicts.append(match(sub, subject.items[key.value], evaluate, binds, attribute))
    if pattern.rest:
        rest = {k: v for k, v in subject.items.items() if not any(k == u for u in used)}
        binds[pattern.rest] = DictVal(rest, complete=subject.complete)
    if any(v is False for v in verdicts):
        return False
    return True if all(v is True for v in verdicts) else None


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


# The builtin classes whose one positional sub-pattern matches the subject itself
# (``case str(op):``; PEP 634's "self" match), not an attribute named by __match_args__.
_SELF_MATCHING = frozenset({bool, bytearray, bytes, dict, float, frozenset, int, list, set, str, tuple})


def _builtin_class(value: object) -> type | None:
    if isinstance(value, QualName) and value.name.startswith("builtins."):
        found = getattr(builtins, value.name[len("builtins."):], None)
        return found if isinstance(found, type) else None
    return None


def _sample(subject: object) -> object:
    """An object of the subject's own Python type where that type is known (a constant,
    a tuple, a list, a plain dict), else MISSING."""
    if isinstance(subject, Const):
        return subject.value
    if isinstance(subject, tuple):
        return ()
    if type(subject) is ListVal:
        return []
    if type(subject) is DictVal:
        return {}
    return MISSING


def _match_builtin_class(pattern: ast.MatchClass, cls: type, subject: object, evaluate: Evaluate,
                         binds: dict[str, object], attribute: Attribute) -> bool | None:
    """``case str(op):`` / ``case tuple():`` / ``case int(0):``: isinstance of the subject's
    own type, then a builtin of _SELF_MATCHING matches its one positional sub-pattern against
    the subject. Keyword sub-patterns (attributes of builtins) and other positional ones are
    not judged."""
    sample = plain(subject)
    sample = _sample(subject if isinstance(subject, (ListVal, DictVal)) else sample)
    verdict = None if sample is MISSING else isinstance(sample, cls)
    if verdict is False:
        return False
    positional = list(pattern.patterns)
    if verdict is None or pattern.kwd_patterns or len(positional) > 1 \
            or (positional and cls not in _SELF_MATCHING):
        for sub in [*positional, *pattern.kwd_patterns]:
            _bind_unknown(sub, binds)
        return None
    return match(positional[0], subject, evaluate, binds, attribute) if positional else True


def _match_class(pattern: ast.MatchClass, subject: object, evaluate: Evaluate,
                 binds: dict[str, object], attribute: Attribute) -> bool | None:
    cls = evaluate(pattern.cls)
    builtin = _builtin_class(cls)
    if builtin is not None:
        return _match_builtin_class(pattern, builtin, subject, evaluate, binds, attribute)
    verdict = is_instance(subject, cls) if isinstance(cls, ClassVal) else None
    if verdict is False:
        return False
    if verdict is None or not isinstance(subject, ObjVal) or not isinstance(cls, ClassVal):
        for sub in [*pattern.patterns, *pattern.kwd_patterns]:
            _bind_unknown(sub, binds)
        return None
    names = _match_args(cls)
    verdicts: list[bool | None] = []
    for index, sub in enumerate(pattern.patterns):
        if names is None or index >= len(names):
            _bind_unknown(sub, binds)
            verdicts.append(None)
        else:
            verdicts.append(match(sub, attribute(subject, names[index]), evaluate, binds, attribute))
    for attr, sub in zip(pattern.kwd_attrs, pattern.kwd_patterns, strict=True):
        verdicts.append(match(sub, attribute(subject, attr), evaluate, binds, attribute))
    if any(v is False for v in verdicts):
        return False
    return True if all(v is True for v in verdicts) else None


def _match_args(cls: ClassVal) -> list[str] | None:
    declared = cls.lookup("__match_args__")
    if isinstance(declared, Const) and isinstance(declared.value, tuple) \
            and all(isinstance(n, str) for n in declared.value):
        return list(declared.value)
    if declared is MISSING and any(isinstance(c, ClassVal) and c.is_dataclass for c in cls.mro()):
        return cls.fields()
    return None


def _match_sequence(pattern: ast.MatchSequence, subject: object, evaluate: Evaluate,
                    binds: dict[str, object], attribute: Attribute) -> bool | None:
    if isinstance(subject, DictVal) or (isinstance(subject, Const) and not isinstance(subject.value, tuple)):
        for sub in pattern.patterns:
            _bind_unknown(sub, binds)
        return False  # a mapping, a string, a number: no sequence pattern matches it
    items = unpack(plain(subject)) if isinstance(subject, (Const, tuple, ListVal)) else None
    if items is None and isinstance(subject, ObjVal) and isinstance(attribute, SubjectReader):
        items = attribute.sequence_items(subject)
    stars = [i for i, p in enumerate(pattern.patterns) if isinstance(p, ast.MatchStar)]
    if items is None or len(stars) > 1:
        for sub in pattern.patterns:
            _bind_unknown(sub, binds)
        return None
    fixed = len(pattern.patterns) - len(stars)
    if len(items) < fixed or (not stars and len(items) != fixed):
        for sub in pattern.patterns:
            _bind_unknown(sub, binds)
        return False
    if stars:
        # `[first, *middle, last]`: the star takes what the others leave, as a new list.
        at, after = stars[0], len(pattern.patterns) - stars[0] - 1
        star: ast.MatchStar = pattern.patterns[at]  # type: ignore[assignment]
        if star.name:
            binds[star.name] = ListVal(list(items[at:len(items) - after]))
        pairs = [*zip(pattern.patterns[:at], items[:at], strict=True),
                 *zip(pattern.patterns[at + 1:], items[len(items) - after:], strict=True)]
    else:
        pairs = list(zip(pattern.patterns, items, strict=True))
    verdicts = [match(p, item, evaluate, binds, attribute) for p, item in pairs]
    if any(v is False for v in verdicts):
        return False
    return True if all(v is True for v in verdicts) else None


def _bind_unknown(pattern: ast.pattern, binds: dict[str, object]) -> None:
    for node in ast.walk(pattern):
        name = getattr(node, "name", None)
        if isinstance(node, (ast.MatchAs, ast.MatchStar)) and name:
            binds[name] = UNKNOWN
        if isinstance(node, ast.MatchMapping) and node.rest:
            binds[node.rest] = UNKNOWN
