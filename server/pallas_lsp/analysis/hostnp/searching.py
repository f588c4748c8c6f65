"""NumPy's sorting, searching and set functions: sort, argsort, searchsorted, digitize, unique,
nonzero / flatnonzero / argwhere, bincount, interp, isin, intersect1d / union1d / setdiff1d,
diff, ediff1d.

Values compare as NumPy's sorts do (NaN last). Where NumPy's answer depends on its unstable
sort (argsort of ties with the default kind, which of -0.0 / 0.0 a float sort puts first) or on
a binary search over unsorted input (searchsorted, interp), the call is refused. Comparisons
happen in the promoted dtype, as in NumPy (int64 with uint64 or a float: float64); integers past
2**53 cast to float16 / 32 are refused (a double rounding). Also refused: ``order=``,
``unique(axis=...)``, ``equal_nan=False``, ``intersect1d(return_indices= / assume_unique=)``,
``setdiff1d(assume_unique=True)``, ``interp(period=...)``, ediff1d's ``to_begin`` / ``to_end``.
"""

from __future__ import annotations

import bisect
import builtins
import math
from collections.abc import Sequence
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import array, dtype, groups, index, is_nan, new, rounder, scalar, value_key

_INT64 = "int64"


def _common(*arrays: core.ndarray) -> core.DType:
    return core.result_type(*arrays)


def _converted(values: list, source: core.DType, target: core.DType) -> list:
    """Values of ``source`` as ``target`` holds them (the casts a comparison in ``target`` does)."""
    if source is target:
        return values
    if target.kind == "f" and source.kind in "iu":
        # float(int) rounds once, as NumPy's cast does; to a narrower float it would round twice.
        if target.itemsize < 8 and any(abs(v) > 1 << 53 for v in values):
            raise Refused("integers beyond 2**53 cast to a narrow float")
        return [rounder(target)(v) for v in values]
    return [core.cast(v, target) for v in values]


def _zero_signs(values: Sequence[Any]) -> bool:
    """Whether both -0.0 and 0.0 occur (an unstable sort may order them either way)."""
    return len({math.copysign(1.0, x) for x in values if isinstance(x, float) and x == 0}) > 1


def _one_d(value: object, raw: bool = False) -> core.ndarray:
    """A 1-D argument (NumPy's errors for other ranks; ``raw``: a C function converting a list
    itself, which words the error differently)."""
    a = array(value)
    if a.ndim > 1:
        if raw and isinstance(value, (list, tuple)):
            raise ValueError("setting an array element with a sequence. The requested array would exceed the "
                             "maximum number of dimension of 1.")
        raise ValueError("object too deep for desired array")
    if a.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    return a


# --- sort / argsort ----------------------------------------------------------------------------

def _lines(a: core.ndarray, axis: object) -> tuple[core.ndarray, list[list[int]]]:
    if axis is None:
        a = core.make(a.flat_values(), (a.size,), a.dtype)
        axis = 0
    if a.ndim == 0:
        raise core.AxisError(index(axis), 0)
    return a, groups(a.shape, (core.normalize_axis(axis, a.ndim),))[1]


@core.text_aware
def sort(a: object, axis: object = -1, kind: object = None, order: object = None, *,
         stable: object = None) -> core.ndarray:
    a = array(a)
    if order is not None:
        raise Refused("sort(order=) sorts structured arrays")
    a, lines = _lines(a, axis)
    values = a.flat_values()
    out = list(values)
    for line in lines:
        items = [values[i] for i in line]
        if _zero_signs(items):
            raise Refused("where NumPy's sort puts -0.0 next to 0.0")
        for i, v in zip(line, sorted(items, key=value_key), strict=True):
            out[i] = v
    return new(out, a.shape, a.dtype)


@core.text_aware
def argsort(a: object, axis: object = -1, kind: object = None, order: object = None, *,
            stable: object = None) -> core.ndarray:
    a = array(a)
    if order is not None:
        raise Refused("argsort(order=) sorts structured arrays")
    is_stable = bool(stable) or kind in ("stable", "mergesort")
    if a.ndim == 0:
        a = a.reshape(1)  # NumPy argsorts a 0-d array as its one-element ravel
    a, lines = _lines(a, axis)
    values = a.flat_values()
    out = [0] * len(values)
    for line in lines:
        items = [values[i] for i in line]
        keys = [value_key(x) for x in items]
        if not is_stable and len(set(keys)) != len(keys):
            raise Refused("the order NumPy's unstable argsort gives equal values")
        order_ = sorted(range(len(items)), key=keys.__getitem__)
        for i, k in zip(line, order_, strict=True):
            out[i] = k
    return new(out, a.shape, dtype(_INT64))


# --- searchsorted / digitize -------------------------------------------------------------------

