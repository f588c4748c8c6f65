"""NumPy's array editing: insert, delete, resize, trim_zeros, block.

Each is NumPy's own Python (numpy/lib/_function_base_impl.py, _core/shape_base.py,
_core/fromnumeric.py) over this package's indexing, joins and sorts, so its results, dtypes and
errors are theirs. Refused: string arrays (insert / delete fill a new array NumPy leaves
uninitialised), np.matrix's forms.
"""

from __future__ import annotations

import operator
from typing import Any

from . import core
from .flatops import array


def _plain(arr: Any) -> core.ndarray:
    a = array(arr)
    if a.dtype.kind == "U":
        core.text_allowed()
    return a


def _blank(shape: list[int], dt: core.DType) -> core.ndarray:
    from .creation import zeros
    return zeros(tuple(shape), dt)


def insert(arr: Any, obj: Any, values: Any, axis: Any = None) -> core.ndarray:
    from .creation import arange, ones
    from .creation import array as make_array
    from .searching import flatnonzero
    from .shaping import moveaxis
    a = _plain(arr)
    ndim = a.ndim
    if axis is None:
        if ndim != 1:
            a = a.ravel()
        ndim = a.ndim
        ax = ndim - 1
    else:
        ax = core.normalize_axis(axis, ndim)
    slobj: list[Any] = [slice(None)] * ndim
    n = a.shape[ax]
    newshape = list(a.shape)
    if isinstance(obj, slice):
        indices = arange(*obj.indices(n), dtype="int64")
    else:
        indices = make_array(obj)
        if indices.dtype is core.BOOL:
            if obj.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            indices = flatnonzero(obj)
        elif indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if indices.size == 1:
        index = indices.item()
        if index < -n or index > n:
            raise IndexError(f"index {obj} is out of bounds for axis {ax} with size {n}")
        if index < 0:
            index += n
        vals = make_array(values, copy=None, ndmin=a.ndim, dtype=a.dtype)
        if indices.ndim == 0:
            vals = moveaxis(vals, 0, ax)
        numnew = vals.shape[ax]
        newshape[ax] += numnew
        new = _blank(newshape, a.dtype)
        slobj[ax] = slice(None, index)
        new[tuple(slobj)] = a[tuple(slobj)]
        slobj[ax] = slice(index, index + numnew)
        new[tuple(slobj)] = vals
        slobj[ax] = slice(index + numnew, None)
        slobj2: list[Any] = [slice(None)] * ndim
        slobj2[ax] = slice(index, None)
        new[tuple(slobj)] = a[tuple(slobj2)]
        return new
    if indices.size == 0 and not isinstance(obj, core.ndarray):
        indices = indices.astype("int64")
    indices = indices.copy()
    indices[indices < 0] += n
    numnew = len(indices)
    order = indices.argsort(kind="mergesort")
    indices[order] += arange(numnew)
    newshape[ax] += numnew
    old_mask = ones(newshape[ax], dtype=bool)
    old_mask[indices] = False
    new = _blank(newshape, a.dtype)
    slobj2 = [slice(None)] * ndim
    slobj[ax] = indices
    slobj2[ax] = old_mask
    new[tuple(slobj)] = values
    new[tuple(slobj2)] = a
    return new


def delete(arr: Any, obj: Any, axis: Any = None) -> core.ndarray:
    from .creation import ones
    a = _plain(arr)
    ndim = a.ndim
    if axis is None:
        if ndim != 1:
            a = a.ravel()
        ndim = a.ndim
        ax = ndim - 1
    else:
        ax = core.normalize_axis(axis, ndim)
    slobj: list[Any] = [slice(None)] * ndim
    n = a.shape[ax]
    newshape = list(a.shape)
    if isinstance(obj, slice):
        start, stop, step = obj.indices(n)
        xr = range(start, stop, step)
        numtodel = len(xr)
        if numtodel <= 0:
            return a.copy()
        if step < 0:
            step, start, stop = -step, xr[-1], xr[0] + 1
        newshape[ax] -= numtodel
        new = _blank(newshape, a.dtype)
        if start != 0:
            slobj[ax] = slice(None, start)
            new[tuple(slobj)] = a[tuple(slobj)]
        if stop != n:
            slobj[ax] = slice(stop - numtodel, None)
            slobj2: list[Any] = [slice(None)] * ndim
            slobj2[ax] = slice(stop, None)
            new[tuple(slobj)] = a[tuple(slobj2)]
        if step != 1:
            keep = ones(stop - start, dtype=bool)
            keep[:stop - start:step] = False
            slobj[ax] = slice(start, stop - numtodel)
            slobj2 = [slice(None)] * ndim
            slobj2[ax] = slice(start, stop)
            part = a[tuple(slobj2)]
            slobj2[ax] = keep
            new[tuple(slobj)] = part[tuple(slobj2)]
        return new
    if isinstance(obj, (int, core.integer)) and not isinstance(obj, bool):
        single = True
    else:
        single = False
        original = obj
        obj = core.asarray(obj)
        if obj.size == 0 and not isinstance(original, core.ndarray):
            obj = obj.astype("int64")
        elif obj.size == 1 and obj.dtype.kind in "ui":
            obj = obj.item()
            single = True
    if single:
        if obj < -n or obj >= n:
            raise IndexError(f"index {obj} is out of bounds for axis {ax} with size {n}")
        if obj < 0:
            obj += n
        newshape[ax] -= 1
        new = _blank(newshape, a.dtype)
        slobj[ax] = slice(None, obj)
        new[tuple(slobj)] = a[tuple(slobj)]
        slobj[ax] = slice(obj, None)
        slobj2 = [slice(None)] * ndim
        slobj2[ax] = slice(obj + 1, None)
        new[tuple(slobj)] = a[tuple(slobj2)]
        return new
    if obj.dtype is core.BOOL:
        if obj.shape != (n,):
            raise ValueError("boolean array argument obj to delete must be one dimensional and match the "
                             f"axis length of {n}")
        keep = ~obj
    else:
        keep = ones(n, dtype=bool)
        keep[obj,] = False
    slobj[ax] = keep
    return a[tuple(slobj)]  # type: ignore[no-any-return]


