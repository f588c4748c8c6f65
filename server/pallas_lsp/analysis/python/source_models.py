"""Standard-library classes whose behaviour is plain Python, run as Python.

``collections.defaultdict`` is a dict whose ``__missing__`` stores and returns
``default_factory()``; ``collections.UserDict`` keeps its items in ``self.data`` and routes
every mapping method through ``self[key]`` (so a subclass's ``__setitem__`` normalises
what ``update`` and the constructor store). Run through the interpreter's own data model,
the values they hold stay the program's abstract values: a list a ``defaultdict(list)``
makes is the one ``groups[k].append(x)`` grows, which a real object behind the bridge
would copy away. The source below states the documented semantics of each class (the
Python library reference); a method not written here is unknown on these classes, never
guessed.

The mixins of ``collections.abc`` (``Sequence.index``, ``Mapping.get``,
``MutableMapping.update`` ...) are CPython's ``_collections_abc.py``: plain Python over the
few abstract methods a subclass writes. They stand in for the library class only as a base of
a ``class`` statement (``BASES``): ``isinstance(x, Mapping)`` stays the library's question
(a registered type answers True, which a model class could not know). ``weakref.ref`` and
``WeakValueDictionary`` are plain holders: the referent is taken to be alive (this analysis
has no reference counts; a referent only the weak reference holds reads as held).
``inspect.Signature.bind`` / ``bind_partial`` and ``BoundArguments`` (``arguments``,
``args``, ``kwargs``, ``apply_defaults``) are CPython's semantics over a signature read
from the program's own function. ``itertools.batched`` (Python 3.12) is the library
reference's equivalent, an iterator over one shared ``iter(iterable)`` read by ``islice``:
the same on every Python the analysis runs on (3.11 has no real one to bridge to).
``types.SimpleNamespace`` as a base class is CPython's namespace object in Python (its
attributes set from the keywords; equality of two by their ``vars``, with another kind of
namespace unknown; the subclass's name in its repr). ``contextlib.ExitStack`` is CPython's source
(exception chaining between callbacks left out); ``contextvars`` is a stack of contexts,
each a dict from a variable's number to its value, entered by ``Context.run`` and, around
an asyncio driver's run, by a copy (python/calls.py).
"""

from __future__ import annotations

import ast
import functools

from ..ast_nodes import PRIVATE_NAME, mangle_private_names

# The model's class of each library name.
CLASSES = {"collections.defaultdict": "defaultdict", "collections.UserDict": "UserDict",
           "collections.OrderedDict": "OrderedDict",
           "contextlib.closing": "closing", "contextlib.ExitStack": "ExitStack",
           "contextvars.ContextVar": "ContextVar", "contextvars.Context": "Context",
           "contextvars.Token": "Token", "contextvars.copy_context": "copy_context",
           "collections.UserList": "UserList", "weakref.ref": "ref", "itertools.batched": "batched",
           "weakref.WeakValueDictionary": "WeakValueDictionary", "weakref.finalize": "finalize",
           "weakref.WeakKeyDictionary": "WeakKeyDictionary",
           "os.fspath": "fspath", "typing.NewType": "NewType", "typing_extensions.NewType": "NewType",
           "asyncio.sleep": "sleep", "string.Formatter": "Formatter",
           **{f"concurrent.futures.{name}": name for name in (
               "ThreadPoolExecutor", "Future", "as_completed", "wait", "DoneAndNotDoneFutures")},
           **{f"concurrent.futures.thread.{name}": name for name in ("ThreadPoolExecutor",)},
           **{f"concurrent.futures._base.{name}": name for name in ("Future", "as_completed", "wait")},
           **{f"unittest.mock.{name}": name for name in ("Mock", "MagicMock", "NonCallableMock",
                                                         "NonCallableMagicMock", "PropertyMock", "DEFAULT")}}

# The model's class of each library ABC, where a class statement names it as a base.
_ABCS = ("Container", "Iterable", "Iterator", "Reversible", "Sized", "Collection", "Sequence",
         "MutableSequence", "Mapping", "MutableMapping", "MappingView", "KeysView",
         "ItemsView", "ValuesView", "Set", "MutableSet")
