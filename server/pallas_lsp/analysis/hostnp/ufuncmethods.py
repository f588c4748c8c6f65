"""``ufunc.reduce`` and ``ufunc.accumulate``: NumPy's reduction dtypes, identities and order.

add / multiply reduce small integers and bool in int64 (uint64 for the unsigned), as NumPy's
reduction promoter does; a ufunc with an identity starts from it, one without from the first
element (an empty reduction is then NumPy's ValueError). Float sums follow NumPy's summation
order: pairwise (blocks of 8, split at 128) over an inner run of reduced axes, sequential across
outer ones; float16 pairwise sums accumulate in float32. Refused: float sums over a layout whose
iteration order NumPy's iterator would choose differently (non-contiguous multi-d arrays), a
float sum that NumPy would buffer through a cast (more than 8192 elements), ``out``, ``where``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from . import core
from .core import BOOL, FLOAT16, FLOAT32, INT64, UINT64, DType, Refused, ndarray

_PROMOTING = ("add", "multiply")


def _loose(pick_first: Callable[[float, float], bool], propagate: bool) -> Callable[[float, float], float]:
    """maximum / minimum / fmax / fmin without the refusal of a +0.0 / -0.0 tie: a reduction only
    refuses when its result is such a zero (``_zero_sign_check``)."""
    def fn(x: float, y: float) -> float:
        if x != x or y != y:
            if propagate:
                return x if x != x else y
            return y if x != x else x
        return x if pick_first(x, y) else y
    return fn


_EXTREMA = {"maximum": _loose(lambda x, y: x > y, True), "minimum": _loose(lambda x, y: x < y, True),
            "fmax": _loose(lambda x, y: x >= y, False), "fmin": _loose(lambda x, y: x <= y, False)}


def _zero_sign_check(uf: Any, result: Any, seen: list[Any]) -> None:
    if uf.__name__ in _EXTREMA and result == 0 and isinstance(result, float):
        signs = {math.copysign(1.0, v) for v in seen if v == 0}
        if len(signs) > 1:
            raise Refused("which zero a maximum / minimum of +0.0 and -0.0 gives depends on NumPy's loop")


def _axes(axis: Any, ndim: int) -> list[int]:
    if axis is None:
        return list(range(ndim))
    if isinstance(axis, tuple):
        axes = [core.normalize_axis(a, ndim) for a in axis]
        if len(set(axes)) != len(axes):
            raise ValueError("duplicate value in 'axis'")
        return sorted(axes)
    return [core.normalize_axis(axis, ndim)]


def _accumulator(uf: Any, array: ndarray, dtype: Any) -> DType:
    if dtype is not None:
        return core.dtype(dtype)
    dt = array._dtype
    if uf.__name__ in _PROMOTING and dt.kind in "biu" and dt.itemsize < 8:
        return UINT64 if dt.kind == "u" else INT64
    return dt


def _kernel(uf: Any, acc: DType, casting: str = "unsafe") -> tuple[Callable[[Any, Any], Any], DType]:
    if uf.nin != 2:
        raise ValueError("reduce only supported for binary functions")
    operand = core.make([core.cast(0, acc)], (), acc)
    try:
        ins, outs = uf.resolve([operand, operand], None, casting)
    except core.UFuncNoLoopError:
        # NumPy's reduce names the loop it looked for with no first input.
        raise uf._no_loop([None, operand]) from None
    if outs[0] is not ins[0] or ins[0] is not acc:
        raise Refused(f"{uf.__name__}.reduce with a loop of another output dtype")
    kind = "i" if acc.kind == "u" else acc.kind
    kernel = uf._kernels.get(kind)
    if uf.__name__ in _EXTREMA and kind == "f":
        kernel = _EXTREMA[uf.__name__]
    if kernel is None or (kind == "f" and acc is not core.FLOAT64 and "F" not in uf._exact):
        raise Refused(f"{uf.__name__}.reduce on {acc.name}")
    store = _store(acc)
    if kind == "i" and uf.__name__ in ("power", "left_shift", "right_shift"):
        return (lambda x, y: store(kernel(x, y, acc))), acc
    return (lambda x, y: store(kernel(x, y))), acc


def _store(dt: DType) -> Callable[[Any], Any]:
    if dt is BOOL:
        return bool
    if dt.kind in "iu":
        return lambda v: core.wrap(v, dt)
    if dt is FLOAT32:
        return core.round_f32
    if dt is FLOAT16:
        return lambda v: core.round_f16(core.round_f32(v))
    return lambda v: v


def _pairwise(values: list[float], add: Callable[[float, float], float]) -> float:
    """NumPy's pairwise_sum (its float loops' reduction), each addition rounded by ``add``."""
    n = len(values)
    if n < 8:
        result = 0.0
        for value in values:
            result = add(result, value)
        return result
    if n <= 128:
        r = values[:8]
        i = 8
        while i < n - (n % 8):
            for j in range(8):
                r[j] = add(r[j], values[i + j])
            i += 8
        result = add(add(add(r[0], r[1]), add(r[2], r[3])), add(add(r[4], r[5]), add(r[6], r[7])))
        while i < n:
            result = add(result, values[i])
            i += 1
        return result
    half = n // 2
    half -= half % 8
    return add(_pairwise(values[:half], add), _pairwise(values[half:], add))


def reduce(uf: Any, array: Any, axis: Any = 0, dtype: Any = None, out: Any = None, keepdims: bool = False,
           initial: Any = core._NoValue, where: Any = True) -> Any:
    if out is not None:
        raise Refused("reduce with out=")
    if where is not True:
        raise Refused("reduce with where=")
    arr = core.asarray(array)
    axes = [] if arr.ndim == 0 and axis in (0, None, ()) else _axes(axis, arr.ndim)
    acc = _accumulator(uf, arr, dtype)
    fold, acc = _kernel(uf, acc)
    kept = [a for a in range(arr.ndim) if a not in axes]
    out_shape = tuple(arr._shape[a] for a in kept)
    length = core.size_of(tuple(arr._shape[a] for a in axes))
    moved = arr.transpose(kept + axes)
    values = moved.flat_values()
    if arr._dtype is not acc:
        if acc.kind == "f" and uf.__name__ == "add" and arr.size > 8192:
            raise Refused("a float sum NumPy buffers through a cast (its chunks change the order)")
        values = [core.cast(v, acc) for v in values]
    start: Any
    if initial is not core._NoValue and initial is not None:
        start = core.cast(core._plain(initial) if isinstance(initial, core.generic) else initial, acc)
    elif uf.identity is not None and initial is core._NoValue:
        start = core.cast(uf.identity, acc)
    else:
        start = core._NoValue
        if length == 0 and core.size_of(out_shape) > 0:
            raise ValueError(f"zero-size array to reduction operation {uf.__name__} which has no identity")
    pairwise = acc.kind == "f" and uf.__name__ == "add"
    results = []
    groups = core.size_of(out_shape)
    if pairwise:
        inner = _inner_run(arr, axes, length)
        add = _pairwise_add(acc)
    for g in range(groups):
        chunk = values[g * length:(g + 1) * length]
        if pairwise:
            result = start
            for k in range(0, length, inner):
                total = _pairwise(chunk[k:k + inner], add)
                result = fold(result, total) if acc is not FLOAT16 else \
                    core.round_f16(core.round_f32(result + total))
            results.append(result)
            continue
        if start is core._NoValue:
            result = chunk[0]
            rest = chunk[1:]
        else:
            result = start
            rest = chunk
        for value in rest:
            result = fold(result, value)
        _zero_sign_check(uf, result, chunk)
        results.append(result)
    if keepdims:
        out_shape = tuple(1 if a in axes else arr._shape[a] for a in range(arr.ndim))
    return core.scalar_or_array(results, out_shape, acc)


def _pairwise_add(acc: DType) -> Callable[[float, float], float]:
    # float16 sums accumulate in float32 (HALF_pairwise_sum's npy_float accumulators).
    if acc is FLOAT32 or acc is FLOAT16:
        return lambda x, y: core.round_f32(x + y)
    return lambda x, y: x + y


def _inner_run(arr: ndarray, axes: list[int], length: int) -> int:
    """How many consecutive elements of a group NumPy's inner loop sums pairwise."""
    if arr.ndim <= 1:
        if arr.ndim == 1 and arr._strides[0] < 0 and arr._shape[0] > 1:
            raise Refused("a float sum over a reversed view (NumPy's iterator may flip it)")
        return max(length, 1)
    if not arr.is_contiguous():
        raise Refused("a float sum over a non-contiguous array (NumPy's iteration order)")
    last = arr.ndim - 1
    if last not in axes:
        return 1  # the inner loop runs over a kept axis: each group sums sequentially
    run = 1
    axis = last
    while axis in axes:
        run *= arr._shape[axis]
        axis -= 1
    return max(run, 1)


