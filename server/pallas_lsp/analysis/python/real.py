"""Real Python objects as abstract values, and the stand-ins real code sees for ours.

``RealVal`` holds an object a bridged call returned that has no abstract model of its
own (a ``deque``, a ``Counter``, a compiled pattern, a ``string.Template``, a lazy
iterator): the program's later calls of its methods run the real ones (``bridge.py``).
``Opaque`` is what real code is handed for an abstract value it may move but not read
(a mesh, a kernel, an object of the program's own classes): reading it raises
``Refused``, so the bridged call gives up (UNKNOWN) rather than guess. ``Tagged`` is an
axis-name string that carries where it was written, so a string that passes through a
real call unchanged keeps its origin (``Const.origins``, analysis/axis_trace.py).
"""

from __future__ import annotations

import ast
import collections
import itertools
from collections.abc import Callable, Iterator
from typing import Any

from ..values import MISSING, UNKNOWN, Const, ForeignVal, ObjectVal, pack
from .generators import UNKNOWN_STEP, Step


class Refused(BaseException):
    """The bridged call cannot be computed: a guard tripped or real code read an abstract
    value it cannot see. A BaseException so that no ``except Exception`` in real library
    code swallows it."""


class Opaque:
    """An abstract value passed through real code untouched (stored, moved, handed to a
    callback); anything that would read it refuses the call."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def _refuse(self, *args: object, **kwargs: object) -> object:
        raise Refused("an abstract value was read by real code")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse  # type: ignore[assignment]
    __hash__ = __bool__ = __len__ = __iter__ = __str__ = __repr__ = __format__ = _refuse  # type: ignore[assignment]
    __index__ = __int__ = __float__ = __contains__ = __getitem__ = __call__ = _refuse  # type: ignore[assignment]
    __reduce__ = __reduce_ex__ = __getstate__ = _refuse  # type: ignore[assignment]

    def __copy__(self) -> Opaque:
        return self  # abstract values of this kind are not copied by copy.copy / deepcopy

    def __deepcopy__(self, memo: object) -> Opaque:
        return self


class DtypeText(Opaque):
    """A dtype (a DtypeVal) as real code sees it: its text, as numpy's dtype gives it
    (``str`` and ``format``: "float16"; ``repr``: "dtype('float16')"), for a config keyed by
    ``str(x.dtype)``; anything else that reads it (equality, hashing) refuses."""

    __slots__ = ()

    def __str__(self) -> str:
        return str(self.value.name)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"dtype('{self.value.name}')"  # type: ignore[attr-defined]

    def __format__(self, spec: str) -> str:
        return format(str(self.value.name), spec)  # type: ignore[attr-defined]


class Bare(Opaque):
    """A bare ``object()`` (an ObjectVal) as real code sees it: hashed and compared by
    identity, true, copied to a new bare object (``copy.copy(object())`` is another
    object); anything else that reads it (its repr, an ordering, pickling) refuses."""

    __slots__ = ()

    __eq__ = object.__eq__  # type: ignore[assignment]
    __ne__ = object.__ne__  # type: ignore[assignment]
    __hash__ = object.__hash__  # type: ignore[assignment]

    def __bool__(self) -> bool:
        return True

    def __copy__(self) -> Bare:  # type: ignore[override]
        return bare(ObjectVal())

    def __deepcopy__(self, memo: object) -> Bare:  # type: ignore[override]
        return bare(ObjectVal())


def bare(value: ObjectVal) -> Bare:
    """The one stand-in of ``value`` for every bridged call."""
    if value.stand_in is None:
        value.stand_in = Bare(value)
    return value.stand_in  # type: ignore[return-value]


class Ordered(Opaque):
    """An instance of the program's classes that defines rich comparisons, as real code sees
    it (``max(objs)``, ``sorted(objs)``): comparing it runs the interpreter's comparison
    (``compare(op, left, right)``), anything else still refuses."""

    __slots__ = ("compare",)

    def __init__(self, value: object, compare: Callable[[ast.cmpop, object, object], bool]) -> None:
        super().__init__(value)
        self.compare = compare

    def __lt__(self, other: object) -> bool:  # type: ignore[override]
        return self.compare(ast.Lt(), self, other)

    def __le__(self, other: object) -> bool:  # type: ignore[override]
        return self.compare(ast.LtE(), self, other)

    def __gt__(self, other: object) -> bool:  # type: ignore[override]
        return self.compare(ast.Gt(), self, other)

    def __ge__(self, other: object) -> bool:  # type: ignore[override]
        return self.compare(ast.GtE(), self, other)

    def __eq__(self, other: object) -> bool:  # type: ignore[override]
        return self.compare(ast.Eq(), self, other)

    def __ne__(self, other: object) -> bool:  # type: ignore[override]
        return self.compare(ast.NotEq(), self, other)

    __hash__ = Opaque.__hash__  # the real run's hashes are not this process's: refused


class Tagged(str):
    """A string with the origin of its axis name; real string methods return plain str
    (a string built at run time has no origin)."""

    origin: object

    def __new__(cls, text: str, origin: object) -> Tagged:
        made = super().__new__(cls, text)
        made.origin = origin
        return made

    def __copy__(self) -> Tagged:
        return self  # a str is immutable: copy.copy / deepcopy give it back

    def __deepcopy__(self, memo: object) -> Tagged:
        return self


# ``dict.keys()``: a set-like view (``a.keys() & b.keys()``), ordered as its dict; the
# values and items views of a kept mapping (a Counter's ``.values()``) are kept the same way:
# live views of it, read when iterated.
KEYS_VIEW = type({}.keys())
VALUES_VIEW = type({}.values())
ITEMS_VIEW = type({}.items())

# Real types whose instances may be kept as values (the bridge hands back no module, class,
# function or frame). Iterators are kept too (``is_iterator``).
KEPT_TYPES: tuple[type, ...] = (
    collections.deque, collections.Counter, collections.OrderedDict, collections.defaultdict,
    collections.ChainMap, set, frozenset, bytearray, range, slice, complex,
    KEYS_VIEW, VALUES_VIEW, ITEMS_VIEW,
)


# Kept real objects that never change: they stand for their value in memo keys.
IMMUTABLE_TYPES: tuple[type, ...] = (range, frozenset, complex)

_STORABLE = (str, int, float, bool, bytes, type(None))
MAX_STORED_INT = 65536  # a count or a size stored on a real object (a context's precision)
MAX_ITERATED = 1024  # items read from one lazy iterator (itertools.count() has no end)


# What real code raises that the program's own code may not raise the same: a recursion or
# memory limit of this process, an error of its environment (OSError), a warning made an
# error, an internal error; a guard's refusal (Refused) is no Exception at all.
NOT_PROGRAM_ERRORS = (RuntimeError, MemoryError, OSError, SystemError, Warning)


def program_error(error: BaseException) -> bool:
    """Whether an exception real code raised on the program's own values is the program's."""
    return isinstance(error, Exception) and not isinstance(error, (Refused, *NOT_PROGRAM_ERRORS)) \
        and not isinstance(error.__context__, Refused)


class RealVal(ForeignVal):
    """A real object made by a bridged call. ``known`` turns False when a call that may
    have changed it ran on a path that may not run, or failed half way: from then on it
    is unknown. ``version`` counts the calls that may have changed it (the memo key)."""

    __slots__ = ("_read", "faithful", "known", "linked", "raised", "real", "version")

    def __init__(self, real: object, convert: Callable[[object], object]) -> None:
        self.real = real
        self._convert = convert  # convert.to_abstract: one real item to an abstract value
        self.known = True
        self.version = 0
        self._read = False
        # A real iterator made from the program's values as themselves (bridge.run): what
        # reading it raises (`map(int, ["8", "x"])`'s ValueError) the program raises too.
        self.faithful = False
        self.raised: BaseException | None = None
        # The kept object this one reads or writes through (a csv reader's or writer's
        # io.StringIO, bridge.LINKING): each call of this one's moves that one too.
        self.linked: RealVal | None = None

    def moved(self, uncertain: bool = False) -> None:
        """This object was called, so what it reads or writes through changed (its memo key
        moves); on a path that may not run, or after this one became unknown, that object is
        unknown from here."""
        linked = self.linked
        if linked is not None:
            linked.version += 1
            if uncertain or not self.known:
                linked.known = False

    def memo_key(self) -> object:
        if isinstance(self.real, IMMUTABLE_TYPES):
            return ("real", type(self.real), self.real)  # equal values are one key (range(4))
        return ("real", id(self), self.version, self.known)

    def store(self, name: str, value: object, uncertain: bool) -> None:
        """``obj.name = value`` (``element.text = "max"``, ``context.prec = 6``): run for real
        when the path is sure, the object one of the stateful kinds (SNAPSHOTS: no other
        kept object takes stores, a ``methodcaller``'s name among them) and the value a plain
        constant of bounded size; otherwise the object is unknown from here, since a store
        left untracked would leave a stale value to be read."""
        self.version += 1
        plain = value.value if isinstance(value, Const) else MISSING
        stored = STORED_NAMES.get(type(self.real))
        if uncertain or name.startswith("_") or type(self.real) not in SNAPSHOTS \
                or (stored is not None and name not in stored) \
                or type(plain) not in _STORABLE or (
                type(plain) is int and abs(plain) > MAX_STORED_INT) or (  # type: ignore[arg-type]
                type(plain) in (str, bytes) and len(plain) > MAX_STORED_INT):  # type: ignore[arg-type]
            self.known = False
            return
        try:
            setattr(self.real, name, plain)
        except Exception:  # the real store raises (an immutable object): the program stops
            self.known = False

    def is_iterator(self) -> bool:
        return isinstance(self.real, Iterator)

    def items(self) -> list[object] | None:
        if not self.known or self._unordered():
            return None
        if self.is_iterator():
            if self._read:
                return None  # used up, or read in part by an earlier loop: not known
            self._read = True
            try:
                taken = list(itertools.islice(self.real, MAX_ITERATED + 1))  # type: ignore[call-overload]
            except (Exception, Refused) as error:
                if self.faithful and program_error(error):
                    self.raised = error
                self.known = False
                self.moved()
                stop = getattr(getattr(self._convert, "__self__", None), "pending", None)
                if stop is not None:
                    raise stop from None  # the interpreter's own stop (its time budget)
                return None
            self.moved()
            if len(taken) > MAX_ITERATED:
                self.known = False
                self.moved()
                return None
            values: list[object] = taken
        elif isinstance(self.real, range) and len(self.real) > MAX_ITERATED:
            return None
        else:
            try:
                # At most MAX_ITERATED items: a kept iterable may be huge (an ipaddress network).
                values = list(itertools.islice(iter(self.real), MAX_ITERATED + 1))  # type: ignore[call-overload]
            except (TypeError, Refused):
                return None
            if len(values) > MAX_ITERATED:
                return None
        converted = [self._convert(value) for value in values]
        return None if any(value is UNKNOWN for value in converted) else converted

    def next_step(self) -> Step:
        """``next()`` of a kept real iterator, one item (a ``for`` loop reads it one pass at a
        time, so a ``groupby`` group is read in the pass that got it, before the next key)."""
        if not self.known or not self.is_iterator() or self.version >= MAX_ITERATED:
            self.known = False
            self.moved()
            return UNKNOWN_STEP
        self.version += 1
        try:
            return self._next_step()
        finally:
            self.moved()

    def _next_step(self) -> Step:
        try:
            item = next(self.real)  # type: ignore[call-overload]
        except StopIteration:
            return Step("done")
        except (Exception, Refused) as error:
            if self.faithful and program_error(error):
                self.raised = error
            self.known = False
            stop = getattr(getattr(self._convert, "__self__", None), "pending", None)
            if stop is not None:
                raise stop from None  # the interpreter's own stop (its time budget)
            return UNKNOWN_STEP
        value = self._convert(item)
        return Step("item", value, value is not UNKNOWN)

    def _unordered(self) -> bool:
        """A set of strings iterates in an order that depends on the process's hash seed:
        the real run's order is not this one."""
        return isinstance(self.real, (set, frozenset)) and any(
            isinstance(item, (str, bytes, tuple)) for item in self.real)

    def truth(self) -> bool | None:
        if not self.known or self.is_iterator():
            return None
        try:
            return bool(self.real)
        except (Refused, Exception):  # (a NumPy array of several elements has no truth)
            return None

    def plain(self) -> object:
        """As a library call outside the bridge reads it: an iterator or a container as
        the tuple of its items (JAX reads ``reversed(axes)`` as those names), else itself."""
        if isinstance(self.real, (Iterator, range, collections.deque)):
            items = self.items()
            return pack(items) if items is not None else UNKNOWN
        return self

    def comparable(self) -> object:
        if not self.known or self.is_iterator() or isinstance(self.real, (collections.defaultdict,)):
            return UNKNOWN
        return self.real


def is_keepable(value: object) -> bool:
    if isinstance(value, KEPT_TYPES) or type(value) in EXTRA_KEPT:
        return True
    if isinstance(value, tuple) and type(value) is not tuple and (
            hasattr(type(value), "_fields") or hasattr(type(value), "n_fields")
            or type(value).__module__ == "datetime"):
        # A named tuple the standard library made (statistics.linear_regression's,
        # Decimal.as_tuple()), a struct sequence, a date's isocalendar(): kept, so its fields are
        # read by name too.
        return True
    if LAZY_KEPT:
        # (before the iterator test: a lazily registered type may be an iterator with state,
        # a shlex lexer, whose registrar gives it its snapshot)
        _settle(type(value))
        if type(value) in EXTRA_KEPT:
            return True
    return isinstance(value, Iterator)


# Filled by allow.py: registrars of kept types whose modules are costly to import (email,
# hashlib, xml.etree, uuid, ...), by the top-level name of the module the types live in
# (``type(x).__module__``). One runs the first time a value of such a type is seen, when its
# module is already loaded (the value exists), so that importing the analysis (the server's
# and the CLI's start-up) loads none of those modules; every kept check comes here first.
LAZY_KEPT: dict[str, Callable[[], None]] = {}


def _settle(kind: type) -> None:
    register = LAZY_KEPT.get(kind.__module__.partition(".")[0])
    if register is None:
        return
    for top in [top for top, other in LAZY_KEPT.items() if other is register]:
        del LAZY_KEPT[top]
    register()


# Filled by allow.py: the types of objects its callables make (re.Pattern, string.Template...).
EXTRA_KEPT: set[type] = set()

# Filled by numpy_bridge.py: real types whose objects come back as an abstract value of their
# own (a NumPy integer scalar as its int, a NumPy dtype as a DtypeVal), by a converter.
ABSTRACT_OF: dict[type, Callable[[object], object]] = {}
# Filled by numpy_bridge.py: kept types that bound their own size (a host NumPy array refuses
# past hostnp.core.MAX_SIZE elements), so no cap on their length applies.
SELF_BOUNDED: set[type] = set()

# Filled by allow.py: kept objects with state that no list / dict view shows (a queue, a hash,
# an element, a text buffer), each with what it holds now: a call that changes it is seen by
# that (convert.py), so the object's memo key moves, or, on a path that may not run, the
# object becomes unknown. A buffer is passed as itself, never as a bounded iterator.
SNAPSHOTS: dict[type, Callable[[Any], list[object]]] = {}
# Filled by allow.py: for a kept type whose every attribute is not safe to store (a shlex
# lexer's ``source`` turns on file inclusion), the only names a store may run for real.
STORED_NAMES: dict[type, frozenset[str]] = {}