BASES = {f"collections.abc.{name}": name for name in _ABCS} | {
    "types.SimpleNamespace": "SimpleNamespace", "contextlib.ContextDecorator": "ContextDecorator",
    "contextlib.AbstractContextManager": "AbstractContextManager",
    "contextlib.AbstractAsyncContextManager": "AbstractAsyncContextManager",
    "string.Formatter": "Formatter"}

# Where findings and spans treat the model's nodes as not the analysed file's.
PATH = "<python library model>"

SOURCE = '''
# ---- concurrent.futures: a thread pool whose every call runs when it is submitted ----
# (the model has no threads: each submitted call runs to its end at once, in submission
# order, and its Future is done; what the calls share is seen in that order)

class Future:
    def __init__(self):
        self._done = False
        self._result = None
        self._exception = None
        self._callbacks = []

    def cancel(self):
        return not self._done

    def cancelled(self):
        return False

    def running(self):
        return False

    def done(self):
        return self._done

    def result(self, timeout=None):
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self, timeout=None):
        return self._exception

    def add_done_callback(self, fn):
        if not self._done:
            self._callbacks.append(fn)
            return
        fn(self)

    def set_result(self, result):
        self._result = result
        self._finish()

    def set_exception(self, exception):
        self._exception = exception
        self._finish()

    def _finish(self):
        self._done = True
        for callback in self._callbacks:
            callback(self)
        self._callbacks = []


class ThreadPoolExecutor:
    def __init__(self, max_workers=None, thread_name_prefix="", initializer=None, initargs=()):
        if max_workers is not None and max_workers <= 0:
            raise ValueError("max_workers must be greater than 0")
        if initializer is not None and not callable(initializer):
            raise TypeError("initializer must be a callable")
        self._max_workers = max_workers
        self._initializer = initializer
        self._initargs = initargs
        self._started = False
        self._shutdown = False

    def submit(self, fn, /, *args, **kwargs):
        if self._shutdown:
            raise RuntimeError("cannot schedule new futures after shutdown")
        future = Future()
        if self._initializer is not None and not self._started:
            self._started = True
            self._initializer(*self._initargs)  # (later workers run it again: not followed)
        try:
            result = fn(*args, **kwargs)
        except BaseException as exc:
            future.set_exception(exc)
        else:
            future.set_result(result)
        return future

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        fs = [self.submit(fn, *args) for args in zip(*iterables)]
        return _results(fs)

    def shutdown(self, wait=True, *, cancel_futures=False):
        self._shutdown = True

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.shutdown(wait=True)
        return False


def _results(fs):
    for future in fs:
        yield future.result()


def _distinct(fs):
    unique = []
    for future in fs:
        if not any(future is seen for seen in unique):
            unique.append(future)
    return unique


def as_completed(fs, timeout=None):
    # Every future is done: CPython yields them in the order of a set of them (by address,
    # not known here), so one future alone is the only order the model knows.
    unique = _distinct(fs)
    if len(unique) == 1:
        yield unique[0]
        return
    yield from set(unique)


class DoneAndNotDoneFutures:
    def __init__(self, done, not_done):
        self.done = done
        self.not_done = not_done

    def __iter__(self):
        yield self.done
        yield self.not_done

    def __getitem__(self, index):
        return (self.done, self.not_done)[index]

    def __len__(self):
        return 2


def wait(fs, timeout=None, return_when="ALL_COMPLETED"):
    return DoneAndNotDoneFutures(set(_distinct(fs)), set())

# ---- collections.abc: CPython's _collections_abc.py mixins (abstract methods left out) ----

class Container:
    pass


class Iterable:
    pass


class Iterator(Iterable):
    def __iter__(self):
        return self


class Reversible(Iterable):
    pass


class Sized:
    pass


class Collection(Sized, Iterable, Container):
    pass


class Sequence(Reversible, Collection):
    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class MutableSequence(Sequence):
    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


class Mapping(Collection):
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, (dict, Mapping)):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __hash__ = None


import collections.abc as _abc


def _is_set(other):
    # CPython's isinstance(other, Set): the model's Set for the program's classes deriving
    # from it, the library's ABC for every other value (set, frozenset, dict views,
    # registered types: unknown where the analysis cannot tell).
    return isinstance(other, Set) or isinstance(other, _abc.Set)


def _is_iterable(other):
    return isinstance(other, Iterable) or isinstance(other, _abc.Iterable)


class Set(Collection):
    def __le__(self, other):
        if not _is_set(other):
            return NotImplemented
        if len(self) > len(other):
            return False
        for elem in self:
            if elem not in other:
                return False
        return True

    def __lt__(self, other):
        if not _is_set(other):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __gt__(self, other):
        if not _is_set(other):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __ge__(self, other):
        if not _is_set(other):
            return NotImplemented
        if len(self) < len(other):
            return False
        for elem in other:
            if elem not in self:
                return False
        return True

    def __eq__(self, other):
        if not _is_set(other):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    __hash__ = None  # its __eq__ makes it unhashable

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def __and__(self, other):
        if not _is_iterable(other):
            return NotImplemented
        return self._from_iterable(value for value in other if value in self)

    __rand__ = __and__

    def isdisjoint(self, other):
        for value in other:
            if value in self:
                return False
        return True

    def __or__(self, other):
        if not _is_iterable(other):
            return NotImplemented
        chain = (e for s in (self, other) for e in s)
        return self._from_iterable(chain)

    __ror__ = __or__

    def __sub__(self, other):
        if not _is_set(other):
            if not _is_iterable(other):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(value for value in self if value not in other)

    def __rsub__(self, other):
        if not _is_set(other):
            if not _is_iterable(other):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(value for value in other if value not in self)

    def __xor__(self, other):
        if not _is_set(other):
            if not _is_iterable(other):
                return NotImplemented
            other = self._from_iterable(other)
        return (self - other) | (other - self)

    __rxor__ = __xor__


class MutableSet(Set):
    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        it = iter(self)
        try:
            value = next(it)
        except StopIteration:
            raise KeyError from None
        self.discard(value)
        return value

    def clear(self):
        try:
            while True:
                self.pop()
        except KeyError:
            pass

    def __ior__(self, it):
        for value in it:
            self.add(value)
        return self

    def __iand__(self, it):
        for value in (self - it):
            self.discard(value)
        return self

    def __ixor__(self, it):
        if it is self:
            self.clear()
        else:
            if not _is_set(it):
                it = self._from_iterable(it)
            for value in it:
                if value in self:
                    self.discard(value)
                else:
                    self.add(value)
        return self

    def __isub__(self, it):
        if it is self:
            self.clear()
        else:
            for value in it:
                self.discard(value)
        return self


class MappingView(Sized):
    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)


class KeysView(MappingView, Set):
    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class ValuesView(MappingView, Collection):
    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


class _Marker:
    pass


_MARKER = _Marker()


class MutableMapping(Mapping):
    def pop(self, key, default=_MARKER):
        try:
            value = self[key]
        except KeyError:
            if default is _MARKER:
                raise
            return default
        else:
            del self[key]
            return value

    def clear(self):
        for key in list(self):
            del self[key]

    def update(self, other=(), /, **kwds):
        if isinstance(other, (dict, Mapping)):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class defaultdict(dict):
    def __init__(self, default_factory=None, /, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        self[key] = value = self.default_factory()
        return value


class OrderedDict(dict):
    # CPython's OrderedDict on a dict (insertion-ordered already): move_to_end and popitem's
    # `last=`. Its order-sensitive == between two OrderedDicts is not modelled (the dict's).
    def move_to_end(self, key, last=True):
        value = self.pop(key)
        if last:
            self[key] = value
        else:
            rest = [(item_key, self.pop(item_key)) for item_key in list(self)]
            self[key] = value
            for item_key, item_value in rest:
                self[item_key] = item_value

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        keys = list(self)
        key = keys[-1] if last else keys[0]
        return key, self.pop(key)


class UserDict(MutableMapping):
    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, "__missing__"):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def keys(self):
        return list(self.data)

    def values(self):
        return [self[key] for key in self.data]

    def items(self):
        return [(key, self[key]) for key in self.data]

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, other=(), /, **kwargs):
        if isinstance(other, (dict, UserDict)):
            for key in other:
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwargs.items():
            self[key] = value


# ---- contextlib.ContextDecorator: CPython's contextlib.py (a @contextmanager's manager as a
# decorator recreates itself the same way: python/generator_contexts.py) ----

from functools import wraps as _wraps


def _context_decorated(recreate_cm, func):
    @_wraps(func)
    def inner(*args, **kwds):
        with recreate_cm():
            return func(*args, **kwds)
    return inner


class ContextDecorator:
    def _recreate_cm(self):
        return self

    def __call__(self, func):
        return _context_decorated(self._recreate_cm, func)


# ---- contextlib's _GeneratorContextManager: what type(cm) is for a @contextmanager's
# manager (ExitStack.enter_context looks __enter__ / __exit__ up on the type); its generator is
# resumed by the interpreter's bound methods (python/generator_contexts.py) ----

class _GeneratorContextManager(ContextDecorator):
    def __enter__(self):
        return self.__enter__()

    def __exit__(self, typ, value, traceback):
        return self.__exit__(typ, value, traceback)


# ---- contextlib.AbstractContextManager / AbstractAsyncContextManager as bases: CPython's
# contextlib.py (the abstract __exit__ is not enforced at instantiation, as the
# collections.abc models' abstract methods are not; its __subclasshook__ is not modelled:
# isinstance against the library name stays unknown) ----

class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class AbstractAsyncContextManager:
    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc_value, traceback):
        return None


# ---- string.Formatter: CPython's string.py (the same on 3.11, 3.12 and 3.13), whose methods
# a subclass overrides (get_value, convert_field, format_field, parse, check_unused_args);
# the fields are parsed by _string, the C parser str.format uses, on the bridge ----

import _string


class Formatter:
    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth,
                 auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in \
                self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is not None:
                if field_name == '':
                    if auto_arg_index is False:
                        raise ValueError('cannot switch from manual field '
                                         'specification to automatic field '
                                         'numbering')
                    field_name = str(auto_arg_index)
                    auto_arg_index += 1
                elif field_name.isdigit():
                    if auto_arg_index:
                        raise ValueError('cannot switch from manual field '
                                         'specification to automatic field '
                                         'numbering')
                    auto_arg_index = False
                obj, arg_used = self.get_field(field_name, args, kwargs)
                used_args.add(arg_used)
                obj = self.convert_field(obj, conversion)
                format_spec, auto_arg_index = self._vformat(
                    format_spec, args, kwargs,
                    used_args, recursion_depth-1,
                    auto_arg_index=auto_arg_index)
                result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        else:
            return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        elif conversion == 's':
            return str(value)
        elif conversion == 'r':
            return repr(value)
        elif conversion == 'a':
            return ascii(value)
        raise ValueError("Unknown conversion specifier {0!s}".format(conversion))

    def parse(self, format_string):
        return _string.formatter_parser(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _string.formatter_field_name_split(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first


class closing:
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


# ---- contextlib.ExitStack: CPython's contextlib.py (the exit callbacks run last in, first out) ----

class ExitStack:
    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        exit_type = type(exit)
        if hasattr(exit_type, "__exit__"):
            cm_exit = exit_type.__exit__
            self._push_exit_callback(lambda exc_type, exc, tb: cm_exit(exit, exc_type, exc, tb))
        else:
            self._push_exit_callback(exit)
        return exit

    def enter_context(self, cm):
        cls = type(cm)
        if not (hasattr(cls, "__enter__") and hasattr(cls, "__exit__")):
            raise TypeError("the object does not support the context manager protocol")
        cm_exit = cls.__exit__
        result = cls.__enter__(cm)
        self._push_exit_callback(lambda exc_type, exc, tb: cm_exit(cm, exc_type, exc, tb))
        return result

    def callback(self, callback, /, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        self._push_exit_callback(_exit_wrapper)
        return callback

    def _push_exit_callback(self, callback):
        self._exit_callbacks.append(callback)

    def close(self):
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        suppressed_exc = False
        pending_raise = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if cb(*exc_details):
                    suppressed_exc = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as new_exc:
                exc_details = (type(new_exc), new_exc, None)
                pending_raise = True
        if pending_raise:
            raise exc_details[1]
        return received_exc and suppressed_exc


# ---- contextvars: a stack of contexts, each a dict from a variable's number to its value
# (numbers: constant keys, which the analysis reads as completely as the program's own) ----

class _NoValue:
    def __repr__(self):
        return "<Token.MISSING>"


_NO_DEFAULT = _NoValue()
_VARIABLES = []  # every ContextVar made, by its number


class Context:
    def __init__(self):
        self._data = {}

    def run(self, callable, /, *args, **kwargs):
        if self in _CONTEXTS:
            raise RuntimeError("cannot enter context: it is already entered")
        _CONTEXTS.append(self)
        try:
            return callable(*args, **kwargs)
        finally:
            _CONTEXTS.pop()

    def copy(self):
        new = Context()
        new._data = dict(self._data)
        return new

    def get(self, var, default=None):
        return self._data.get(var._number, default)

    def __getitem__(self, var):
        if var._number not in self._data:
            raise KeyError(var)
        return self._data[var._number]

    def __contains__(self, var):
        return var._number in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter([_VARIABLES[number] for number in self._data])

    def keys(self):
        return [_VARIABLES[number] for number in self._data]

    def values(self):
        return list(self._data.values())

    def items(self):
        return [(_VARIABLES[number], value) for number, value in self._data.items()]


_CONTEXTS = [Context()]


def copy_context():
    return _CONTEXTS[-1].copy()


class Token:
    MISSING = _NO_DEFAULT

    def __init__(self, context, var, old_value):
        self._context = context
        self._var = var
        self._old_value = old_value
        self._used = False

    @property
    def var(self):
        return self._var

    @property
    def old_value(self):
        return self._old_value


class ContextVar:
    def __init__(self, name, *, default=_NO_DEFAULT):
        if not isinstance(name, str):
            raise TypeError("context variable name must be a str")
        self._name = name
        self._default = default
        self._number = len(_VARIABLES)
        _VARIABLES.append(self)

    @property
    def name(self):
        return self._name

    def get(self, default=_NO_DEFAULT):
        data = _CONTEXTS[-1]._data
        if self._number in data:
            return data[self._number]
        if default is not _NO_DEFAULT:
            return default
        if self._default is not _NO_DEFAULT:
            return self._default
        raise LookupError(self)

    def set(self, value):
        context = _CONTEXTS[-1]
        token = Token(context, self, context._data.get(self._number, Token.MISSING))
        context._data[self._number] = value
        return token

    def reset(self, token):
        if not isinstance(token, Token):
            raise TypeError("expected an instance of Token")
        if token._used:
            raise RuntimeError("Token has already been used once")
        if token._var is not self:
            raise ValueError("Token was created by a different ContextVar")
        context = _CONTEXTS[-1]
        if token._context is not context:
            raise ValueError("Token was created in a different Context")
        if token._old_value is Token.MISSING:
            del context._data[self._number]
        else:
            context._data[self._number] = token._old_value
        token._used = True


def _enter_copy():
    # asyncio runs a coroutine in a copy of the current context (its Task's): what it sets
    # stays there (python/calls.py calls these two around a driver's run).
    _CONTEXTS.append(copy_context())


def _leave_copy():
    _CONTEXTS.pop()


class UserList(MutableSequence):
    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if isinstance(initlist, UserList):
                self.data = list(initlist.data)
            else:
                self.data = list(initlist)

    def __eq__(self, other):
        return self.data == (other.data if isinstance(other, UserList) else other)

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __iter__(self):
        return iter(self.data)

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        return self.__class__(self.data + list(other))

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)


# ---- weakref: plain holders (the referent taken to be alive) ----

# ---- itertools.batched (3.12; strict 3.13): the library reference's equivalent, as the
# iterator object it is (n is checked at the call, not at the first next) ----

from itertools import islice as _islice


class batched:
    def __init__(self, iterable, n, *, strict=False):
        if n < 1:
            raise ValueError("n must be at least one")
        self._iterator = iter(iterable)
        self._n = n
        self._strict = strict

    def __iter__(self):
        return self

    def __next__(self):
        batch = tuple(_islice(self._iterator, self._n))
        if not batch:
            raise StopIteration
        if self._strict and len(batch) != self._n:
            raise ValueError("batched(): incomplete batch")
        return batch


# ---- inspect.Signature.bind / bind_partial and BoundArguments (CPython's inspect.py, the
# binding of Signature._bind written as one pass over the parameters in order; the signature
# itself is read from the program's function, python/signatures.py) ----

import inspect as _inspect


class Signature:
    def __init__(self, parameters, return_annotation, kinds):
        self.parameters = parameters
        self.return_annotation = return_annotation
        self._kinds = kinds

    def bind(self, /, *args, **kwargs):
        return _bind(self, args, kwargs, False)

    def bind_partial(self, /, *args, **kwargs):
        return _bind(self, args, kwargs, True)


def _bind(signature, args, kwargs, partial):
    arguments = {}
    kwargs = dict(kwargs)
    parameters = list(signature.parameters.values())
    kinds = signature._kinds
    taken = 0
    var_keyword = None
    for index in range(len(parameters)):
        param = parameters[index]
        kind = kinds[index]
        name = param.name
        if kind == "VAR_POSITIONAL":
            if taken < len(args):
                arguments[name] = tuple(args[taken:])
                taken = len(args)
        elif kind == "VAR_KEYWORD":
            var_keyword = name
        elif taken < len(args) and kind != "KEYWORD_ONLY":
            if name in kwargs and kind != "POSITIONAL_ONLY":
                raise TypeError(f"multiple values for argument {name!r}")
            arguments[name] = args[taken]
            taken += 1
        elif name in kwargs and kind != "POSITIONAL_ONLY":
            arguments[name] = kwargs.pop(name)
        elif not partial and param.default is _inspect.Parameter.empty:
            raise TypeError(f"missing a required argument: {name!r}")
    if taken < len(args):
        raise TypeError("too many positional arguments")
    if kwargs:
        if var_keyword is None:
            raise TypeError(f"got an unexpected keyword argument {next(iter(kwargs))!r}")
        arguments[var_keyword] = kwargs
    return BoundArguments(signature, arguments)


class BoundArguments:
    def __init__(self, signature, arguments):
        self.signature = signature
        self.arguments = arguments

    @property
    def args(self):
        args = []
        kinds = self.signature._kinds
        names = list(self.signature.parameters)
        for index in range(len(names)):
            kind = kinds[index]
            if kind == "VAR_KEYWORD" or kind == "KEYWORD_ONLY" or names[index] not in self.arguments:
                break
            if kind == "VAR_POSITIONAL":
                args.extend(self.arguments[names[index]])
            else:
                args.append(self.arguments[names[index]])
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        started = False
        kinds = self.signature._kinds
        names = list(self.signature.parameters)
        for index in range(len(names)):
            kind = kinds[index]
            name = names[index]
            if not started:
                if kind == "VAR_KEYWORD" or kind == "KEYWORD_ONLY":
                    started = True
                elif name not in self.arguments:
                    started = True
                    continue
            if not started or name not in self.arguments:
                continue
            if kind == "VAR_KEYWORD":
                kwargs.update(self.arguments[name])
            else:
                kwargs[name] = self.arguments[name]
        return kwargs

    def apply_defaults(self):
        arguments = self.arguments
        new_arguments = {}
        kinds = self.signature._kinds
        parameters = list(self.signature.parameters.values())
        for index in range(len(parameters)):
            param = parameters[index]
            name = param.name
            if name in arguments:
                new_arguments[name] = arguments[name]
            elif param.default is not _inspect.Parameter.empty:
                new_arguments[name] = param.default
            elif kinds[index] == "VAR_POSITIONAL":
                new_arguments[name] = ()
            elif kinds[index] == "VAR_KEYWORD":
                new_arguments[name] = {}
        self.arguments = new_arguments


# ---- types.SimpleNamespace as a base class (CPython's Objects/namespaceobject.c, 3.11 and
# 3.12: keyword arguments only; a direct call is a namespace of its own, stdlib_values.py) ----

import types as _types


class SimpleNamespace:
    def __init__(self, /, **kwargs):
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __eq__(self, other):
        if isinstance(other, SimpleNamespace):
            return vars(self) == vars(other)
        return _types.SimpleNamespace.__eq__(self, other)  # a namespace of the library's: unknown

    def __repr__(self):
        items = ", ".join(f"{name}={value!r}" for name, value in vars(self).items())
        return f"{type(self).__name__}({items})"


class ref:
    def __init__(self, ob, callback=None, /):
        if isinstance(ob, (int, float, complex, str, bytes, tuple, list, dict, type(None))):
            raise TypeError("cannot create weak reference to this object")
        self._referent = ob

    def __call__(self):
        return self._referent

    def __hash__(self):
        return hash(self._referent)

    def __eq__(self, other):
        if not isinstance(other, ref):
            return NotImplemented
        return self._referent == other._referent


class finalize:
    # CPython's weakref.finalize: called (or at exit) at most once; the referent taken to be
    # alive until then (no reference counts here), so no collection calls it first.
    def __init__(self, obj, func, /, *args, **kwargs):
        self._ref = ref(obj)
        self._func = func
        self._args = args
        self._kwargs = kwargs
        self._alive = True
        self.atexit = True

    def __call__(self, _=None):
        if self._alive:
            self._alive = False
            return self._func(*self._args, **self._kwargs)

    def detach(self):
        if self._alive:
            self._alive = False
            return (self._ref(), self._func, self._args, self._kwargs)

    def peek(self):
        if self._alive:
            return (self._ref(), self._func, self._args, self._kwargs)

    @property
    def alive(self):
        return self._alive


class WeakValueDictionary(MutableMapping):
    def __init__(self, other=(), /, **kw):
        self.data = {}
        self.update(other, **kw)

    def __getitem__(self, key):
        return self.data[key]()

    def __setitem__(self, key, value):
        self.data[key] = ref(value)

    def __delitem__(self, key):
        del self.data[key]

    def __len__(self):
        return len(self.data)

    def __iter__(self):
        return iter(list(self.data))

    def __contains__(self, key):
        return key in self.data


class WeakKeyDictionary(MutableMapping):
    # CPython's weakref.WeakKeyDictionary keys its dict by ref(key); a key's ref hashes and
    # compares as the key while it is alive (taken to be, as above): the key itself here,
    # after ref(key) refuses what takes no weak reference.
    def __init__(self, dict=None):
        self.data = {}
        if dict is not None:
            self.update(dict)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        ref(key)
        self.data[key] = value

    def __delitem__(self, key):
        del self.data[key]

    def __len__(self):
        return len(self.data)

    def __iter__(self):
        return iter(list(self.data))

    def __contains__(self, key):
        # CPython: `try: wr = ref(key) except TypeError: return False`; ref's own test, here.
        if isinstance(key, (int, float, complex, str, bytes, tuple, list, dict, type(None))):
            return False
        return key in self.data


# ---- os.fspath: CPython's os.py (_fspath, the Python version of the C function) ----

def fspath(path):
    if isinstance(path, (str, bytes)):
        return path
    path_type = type(path)
    try:
        path_repr = path_type.__fspath__(path)
    except AttributeError:
        if hasattr(path_type, "__fspath__"):
            raise
        raise TypeError("expected str, bytes or os.PathLike object, not " + path_type.__name__)
    if isinstance(path_repr, (str, bytes)):
        return path_repr
    raise TypeError("expected " + path_type.__name__ + ".__fspath__() to return str or bytes, not "
                    + type(path_repr).__name__)


# ---- typing.NewType (3.10+): CPython's typing.py, a callable that returns its argument ----

class NewType:
    def __init__(self, name, tp):
        self.__qualname__ = name
        if "." in name:
            name = name.rpartition(".")[-1]
        self.__name__ = name
        self.__supertype__ = tp

    def __call__(self, x):
        return x


# ---- asyncio.sleep: the awaitable asyncio.sleep's coroutine is, as a Task drives it (one
# bare yield to the loop, then its result; a delay's wait passes no value) ----

class sleep:
    def __init__(self, delay, result=None):
        self._result = result

    def __await__(self):
        yield
        return self._result

# ---- unittest.mock: Mock / MagicMock / PropertyMock as Lib/unittest/mock.py behaves (its
# documented object model: an attribute not set is a child mock made once and kept; a call
# returns side_effect's answer (raised when an exception, the next item of an iterable, what
# a callable returns unless it returns DEFAULT), else return_value, a child mock made on first
# read; configure_mock sets dotted names. The call records (call_args, mock_calls) are not
# kept: read, they are unknown. A spec of names restricts the attributes; a spec of a class
# or object claims its class (isinstance asks __class__), the rest as without one. ----

def _mock_unknown():
    return _types.SimpleNamespace.__eq__(None, None)  # a value the analysis cannot see


class _MockDefault:
    pass


DEFAULT = _MockDefault()
_MOCK_RECORDS = ("call_args", "call_args_list", "mock_calls", "method_calls", "call_count", "called")


def _is_exception(obj):
    return isinstance(obj, BaseException) or (isinstance(obj, type) and issubclass(obj, BaseException))


class NonCallableMock:
    def __init__(self, spec=None, wraps=None, name=None, spec_set=None, parent=None,
                 _new_name="", _new_parent=None, return_value=DEFAULT, side_effect=None, **kwargs):
        self.__dict__["_mock_children"] = {}
        self.__dict__["_mock_return_value"] = return_value
        self.__dict__["_mock_side_effect"] = None
        self.__dict__["_mock_name"] = name
        self.__dict__["_mock_wraps"] = wraps
        restrict = spec_set if spec_set is not None else spec
        self.__dict__["_spec_class"] = None
        self.__dict__["_spec_names"] = None
        if restrict is not None:
            if isinstance(restrict, (list, tuple)):
                self.__dict__["_spec_names"] = list(restrict)
            else:
                self.__dict__["_spec_class"] = restrict if isinstance(restrict, type) else type(restrict)
                self.__dict__["_spec_names"] = dir(restrict)
        self.side_effect = side_effect
        self.configure_mock(**kwargs)

    def _get_class(self):
        if self._spec_class is None:
            return type(self)
        return self._spec_class

    __class__ = property(_get_class)

    def configure_mock(self, **kwargs):
        for arg, val in sorted(kwargs.items(), key=lambda entry: entry[0].count(".")):
            args = arg.split(".")
            final = args.pop()
            obj = self
            for entry in args:
                obj = getattr(obj, entry)
            setattr(obj, final, val)

    def _make_child(self, name):
        return MagicMock() if issubclass(type(self), MagicMock) else Mock()  # (type: __class__ may lie)

    def __getattr__(self, name):
        if name in _MOCK_RECORDS:
            return _mock_unknown()
        if name.startswith("_"):
            raise AttributeError(name)
        if self._spec_names is not None and name not in self._spec_names:
            raise AttributeError("Mock object has no attribute %r" % name)
        children = self._mock_children
        if name not in children:
            children[name] = self._make_child(name)
        return children[name]

    def _get_return_value(self):
        if self._mock_return_value is DEFAULT:
            self.__dict__["_mock_return_value"] = self._make_child("()")
        return self._mock_return_value

    def _set_return_value(self, value):
        self.__dict__["_mock_return_value"] = value

    return_value = property(_get_return_value, _set_return_value)

    def _get_side_effect(self):
        return self._mock_side_effect

    def _set_side_effect(self, value):
        if value is not None and not _is_exception(value) and not callable(value):
            value = iter(value)
        self.__dict__["_mock_side_effect"] = value

    side_effect = property(_get_side_effect, _set_side_effect)

    def reset_mock(self, *, return_value=False, side_effect=False):
        if return_value:
            self.__dict__["_mock_return_value"] = DEFAULT
        if side_effect:
            self.__dict__["_mock_side_effect"] = None
        for child in self._mock_children.values():
            child.reset_mock()


class Mock(NonCallableMock):
    def __call__(self, *args, **kwargs):
        effect = self.side_effect
        if effect is not None:
            if _is_exception(effect):
                raise effect
            elif not callable(effect):
                result = next(effect)
                if _is_exception(result):
                    raise result
            else:
                result = effect(*args, **kwargs)
            if result is not DEFAULT:
                return result
        if self._mock_return_value is not DEFAULT:
            return self.return_value
        if self._mock_wraps is not None:
            return self._mock_wraps(*args, **kwargs)
        return self.return_value


class MagicMock(Mock):
    pass


class NonCallableMagicMock(NonCallableMock):
    pass


class PropertyMock(Mock):
    def _make_child(self, name):
        return MagicMock()

    def __get__(self, obj, obj_type=None):
        return self()

    def __set__(self, obj, val):
        self(val)
'''


@functools.cache
def tree() -> ast.Module:
    parsed = ast.parse(SOURCE, PATH)
    if PRIVATE_NAME.search(SOURCE):
        mangle_private_names(parsed, SOURCE)  # CPython's own classes use private names too
    return parsed


@functools.cache
def node_ids() -> frozenset[int]:
    return frozenset(id(node) for node in ast.walk(tree()))
