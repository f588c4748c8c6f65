"""A program's instance as real code sees it: a proxy whose special methods run the
program's own (issue 20).

When the bridge hands an instance of the program's classes to real code (``operator.index``,
``range``, ``int``, ``tuple``, ``sorted``, ``str``, ``format``), the stand-in's type carries
exactly the special methods the instance's class defines (looked up on its MRO, as Python's
type slots are), each calling back into the interpreter through ``run(name, proxy, args)``.
A special method the class does not define is absent, so real code takes Python's own
fallback (``bool`` on ``__len__``, iteration over ``__getitem__``); one a base the analysis
cannot see may hold refuses the call. Hashing and ``repr`` without the program's own method
refuse too: the real run's addresses are not this process's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..values import MISSING, UNKNOWN, ClassVal, Const, DictVal, ListVal, ObjVal
from .real import Ordered, Refused

# The special methods a proxy forwards: conversions, containers, unary and binary operators
# (every one of python/operators.py's HOOKS but the in-place ones: real code rebinds nothing),
# rounding (round(), math.floor / ceil / trunc).
FORWARDED = (
    "__index__", "__int__", "__float__", "__complex__", "__bool__", "__len__", "__iter__",
    "__next__", "__reversed__", "__str__", "__repr__", "__format__", "__getitem__", "__contains__",
    "__hash__",
    "__neg__", "__pos__", "__abs__", "__invert__", "__call__",
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
    "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__",
    "__rpow__", "__and__", "__rand__", "__or__", "__ror__", "__xor__", "__rxor__",
    "__matmul__", "__rmatmul__", "__lshift__", "__rlshift__", "__rshift__", "__rrshift__",
    "__divmod__", "__rdivmod__", "__round__", "__trunc__", "__floor__", "__ceil__",
    # operator.length_hint, copy.copy / copy.deepcopy: read from the type, as the slots are.
    "__length_hint__", "__copy__", "__deepcopy__",
    # bytes(obj) and os.fspath / open / os.path functions: the type's conversion slots.
    "__bytes__", "__fspath__",
)
# Special methods of a class body that real code never calls through an instance handed to
# it, or that the proxy answers itself (identity or ordering, its own slots). Any other special
# method the program's class defines and FORWARDED does not hold (`__bytes__`, `__fspath__`,
# `__reduce__`, `__getattr__`, `__enter__`, ...) refuses: real code would call it, and the
# proxy's Python fallback (absent: AttributeError, object's default) is not the program's.
# (`__del__`: a finaliser that refused would only print from the collector.)
_NOT_REACHED = frozenset({
    "__init__", "__new__", "__del__", "__init_subclass__", "__set_name__", "__class_getitem__",
    "__setattr__", "__delattr__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    "__post_init__",
})

Runner = Callable[[str, object, tuple[object, ...]], object]
# Class attributes that are data, never a special method real code would call.
_DATA = (Const, ListVal, DictVal, ClassVal)


class NextCall:
    """What a proxy's ``__next__`` calls back with: the interpreter's ``next(iterator)`` as a
    Step, so the program's sure ``raise StopIteration`` reaches real code as the end."""

    __slots__ = ()


NEXT = NextCall()


class ItemCall:
    """What a proxy's ``__getitem__`` calls back with: the program's ``obj[key]``, and whether
    its ``__getitem__`` surely raised IndexError (``INDEX_ERROR``), so that real code iterating
    an object by the legacy sequence protocol (``max(obj)``: ``obj[0]``, ``obj[1]``, ... up to
    the IndexError) stops where Python's would."""

    __slots__ = ()


ITEM = ItemCall()
INDEX_ERROR = object()  # the program's __getitem__ surely raised IndexError


class Proxy(Ordered):
    """The base of every proxy type; ``run`` is the conversion's callback into the interpreter."""

    __slots__ = ("run",)


def _forward(name: str) -> Callable[..., object]:
    def method(self: Proxy, *args: object) -> object:
        return self.run(name, self, args)

    method.__name__ = name
    return method


def _refuse(self: object, *args: object) -> object:
    raise Refused("a special method of a base the analysis cannot see")


def proxy_type(value: ObjVal, ordered: bool) -> type[Proxy] | None:
    """The proxy type for ``value``'s class; None when it defines none of FORWARDED."""
    namespace: dict[str, object] = {}
    for name in FORWARDED:
        found = value.cls.lookup(name)
        if found is UNKNOWN:
            namespace[name] = _refuse
        elif found is not MISSING:
            namespace[name] = _forward(name)
    for name in _unforwarded_specials(value):
        if name in ("__getattr__", "__getattribute__"):
            namespace["__getattr__"] = _refuse  # a name the proxy lacks is the program's to answer
        else:
            namespace[name] = _refuse
    if not namespace:
        return None
    namespace.setdefault("__hash__", Ordered.__hash__)  # refused: ids differ from the real run
    if not ordered:
        for name in ("__lt__", "__le__", "__gt__", "__ge__"):
            namespace[name] = _refuse
        namespace["__eq__"] = lambda self, other: self is other  # object's identity
        namespace["__ne__"] = lambda self, other: self is not other
    if "__bool__" not in namespace and "__len__" not in namespace:
        namespace["__bool__"] = lambda self: True  # object's truth
    if "__format__" not in namespace and "__str__" in namespace:
        namespace["__format__"] = _plain_format
    _absent_as_python(namespace)
    return type(f"Proxy[{value.cls.node.name}]", (Proxy,), namespace)


def _unforwarded_specials(value: ObjVal) -> set[str]:
    """The special names the program's classes of ``value`` define that FORWARDED lacks."""
    found: set[str] = set()
    for cls in value.cls.mro():
        for name, attr in getattr(cls, "attrs", {}).items():
            # A method (a data attribute such as `__slots__` or `__doc__` is no hook).
            if name.startswith("__") and name.endswith("__") and name not in FORWARDED \
                    and name not in _NOT_REACHED and not isinstance(attr, _DATA):
                found.add(name)
    return found


def _plain_format(self: object, spec: str) -> str:
    # object.__format__: str(self) for an empty spec, TypeError otherwise.
    if spec:
        raise TypeError("unsupported format string passed to object.__format__")
    return str(self)


def _absent_as_python(namespace: dict[str, object]) -> None:
    """The container protocol a class lacks, as Python's type slots leave it: the base
    ``Opaque`` refuses every read, which would hide Python's own fallbacks (``list(obj)``
    asks ``len`` only for a hint, iteration falls back to ``__getitem__``, ``in`` to
    iteration, ``str`` to ``__repr__``). ``None`` is what Python reads as "not defined"."""
    namespace.setdefault("__len__", None)
    namespace.setdefault("__iter__", _sequence_iter if "__getitem__" in namespace else None)
    namespace.setdefault("__contains__", _iter_contains)
    namespace.setdefault("__getitem__", None)
    if "__repr__" in namespace:
        namespace.setdefault("__str__", object.__str__)  # object's: the type's repr


def _sequence_iter(self: object) -> Iterator[object]:
    # The old sequence protocol (PySeqIter): items 0, 1, ... up to the first IndexError.
    index = 0
    while True:
        try:
            item = self[index]  # type: ignore[index]
        except IndexError:
            return
        yield item
        index += 1


def _iter_contains(self: object, value: object) -> bool:
    # PySequence_Contains without __contains__: identity, then ==, over iteration.
    return any(item is value or item == value for item in iter(self))  # type: ignore[call-overload]