def resize(a: Any, new_shape: Any) -> core.ndarray:
    from .creation import zeros_like
    from .shaping import concatenate, ravel, reshape
    if isinstance(new_shape, (int, core.integer)):
        new_shape = (new_shape,)
    flat = ravel(a)
    new_size = 1
    for length in new_shape:
        new_size *= length
        if length < 0:
            raise ValueError("all elements of `new_shape` must be non-negative")
    if flat.size == 0 or new_size == 0:
        return zeros_like(flat, shape=new_shape)
    repeats = int((new_size + flat.size - 1) // flat.size)
    core.check_size((repeats * flat.size,))
    joined = concatenate((flat,) * repeats)[:new_size]
    return reshape(joined, new_shape)


def trim_zeros(filt: Any, trim: Any = "fb", axis: Any = None) -> Any:
    from .creation import zeros
    from .searching import argwhere
    a = core.asarray(filt)
    if a.dtype.kind == "U":
        core.text_allowed()
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    if axis is None:
        kept = tuple(range(a.ndim))
    else:
        items = axis if isinstance(axis, (tuple, list)) else [axis]
        kept = tuple(core.normalize_axis(operator.index(x), a.ndim, "axis") for x in items)
        if len(set(kept)) != len(kept):
            raise ValueError("repeated axis in `axis` argument")
    if not kept:
        return filt
    found = argwhere(a)
    if found.size == 0:
        start: Any = zeros(a.ndim, dtype="int64")
        stop: Any = start
    else:
        start = found.min(axis=0)
        stop = found.max(axis=0) + 1
        if "f" not in trim:
            start = (None,) * a.ndim
        if "b" not in trim:
            stop = (None,) * a.ndim
    sl = tuple(slice(start[d], stop[d]) if d in kept else slice(None) for d in range(a.ndim))
    if len(sl) == 1:
        return filt[sl[0]]
    return filt[sl]


def _block_depths(arrays: Any, parent: list[int | None]) -> tuple[list[int | None], int, int]:
    if isinstance(arrays, tuple):
        raise TypeError(f"{_block_index(parent)} is a tuple. Only lists can be used to arrange blocks, and "
                        "np.block does not allow implicit conversion from tuple to ndarray.")
    if isinstance(arrays, list) and arrays:
        found = [_block_depths(item, [*parent, i]) for i, item in enumerate(arrays)]
        first, top, size = found[0]
        for index, ndim, each in found[1:]:
            size += each
            top = max(top, ndim)
            if len(index) != len(first):
                raise ValueError("List depths are mismatched. First element was at depth "
                                 f"{len(first)}, but there is an element at depth {len(index)} "
                                 f"({_block_index(index)})")
            if index[-1] is None:
                first = index
        return first, top, size
    if isinstance(arrays, list):
        return [*parent, None], 0, 0
    a = core.asarray(arrays)
    return parent, a.ndim, a.size


def _block_index(index: list[int | None]) -> str:
    return "arrays" + "".join(f"[{i}]" for i in index if i is not None)


def block(arrays: Any) -> core.ndarray:
    from .creation import array as make_array
    from .shaping import concatenate
    bottom, arr_ndim, _ = _block_depths(arrays, [])
    list_ndim = len(bottom)
    if bottom and bottom[-1] is None:
        raise ValueError(f"List at {_block_index(bottom)} cannot be empty")
    result_ndim = max(arr_ndim, list_ndim)

    def build(item: Any, depth: int) -> core.ndarray:
        if depth < list_ndim:
            return concatenate([build(part, depth + 1) for part in item], axis=-(list_ndim - depth))
        return make_array(item, ndmin=result_ndim, copy=None)

    result = build(arrays, 0)
    return result.copy() if list_ndim == 0 else result


EXPORTS: dict[str, object] = {
    "insert": insert, "delete": delete, "resize": resize, "trim_zeros": trim_zeros, "block": block,
}
