"""NumPy's selection by index or condition: take_along_axis, compress, extract, choose, select,
piecewise, and the in-place place and put.

take_along_axis, extract, select and piecewise are NumPy's own Python over this package's
indexing (piecewise calls the program's functions as NumPy does: on ``x[cond]``, only when that
is not empty). compress, choose, place and put follow NumPy's C (PyArray_Compress, PyArray_Choose,
arr_place, PyArray_PutTo) with its errors. place and put write into the array given, as
``a[i] = v`` does (a view's writes land in its base): place's array values cast safely, put's
unsafely, as NumPy's. Refused: ``out=``, choose's Python int
choice out of the common dtype's range (NumPy's C cast wraps it).
"""

from __future__ import annotations

import math
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import array, no_out


def take_along_axis(arr: Any, indices: Any, axis: Any = -1) -> core.ndarray:
    from .creation import arange
    from .creation import array as make_array
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        arr = make_array(arr.flat_values() if isinstance(arr, core.ndarray) else list(arr.flat), arr.dtype)
        ax = 0
    else:
        ax = core.normalize_axis(axis, arr.ndim)
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if len(arr.shape) != indices.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    ones = (1,) * indices.ndim
    fancy: list[Any] = []
    for dim, n in enumerate(arr.shape):
        if dim == ax:
            fancy.append(indices)
        else:
            fancy.append(arange(n).reshape((*ones[:dim], -1, *ones[dim + 1:])))
    return arr[tuple(fancy)]  # type: ignore[no-any-return]


def compress(condition: Any, a: Any, axis: Any = None, out: Any = None) -> core.ndarray:
    from .indexing import take
    no_out(out)
    cond = array(condition)
    if cond.dtype.kind == "U":
        raise Refused("a string condition")
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    hits = [i for i, v in enumerate(cond.flat_values()) if v]
    return take(array(a), core.make(hits, (len(hits),), core.INT64), axis)  # type: ignore[no-any-return]


def extract(condition: Any, arr: Any) -> core.ndarray:
    from .indexing import take
    from .searching import nonzero
    from .shaping import ravel
    return take(ravel(arr), nonzero(ravel(condition))[0])  # type: ignore[no-any-return]


def choose(a: Any, choices: Any, out: Any = None, mode: Any = "raise") -> Any:
    no_out(out)
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    index = array(a)
    if index.dtype.kind not in "biu":
        raise TypeError(f"Cannot cast array data from {index.dtype!r} to dtype('int64') according to the "
                        "rule 'safe'")
    if index.dtype.kind == "u" and index.dtype.itemsize == 8:
        raise TypeError("Cannot cast array data from dtype('uint64') to dtype('int64') according to the rule "
                        "'safe'")
    items = [choices[i] for i in range(len(choices))] if isinstance(choices, core.ndarray) else list(choices)
    ops = [c if core.is_python_scalar(c) else array(c) for c in items]
    if not ops:
        raise Refused("choose with no choices")
    dt = core.result_type(*ops)
    if dt.kind == "U":
        raise Refused("choose of strings")
    arrays = []
    for op in ops:
        if core.is_python_scalar(op):
            if type(op) is int and dt.kind in "iu" and not core.bounds(dt)[0] <= op <= core.bounds(dt)[1]:
                raise Refused("a Python int choice out of the common dtype's range")
            arrays.append(core.make([core.cast(op, dt)], (), dt))
        else:
            arrays.append(op if op.dtype is dt else op.astype(dt))
    shape = core.broadcast_shapes(*(c.shape for c in arrays), index.shape)
    core.check_size(shape)
    from .flatops import broadcast_cast
    picks = broadcast_cast(index, shape, index.dtype)
    columns = [broadcast_cast(c, shape, dt) for c in arrays]
    n = len(arrays)
    values = []
    for k, pick in enumerate(picks):
        pick = int(pick)
        if not 0 <= pick < n:
            if mode == "raise":
                raise ValueError("invalid entry in choice array")
            pick = pick % n if mode == "wrap" else min(max(pick, 0), n - 1)
        values.append(columns[pick][k])
    if not shape:
        return core.to_scalar(values[0], dt)
    return core.make(values, shape, dt)


def select(condlist: Any, choicelist: Any, default: Any = 0) -> core.ndarray:
    from .creation import full
    from .shaping import broadcast_arrays
    from .ufuncs import where
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [c if type(c) in (int, float) else core.asarray(c) for c in choicelist]
    if isinstance(default, complex) or any(isinstance(c, complex) for c in choices):
        raise Refused("select with complex values")
    choices.append(default if type(default) in (int, float) else core.asarray(default))
    dt = core.result_type(*choices)
    conds = broadcast_arrays(*condlist)
    arrays = broadcast_arrays(*choices)
    for i, cond in enumerate(conds):
        if cond.dtype is not core.BOOL:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    shape = conds[0].shape if arrays[0].ndim == 0 else broadcast_arrays(conds[0], arrays[0])[0].shape
    result = full(shape, arrays[-1], dt)
    for choice, cond in zip(arrays[-2::-1], conds[::-1], strict=False):
        if not core.can_cast_dtypes(choice.dtype, dt, "same_kind"):
            raise Refused("select's copyto of an unsafe cast")
        result = where(cond, choice.astype(dt), result)
        if result.shape != shape:
            raise ValueError("could not broadcast where mask from shape "
                             f"{core._compact(cond.shape)} into shape {core._compact(shape)}")
    return result


