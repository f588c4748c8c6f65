"""repr / str of bool, integer and string arrays, laid out as NumPy's array2string does.

Refused: float arrays (NumPy's float formatting: precision, padding, scientific switch), arrays
NumPy would summarise (more than 1000 elements) and any layout with a line long enough that
NumPy's wrapping at 75 columns might apply.

Above arrays.py (through core): the ndarray's ``repr`` / ``str`` run ``array_repr`` /
``array_str``, which this module registers in dtypes' ``REGISTRY`` when imported (it adds no
``np`` name, and the package imports it for that).
"""

from __future__ import annotations

from typing import Any

from .core import BOOL, FLOAT64, INT64, Refused, ndarray
from .dtypes import register

_SAFE_WIDTH = 70  # below NumPy's linewidth of 75 with room for its closing brackets


def _words(array: ndarray) -> list[str]:
    values = array.flat_values()
    if array._dtype.kind == "U":
        return [repr(str(v)) for v in values]  # NumPy pads no string: each is its Python repr
    if array._dtype is BOOL:
        if not array._shape:
            return [str(values[0])]
        return [" True" if v else "False" for v in values]
    if array._dtype.kind == "f":
        raise Refused("the text of a float array")
    texts = [str(v) for v in values]
    width = max((len(t) for t in texts), default=0)
    return [t.rjust(width) for t in texts]


def _layout(words: list[str], shape: tuple[int, ...], separator: str, indent: str) -> str:
    def block(start: int, axis: int, hanging: str) -> tuple[str, int]:
        remaining = len(shape) - axis
        if remaining == 1:
            count = shape[axis]
            return "[" + separator.join(words[start:start + count]) + "]", count
        parts = []
        used = 0
        for _ in range(shape[axis]):
            text, size = block(start + used, axis + 1, hanging + " ")
            parts.append(text)
            used += size
        joiner = separator.rstrip() + "\n" * (remaining - 1) + hanging + " "
        return "[" + joiner.join(parts) + "]", used

    return block(0, 0, indent)[0]


def _check(text: str) -> str:
    if any(len(line) > _SAFE_WIDTH for line in text.split("\n")):
        raise Refused("an array text NumPy may wrap at 75 columns")
    return text


def _suffix(array: ndarray) -> str:
    if array._dtype in (BOOL, INT64, FLOAT64):
        return ""
    if array._dtype.kind == "U":
        return f", dtype='{array._dtype.str}'"
    return f", dtype={array._dtype.name}"


def array_repr(array: Any) -> str:
    if array.size > 1000:
        raise Refused("NumPy summarises the text of an array of more than 1000 elements")
    if array.size == 0:
        if array._dtype.kind == "f" and array._dtype is not FLOAT64:
            pass
        shape = f"shape={array._shape}, " if array._shape != (0,) else ""
        name = f"'{array._dtype.str}'" if array._dtype.kind == "U" else array._dtype.name
        return f"array([], {shape}dtype={name})"
    words = _words(array)
    if not array._shape:
        return _check(f"array({words[0]}{_suffix(array)})")
    return _check("array(" + _layout(words, array._shape, ", ", " " * 6) + _suffix(array) + ")")


def array_str(array: Any) -> str:
    if array.size > 1000:
        raise Refused("NumPy summarises the text of an array of more than 1000 elements")
    if array.size == 0:
        return "[]"
    words = _words(array)
    if not array._shape:
        return str(array.flat_values()[0]) if array._dtype.kind == "U" else words[0]
    return _check(_layout(words, array._shape, " ", ""))


# What the ndarray (arrays.py, below this module) runs for repr(a) and str(a).
register("formatting.array_repr", array_repr)
register("formatting.array_str", array_str)
