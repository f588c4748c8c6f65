"""NumPy's string functions: the ``np.char`` and ``np.strings`` namespaces (a few of them).

Elementwise over '<U' arrays and Python str (non-ASCII text refused: NumPy's and Python's
case mappings and character classes may differ). Result dtypes are NumPy 2's: the input's
width for the case mappings and strips, the sum of widths for add, and for the functions whose
width depends on the values (multiply, replace, join, center...) the longest result's (an empty
array there refused; center pads as Python's str.center, checked). Refused: object results
(split), non-string operands of the ufunc-like functions (add, find, str_len...: NumPy's
UFuncTypeError), non-int counts and widths, add of two scalars and of broadcast shapes.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from ..python.real import Refused
from . import core

_NON_STRING = "string operation on non-string array"


def _text(value: object, checked: bool = False) -> core.ndarray:
    """A string array (``checked``: a function whose error for other operands is NumPy's
    "string operation on non-string array"; the others, ufuncs, word theirs otherwise: refused)."""
    a = value if isinstance(value, core.ndarray) else core.asarray(value)
    if a.dtype.kind != "U":
        if checked:
            raise TypeError(_NON_STRING)
        raise Refused("a string function on a non-string operand")
    if any(not v.isascii() for v in a.flat_values()):
        raise Refused("np.char on non-ASCII text")
    return a


def _arg(value: object) -> str:
    if not isinstance(value, str) or isinstance(value, core.ndarray):
        raise Refused("a string function's argument that is not a Python str")
    if not value.isascii():
        raise Refused("np.char on non-ASCII text")
    return str(value)


def _out(values: list, a: core.ndarray, width: int | None) -> core.ndarray:
    if width is None:
        if not values:
            raise Refused("an empty array's result width")
        width = max(len(v) for v in values)
    return core.make(values, a.shape, core.str_dtype(max(width, 1)))


def _mapper(fn: Callable[[str], str]) -> Callable[..., Any]:
    @core.text_aware
    def apply(a: object) -> core.ndarray:
        a = _text(a, True)
        return _out([fn(v) for v in a.flat_values()], a, a.dtype.width)
    apply.__name__ = apply.__qualname__ = fn.__name__
    return apply


def _stripper(name: str) -> Callable[..., Any]:
    @core.text_aware
    def apply(a: object, chars: object = None) -> core.ndarray:
        a = _text(a)
        if chars is not None:
            chars = _arg(chars)
        values = [getattr(v, name)(chars) for v in a.flat_values()]
        return core.scalar_or_array(values, a.shape, a.dtype)
    apply.__name__ = apply.__qualname__ = name
    return apply


def _ufunc_result(values: list, a: core.ndarray, dt: str) -> object:
    return core.scalar_or_array(values, a.shape, core.dtype(dt))


def _predicate(name: str) -> Callable[..., Any]:
    @core.text_aware
    def apply(a: object) -> object:
        a = _text(a)
        return _ufunc_result([getattr(v, name)() for v in a.flat_values()], a, "bool")
    apply.__name__ = apply.__qualname__ = name
    return apply


def _bounds(start: object, end: object) -> tuple[int, int | None]:
    return operator.index(start), None if end is None else operator.index(end)  # type: ignore[arg-type]


def _searcher(name: str, dt: str) -> Callable[..., Any]:
    @core.text_aware
    def apply(a: object, sub: object, start: object = 0, end: object = None) -> object:
        a = _text(a)
        s = _arg(sub)
        lo, hi = _bounds(start, end)
        return _ufunc_result([getattr(v, name)(s, lo, hi) for v in a.flat_values()], a, dt)
    apply.__name__ = apply.__qualname__ = name
    return apply


@core.text_aware
def str_len(a: object) -> object:
    a = _text(a)
    return _ufunc_result([len(v) for v in a.flat_values()], a, "int64")


@core.text_aware
def add(x1: object, x2: object) -> core.ndarray:
    a, b = _text(x1), _text(x2)
    if a.shape != b.shape and b.ndim and a.ndim:
        raise Refused("np.char.add of broadcast shapes")
    if b.ndim == 0:
        values = [v + b.flat_values()[0] for v in a.flat_values()]
        shape_of = a
    elif a.ndim == 0:
        values = [a.flat_values()[0] + v for v in b.flat_values()]
        shape_of = b
    else:
        values = [v + w for v, w in zip(a.flat_values(), b.flat_values(), strict=True)]
        shape_of = a
    if a.ndim == 0 and b.ndim == 0:
        raise Refused("np.char.add of two scalars")
    return _out(values, shape_of, a.dtype.width + b.dtype.width)


@core.text_aware
def multiply(a: object, i: object) -> core.ndarray:
    a = _text(a)
    if isinstance(i, bool) or not isinstance(i, int):
        raise Refused("np.char.multiply by something other than a Python int")
    return _out([v * i for v in a.flat_values()], a, None)


def _padder(name: str) -> Callable[..., Any]:
    @core.text_aware
    def apply(a: object, width: object, fillchar: object = " ") -> core.ndarray:
        a = _text(a)
        if isinstance(width, bool) or not isinstance(width, int):
            raise Refused("a width that is not a Python int")
        fill = _arg(fillchar)
        if len(fill) != 1:
            raise TypeError("The fill character must be exactly one character long")
        return _out([getattr(v, name)(width, fill) for v in a.flat_values()], a, None)
    apply.__name__ = apply.__qualname__ = name
    return apply


@core.text_aware
def zfill(a: object, width: object) -> core.ndarray:
    a = _text(a)
    if isinstance(width, bool) or not isinstance(width, int):
        raise Refused("a width that is not a Python int")
    return _out([v.zfill(width) for v in a.flat_values()], a, None)


@core.text_aware
def replace(a: object, old: object, new: object, count: object = -1) -> core.ndarray:
    a = _text(a)
    o, n = _arg(old), _arg(new)
    if isinstance(count, bool) or not isinstance(count, int):
        raise Refused("a count that is not a Python int")
    return _out([v.replace(o, n, count) for v in a.flat_values()], a, None)


@core.text_aware
def join(sep: object, seq: object) -> core.ndarray:
    s = _arg(sep)
    a = _text(seq)
    return _out([s.join(v) for v in a.flat_values()], a, None)


def split(*args: object, **kwargs: object) -> object:
    raise Refused("np.char.split gives an object array")


class _Namespace:
    """``np.char`` / ``np.strings``: an object whose attributes are the functions."""

    def __init__(self, name: str, functions: dict[str, object]) -> None:
        self._name = name
        for key, value in functions.items():
            setattr(self, key, value)

    def __repr__(self) -> str:
        return f"<module '{self._name}'>"


_FUNCTIONS: dict[str, object] = {
    "add": add, "multiply": multiply, "upper": _mapper(str.upper), "lower": _mapper(str.lower),
    "capitalize": _mapper(str.capitalize), "swapcase": _mapper(str.swapcase),
    "strip": _stripper("strip"), "lstrip": _stripper("lstrip"), "rstrip": _stripper("rstrip"),
    "replace": replace, "startswith": _searcher("startswith", "bool"),
    "endswith": _searcher("endswith", "bool"), "find": _searcher("find", "int64"),
    "rfind": _searcher("rfind", "int64"), "count": _searcher("count", "int64"),
    "str_len": str_len, "zfill": zfill, "center": _padder("center"), "ljust": _padder("ljust"),
    "rjust": _padder("rjust"), "isdigit": _predicate("isdigit"), "isalpha": _predicate("isalpha"),
    "isnumeric": _predicate("isnumeric"), "isspace": _predicate("isspace"), "isupper": _predicate("isupper"),
    "islower": _predicate("islower"),
}

char = _Namespace("numpy.char", {**_FUNCTIONS, "join": join, "split": split})
strings = _Namespace("numpy.strings", _FUNCTIONS)

EXPORTS: dict[str, object] = {"char": char, "strings": strings}