def _is_sorted(keys: list) -> bool:
    return all(keys[i] <= keys[i + 1] for i in range(len(keys) - 1))


@core.text_aware
def searchsorted(a: object, v: object, side: object = "left", sorter: object = None) -> object:
    a = _one_d(a)
    if side not in ("left", "right"):
        if not isinstance(side, str):
            raise Refused("a non-string side")
        if side[:1].lower() in ("l", "r"):
            raise ValueError("search side must be one of 'left' or 'right'")
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    # The needles are compared in the promotion of both dtypes, Python scalars included (not weak).
    needles = array(v)
    target = _common(a, needles)
    hay = _converted(a.flat_values(), a.dtype, target)
    if sorter is not None:
        order = array(sorter)
        if order.shape != a.shape:
            raise ValueError("sorter.size must equal a.size")
        if order.dtype.kind not in "iu":
            raise TypeError("sorter must only contain integers")
        positions = order.flat_values()
        if any(not 0 <= p < len(hay) for p in positions):
            raise ValueError("Sorter index out of range.")
        hay = [hay[p] for p in positions]
    keys = [value_key(x) for x in hay]
    if not _is_sorted(keys):
        raise Refused("searchsorted over an unsorted array (NumPy's answer is its bisection's)")
    find = bisect.bisect_left if side == "left" else bisect.bisect_right
    found = [find(keys, value_key(x)) for x in _converted(needles.flat_values(), needles.dtype, target)]
    if needles.ndim == 0:
        return scalar(found[0], dtype(_INT64))
    return new(found, needles.shape, dtype(_INT64))


def digitize(x: object, bins: object, right: bool = False) -> object:
    x = array(x)
    bins = _one_d(bins)
    edges = bins.flat_values()
    rising = all(not edges[i] > edges[i + 1] for i in range(len(edges) - 1))
    falling = all(not edges[i] < edges[i + 1] for i in range(len(edges) - 1))
    if any(is_nan(e) for e in edges):
        raise Refused("digitize with NaN bins")
    if not rising and not falling:
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    if rising:
        return searchsorted(bins, x, side=side)
    flipped = new(edges[::-1], (len(edges),), bins.dtype)
    found = searchsorted(flipped, x, side=side)
    if isinstance(found, core.ndarray):
        return new([len(edges) - k for k in found.flat_values()], found.shape, dtype(_INT64))
    return scalar(len(edges) - int(found), dtype(_INT64))  # type: ignore[call-overload]


# --- unique and set operations ------------------------------------------------------------------

@core.text_aware
def unique(ar: object, return_index: bool = False, return_inverse: bool = False,
           return_counts: bool = False, axis: object = None, *, equal_nan: bool = True,
           sorted: bool = True) -> object:
    a = array(ar)
    if axis is not None:
        raise Refused("unique(axis=)")
    if not equal_nan:
        raise Refused("unique(equal_nan=False)")
    values = a.flat_values()
    if _zero_signs(values):
        raise Refused("which of -0.0 / 0.0 np.unique keeps")
    first: dict[tuple, int] = {}
    counts: dict[tuple, int] = {}
    for i, x in enumerate(values):
        key = value_key(x)
        first.setdefault(key, i)
        counts[key] = counts.get(key, 0) + 1
    ordered = builtins.sorted(first)
    rank = {key: r for r, key in enumerate(ordered)}
    result: list[object] = [new([values[first[k]] for k in ordered], (len(ordered),), a.dtype)]
    if return_index:
        result.append(new([first[k] for k in ordered], (len(ordered),), dtype(_INT64)))
    if return_inverse:
        # NumPy 2: the inverse has the input's shape (axis=None).
        result.append(new([rank[value_key(x)] for x in values], a.shape, dtype(_INT64)))
    if return_counts:
        result.append(new([counts[k] for k in ordered], (len(ordered),), dtype(_INT64)))
    return result[0] if len(result) == 1 else tuple(result)


def _flat(value: object) -> core.ndarray:
    a = array(value)
    return core.make(a.flat_values(), (a.size,), a.dtype)


def _concat_flat(a: core.ndarray, b: core.ndarray) -> tuple[list, core.DType]:
    target = _common(a, b)
    return _converted(a.flat_values(), a.dtype, target) + _converted(b.flat_values(), b.dtype, target), target


def _sorted_unique(values: list) -> list:
    if _zero_signs(values):
        raise Refused("which of -0.0 / 0.0 the set operation keeps")
    seen: dict[tuple, object] = {}
    for x in values:
        seen.setdefault(value_key(x), x)
    return [seen[k] for k in builtins.sorted(seen)]


@core.text_aware
def union1d(ar1: object, ar2: object) -> core.ndarray:
    values, target = _concat_flat(_flat(ar1), _flat(ar2))
    found = _sorted_unique(values)
    return new(found, (len(found),), target)


