"""``cls.__subclasses__()`` as CPython's typeobject.c gives it (``__mro__`` / ``mro()``
are python/class_objects.py's).

``__subclasses__()`` lists the classes made with ``cls`` among their direct bases, in the
order they were made (type.__new__ adds each to its bases' subclass list), while they are
alive. The interpreter notes each class it makes (``note_class``); the answer is unknown
where a subclass may be missing or dead: one made inside a function (a local class is
collected with its frame, at a time the analysis does not know) or on a path that may not
run, one no longer bound to its name where it was made (rebound or deleted: collected when
the cycle collector runs), one made through a metaclass's own ``__new__`` or into a
namespace the analysis cannot see, and any program that makes a class inside a function
the analysis may not have run (a ``class`` statement or a ``type(name, bases, ns)`` call
in a function body).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..values import MISSING, UNKNOWN, ClassVal, ListVal, PartialVal, QualName

_OBJECT = QualName("builtins.object")
# The callable ``cls.__subclasses__`` reads as (interp/calling.py runs them).
SUBCLASSES_CALL = "python.type_subclasses"
CALLS = frozenset({SUBCLASSES_CALL})


@dataclass
class Subclasses:
    """The classes made so far with each class as a direct base, by the base's id."""

    made: dict[int, list[tuple[ClassVal, dict[str, object]]]] = field(default_factory=dict)
    unsure: set[int] = field(default_factory=set)  # bases with a subclass not followed
    local_classes: bool | None = None  # a function body of the program makes a class


def note_class(registry: Subclasses, cls: ClassVal, scope: dict[str, object] | None, sure: bool) -> None:
    """A class made with ``cls.bases``; ``scope`` the names it is bound in where it was made
    (None: not made at a module's or a module-level class's top), ``sure``: made for sure as
    this ClassVal."""
    for base in cls.bases:
        if isinstance(base, ClassVal):
            if sure and scope is not None:
                registry.made.setdefault(id(base), []).append((cls, scope))
            else:
                registry.unsure.add(id(base))


def _type_answers(meta: object, name: str) -> bool:
    """Whether ``type``'s own attribute ``name`` is what the class's metaclass gives."""
    if meta is None:
        return True
    if not isinstance(meta, ClassVal):
        return False
    for entry in meta.mro():
        if isinstance(entry, ClassVal):
            if name in entry.attrs or "mro" in entry.attrs:
                return False
        elif entry not in (QualName("builtins.type"), _OBJECT):
            return False
    return True


def class_attribute(cls: ClassVal, name: str) -> object:
    """``cls.__subclasses__`` as type gives it; MISSING for any other name (``__mro__`` and
    ``mro()`` are python/class_objects.py's), UNKNOWN where not known."""
    if name != "__subclasses__":
        return MISSING
    if not _type_answers(cls.metaclass, name):
        return UNKNOWN
    return PartialVal(QualName(SUBCLASSES_CALL), (cls,), {})


def call(registry: Subclasses, program_trees: list[ast.Module], name: str, args: list[object],
         kwargs: dict[str, object]) -> object:
    """``cls.__subclasses__()`` (the class bound first)."""
    if len(args) != 1 or kwargs or not isinstance(args[0], ClassVal):
        return UNKNOWN
    cls = args[0]
    if registry.local_classes is None:
        registry.local_classes = any(_makes_local_classes(tree) for tree in program_trees)
    if id(cls) in registry.unsure or registry.local_classes:
        return UNKNOWN
    made = registry.made.get(id(cls), [])
    if any(scope.get(sub.node.name) is not sub for sub, scope in made):
        return UNKNOWN  # rebound or deleted: alive until the cycle collector runs
    return ListVal([sub for sub, _ in made])


def _makes_local_classes(tree: ast.Module) -> bool:
    """Whether a function body of ``tree`` makes a class (a ``class`` statement, a call of
    ``type`` with three arguments, ``types.new_class``, ``make_dataclass``)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
                and any(_makes_class(inner) for inner in ast.walk(node) if inner is not node):
            return True
    return False


def _makes_class(node: ast.AST) -> bool:
    if isinstance(node, ast.ClassDef):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        called = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        return (called == "type" and len(node.args) == 3) or called in ("new_class", "make_dataclass")
    return False