def piecewise(x: Any, condlist: Any, funclist: Any, *args: Any, **kw: Any) -> core.ndarray:
    from .creation import zeros_like
    from .misc import isscalar
    from .reductions import _any
    from .shaping import concatenate
    a = core.asarray(x)
    n2 = len(funclist)
    if isscalar(condlist) or (not isinstance(condlist[0], (list, core.ndarray)) and a.ndim != 0):
        condlist = [condlist]
    conds = core.asarray(condlist, dtype=bool)
    n = len(conds)
    if n == n2 - 1:
        otherwise = ~_any(conds, axis=0, keepdims=True)
        conds = concatenate([conds, otherwise], axis=0)
        n += 1
    elif n != n2:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = zeros_like(a)
    if a.ndim == 0:
        return _piecewise_scalar(a, y, conds, funclist, args, kw)
    for cond, func in zip(conds, funclist, strict=False):
        if not callable(func):
            y[cond] = func
        else:
            vals = a[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


def _piecewise_scalar(a: core.ndarray, y: core.ndarray, conds: core.ndarray, funclist: Any,
                      args: tuple[Any, ...], kw: dict[str, Any]) -> core.ndarray:
    """piecewise of a 0-d x: each true condition's value or function (called on the one-element
    array ``x[cond]`` is) written into the 0-d result, later conditions last, as NumPy's
    boolean assignment through a 0-d mask does."""
    for cond, func in zip(conds, funclist, strict=False):
        if not bool(cond):
            continue
        if not callable(func):
            y[...] = func
            continue
        made = core.asarray(func(a.reshape(1), *args, **kw))
        if made.size != 1:
            raise Refused("piecewise of a 0-d x whose function gives more than one value")
        y[...] = made.reshape(())
    return y


def place(arr: Any, mask: Any, vals: Any) -> None:
    if not isinstance(arr, core.ndarray):
        raise TypeError(f"place() argument 1 must be numpy.ndarray, not {type(arr).__name__}")
    arr._writable()
    flags = array(mask)
    if flags.size != arr.size:
        raise ValueError("place: mask and data must be the same size")
    if isinstance(vals, core.ndarray) and not core.can_cast_dtypes(vals.dtype, arr.dtype, "safe"):
        raise TypeError(f"Cannot cast array data from {vals.dtype!r} to {arr.dtype!r} according to the rule "
                        "'safe'")
    values = _values(vals, arr.dtype)
    offsets = arr._offsets()
    hits = [offsets[k] for k, flag in enumerate(flags.flat_values()) if flag]
    if hits and not values:
        raise ValueError("Cannot insert from an empty array!")
    for k, offset in enumerate(hits):
        arr._data[offset] = values[k % len(values)]


def put(a: Any, ind: Any, v: Any, mode: Any = "raise") -> None:
    if not isinstance(a, core.ndarray):
        raise TypeError(f"argument 1 must be numpy.ndarray, not {type(a)}")
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    a._writable("put: output array is read-only")
    index = array(ind)
    if index.dtype.kind == "U":
        raise Refused("string indices")
    values = _values(v, a.dtype)
    if not values:
        return
    size = a.size
    picks = [_store(i, core.INT64) for i in index.flat_values()]
    if size == 0 and picks:
        raise IndexError("cannot replace elements of an empty array")
    offsets = a._offsets()
    for k, pick in enumerate(picks):
        if mode == "clip":
            pick = min(max(pick, 0), size - 1)
        elif mode == "wrap":
            pick %= size
        elif not -size <= pick < size:
            raise IndexError(f"index {pick} is out of bounds for axis 0 with size {size}")
        a._data[offsets[pick % size]] = values[k % len(values)]


def _values(vals: Any, dt: core.DType) -> list[Any]:
    """The values place / put write: NumPy's conversion to the array's dtype (a Python int out of
    its range is NumPy's OverflowError; an array casts unsafely)."""
    if dt.kind == "U":
        raise Refused("place / put of strings")
    if isinstance(vals, (core.ndarray, core.generic)):
        return [_store(v, dt) for v in core.asarray(vals).flat_values()]
    items = vals if isinstance(vals, (list, tuple)) else [vals]
    if any(type(v) is int and not -(1 << 63) <= v < (1 << 63) for v in items):
        raise OverflowError("Python int too large to convert to C long")
    source = core.asarray(vals)
    if source.dtype.kind == "f" and dt.kind in "iu":
        return [_store(v, dt) for v in source.flat_values()]
    return core.asarray(vals, dtype=dt).flat_values()


def _store(value: Any, dt: core.DType) -> Any:
    """A value NumPy's forced (unsafe) cast writes into an array of ``dt``."""
    if dt.kind == "U" or isinstance(value, str):
        raise Refused("place / put of strings")
    if isinstance(value, float) and dt.kind in "iu" and not math.isfinite(value):
        raise Refused("a non-finite float cast to an integer")
    return core.cast(value, dt)


EXPORTS: dict[str, object] = {
    "take_along_axis": take_along_axis, "compress": compress, "extract": extract, "choose": choose,
    "select": select, "piecewise": piecewise, "place": place, "put": put,
}
