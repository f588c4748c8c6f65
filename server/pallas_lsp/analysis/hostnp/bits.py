"""NumPy's lexsort, packbits / unpackbits, and partition / argpartition (refused).

lexsort is a stable sort on the keys (the last the primary), so its result is determined;
partition and argpartition leave the order of the elements around the k-th to NumPy's
introselect, which the model cannot know: they are always refused.
"""

from __future__ import annotations

from typing import Any

from ..python.real import Refused
from . import core
from .flatops import groups, index, new, value_key

_INT64 = "int64"
_UINT8 = "uint8"


@core.text_aware
def lexsort(keys: object, axis: object = -1) -> object:
    if isinstance(keys, core.ndarray):
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        arrays = [keys[i] for i in range(keys.shape[0])]
    elif isinstance(keys, (list, tuple)):
        if not keys:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        arrays = [k if isinstance(k, core.ndarray) else core.asarray(k) for k in keys]
    else:
        raise Refused("lexsort of keys that are not a list, tuple or ndarray")
    arrays = [a if isinstance(a, core.ndarray) else core.asarray(a) for a in arrays]
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays):
        raise ValueError("all keys need to be the same shape")
    if not shape:
        raise Refused("lexsort of 0-d keys")
    if isinstance(axis, (bool, float)):
        raise Refused("lexsort's axis not an integer")
    axis_ = core.normalize_axis(index(axis), len(shape))
    columns = [a.flat_values() for a in arrays]
    out = [0] * len(columns[0])
    for line in groups(shape, (axis_,))[1]:
        rows = [tuple(value_key(column[i]) for column in reversed(columns)) for i in line]
        for i, k in zip(line, sorted(range(len(line)), key=rows.__getitem__), strict=True):
            out[i] = k
    return new(out, shape, core.dtype(_INT64))


def _order(bitorder: object, packing: bool) -> bool:
    """Whether the bit order is little (NumPy's messages for a bad one)."""
    if not isinstance(bitorder, str):
        raise Refused("a bitorder that is not a str")
    if packing:
        if bitorder not in ("little", "big"):
            raise ValueError("'order' must be either 'little' or 'big'")
        return bitorder == "little"
    if bitorder[:1] not in ("l", "b"):
        raise ValueError("'order' must begin with 'l' or 'b'")
    return bitorder[:1] == "l"


def _lines(a: core.ndarray, axis: object) -> tuple[core.ndarray, int]:
    if axis is None:
        return core.make(a.flat_values(), (a.size,), a.dtype), 0
    if a.ndim == 0:
        raise Refused("packbits / unpackbits of a 0-d array along an axis")
    return a, core.normalize_axis(index(axis), a.ndim)


def _rebuild(a: core.ndarray, axis: int, length: int, make_line: Any) -> core.ndarray:
    """An array like ``a`` whose lines along ``axis`` are ``make_line(values)`` of ``length``."""
    shape = list(a.shape)
    _, lines = groups(a.shape, (axis,))
    values = a.flat_values()
    shape[axis] = length
    out_lines = [make_line([values[i] for i in line]) for line in lines]
    target = tuple(shape)
    out = [0] * core.size_of(target)
    _, out_groups = groups(target, (axis,))
    for positions, line in zip(out_groups, out_lines, strict=True):
        for p, v in zip(positions, line, strict=True):
            out[p] = v
    return new(out, target, core.dtype(_UINT8))


def packbits(a: object, axis: object = None, bitorder: object = "big") -> core.ndarray:
    a = a if isinstance(a, core.ndarray) else core.asarray(a)
    if a.dtype.kind not in "biu":
        raise TypeError("Expected an input array of integer or boolean data type")
    little = _order(bitorder, True)
    a, axis_ = _lines(a, axis)

    def pack(bits: list) -> list[int]:
        out = []
        for start in range(0, len(bits), 8):
            chunk = [1 if b else 0 for b in bits[start:start + 8]]
            chunk += [0] * (8 - len(chunk))
            if little:
                chunk.reverse()
            out.append(int("".join(map(str, chunk)), 2))
        return out
    return _rebuild(a, axis_, (a.shape[axis_] + 7) // 8, pack)


def unpackbits(a: object, axis: object = None, count: object = None,
               bitorder: object = "big") -> core.ndarray:
    a = a if isinstance(a, core.ndarray) else core.asarray(a)
    if a.dtype.name != _UINT8:
        raise TypeError("Expected an input array of unsigned byte data type")
    little = _order(bitorder, False)
    if axis is None and a.ndim == 0:
        a = a.reshape(1)
    a, axis_ = _lines(a, axis)
    full = 8 * a.shape[axis_]
    if count is None:
        length = full
    else:
        n = index(count)
        if n < 0:
            if -n > full:
                raise ValueError("-count larger than number of elements")
            length = full + n
        else:
            length = n
    if full == 0 and length:
        raise Refused("unpackbits padding an empty array (NumPy's result is uninitialised memory)")

    def unpack(values: list) -> list[int]:
        bits = []
        for v in values:
            text = [int(c) for c in format(v, "08b")]
            bits.extend(reversed(text) if little else text)
        bits = bits[:length]
        return bits + [0] * (length - len(bits))
    return _rebuild(a, axis_, length, unpack)


def partition(a: object, kth: object, axis: object = -1, kind: object = "introselect",
              order: object = None) -> core.ndarray:
    """Refused: NumPy's introselect leaves the order of the other elements unspecified."""
    raise Refused("partition: the order NumPy's introselect leaves the other elements in")


def argpartition(a: object, kth: object, axis: object = -1, kind: object = "introselect",
                 order: object = None) -> core.ndarray:
    """Refused: NumPy's introselect leaves the order of the other elements unspecified."""
    raise Refused("argpartition: the order NumPy's introselect leaves the other elements in")


EXPORTS: dict[str, object] = {
    "lexsort": lexsort, "packbits": packbits, "unpackbits": unpackbits, "partition": partition,
    "argpartition": argpartition,
}