def accumulate(uf: Any, array: Any, axis: int = 0, dtype: Any = None, out: Any = None) -> Any:
    if out is not None:
        raise Refused("accumulate with out=")
    arr = core.asarray(array)
    if arr.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    ax = core.normalize_axis(axis, arr.ndim)
    acc = _accumulator(uf, arr, dtype)
    fold, acc = _kernel(uf, acc)
    order = [a for a in range(arr.ndim) if a != ax] + [ax]
    moved = arr.transpose(order)
    values = moved.flat_values()
    if arr._dtype is not acc:
        values = [core.cast(v, acc) for v in values]
    n = arr._shape[ax]
    results: list[Any] = []
    for g in range(0, len(values), max(n, 1)):
        chunk = values[g:g + n]
        if not chunk:
            continue
        running = chunk[0]
        results.append(running)
        for k, value in enumerate(chunk[1:], 2):
            running = fold(running, value)
            _zero_sign_check(uf, running, chunk[:k])
            results.append(running)
    moved_shape = tuple(arr._shape[a] for a in order)
    made = core.make(results, moved_shape, acc)
    inverse = [order.index(a) for a in range(arr.ndim)]
    return made.transpose(inverse).copy()


def reduceat(uf: Any, array: Any, indices: Any, axis: int = 0, dtype: Any = None, out: Any = None) -> Any:
    """``ufunc.reduceat`` of a 1-D array: for each index, the reduction of the slice up to the
    next index (the element alone where the next is not greater; the rest of the array after
    the last), in reduce's accumulator dtype (an int8 sum in int64). Integer and bool arrays
    only (a float fold's order is NumPy's loop's); other layouts refused."""
    if out is not None:
        raise Refused("reduceat with out=")
    arr = core.asarray(array)
    where = core.asarray(indices)
    if arr.ndim != 1 or where.ndim != 1 or core.normalize_axis(axis, arr.ndim) != 0:
        raise Refused("reduceat of anything but a 1-D array at 1-D indices")
    if where._dtype.kind not in "iu" and where.size:
        raise Refused("reduceat indices that are not integers")
    acc = _accumulator(uf, arr, dtype)
    if acc.kind not in "biu":
        raise Refused(f"{uf.__name__}.reduceat on {acc.name}")
    fold, acc = _kernel(uf, acc)
    values = arr.flat_values()
    if arr._dtype is not acc:
        values = [core.cast(v, acc) for v in values]
    points = [int(i) for i in where.flat_values()]
    n = len(values)
    for index in points:
        if not 0 <= index < n:
            raise IndexError(f"index {index} out-of-bounds in {uf.__name__}.reduceat [0, {n})")
    results = []
    for k, start in enumerate(points):
        stop = points[k + 1] if k + 1 < len(points) else n
        if stop <= start:
            results.append(values[start])
            continue
        result = values[start]
        for value in values[start + 1:stop]:
            result = fold(result, value)
        results.append(result)
    return core.make(results, (len(results),), acc)
