"""Classes of Python's library the program's classes derive from, as the MRO sees them.

A base the analysis cannot see makes every lookup through the class unknown (it may define
any name). A few library classes are known whole: ``object`` (what a class with no base
derives from anyway), ``typing.Generic`` / ``typing.Protocol`` (``Generic[T]`` as a base is
``Generic``: ``__mro_entries__``) and ``abc.ABC`` define nothing a program reads but
``__class_getitem__`` (``Box[int]`` is an alias that calls ``Box``), and
``typing.NamedTuple`` adds its record methods; ``type`` (a metaclass's base) holds exactly
the names ``dir(type)`` lists. A name such a class does not define goes on
to the next class of the MRO, as Python's lookup does; one it defines in ways not modelled
here (a tuple's own methods) stays unknown.
"""

from __future__ import annotations

import types
from dataclasses import dataclass

from ..values import LIBRARY_BASES, UNKNOWN, ClassVal, Const, LibraryBase, ObjVal, PartialVal, QualName


@dataclass(frozen=True)
class LibraryMethod:
    """A method of a library base: bound to an instance, it is a call of ``target`` with the
    instance first (``nt._replace(**kw)`` is ``dataclasses.replace(nt, **kw)``), or with the
    builtin value the instance holds (``on_payload``: a dict subclass's ``get`` is the dict's)."""

    target: str
    on_payload: bool = False
    on_class: bool = False  # a classmethod: bound to the class, through it or an instance


@dataclass(frozen=True)
class GenericAlias:
    """``Generic.__class_getitem__``: ``cls[params]`` is ``cls`` for everything the
    analysis reads (calling it makes an instance of ``cls``)."""


# Subscripting these gives the class itself (``class Box(Generic[T])``).
SUBSCRIPTED_IS_ITSELF = frozenset({"typing.Generic", "typing.Protocol"})

_GENERIC = {"__class_getitem__": GenericAlias()}
# tuple's methods a named tuple's instance runs on the tuple it is.
TUPLE_METHODS = ("__getitem__", "__len__", "__iter__", "__contains__", "__add__", "__mul__", "index", "count")
_TUPLE_NAMES = frozenset(name for name in dir(tuple) if name not in dir(object)) | {
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__repr__", "__str__",
    "__init__", "__new__", "__getattribute__", "__setattr__", "__getnewargs__"}

# A dict subclass's instance holds a dict (ObjVal.payload): the dict's own methods act on it,
# its item hooks (calls.py) also run the subclass's ``__missing__``.
DICT_METHODS = ("get", "items", "keys", "values", "setdefault", "pop", "update", "copy")
DICT_HOOKS = ("__init__", "__getitem__", "__setitem__", "__contains__", "__len__", "__iter__")
_DICT = {**{name: LibraryMethod(f"builtins.dict.{name}", on_payload=True) for name in DICT_METHODS},
         **{name: LibraryMethod(f"builtins.dict_instance.{name}") for name in DICT_HOOKS}}

# What a number's method is called as, once bound to the number an instance holds: its
# other arguments are read as numbers too (python/calls.py), as the builtin's slot reads them.
NUMBER_METHOD = "python.number."


def _number_methods(kind: type) -> tuple[str, ...]:
    """The methods ``kind`` defines itself (its data descriptors, ``real`` / ``numerator``,
    a classmethod such as ``from_bytes``, and its doc stay unknown)."""
    return tuple(name for name, value in vars(kind).items()
                 if callable(value) and not isinstance(value, (classmethod, staticmethod))
                 and name not in ("__new__", "__getattribute__", "__init__", "fromhex", "from_bytes",
                                  "__getformat__"))


LIBRARY_BASES.update({
    "builtins.dict": LibraryBase(_DICT, frozenset(dir(dict)) - set(_DICT) - {"__class_getitem__"}),
    "builtins.object": LibraryBase({}, frozenset()),
    # A metaclass's base: every name type defines is its own (not modelled here), any other
    # goes on through the MRO (a metaclass's __getattr__ answers it); the names later
    # Pythons add to type are held unknown too.
    "builtins.type": LibraryBase({}, frozenset(dir(type)) | {
        "__type_params__", "__static_attributes__", "__firstlineno__", "__annotate__", "__annotations__"}),
    # A tuple subclass: its instance holds the tuple tuple.__new__ made (ObjVal.payload), which
    # tuple's own methods read; a __new__ of the program's makes it through super().__new__.
    "builtins.tuple": LibraryBase(
        {"__new__": QualName("builtins.tuple.__new__"),
         **{name: LibraryMethod(f"builtins.tuple.{name}", on_payload=True) for name in TUPLE_METHODS},
         "__iter__": LibraryMethod("builtins.iter", on_payload=True),
         "__len__": LibraryMethod("builtins.len", on_payload=True)},
        _TUPLE_NAMES - set(TUPLE_METHODS) - {"__new__"}),
    # An int / float subclass: its instance holds the number int.__new__ / float.__new__
    # made (ObjVal.payload); the number's own methods and operators act on it, plain numbers
    # out (``RoundedUp(200) * 2`` is an int), unless the program's class overrides them.
    **{f"builtins.{kind.__name__}": LibraryBase(
        {"__new__": QualName(f"builtins.{kind.__name__}.__new__"),
         **{name: LibraryMethod(f"{NUMBER_METHOD}{kind.__name__}.{name}", on_payload=True)
            for name in _number_methods(kind)}},
        frozenset(vars(kind)) - set(_number_methods(kind)) - {"__new__", "__getattribute__"})
       for kind in (int, float)},
    # A module object's class (``class Settings(types.ModuleType)``): the names it and object
    # define, and those its __init__ puts in the instance's dict, stay unknown; any other goes
    # on through the MRO, so a subclass's __getattr__ answers it (Python's module getattr
    # raises AttributeError for a name the module's dict lacks, then calls it).
    "types.ModuleType": LibraryBase({}, frozenset(dir(types.ModuleType)) | {
        "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__file__", "__path__",
        "__annotations__", "__builtins__", "__cached__"}),
    "typing.Generic": LibraryBase(_GENERIC, frozenset()),
    "typing.Protocol": LibraryBase(_GENERIC, frozenset({"__init__", "__subclasshook__"})),
    "abc.ABC": LibraryBase({}, frozenset()),
    # The class collections.namedtuple builds (typing.NamedTuple's too): a tuple subclass whose
    # instance holds its fields' tuple (ObjVal.payload), which tuple's own methods read.
    "typing.NamedTuple": LibraryBase(
        {"_replace": LibraryMethod("python.namedtuple_replace"),
         "_asdict": LibraryMethod("dataclasses.asdict"),
         "_make": LibraryMethod("python.namedtuple_make", on_class=True),
         **{name: LibraryMethod(f"builtins.tuple.{name}", on_payload=True) for name in TUPLE_METHODS},
         "__iter__": LibraryMethod("builtins.iter", on_payload=True),
         "__len__": LibraryMethod("builtins.len", on_payload=True)},
        _TUPLE_NAMES - set(TUPLE_METHODS)),
})


