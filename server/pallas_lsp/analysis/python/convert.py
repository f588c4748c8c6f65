"""Abstract values to real Python values and back, for one bridged call.

Known values become the real ones (a ``Const``'s value, a ``ListVal`` a real list, a
``DictVal`` a real dict, a ``RealVal`` its object); an axis-name string becomes a
``real.Tagged`` str that keeps its origin; the program's callables become real functions
that call back into the interpreter; any other abstract value becomes an ``Opaque``
stand-in that real code may move but not read. A value that is not known (UNKNOWN, a
``OneOf``, an incomplete list or dict) refuses the call. Back from real code, results
are bounded (MAX_CONST_LENGTH characters, the container caps); the interpreter's own
lists and dicts that real code changed (``heapq.heappush``, ``bisect.insort``,
``xs.sort()``) are written back to, or left unknown when the change ran on a path that
may not run or the call failed half way.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping

from ..values import (
    MAX_DICT_ITEMS,
    MAX_LIST_ITEMS,
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    DtypeVal,
    FuncVal,
    GeneratorVal,
    ListVal,
    ObjectVal,
    ObjVal,
    OneOf,
    PartialVal,
    QualName,
    WrappedVal,
    is_enum_member,
    pack,
)
from . import allow, comparisons, datamodel, guards, library_bases, proxies
from .generators import Generator, Step
from .real import (
    ABSTRACT_OF,
    MAX_ITERATED,
    SELF_BOUNDED,
    SNAPSHOTS,
    DtypeText,
    Opaque,
    Ordered,
    RealVal,
    Refused,
    Tagged,
    bare,
    is_keepable,
)

MAX_STRING = 4096  # jax_calls.MAX_CONST_LENGTH: axis names are short
MAX_INT_BITS = 4096
MAX_DEPTH = 32
MAX_CALLBACKS = 512  # calls back into the interpreter from one bridged call
# The attribute of a real function the bridge made that names the abstract value it stands for.
STANDS_FOR = "_pallas_lsp_stands_for"

_PRIMITIVES = (int, float, complex, bool, type(None), type(Ellipsis))
_MUTABLE_REAL = (list, dict, set, bytearray)

# What the interpreter calls for a callback: (function, args, kwargs) -> abstract value.
Caller = Callable[[object, list[object], dict[str, object]], object]


class _Snapshot(tuple):  # type: ignore[type-arg]
    """What a stateful kept object holds (real.SNAPSHOTS): compared by value, since each
    snapshot is built afresh (a buffer's text, a queue's items)."""


def _same(before: list[object], after: list[object]) -> bool:
    return len(before) == len(after) and all(
        a is b or (type(a) is _Snapshot and type(b) is _Snapshot and _equal(a, b))
        for a, b in zip(before, after, strict=True))


def _equal(a: object, b: object) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


def _contents(value: object) -> list[object]:
    """What a mutable real object holds, to tell whether a call changed it (by identity)."""
    snapshot = SNAPSHOTS.get(type(value))
    if snapshot is not None:
        try:
            return [_Snapshot(snapshot(value))]
        except Exception:
            return [object()]
    if isinstance(value, Mapping):
        return [part for pair in value.items() for part in pair]
    if isinstance(value, Iterator):
        return [object()]  # an iterator read by a call has changed: never the same
    try:
        return list(value)  # type: ignore[call-overload]
    except Exception:
        return [object()]


# How many times real code changed, or read on, the interpreter's objects (a list it
# appended to, an iterator over known items it advanced, what a refused call may have
# changed): a memo of the program's calls (interp/calling.py) stands only while it holds.
# (One item, so that a reader holds the list and reads it without a call: a hot path.)
CHANGES = [0]


_NUMBER_TYPES = (int, float, bool, complex)


class Conversion:
    """The conversions of one bridged call, with what it must write back afterwards."""

    def __init__(self, caller: Caller | None) -> None:
        self.caller = caller
        self.callbacks = 0
        # Whether every argument went to real code as itself (data, no stand-in, callback or
        # bounded iterator): only then is an exception the real call raised the program's own.
        self.faithful = True
        # An exception of the interpreter's (its time budget) met inside a callback: raised
        # again once real code has unwound.
        self.pending: BaseException | None = None
        self._to_real: dict[int, object] = {}  # id(abstract) -> real
        self._to_abstract: dict[int, object] = {}  # id(real) -> abstract
        self._keep: list[object] = []  # keeps the ids above alive during the call
        # (abstract, real, what the real one held when made): lists and dicts of the
        # interpreter's, and kept real objects, that real code may change.
        self._shared: list[tuple[object, object, list[object]]] = []
        # Iterators over known items handed to real code, with the items they held then.
        self._iterators: dict[GeneratorVal, list[object]] = {}

    # ---- abstract -> real ----------------------------------------------------------------

    def to_real(self, value: object, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            raise Refused("nested too deep")
        known = self._to_real.get(id(value))
        if known is not None:
            return known
        if isinstance(value, Const):
            return self._const(value)
        if value is UNKNOWN or value is MISSING or isinstance(value, OneOf):
            raise Refused("an argument is not known")
        if isinstance(value, tuple):
            return tuple(self.to_real(item, depth + 1) for item in value)
        if isinstance(value, ListVal):
            if not value.complete:
                raise Refused("a list of unknown contents")
            made_list: list[object] = []
            self._pair(value, made_list)
            made_list.extend(self.to_real(item, depth + 1) for item in value.items)
            self._shared.append((value, made_list, list(made_list)))
            return made_list
        if isinstance(value, DictVal):
            if not value.complete or type(value) is not DictVal:
                raise Refused("a dict of unknown contents")
            made_dict: dict[object, object] = {}
            self._pair(value, made_dict)
            for key, item in value.items.items():
                made_dict[key] = self.to_real(item, depth + 1)
            self._shared.append((value, made_dict, _contents(made_dict)))
            return made_dict
        if isinstance(value, RealVal):
            return self._real(value)
        if isinstance(value, Generator):
            return self._generator(value)
        if isinstance(value, GeneratorVal):
            return self._known_items(value)
        if isinstance(value, QualName):
            target = guards.SUBSTITUTES.get(value.name, allow.resolve(value.name))
            if target is not MISSING and value.name.startswith("np."):
                return target  # hostnp's own (np.float32 read as a dtype; it bounds itself)
            if target in _NUMBER_TYPES:
                # `int` itself, not a guard: NumPy reads `dtype=int` by identity (np.arange(3,
                # dtype=int)); calling the type is as pure as the guard's call.
                return target
            if callable(target):
                if value.name in guards.SUBSTITUTES:
                    # (A substitute's errors need not be the real callable's. Any other is the
                    # real one behind its guards, whose refusals are Refused: what it raises on
                    # the program's data, `map(float.__floordiv__, ints)`, the program does.)
                    self.faithful = False
                made = self._guarded(value.name, target)
                self._pair(value, made)
                return made
            if target is not MISSING and allow.constant(value.name) is not MISSING:
                return target  # `from decimal import ROUND_HALF_UP`: the module's constant
            self.faithful = False
            return self._callback(value)
        if is_enum_member(value) and value.cls.enum_mixin:  # type: ignore[attr-defined]
            self.faithful = False  # the member's value stands for it
            return self.to_real(value.attrs["value"], depth + 1)  # type: ignore[attr-defined]
        if value.__class__ is ObjVal and library_bases.plain_number(value):
            self.faithful = False  # an int / float subclass's instance that overrides none of
            return self.to_real(value.payload, depth + 1)  # the number's methods: its number
        if isinstance(value, (FuncVal, PartialVal, ClassVal, WrappedVal)):
            # A callback of the program's: unfaithful once real code calls it (its errors are
            # the interpreter's to see); never called (`reduce(f, [])`), it changed nothing.
            return self._callback(value)
        self.faithful = False  # a stand-in from here on
        if value.__class__ is ObjectVal:
            return bare(value)  # type: ignore[arg-type]
        if value.__class__ is DtypeVal:
            made = DtypeText(value)
            self._pair(value, made)
            return made
        stand_in = self._proxy(value)  # not `or`: that would ask the proxy's own truth
        if stand_in is None:
            stand_in = Ordered(value, self._comparer()) if comparisons.orders(value) else Opaque(value)
        self._pair(value, stand_in)
        return stand_in

    def _pair(self, abstract: object, made: object) -> None:
        self._keep.extend((abstract, made))
        self._to_real[id(abstract)] = made
        self._to_abstract[id(made)] = abstract

    @staticmethod
    def _const(value: Const) -> object:
        raw = value.value
        origins = value.origins
        if isinstance(raw, str) and origins and origins[0] is not None:
            return Tagged(raw, origins[0])
        if isinstance(raw, tuple) and origins and len(origins) == len(raw) and any(origins):
            return tuple(Tagged(item, origin) if isinstance(item, str) and origin is not None else item
                         for item, origin in zip(raw, origins, strict=True))
        return raw

    def _real(self, value: RealVal) -> object:
        if not value.known:
            raise Refused("a real object of unknown state")
        target = value.real
        stateful = type(target) in SNAPSHOTS
        if (isinstance(target, Iterator) and not stateful) or (
                isinstance(target, range) and len(target) > MAX_ITERATED):
            if isinstance(target, range):
                self.faithful = False  # (an iterator stands for the range: not the same object)
            # (An iterator read through a bound: past it, Refused, never the program's error;
            # what its items raise, `map(float.__floordiv__, ints)`, is.)
            made: object = _bounded(target)
        else:
            made = target
        self._pair(value, made)
        self._to_abstract[id(target)] = value
        if stateful or isinstance(target, (*_MUTABLE_REAL, Iterator)) or hasattr(target, "append") \
                or hasattr(target, "update"):
            self._shared.append((value, target, _contents(target)))
        return made

    def _generator(self, value: Generator) -> Iterator[object]:
        """A generator of the program as real code reads it: resumed item by item as real code
        asks (``any(gen)`` stops early and leaves it suspended, as Python does)."""
        def items() -> Iterator[object]:
            if self.caller is None:
                raise Refused("a generator where no callback can run")
            for _ in range(MAX_ITERATED):
                if self.pending is not None:
                    raise Refused("the analysis is stopping")
                try:
                    step = value.resume()
                except Exception as stop:  # the interpreter's own stop: raised once real code unwinds
                    self.pending = stop
                    raise Refused("the analysis is stopping") from None
                if step.kind == "done":
                    return
                if step.kind != "item" or not step.sure:
                    raise Refused("a generator's item is not known")
                yield self.to_real(step.value)
            raise Refused("a generator read past the bridge's bound")

        made = items()
        self._pair(value, made)
        return made

    def _known_items(self, value: GeneratorVal) -> Iterator[object]:
        """An iterator over known items (``iter(xs)``, what a class's ``__iter__`` returned)
        as real code reads it: each item real code takes is taken from the interpreter's
        iterator too, so what is left stays one iterator's state."""
        if value.items is None:
            raise Refused("an iterator's items are not known")

        self._iterators[value] = list(value.items)

        def items() -> Iterator[object]:
            while value.items:
                if self.pending is not None:
                    raise Refused("the analysis is stopping")
                item = value.items.pop(0)
                CHANGES[0] += 1
                try:
                    real = self.to_real(item)
                except Refused:
                    value.items = None  # taken, but not handed on: what is left is not known
                    raise
                yield real

        made = items()
        self._pair(value, made)
        return made

    def _guarded(self, name: str, target: Callable[..., object]) -> Callable[..., object]:
        """A real callable handed to real code (``map(str.upper, xs)``, ``key=len``) keeps its
        guards: it is checked each time real code calls it."""
        def guarded(*args: object, **kwargs: object) -> object:
            guards.check_call(name, list(args), dict(kwargs))
            return target(*args, **kwargs)

        setattr(guarded, STANDS_FOR, QualName(name))
        return guarded

    def _proxy(self, value: object) -> Opaque | None:
        """An instance of the program's classes with special methods of its own: a proxy
        whose methods run them in the interpreter (``proxies``), counted as callbacks."""
        if self.caller is None or not isinstance(value, ObjVal) or value.cls.enum_members is not None:
            return None
        kind = proxies.proxy_type(value, comparisons.orders(value))
        if kind is None:
            return None
        made = kind(value, self._comparer())
        made.run = self._special  # type: ignore[misc]
        return made

    def _special(self, name: str, proxy: object, args: tuple[object, ...]) -> object:
        value = proxy.value  # type: ignore[attr-defined]
        if name == "__next__" and not args:
            return self._next(value)
        if name == "__getitem__" and len(args) == 1:
            return self._item(value, args[0])
        method = datamodel.special_method(value, name)
        if method is MISSING or method is UNKNOWN:
            raise Refused("a special method is not known")
        return self._callback(method)(*args)

    def _next(self, iterator: object) -> object:
        """``next(proxy)`` in real code: the interpreter advances the program's iterator; its
        sure end raises StopIteration here, as the real ``__next__`` would."""
        if self.caller is None or self.pending is not None:
            raise Refused("no callback can run here")
        self.callbacks += 1
        if self.callbacks > MAX_CALLBACKS:
            raise Refused("too many callbacks")
        try:
            step = self.caller(proxies.NEXT, [iterator], {})
        except BaseException as stop:
            self.pending = stop
            raise Refused("the analysis is stopping") from None
        if not isinstance(step, Step) or step.kind == "unknown" or (step.kind == "item" and not step.sure):
            raise Refused("the iterator's next item is not known")
        if step.kind == "done":
            raise StopIteration
        self._sync_from_abstract()
        return self.to_real(step.value)

    def _item(self, value: object, key: object) -> object:
        """``proxy[key]`` in real code: the program's ``__getitem__``; its sure IndexError is
        raised here as the real one, which ends the legacy sequence protocol's iteration."""
        if self.caller is None or self.pending is not None:
            raise Refused("no callback can run here")
        self.callbacks += 1
        if self.callbacks > MAX_CALLBACKS:
            raise Refused("too many callbacks")
        abstract_key = self.to_abstract(key)
        if abstract_key is UNKNOWN:
            raise Refused("a callback argument is not known")
        try:
            result = self.caller(proxies.ITEM, [value, abstract_key], {})
        except BaseException as stop:
            self.pending = stop
            raise Refused("the analysis is stopping") from None
        if result is proxies.INDEX_ERROR:
            raise IndexError(key)
        if result is UNKNOWN or isinstance(result, OneOf):
            raise Refused("a callback's result is not known")
        self._sync_from_abstract()
        return self.to_real(result)

    def _comparer(self) -> Callable[[ast.cmpop, object, object], bool]:
        """How an ``Ordered`` stand-in compares: the interpreter runs ``left op right`` (the
        classes' rich comparisons) on the abstract values, counted as a callback; a result
        not known refuses the call."""
        def compare(op: ast.cmpop, left: object, right: object) -> bool:
            if self.caller is None or self.pending is not None:
                raise Refused("no comparison can run here")
            self.callbacks += 1
            if self.callbacks > MAX_CALLBACKS:
                raise Refused("too many callbacks")
            operands = [self.to_abstract(left), self.to_abstract(right)]
            if any(operand is UNKNOWN for operand in operands):
                raise Refused("a compared value is not known")
            try:
                result = self.caller(comparisons.CompareCall(op), operands, {})
            except BaseException as stop:
                self.pending = stop
                raise Refused("the analysis is stopping") from None
            if not (isinstance(result, Const) and isinstance(result.value, bool)):
                raise Refused("a comparison of the program's objects is not known")
            return result.value

        return compare

    def _callback(self, func: object) -> Callable[..., object]:
        if self.caller is None:
            raise Refused("a callback where none can run")
        caller = self.caller

        def callback(*args: object, **kwargs: object) -> object:
            self.faithful = False  # (what real code raises after this call is not surely its own)
            if self.pending is not None:
                raise Refused("the analysis is stopping")
            self.callbacks += 1
            if self.callbacks > MAX_CALLBACKS:
                raise Refused("too many callbacks")
            abstract_args = [self.to_abstract(arg) for arg in args]
            abstract_kwargs = {key: self.to_abstract(arg) for key, arg in kwargs.items()}
            if any(arg is UNKNOWN for arg in [*abstract_args, *abstract_kwargs.values()]):
                raise Refused("a callback argument is not known")
            try:
                result = caller(func, abstract_args, abstract_kwargs)
            except BaseException as stop:
                self.pending = stop
                raise Refused("the analysis is stopping") from None
            if result is UNKNOWN or isinstance(result, OneOf):
                raise Refused("a callback's result is not known")
            self._sync_from_abstract()
            return self.to_real(result)

        setattr(callback, STANDS_FOR, func)
        self._pair(func, callback)
        return callback

    def _sync_from_abstract(self) -> None:
        """A callback changed one of the interpreter's lists or dicts that real code also
        holds (``reduce(lambda acc, x: acc.append(x) or acc, xs, [])``): copy the change in."""
        for index, (abstract, made, _before) in enumerate(self._shared):
            if isinstance(abstract, ListVal) and isinstance(made, list):
                if not abstract.complete:
                    raise Refused("a list became unknown in a callback")
                fresh = [self.to_real(item) for item in abstract.items]
                if not _same(made, fresh):
                    made[:] = fresh
                    self._shared[index] = (abstract, made, list(made))

    # ---- real -> abstract ----------------------------------------------------------------

    def to_abstract(self, value: object, depth: int = 0) -> object:
        if depth > MAX_DEPTH:
            return UNKNOWN
        if isinstance(value, Tagged):
            return Const(str(value), origins=(value.origin,))
        if isinstance(value, (str, bytes)):
            return Const(str(value) if isinstance(value, str) else bytes(value)) \
                if len(value) <= MAX_STRING else UNKNOWN
        own = ABSTRACT_OF.get(value.__class__) if ABSTRACT_OF else None
        if own is not None:
            made = own(value)  # a NumPy int scalar, a dtype (python/numpy_bridge.py)
            if made is not MISSING:
                return made
            # (MISSING: kept as itself, a NumPy float scalar, though it is a float)
        elif isinstance(value, _PRIMITIVES):
            if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
                return UNKNOWN
            return Const(value)
        known = self._to_abstract.get(id(value))
        if known is not None:
            return known
        if isinstance(value, Opaque):
            return value.value
        stands_for = getattr(value, STANDS_FOR, None) if callable(value) else None
        if stands_for is not None:
            return stands_for  # a callback or a guarded callable made by any conversion
        if isinstance(value, tuple) and not (type(value) is not tuple and is_keepable(value)):
            # (A named tuple allow.py keeps, tokenize's TokenInfo, stays real: its fields by name.)
            if len(value) > MAX_LIST_ITEMS * 16:
                return UNKNOWN
            return pack([self.to_abstract(item, depth + 1) for item in value])
        if type(value) is frozenset:
            plain = frozenset(str(item) if isinstance(item, Tagged) else item for item in value)
            return Const(plain) if len(plain) <= MAX_LIST_ITEMS else UNKNOWN
        if type(value) is list:
            if len(value) > MAX_LIST_ITEMS:
                return UNKNOWN
            made_list = ListVal([])
            self._pair(made_list, value)
            made_list.items.extend(self.to_abstract(item, depth + 1) for item in value)
            self._shared.append((made_list, value, list(value)))
            return made_list
        if type(value) is dict:
            return self._dict(value, depth)
        if is_keepable(value):
            size = len(value) if hasattr(value, "__len__") and not isinstance(value, range) \
                and value.__class__ not in SELF_BOUNDED else 0  # type: ignore[arg-type]
            if size > MAX_LIST_ITEMS:
                return UNKNOWN
            made = RealVal(value, self.to_abstract)
            self._to_abstract[id(value)] = made
            self._keep.append(value)
            return made
        return UNKNOWN  # a module, a class, a function of real code: not a value we keep

    def _dict(self, value: dict[object, object], depth: int) -> object:
        if len(value) > MAX_DICT_ITEMS:
            return UNKNOWN
        made = DictVal()
        self._pair(made, value)
        for key, item in value.items():
            plain_key = self.to_abstract(key, depth + 1)
            if not isinstance(plain_key, Const):
                return UNKNOWN
            made.items[plain_key.value] = self.to_abstract(item, depth + 1)
        self._shared.append((made, value, _contents(value)))
        return made

    # ---- after the call ------------------------------------------------------------------

    def write_back(self, uncertain: bool) -> None:
        """The interpreter's lists, dicts and kept objects that real code changed take the
        change; on a path that may not run, what they hold becomes unknown."""
        for abstract, made, before in self._shared:
            after = list(made) if isinstance(made, list) else _contents(made)  # type: ignore[call-overload]
            if _same(before, after):
                continue
            CHANGES[0] += 1
            if uncertain:
                forget(abstract)
            elif isinstance(abstract, ListVal) and isinstance(made, list):
                items = [self.to_abstract(item) for item in made]
                if len(items) > MAX_LIST_ITEMS:
                    abstract.forget()
                else:
                    abstract.items[:] = items
            elif isinstance(abstract, DictVal) and isinstance(made, dict):
                abstract.items.clear()
                for key, item in made.items():
                    plain_key = self.to_abstract(key)
                    if isinstance(plain_key, Const):
                        abstract.store(plain_key, self.to_abstract(item))
                    else:
                        abstract.store(UNKNOWN, UNKNOWN)
            elif isinstance(abstract, RealVal):
                abstract.version += 1
                if hasattr(made, "__len__") and len(made) > MAX_LIST_ITEMS:  # type: ignore[arg-type]
                    abstract.known = False

    def give_up(self) -> None:
        """The call failed or was refused: whatever it may have changed is unknown (an
        iterator over known items real code read from: the real call may have read on)."""
        for iterator in self._iterators:
            if iterator.items is not None and iterator.items != self._iterators[iterator]:
                CHANGES[0] += 1
                iterator.items = None
        for abstract, made, before in self._shared:
            try:
                after = list(made) if isinstance(made, list) else _contents(made)  # type: ignore[call-overload]
            except Exception:
                after = [object()]
            if not _same(before, after):
                CHANGES[0] += 1
                forget(abstract)


def forget(abstract: object) -> None:
    """What a call may have changed becomes unknown (its memo key moves too)."""
    if isinstance(abstract, ListVal):
        abstract.forget()
    elif isinstance(abstract, DictVal):
        abstract.items.clear()
        abstract.instance_items.clear()
        abstract.complete = abstract.closed = False
    elif isinstance(abstract, RealVal):
        abstract.known = False
        abstract.version += 1


def _bounded(source: Iterator[object] | range) -> Iterator[object]:
    """A lazy iterator as real code reads it: at most MAX_ITERATED items, then the call is
    refused (``sorted(itertools.count())`` would never end)."""
    for count, item in enumerate(source):
        if count >= MAX_ITERATED:
            raise Refused("a lazy iterator read past the bridge's bound")
        yield item


def to_abstract(value: object) -> object:
    """One real value as an abstract value, outside any call (a kept iterator's items)."""
    return Conversion(None).to_abstract(value)

