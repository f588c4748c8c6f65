"""The descriptors Python's own library makes, as values: what ``property``,
``staticmethod``, ``classmethod``, ``functools.cached_property``,
``functools.partialmethod``, ``functools.singledispatch`` and
``functools.singledispatchmethod`` return, whether written as decorators or called.

They are plain objects in a class's namespace, as in CPython; what reading one through
an instance or a class gives is decided in one place, ``datamodel.bind`` (their
``__get__``), never by looking at a function's decorator names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..values import MISSING, UNKNOWN, Const


@dataclass(eq=False)
class StaticMethodVal:
    func: object


@dataclass(eq=False)
class ClassMethodVal:
    func: object


@dataclass(eq=False)
class PropertyDef:
    """``property(fget, fset, fdel)``: a data descriptor whether or not it has a setter or
    a deleter (Python refuses a store or a ``del`` without one: the instance's dict never
    takes the name)."""

    getter: object  # a callable value, or None
    setter: object = None
    deleter: object = None


@dataclass(frozen=True)
class PropertyPart:
    """``op.setter`` / ``op.getter`` / ``op.deleter``: the decorator that makes the next
    property (a copy with that one function replaced, as ``property.setter`` does)."""

    prop: PropertyDef
    part: str

    def build(self, func: object) -> PropertyDef:
        getter, setter, deleter = self.prop.getter, self.prop.setter, self.prop.deleter
        if self.part == "setter":
            return PropertyDef(getter, func, deleter)
        if self.part == "getter":
            return PropertyDef(func, setter, deleter)
        return PropertyDef(getter, setter, func)


@dataclass(eq=False)
class CachedPropertyVal:
    """``functools.cached_property``: a non-data descriptor that stores what the getter
    returned in the instance's dict under its name (set by ``__set_name__``), so the next
    read finds it there."""

    func: object
    name: str | None = None


@dataclass(eq=False)
class PartialMethodVal:
    """``functools.partialmethod(func, *args, **kwargs)``: bound, a partial of the bound
    method with those arguments first."""

    func: object
    args: tuple[object, ...]
    kwargs: dict[str, object]


@dataclass(eq=False)
class SingleDispatchVal:
    """``functools.singledispatch`` / ``singledispatchmethod``: a default implementation and
    one per registered type (a ClassVal of the program's, or a builtin type's qualified name),
    chosen by the type of the first argument (the first after ``self`` for a method)."""

    default: object
    method: bool
    registry: list[tuple[object, object]] = field(default_factory=list)
    self_value: object = None  # the instance a singledispatchmethod was read through


@dataclass(frozen=True)
class RegisterVal:
    """``dispatch.register`` (a decorator reading the first parameter's annotation) or
    ``dispatch.register(str)`` (a decorator for that type)."""

    dispatch: SingleDispatchVal
    kind: object = None


CONSTRUCTORS = frozenset({"builtins.staticmethod", "builtins.classmethod", "builtins.property",
                          "functools.cached_property", "functools.partialmethod", "functools.singledispatch",
                          "functools.singledispatchmethod"})


def construct(name: str, args: list[object], kwargs: dict[str, object]) -> object:
    """The descriptor a call of one of Python's descriptor types makes; MISSING when ``name``
    is none of them, UNKNOWN for arguments this model does not read."""
    if name not in CONSTRUCTORS:
        return MISSING
    if name == "builtins.property":
        names = ("fget", "fset", "fdel", "doc")
        given = dict(zip(names, args, strict=False))
        if len(args) > 4 or set(kwargs) - set(names) or set(kwargs) & set(given):
            return UNKNOWN
        given.update(kwargs)
        parts = [given.get(k) for k in names[:3]]  # a None argument is no function
        getter, setter, deleter = (None if isinstance(p, Const) and p.value is None else p for p in parts)
        return PropertyDef(getter, setter, deleter)
    if name == "functools.partialmethod":
        if not args:
            return UNKNOWN
        return PartialMethodVal(args[0], tuple(args[1:]), dict(kwargs))
    if len(args) != 1 or kwargs:
        return UNKNOWN
    if name == "builtins.staticmethod":
        return StaticMethodVal(args[0])
    if name == "builtins.classmethod":
        return ClassMethodVal(args[0])
    if name == "functools.cached_property":
        return CachedPropertyVal(args[0])
    return SingleDispatchVal(args[0], method=name == "functools.singledispatchmethod")


@dataclass(eq=False)
class CacheVal:
    """``functools.cache(f)`` / ``lru_cache(maxsize, typed)(f)``: the wrapper and its cache
    (python/cached.py). ``entries``: key -> the result, least recently used first;
    ``closed``: every entry is known (a call whose key or outcome was not known, or one on a
    path that may not run, opens it); ``maxsize`` None: unbounded, UNKNOWN: not known."""

    func: object
    maxsize: object = None
    typed: bool = False
    entries: dict[object, object] = field(default_factory=dict)
    closed: bool = True
    # ``cache_info()``'s counts since it was made or cleared; ``counted``: every call of it
    # surely ran as followed (one on a path that may not run, or whose key was not known to
    # be kept or absent, leaves the counts unknown).
    hits: int = 0
    misses: int = 0
    counted: bool = True


def wrapped_functions(value: object) -> list[object]:
    """The functions a descriptor holds (what a class body's methods are rebound from)."""
    if isinstance(value, (StaticMethodVal, ClassMethodVal, CachedPropertyVal, PartialMethodVal, CacheVal)):
        return [value.func]
    if isinstance(value, PropertyDef):
        return [f for f in (value.getter, value.setter, value.deleter) if f is not None]
    if isinstance(value, SingleDispatchVal):
        return [value.default, *(impl for _, impl in value.registry)]
    return []


DESCRIPTOR_TYPES = (StaticMethodVal, ClassMethodVal, PropertyDef, CachedPropertyVal, PartialMethodVal,
                    SingleDispatchVal, CacheVal)
