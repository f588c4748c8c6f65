"""``functools.cache`` and ``functools.lru_cache``: a wrapper that runs its function once per key.

CPython's ``_lru_cache_wrapper``: a call's key is its arguments (``_make_key``: the
positional ones, then a marker and the keyword items in the order given; a lone ``int`` or
``str`` argument is its own key; ``typed=True`` adds each argument's type), hashed and
compared as Python does (values.record_key's parts: constants, tuples, the program's
instances by identity or by a frozen dataclass's fields). A key found runs nothing and gives
the result kept; one not found runs the function and keeps what it returned (not what it
raised), evicting the least recently used past ``maxsize`` (0: nothing is kept; None:
unbounded). An argument that is a list or a dict is unhashable: the call raises TypeError.

Where the analysis is not sure (a key not known, a call on a path that may not run, a result
that may not have come back), the function runs as an uncached one would and the cache is
open from then on: a later key not found is not known to be absent, so it runs too, and, for
a bounded cache, what was evicted is not known either, so no kept result is given.
"""

from __future__ import annotations

from ..values import MISSING, UNKNOWN, Const, DictVal, ListVal, PartialVal, QualName, key_part
from .descriptor_values import CacheVal

NAMES = frozenset({"functools.cache", "functools.lru_cache"})
DEFAULT_MAXSIZE = 128  # lru_cache's
_KWD_MARK = object()  # _make_key's kwd_mark: equal to nothing but itself
UNHASHABLE = object()


def make(name: str, args: list[object], kwargs: dict[str, object]) -> object:
    """``functools.cache(f)``, ``lru_cache(f)``, ``lru_cache(maxsize, typed)`` (a decorator
    waiting for its function: the same call with the options kept)."""
    if name == "functools.cache":
        if len(args) != 1 or kwargs:
            return UNKNOWN
        return CacheVal(args[0], None)
    options = dict(kwargs)
    if args and not _is_function(args[0]):
        options.setdefault("maxsize", args[0])
        args = args[1:]
    if len(args) > 1 or set(options) - {"maxsize", "typed"}:
        return UNKNOWN
    maxsize = _maxsize(options.get("maxsize", Const(DEFAULT_MAXSIZE)))
    typed = options.get("typed", Const(False))
    if not args:
        return PartialVal(QualName("functools.lru_cache"), (), {"maxsize": Const(maxsize) if isinstance(
            maxsize, int) or maxsize is None else UNKNOWN, "typed": typed})
    if not (isinstance(typed, Const) and isinstance(typed.value, bool)):
        maxsize = UNKNOWN
    made = CacheVal(args[0], maxsize, bool(typed.value) if isinstance(typed, Const) else False)
    made.closed = maxsize is not UNKNOWN  # a cache of a size not known: no call surely runs
    return made


def _is_function(value: object) -> bool:
    return not isinstance(value, Const) and value is not UNKNOWN


def _maxsize(value: object) -> object:
    """lru_cache's maxsize: None unbounded, a negative one taken as 0; UNKNOWN otherwise."""
    if isinstance(value, Const) and value.value is None:
        return None
    if isinstance(value, Const) and type(value.value) is int:
        return max(value.value, 0)
    return UNKNOWN


def key(args: list[object], kwargs: dict[str, object], typed: bool) -> object:
    """The call's key as ``functools._make_key`` makes it; UNHASHABLE for an argument that is
    a list or a dict (the call raises TypeError); MISSING where an argument is not known."""
    parts: list[object] = []
    for value in [*args, *kwargs.values()]:
        if isinstance(value, (ListVal, DictVal)):
            return UNHASHABLE
        part = key_part(value, 0)
        if part is MISSING:
            return MISSING
        parts.append(part)
    positional, keywords = parts[:len(args)], parts[len(args):]
    made: tuple[object, ...] = tuple(positional)
    if kwargs:
        made += (_KWD_MARK, *zip(kwargs, keywords, strict=True))
    if typed:
        if not all(type(part) in (str, int, float, bool, bytes, type(None)) for part in parts):
            return MISSING  # typed=True of other values: not computed
        made += tuple(type(part).__name__ for part in parts)
    elif len(made) == 1 and type(made[0]) in (int, str):
        return made[0]  # the fast path: a lone int or str is its own key (1.0 is not 1's)
    return made


def hit(cache: CacheVal, found: object) -> object:
    """The kept result for ``found`` (MISSING: none known), marked most recently used."""
    if found is MISSING or found is UNHASHABLE or cache.maxsize == 0:
        return MISSING
    if cache.maxsize is not None and not cache.closed:
        return MISSING  # what a bounded cache evicted is not known
    if found not in cache.entries:
        return MISSING
    value = cache.entries.pop(found)
    cache.entries[found] = value
    return value


def absent(cache: CacheVal, found: object) -> bool:
    """Whether ``found`` is surely not kept (the call surely runs the function)."""
    return found is not MISSING and found is not UNHASHABLE and cache.closed and found not in cache.entries


def keep(cache: CacheVal, found: object, value: object) -> None:
    """The function returned ``value`` for ``found``, for sure: kept, the least recently used
    evicted past maxsize."""
    if cache.maxsize == 0 or cache.maxsize is UNKNOWN:
        return
    cache.entries[found] = value
    if cache.maxsize is not None and len(cache.entries) > cache.maxsize:  # type: ignore[operator]
        del cache.entries[next(iter(cache.entries))]
    if len(cache.entries) > 4096:
        open_up(cache)


def open_up(cache: CacheVal) -> None:
    cache.closed = False


def clear(cache: CacheVal, sure: bool) -> None:
    """``f.cache_clear()``: nothing kept and the counts back to 0 (on a path that may not run:
    not known)."""
    cache.entries.clear()
    cache.closed = sure
    cache.hits = cache.misses = 0
    cache.counted = sure


def info(cache: CacheVal) -> object:
    """``f.cache_info()``: functools' CacheInfo(hits, misses, maxsize, currsize), a real named
    tuple (its fields by name, python/allow.py keeps it), where the counts and what is kept
    are known; else unknown."""
    if not (cache.counted and cache.closed) or cache.maxsize is UNKNOWN:
        return UNKNOWN
    import functools

    from . import bridge

    currsize = len(cache.entries) if cache.maxsize != 0 else 0
    return bridge.data(functools._CacheInfo(cache.hits, cache.misses, cache.maxsize, currsize))  # type: ignore[attr-defined]