@core.text_aware
def intersect1d(ar1: object, ar2: object, assume_unique: bool = False,
                return_indices: bool = False) -> object:
    if return_indices or assume_unique:
        raise Refused("intersect1d(return_indices= / assume_unique=)")
    a, b = _flat(ar1), _flat(ar2)
    target = _common(a, b)
    left = _sorted_unique(_converted(a.flat_values(), a.dtype, target))
    right = {value_key(x) for x in _sorted_unique(_converted(b.flat_values(), b.dtype, target))}
    # NaN never equals NaN in the sorted-neighbour test NumPy runs.
    found = [x for x in left if value_key(x) in right and not is_nan(x)]
    return new(found, (len(found),), target)


@core.text_aware
def setdiff1d(ar1: object, ar2: object, assume_unique: bool = False) -> core.ndarray:
    if assume_unique:
        raise Refused("setdiff1d(assume_unique=True)")
    a, b = _flat(ar1), _flat(ar2)
    left = _sorted_unique(a.flat_values())
    mask = _membership(new(left, (len(left),), a.dtype), b)
    found = [x for x, inside in zip(left, mask, strict=True) if not inside]
    return new(found, (len(found),), a.dtype)


def _membership(element: core.ndarray, test: core.ndarray) -> list[bool]:
    target = _common(element, test)
    pool = {x for x in _converted(test.flat_values(), test.dtype, target) if not is_nan(x)}
    return [x in pool for x in _converted(element.flat_values(), element.dtype, target)]


@core.text_aware
def isin(element: object, test_elements: object, assume_unique: bool = False, invert: bool = False, *,
         kind: object = None) -> core.ndarray:
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    a, b = array(element), _flat(test_elements)
    found = _membership(a, b)
    return new([inside != bool(invert) for inside in found], a.shape, dtype("bool"))


# --- nonzero / argwhere --------------------------------------------------------------------------

@core.text_aware
def nonzero(a: object) -> tuple[core.ndarray, ...]:
    a = array(a)
    if a.ndim == 0:
        message = "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead."
        if a.dtype.kind == "b":
            message += (" If the context of this error is of the form `arr[nonzero(cond)]`, just use "
                        "`arr[cond]`.")
        raise ValueError(message)
    hits = [i for i, x in enumerate(a.flat_values()) if x]
    coords: list[list[int]] = [[] for _ in a.shape]
    for flat in hits:
        for d in range(a.ndim - 1, -1, -1):
            flat, coord = divmod(flat, a.shape[d])
            coords[d].append(coord)
    return tuple(new(c, (len(hits),), dtype(_INT64)) for c in coords)


@core.text_aware
def flatnonzero(a: object) -> core.ndarray:
    hits = [i for i, x in enumerate(array(a).flat_values()) if x]
    return new(hits, (len(hits),), dtype(_INT64))


@core.text_aware
def argwhere(a: object) -> core.ndarray:
    a = array(a)
    if a.ndim == 0:
        hits = 1 if a.flat_values()[0] else 0
        return new([], (hits, 0), dtype(_INT64))
    coords = nonzero(a)
    columns = [c.flat_values() for c in coords]
    count = len(columns[0]) if columns else 0
    return new([columns[d][k] for k in range(count) for d in range(a.ndim)], (count, a.ndim), dtype(_INT64))


# --- bincount / interp ---------------------------------------------------------------------------

def bincount(x: object, weights: object = None, minlength: object = 0) -> core.ndarray:
    a = _one_d(x, raw=True)
    if a.dtype.kind not in "iub" and a.size:
        raise TypeError(f"Cannot cast array data from dtype('{a.dtype.name}') to dtype('int64') according to "
                        "the rule 'safe'")
    if minlength is None:
        raise TypeError("'NoneType' object cannot be interpreted as an integer")
    length = index(minlength)
    if length < 0:
        raise ValueError("'minlength' must not be negative")
    # uint64 values past int64's range wrap negative, as NumPy's cast to intp does.
    values = [int(v) - (1 << 64) if v >= 1 << 63 else int(v) for v in a.flat_values()]
    if values and min(values) < 0:
        raise ValueError("'list' argument must have no negative elements")
    size = max(length, max(values) + 1 if values else 0)
    if size > core.MAX_SIZE:
        raise Refused(f"a bincount of {size} bins")
    if weights is None:
        counts = [0] * size
        for v in values:
            counts[v] += 1
        return new(counts, (size,), dtype(_INT64))
    w = _one_d(weights, raw=True)
    if w.shape != a.shape:
        raise ValueError("The weights and list don't have the same length.")
    sums = [0.0] * size
    for v, wt in zip(values, _converted(w.flat_values(), w.dtype, dtype("float64")), strict=True):
        sums[v] += wt
    return new(sums, (size,), dtype("float64"))


