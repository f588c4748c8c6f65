"""Flat-list helpers shared by reductions, searching, shaping and misc (no NumPy names).

An array is handled here as its values in C order plus its shape: the functions that read
arrays (reductions, sorts, joins) work on those lists and build a new contiguous array with
``core.make``. This module also rounds Python numbers to a dtype the way NumPy's arithmetic
does (wrapping integers, IEEE round-to-nearest-even floats), so results can be bit-exact.
"""

from __future__ import annotations

import itertools
import math
import operator
import struct
from collections.abc import Callable, Sequence

from ..python.real import Refused
from . import core

Shape = tuple[int, ...]


def array(value: object) -> core.ndarray:
    if isinstance(value, core.ndarray) and value.dtype.kind == "U":
        core.text_allowed()
    return value if isinstance(value, core.ndarray) else core.asarray(value)


def dtype(name: str) -> core.DType:
    return core.dtype(name)


def new(values: list, shape: Sequence[int], dt: core.DType) -> core.ndarray:
    shape = tuple(shape)
    if math.prod(shape) > core.MAX_SIZE:
        raise Refused(f"array of {math.prod(shape)} elements")
    return core.make(values, shape, dt)


def check_size(count: int) -> None:
    if count > core.MAX_SIZE:
        raise Refused(f"array of {count} elements")


def no_out(out: object) -> None:
    if out is not None:
        raise Refused("out= is not modelled")


def c_strides(shape: Sequence[int]) -> list[int]:
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


def axes(axis: object, ndim: int, ufunc: bool = False) -> tuple[int, ...]:
    """``axis`` (None, an int or a tuple of ints) as sorted non-negative axes; NumPy's errors
    (``ufunc``: a ufunc reduction, which takes a plain 0 or -1 on a 0-d array)."""
    if axis is None:
        return tuple(range(ndim))
    if ufunc and ndim == 0 and not isinstance(axis, tuple) and index(axis) in (0, -1):
        return ()
    if isinstance(axis, tuple):
        found = [core.normalize_axis(index(item), ndim) for item in axis]
        if len(set(found)) != len(found):
            raise ValueError("duplicate value in 'axis'")
        return tuple(sorted(found))
    return (core.normalize_axis(index(axis), ndim),)


def index(value: object) -> int:
    """An integer argument as NumPy takes it (``operator.index``: ints and NumPy integers)."""
    return operator.index(value)  # type: ignore[arg-type]


def groups(shape: Shape, reduced: tuple[int, ...]) -> tuple[Shape, list[list[int]]]:
    """For a reduction over ``reduced``: the kept shape and, per output element in C order,
    the flat indices of its inputs in C order."""
    kept = tuple(n for d, n in enumerate(shape) if d not in reduced)
    out_strides = c_strides(kept)
    weights = []
    j = 0
    for d in range(len(shape)):
        if d in reduced:
            weights.append(0)
        else:
            weights.append(out_strides[j])
            j += 1
    result: list[list[int]] = [[] for _ in range(math.prod(kept))]
    for flat, coords in enumerate(itertools.product(*[range(n) for n in shape])):
        result[sum(c * w for c, w in zip(coords, weights, strict=True))].append(flat)
    return kept, result


def keep_shape(shape: Shape, reduced: tuple[int, ...]) -> Shape:
    return tuple(1 if d in reduced else n for d, n in enumerate(shape))


def lines(shape: Shape, axis: int) -> list[list[int]]:
    """The flat indices of each 1-D line along ``axis``, lines in C order of the other axes."""
    return groups(shape, (axis,))[1]


def is_c_contiguous(a: core.ndarray) -> bool:
    """Whether ``a``'s elements lie in memory in C order (NumPy then iterates in that order)."""
    return a.is_contiguous()


# --- rounding Python numbers to a dtype -------------------------------------------------

def _f32(x: float) -> float:
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def _f16(x: float) -> float:
    try:
        return struct.unpack("e", struct.pack("e", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def rounder(dt: core.DType) -> Callable[[object], object]:
    """A function taking a Python number to the value ``dt`` stores (C cast semantics for
    in-range values; integers wrap)."""
    if dt.kind == "f":
        if dt.itemsize == 8:
            return float
        if dt.itemsize == 4:
            return lambda x: _f32(float(x))
        return lambda x: _f16(float(x))
    if dt.kind == "b":
        return bool
    bits = 8 * dt.itemsize
    if dt.kind == "u":
        mask = (1 << bits) - 1
        return lambda x: int(x) & mask
    half = 1 << (bits - 1)
    return lambda x: ((int(x) + half) % (1 << bits)) - half


def mantissa_bits(dt: core.DType) -> int:
    return {2: 11, 4: 24, 8: 53}[dt.itemsize]


def accumulate_type(dt: core.DType) -> core.DType:
    """The dtype np.sum / np.prod / np.cumsum give by default (Linux: long is int64)."""
    if dt.kind == "b" or (dt.kind == "i" and dt.itemsize < 8):
        return dtype("int64")
    if dt.kind == "u" and dt.itemsize < 8:
        return dtype("uint64")
    return dt


def scalar(value: object, dt: core.DType) -> object:
    return core.to_scalar(value, dt)


def finish(values: list, kept: Shape, full: Shape, reduced: tuple[int, ...], keepdims: bool,
           dt: core.DType) -> object:
    """A reduction's result: a NumPy scalar when it is 0-d (and not keepdims), else an array."""
    if keepdims and full:
        return new(values, keep_shape(full, reduced), dt)
    if not kept:
        return scalar(values[0], dt)
    return new(values, kept, dt)


def value_key(x: object) -> tuple:
    """NumPy's sort order for real values: NaN after everything."""
    if isinstance(x, float) and math.isnan(x):
        return (1, 0.0)
    return (0, x)


def is_nan(x: object) -> bool:
    return isinstance(x, float) and math.isnan(x)


def exact_sum(values: list[float], dt: core.DType) -> float | None:
    """The sum of finite floats when every summation order gives it exactly (all values are
    multiples of one power of two and their magnitudes sum below 2**mantissa), else None."""
    ratios = [x.as_integer_ratio() for x in values]
    scale = max((d for _, d in ratios), default=1)
    scaled = [n * (scale // d) for n, d in ratios]
    if sum(abs(n) for n in scaled) >= 1 << mantissa_bits(dt):
        return None
    return sum(scaled) / scale


def broadcast_cast(a: core.ndarray, shape: Shape, dt: core.DType) -> list:
    """``a``'s values broadcast to ``shape`` (C order) and cast to ``dt``."""
    values = a.flat_values() if a.dtype is dt else [core.cast(v, dt) for v in a.flat_values()]
    lead = len(shape) - a.ndim
    src = c_strides(a.shape)
    return [values[sum(c * s for c, n, s in zip(coords[lead:], a.shape, src, strict=True) if n != 1)]
            for coords in itertools.product(*[range(n) for n in shape])]
