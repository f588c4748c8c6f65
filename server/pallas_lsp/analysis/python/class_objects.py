"""The class object's own attributes, as ``type`` defines them: ``__bases__``, ``__mro__``,
``mro()``, ``__dict__``, ``__qualname__``, ``__module__``, ``__subclasses__()``; class
creation's resolution of the bases (PEP 560 ``__mro_entries__``, ``__orig_bases__``); and
``abc.ABCMeta``'s ``__instancecheck__`` / ``__subclasscheck__`` (``__subclasshook__``, the
registry of ``register``, the subclasses), with its caches.

Each answers as CPython computes it, from the bases the class statement (or ``type(name,
bases, ns)``) was given and the classes the interpreter made:

- ``__bases__`` is the resolved bases, ``(object,)`` for none; ``__mro__`` / ``mro()`` the
  C3 linearisation ending in ``object``, where a library base's own MRO is known (the
  builtin types', ``abc.ABC``, ``typing.Generic`` / ``Protocol``); any other library base
  (one whose MRO the analysis cannot see, a ``collections.abc`` ABC the model stands in
  for with its own class, ``typing.NamedTuple`` whose metaclass makes a tuple subclass)
  leaves the answer unknown.
- ``__dict__`` is the class's namespace, read through (a store into the class is seen
  through it later), never complete: ``type`` adds entries the model does not keep
  (``__module__``, ``__doc__``, ``__weakref__``, ``__firstlineno__`` on 3.13 ...).
- ``__qualname__`` is the compiler's: the name for a class of a module's body or made by
  ``type()``, ``Outer.Inner`` in a class body; a class made in a function's body is
  ``f.<locals>.C``, not followed (unknown). ``__module__`` is the defining module's
  ``__name__``, a namespace's own ``__module__`` first.
- ``__subclasses__()`` lists the classes the interpreter made directly on this one, in
  the order they were made; unknown once a class was made on a path that may not run or
  a class creation the model does not follow may have used it as a base.
- A base that is no class but has ``__mro_entries__`` (``typing``'s generic aliases, a
  program's object) is replaced by what that returns, given the original bases; the
  original tuple is then the namespace's ``__orig_bases__`` (as ``__build_class__`` and
  ``types.resolve_bases`` do).
- An ABC (a class whose metaclass is ``abc.ABCMeta``: deriving from ``abc.ABC`` or
  naming the metaclass) answers ``isinstance`` / ``issubclass`` as ``_py_abc.py``: the
  positive cache, the negative cache (dropped at every ``register``), the class's
  ``__subclasshook__`` (``object``'s answers NotImplemented), the MRO, the registry, then
  each subclass in turn. An ABC whose metaclass is the program's own deriving from
  ``ABCMeta`` keeps the library's answer (unknown); a hook's answer not known leaves the
  verdict unknown, cached nowhere.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass, field
from typing import Protocol

from ..trace import Ctx
from ..values import (
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    FuncVal,
    ListVal,
    ObjVal,
    PartialVal,
    QualName,
    plain,
)
from . import library_bases, source_models
from .descriptor_values import ClassMethodVal

_OBJECT = QualName("builtins.object")
_ABC_META = QualName("abc.ABCMeta")
_ABC = QualName("abc.ABC")
_GENERIC = QualName("typing.Generic")

# Library bases whose own MRO is known whole (the classes after them, to object).
_KNOWN_MROS: dict[str, tuple[str, ...]] = {
    "abc.ABC": ("abc.ABC", "builtins.object"),
    "typing.Generic": ("typing.Generic", "builtins.object"),
    "typing.Protocol": ("typing.Protocol", "typing.Generic", "builtins.object"),
}


class Caller(Protocol):
    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object: ...

    @property
    def on_uncertain_path(self) -> bool: ...


@dataclass
class ClassRegistry:
    """What the interpreter knows of every class it made: in order of creation, and
    whether a creation it could not follow may have made one it does not list."""

    made: list[ClassVal] = field(default_factory=list)
    unsure: bool = False
    # The ABCs' state (``_abc_registry``, ``_abc_cache``, ``_abc_negative_cache`` and its
    # version), by the ABC's identity; ``counter`` is ``ABCMeta._abc_invalidation_counter``.
    abcs: dict[int, AbcState] = field(default_factory=dict)
    counter: int = 0


@dataclass
class AbcState:
    cls: ClassVal
    registry: list[object] = field(default_factory=list)
    cache: list[object] = field(default_factory=list)
    negative: list[object] = field(default_factory=list)
    negative_version: int = 0
    # How many times ``cls.register`` was read and called: a bound ``register`` handed on
    # (read more often than called) may register a class later, where the model cannot see.
    reads: int = 0
    calls: int = 0


def _library_mro(base: object) -> list[object] | None:
    if isinstance(base, QualName):
        if base.name == "builtins.NoneType":
            return [base, _OBJECT]
        known = _KNOWN_MROS.get(base.name)
        if known is not None:
            return [QualName(name) for name in known]
        if base.name.startswith("builtins."):
            found = getattr(builtins, base.name.removeprefix("builtins."), None)
            if isinstance(found, type) and all(t.__module__ == "builtins" for t in found.__mro__):
                return [QualName(f"builtins.{t.__name__}") for t in found.__mro__]
    return None


def _is_model_class(cls: ClassVal) -> bool:
    return id(cls.node) in source_models.node_ids()


def full_mro(cls: object, depth: int = 0) -> list[object] | None:
    """``cls.__mro__`` as a list (C3, ending in object); None where a class of it is one
    whose MRO the analysis does not know."""
    if not isinstance(cls, ClassVal):
        return _library_mro(cls)
    if _is_model_class(cls) or depth > 32 or any(
            isinstance(b, QualName) and b.name == "typing.NamedTuple" for b in cls.bases):
        return None
    bases = list(cls.bases) or [_OBJECT]
    sequences: list[list[object]] = []
    for base in bases:
        linear = full_mro(base, depth + 1)
        if linear is None:
            return None
        sequences.append(list(linear))
    sequences.append(list(bases))
    order: list[object] = [cls]
    while any(sequences):
        for seq in sequences:
            if not seq:
                continue
            head = seq[0]
            if not any(_same(head, other) for rest in sequences for other in rest[1:]):
                break
        else:
            return None  # no consistent order: Python refused the class
        order.append(head)
        sequences = [seq[1:] if seq and _same(seq[0], head) else seq for seq in sequences]
    return order


def _same(a: object, b: object) -> bool:
    return a is b or (isinstance(a, QualName) and isinstance(b, QualName) and a.name == b.name)


def bases_of(cls: ClassVal) -> object:
    """``cls.__bases__``."""
    if _is_model_class(cls) or any(
            (isinstance(b, ClassVal) and _is_model_class(b))
            or (isinstance(b, QualName) and b.name == "typing.NamedTuple")
            for b in cls.bases):
        return UNKNOWN  # a library base the model stands in for with a class of its own
    return tuple(cls.bases) if cls.bases else (_OBJECT,)


# The names ``attribute`` answers (type's descriptors and methods).
TYPE_ATTRIBUTES = frozenset({"__bases__", "__mro__", "__dict__", "__qualname__", "__module__", "mro",
                             "__subclasses__", "register"})


def attribute(cls: ClassVal, name: str, registry: ClassRegistry | None = None) -> object:
    """One of ``type``'s attributes of a class of the program's (``register``: of
    ``ABCMeta``'s, on an ABC); MISSING for another name."""
    if name == "__bases__":
        return bases_of(cls)
    if name == "__mro__":
        order = full_mro(cls)
        return tuple(order) if order is not None else UNKNOWN
    if name == "__dict__":
        if cls.enum_members is not None or _is_model_class(cls):
            return UNKNOWN  # an Enum keeps its members in ways that differ between releases
        return DictVal(cls.attrs, complete=False)  # the class's namespace, read through
    if name == "__qualname__":
        own = cls.attrs.get("__qualname__", MISSING)
        if own is not MISSING:
            return own
        return Const(cls.qualname) if cls.qualname is not None else UNKNOWN
    if name == "__module__":
        own = cls.attrs.get("__module__", MISSING)
        return own if own is not MISSING else (cls.module if cls.module is not None else UNKNOWN)
    # cls.__subclasses__() is python/type_attributes.py's (it knows when a subclass may be
    # collected); the registry here serves the ABC checks' walk of subclasses.
    if name in ("mro", "register") and cls.lookup(name) is MISSING:
        if name == "register" and not is_abc(cls):
            return MISSING
        if name == "register" and registry is not None:
            _state(cls, registry).reads += 1
        owner = "abc.ABCMeta" if name == "register" else "builtins.type"
        return PartialVal(QualName(f"{owner}.{name}"), (cls,), {})
    return MISSING


def subclasses(cls: ClassVal, registry: ClassRegistry) -> list[object] | None:
    if registry.unsure:
        return None
    return [made for made in registry.made if any(base is cls for base in made.bases)]


def call(caller: Caller, name: str, args: list[object], kwargs: dict[str, object],
         registry: ClassRegistry, ctx: Ctx) -> object:
    """``cls.mro()``, ``cls.__subclasses__()``, ``abc_cls.register(sub)``; MISSING for
    another name."""
    if name == "builtins.type.mro" and len(args) == 1 and not kwargs and isinstance(args[0], ClassVal):
        order = full_mro(args[0])
        return ListVal(order) if order is not None else UNKNOWN
    if name == "builtins.type.__subclasses__" and len(args) == 1 and not kwargs \
            and isinstance(args[0], ClassVal):
        found = subclasses(args[0], registry)
        return ListVal(found) if found is not None and not caller.on_uncertain_path else UNKNOWN
    if name == "abc.ABCMeta.register" and len(args) == 2 and not kwargs and isinstance(args[0], ClassVal):
        _state(args[0], registry).calls += 1
        return register(caller, args[0], args[1], registry, ctx)
    return MISSING


NAMES = frozenset({"builtins.type.mro", "builtins.type.__subclasses__", "abc.ABCMeta.register"})
# The methods a class statement's decorator may name (``@Abc.register``).
DECORATORS = (QualName("abc.ABCMeta.register"),)


def has_attribute(cls: ClassVal, name: str) -> bool | None:
    """``hasattr(cls, name)`` of a class of the program's without running a getter: True
    where its MRO holds the name, False where every class of it is known, the metaclass is
    ``type`` and ``type`` has no such attribute (a plain name); None otherwise."""
    found = cls.lookup(name)
    if found is UNKNOWN:
        return None
    if found is not MISSING:
        return True
    if cls.metaclass is not None or cls.library_metaclass is not None or name.startswith("__") \
            or hasattr(type, name) or (is_abc(cls) and name.startswith("_abc")) or name == "register":
        return None
    return False


# ---- abc.ABCMeta ------------------------------------------------------------------------

def is_abc(cls: object) -> bool:
    """Whether ``cls``'s metaclass is exactly ``abc.ABCMeta``: ``abc.ABC`` in its MRO or
    ``metaclass=abc.ABCMeta`` on a class of it, no metaclass of the program's, and no other
    library class in the MRO (whose own metaclass or hooks the analysis cannot see)."""
    if not isinstance(cls, ClassVal) or cls.metaclass is not None:
        return False
    order = cls.mro()
    named = False
    for entry in order:
        if isinstance(entry, ClassVal):
            if entry.metaclass is not None or entry.enum_members is not None or (
                    entry.library_metaclass is not None and entry.library_metaclass != _ABC_META):
                return False
            if entry.library_metaclass is None and any(k.arg == "metaclass" for k in entry.node.keywords):
                return False  # a metaclass= not known
            named = named or entry.library_metaclass == _ABC_META
        elif entry == _ABC:
            named = True
        elif entry not in (_OBJECT, _GENERIC):
            return False
    return named


def _state(cls: ClassVal, registry: ClassRegistry) -> AbcState:
    state = registry.abcs.get(id(cls))
    if state is None:
        state = registry.abcs[id(cls)] = AbcState(cls, negative_version=registry.counter)
    return state


def _in(value: object, items: list[object]) -> bool:
    return any(_same(value, item) for item in items)


def _is_class(value: object) -> bool:
    return isinstance(value, ClassVal) or _library_mro(value) is not None


def register(caller: Caller, cls: ClassVal, subclass: object, registry: ClassRegistry, ctx: Ctx) -> object:
    """``ABCMeta.register(cls, subclass)``: the subclass back; the registry grows and every
    negative cache is dropped (the invalidation counter). Unknown on a path that may not run
    (whether it is registered is then not known: the ABC's later answers are unknown too)."""
    if not _is_class(subclass):
        return UNKNOWN  # TypeError: Can only register classes
    if caller.on_uncertain_path:
        _state(cls, registry).registry.append(UNKNOWN)
        return subclass
    verdict = subclass_check(caller, cls, subclass, registry, ctx)
    if verdict is True:
        return subclass  # already a subclass
    if verdict is None:
        _state(cls, registry).registry.append(UNKNOWN)
        return subclass
    if isinstance(subclass, ClassVal) and _in(cls, full_mro(subclass) or []):
        return UNKNOWN  # RuntimeError: a cycle in the inheritance tree
    _state(cls, registry).registry.append(subclass)
    registry.counter += 1
    return subclass


def instance_check(caller: Caller, cls: ClassVal, instance: object, registry: ClassRegistry,
                   ctx: Ctx) -> bool | None:
    """``ABCMeta.__instancecheck__(cls, instance)`` (after ``PyObject_IsInstance``'s own
    test of an exact type)."""
    kind = _class_of(instance)
    if kind is None:
        return None
    if isinstance(instance, ObjVal) and instance.cls is cls:
        return True
    return subclass_check(caller, cls, kind, registry, ctx)


def _class_of(value: object) -> object:
    """``instance.__class__`` (``type(instance)``: no class of the model's overrides it)."""
    if isinstance(value, ObjVal):
        if value.cls.lookup("__class__") is not MISSING:
            return None
        return value.cls
    value = plain(value)
    if isinstance(value, Const):
        kind = type(value.value)
        return QualName(f"builtins.{kind.__name__}") if kind.__module__ == "builtins" else None
    if isinstance(value, tuple):
        return QualName("builtins.tuple")
    if isinstance(value, ListVal):
        return QualName("builtins.list")
    if isinstance(value, DictVal):
        return QualName("builtins.dict")
    return None


def subclass_check(caller: Caller, cls: ClassVal, subclass: object, registry: ClassRegistry,
                   ctx: Ctx) -> bool | None:
    """``ABCMeta.__subclasscheck__(cls, subclass)`` as ``_py_abc.py`` runs it."""
    if not _is_class(subclass):
        return None  # TypeError: issubclass() arg 1 must be a class (or a class not known)
    state = _state(cls, registry)
    if _in(subclass, state.cache):
        return True
    if state.negative_version < registry.counter:
        state.negative = []
        state.negative_version = registry.counter
    elif _in(subclass, state.negative) and not _escaped(registry):
        return False
    sure = not caller.on_uncertain_path

    def remember(verdict: bool) -> bool:
        if sure:
            (state.cache if verdict else state.negative).append(subclass)
        return verdict

    hook = cls.lookup("__subclasshook__")
    if hook is UNKNOWN:
        return None
    if hook is not MISSING:
        if isinstance(hook, ClassMethodVal):
            hook = hook.func.bound(cls) if isinstance(hook.func, FuncVal) else UNKNOWN
        if not isinstance(hook, FuncVal):
            return None  # (a staticmethod, a library's: not followed)
        answer = plain(caller.call_value(hook, [subclass], {}, ctx))
        if isinstance(answer, Const) and isinstance(answer.value, bool):
            return remember(answer.value)
        if not (isinstance(answer, QualName) and answer.name == "builtins.NotImplemented"):
            return None  # not known (or not a bool: AssertionError)
    # object.__subclasshook__ answers NotImplemented.
    order = full_mro(subclass)
    if order is None:
        return None
    if _in(cls, order):
        return remember(True)
    unsure = False
    for entry in state.registry:
        if entry is UNKNOWN:
            unsure = True
            continue
        verdict = _issubclass(caller, subclass, entry, registry, ctx)
        if verdict is True:
            return remember(True)
        unsure = unsure or verdict is None
    found = subclasses(cls, registry)
    if found is None:
        return None
    for scls in found:
        verdict = _issubclass(caller, subclass, scls, registry, ctx)
        if verdict is True:
            return remember(True)
        unsure = unsure or verdict is None
    if _escaped(registry):
        return None  # a bound register handed on may have registered a class since
    return None if unsure else remember(False)


def _escaped(registry: ClassRegistry) -> bool:
    return any(state.reads > state.calls for state in registry.abcs.values())


def _issubclass(caller: Caller, subclass: object, kind: object, registry: ClassRegistry,
                ctx: Ctx) -> bool | None:
    """``issubclass(subclass, kind)`` for the ABC's own walk."""
    if isinstance(kind, ClassVal) and is_abc(kind):
        return subclass_check(caller, kind, subclass, registry, ctx)
    order = full_mro(subclass)
    if order is None or (isinstance(kind, ClassVal) and kind.metaclass is not None):
        return None
    if _in(kind, order):
        return True
    if isinstance(kind, ClassVal) and all(isinstance(c, ClassVal) or _library_mro(c) is not None
                                          for c in kind.mro()) and not any(
            isinstance(c, QualName) and c.name == "abc.ABC" for c in kind.mro()):
        return False
    return False if isinstance(kind, QualName) and _library_mro(kind) is not None and kind.name.startswith(
        "builtins.") else None


def library_check(caller: Caller, instance: bool, subject: object, kinds: object, registry: ClassRegistry,
                  ctx: Ctx) -> object:
    """``isinstance`` / ``issubclass`` with an ABC of the program's: the verdict, UNKNOWN,
    or MISSING where no ABC is asked."""
    if isinstance(kinds, tuple):
        # Each class of the tuple asked in turn: with an ABC among them, not followed.
        return UNKNOWN if any(is_abc(kind) for kind in kinds) else MISSING
    if not is_abc(kinds):
        return MISSING
    verdict = instance_check(caller, kinds, subject, registry, ctx) if instance else (  # type: ignore[arg-type]
        subclass_check(caller, kinds, subject, registry, ctx))  # type: ignore[arg-type]
    return Const(verdict) if verdict is not None else UNKNOWN


def folded_alias(node: object, value: object) -> bool:
    """Whether a base written ``X[...]`` evaluated to ``X`` itself: a generic alias (of the
    program's ``Generic`` class or of a library class) that the model folds into its class."""
    if not isinstance(node, ast.Subscript):
        return False
    if isinstance(value, QualName):
        return True
    hook = value.lookup("__class_getitem__") if isinstance(value, ClassVal) else MISSING
    return isinstance(hook, library_bases.GenericAlias)


def resolve_bases(caller: Caller, bases: tuple[object, ...],
                  ctx: Ctx) -> tuple[tuple[object, ...], bool] | None:
    """PEP 560 (``types.resolve_bases``): each base that is no class but has
    ``__mro_entries__`` replaced by the tuple it returns for the original bases; whether
    any was. None where one's entries are not known (the class is then not followed)."""
    resolved: list[object] = []
    changed = False
    for base in bases:
        if not isinstance(base, ObjVal) or base.cls.enum_members is not None:
            resolved.append(base)
            continue
        hook = base.cls.lookup("__mro_entries__")
        if hook is MISSING:
            resolved.append(base)  # no class and no entries: Python raises (type.__new__)
            continue
        if not isinstance(hook, FuncVal):
            return None
        entries = plain(caller.call_value(hook.bound(base), [tuple(bases)], {}, ctx))
        if isinstance(entries, Const) and isinstance(entries.value, tuple):
            entries = tuple(Const(v) for v in entries.value)
        items = list(entries) if isinstance(entries, tuple) else None
        if items is None:
            return None  # not a tuple: TypeError, or not known
        resolved.extend(items)
        changed = True
    return tuple(resolved), changed