def bind(value: object, obj: object, owner: object = None) -> object:
    """A library base's attribute read through the instance ``obj`` (None: through the class
    ``owner``)."""
    if isinstance(value, LibraryMethod):
        if value.on_class:
            return PartialVal(QualName(value.target), (owner,), {}) if owner is not None else UNKNOWN
        if obj is None:
            return UNKNOWN
        if value.on_payload:
            payload = getattr(obj, "payload", None)
            return PartialVal(QualName(value.target), (payload,), {}) if payload is not None else UNKNOWN
        return PartialVal(QualName(value.target), (obj,), {})
    return value


def holds_str(cls: object) -> bool:
    """Whether instances of ``cls`` are strs (``builtins.str`` in its MRO): each holds the
    text ``str.__new__`` made it with (ObjVal.payload), what a library call sees of it. Not
    where the program's classes change how it compares or hashes (JAX compares axis names)."""
    order = getattr(cls, "mro", list)()
    return any(isinstance(base, QualName) and base.name == "builtins.str" for base in order) \
        and not any(name in getattr(base, "attrs", {}) for base in order for name in _STR_IDENTITY)


_STR_IDENTITY = ("__eq__", "__ne__", "__hash__", "__str__", "__new__")


def str_new(args: list[object], kwargs: dict[str, object]) -> object:
    """The text of ``str.__new__(cls, text)`` for a known str (``""`` with none); None (no
    known text) for anything else: ``str(obj)`` of another value may run its ``__str__``."""
    if kwargs or len(args) > 1:
        return None
    if not args:
        return Const("")
    text = args[0]
    return Const(text.value) if isinstance(text, Const) and type(text.value) is str else None


NUMBER_NEWS = frozenset({"builtins.int.__new__", "builtins.float.__new__"})


def number_new(args: list[object], kwargs: dict[str, object], made: object) -> object:
    """``int.__new__(cls, *args)``: an instance of ``cls`` holding ``made`` (what ``int(*args)``
    gave; none known: an instance whose number is not known)."""
    cls = args[0]
    return ObjVal(cls, {}, payload=made if isinstance(made, Const) else None)  # type: ignore[arg-type]


def holds_number(cls: object) -> str | None:
    """The builtin number type instances of ``cls`` are (``"int"`` / ``"float"``), or None."""
    for base in getattr(cls, "mro", list)():
        if isinstance(base, QualName) and base.name in ("builtins.int", "builtins.float"):
            return base.name
    return None


def plain_number(obj: ObjVal) -> bool:
    """Whether ``obj`` is an int / float subclass's instance holding a known number whose
    classes override none of the number's methods: real code sees no difference from the number
    but its type."""
    if obj.payload is None or holds_number(obj.cls) is None:
        return False
    return not any(isinstance(base, ClassVal) and any(name in base.attrs for name in _NUMBER_IDENTITY)
                   for base in obj.cls.mro())


_NUMBER_IDENTITY = (frozenset(vars(int)) | frozenset(vars(float)) | {"__str__"}) - {"__new__", "__doc__"}


def is_named_tuple(cls: object) -> bool:
    """Whether ``cls`` is a named tuple's class (``typing.NamedTuple`` in its MRO, as the
    record classes of ``collections.namedtuple`` and ``class P(NamedTuple)`` are)."""
    return any(isinstance(base, QualName) and base.name == "typing.NamedTuple"
               for base in getattr(cls, "mro", list)())


def holds_tuple(cls: object) -> bool:
    """Whether instances of ``cls`` are tuples made by ``tuple.__new__`` (``builtins.tuple`` in
    its MRO; a named tuple's class makes its own, from its fields)."""
    return any(isinstance(base, QualName) and base.name == "builtins.tuple"
               for base in getattr(cls, "mro", list)()) and not is_named_tuple(cls)


def holds_dict(cls: object) -> bool:
    """Whether instances of ``cls`` are dicts (``builtins.dict`` in its MRO)."""
    return any(isinstance(base, QualName) and base.name == "builtins.dict"
               for base in getattr(cls, "mro", list)())