def interp(x: object, xp: object, fp: object, left: object = None, right: object = None,
           period: object = None) -> object:
    if period is not None:
        raise Refused("interp(period=)")
    f64 = dtype("float64")
    xs, xps, fps = array(x), _one_d(xp, raw=True), _one_d(fp, raw=True)
    if any(arr.dtype.kind not in "biuf" for arr in (xs, xps, fps)):
        raise Refused("interp of these dtypes")
    px = _converted(xps.flat_values(), xps.dtype, f64)
    py = _converted(fps.flat_values(), fps.dtype, f64)
    if not px:
        raise ValueError("array of sample points is empty")
    if len(px) != len(py):
        raise ValueError("fp and xp are not of the same length.")
    if any(not px[i] < px[i + 1] for i in range(len(px) - 1)):
        raise Refused("interp over sample points that do not strictly increase")
    low = py[0] if left is None else float(left)  # type: ignore[arg-type]
    high = py[-1] if right is None else float(right)  # type: ignore[arg-type]
    out = [_interp_one(v, px, py, low, high) for v in _converted(xs.flat_values(), xs.dtype, f64)]
    if xs.ndim == 0:
        return scalar(out[0], f64)
    return new(out, xs.shape, f64)


def _interp_one(v: float, px: list[float], py: list[float], low: float, high: float) -> float:
    """compiled_base.c arr_interp for one point."""
    n = len(px)
    if n == 1:
        return low if v < px[0] else (high if v > px[0] else py[0])
    if math.isnan(v):
        return v
    if v < px[0]:
        return low
    if v > px[-1]:
        return high
    j = bisect.bisect_right(px, v) - 1
    if j == n - 1 or px[j] == v:
        return py[j]
    slope = (py[j + 1] - py[j]) / (px[j + 1] - px[j])
    result = slope * (v - px[j]) + py[j]
    if math.isnan(result):
        result = slope * (v - px[j + 1]) + py[j + 1]
        if math.isnan(result) and py[j] == py[j + 1]:
            result = py[j]
    return result


# --- diff ----------------------------------------------------------------------------------------

def _bool_subtract() -> TypeError:
    return TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                     "the `^` operator, or the logical_xor function instead.")


_NO: Any = core._NoValue  # an argument not given


def diff(a: object, n: object = 1, axis: object = -1, prepend: object = _NO, append: object = _NO) -> object:
    count = index(n)
    if count == 0:
        return a
    if count < 0:
        raise ValueError(f"order must be non-negative but got {count}")
    arr = array(a)
    if arr.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    line_axis = core.normalize_axis(axis, arr.ndim)
    parts = []
    for extra in (prepend, None, append):
        if extra is None:
            parts.append(arr)
        elif extra is not _NO:
            piece = array(extra)
            if piece.ndim == 0:
                shape = list(arr.shape)
                shape[line_axis] = 1
                piece = core.make(piece.flat_values() * math.prod(shape), tuple(shape), piece.dtype)
            parts.append(piece)
    if len(parts) > 1:
        from .shaping import concatenate
        arr = concatenate(parts, axis=line_axis)
    values = arr.flat_values()
    shape = list(arr.shape)
    store = rounder(arr.dtype)
    for _ in range(count):
        if shape[line_axis] == 0:
            break
        lines = groups(tuple(shape), (line_axis,))[1]
        shape[line_axis] -= 1
        out: list = [None] * math.prod(shape)
        kept = groups(tuple(shape), (line_axis,))[1]
        for line, target in zip(lines, kept, strict=True):
            for k, place in enumerate(target):
                left, right = values[line[k]], values[line[k + 1]]
                out[place] = (left != right) if arr.dtype.kind == "b" else store(right - left)
        values = out
    return new(values, shape, arr.dtype)


def ediff1d(ary: object, to_end: object = None, to_begin: object = None) -> core.ndarray:
    a = _flat(ary)
    if to_end is not None or to_begin is not None:
        raise Refused("ediff1d(to_end= / to_begin=)")
    if a.dtype.kind == "b":
        raise _bool_subtract()
    values = a.flat_values()
    store = rounder(a.dtype)
    out = [store(values[i + 1] - values[i]) for i in range(len(values) - 1)]
    return new(out, (len(out),), a.dtype)


EXPORTS: dict[str, object] = {
    "sort": sort, "argsort": argsort, "searchsorted": searchsorted, "digitize": digitize, "unique": unique,
    "union1d": union1d, "intersect1d": intersect1d, "setdiff1d": setdiff1d, "isin": isin,
    "nonzero": nonzero, "flatnonzero": flatnonzero, "argwhere": argwhere, "bincount": bincount,
    "interp": interp, "diff": diff, "ediff1d": ediff1d,
}
