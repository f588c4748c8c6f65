"""NumPy's order statistics and weighted mean: median, percentile, quantile, average.

median is the mean of the one or two middle values of each sorted line (so its dtype rules are
mean's: integers give float64, float16 is averaged in float32), NaN if the line holds a NaN.
percentile / quantile follow numpy/lib/_function_base_impl.py ``_quantile``: the virtual index
``(n - 1) * q`` and NumPy's ``_lerp`` (``a + (b - a) * t``, or ``b - (b - a) * (1 - t)`` from
t = 0.5), every step rounded in the dtype NumPy computes it in. Modelled methods: linear,
lower, higher, nearest, midpoint; other methods, weights=, out= and empty axes are refused.
average: weights of the input's shape, or 1-D weights along one axis.
"""

from __future__ import annotations

import math
from typing import Any

from ..python.real import Refused
from . import core, reductions
from .flatops import (
    array,
    axes,
    broadcast_cast,
    dtype,
    groups,
    is_nan,
    keep_shape,
    new,
    no_out,
    rounder,
    scalar,
    value_key,
)

_METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
            "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint",
            "nearest")
_MODELLED = ("linear", "lower", "higher", "nearest", "midpoint")


def _lines(a: core.ndarray, axis: object) -> tuple[tuple[int, ...], tuple[int, ...], list[list[Any]]]:
    """(reduced axes, kept shape, each output's values sorted as NumPy sorts them)."""
    reduced = axes(axis, a.ndim)
    kept, members = groups(a.shape, reduced)
    values = a.flat_values()
    return reduced, kept, [sorted((values[i] for i in group), key=value_key) for group in members]


def median(a: object, axis: object = None, out: object = None, overwrite_input: bool = False,
           keepdims: bool = False) -> object:
    arr = array(a)
    no_out(out)
    reduced, kept, lines = _lines(arr, axis)
    sum_type, result_type = reductions._mean_dtype(arr, None)
    to_sum = rounder(sum_type)
    store = rounder(result_type)
    results = []
    for line in lines:
        n = len(line)
        if n == 0:
            results.append(math.nan)
            continue
        if any(is_nan(x) for x in line):
            results.append(line[-1])
            continue
        middle = line[(n - 1) // 2:n // 2 + 1]
        total = 0.0
        for x in middle:
            total = to_sum(total + to_sum(x))  # type: ignore[operator]
        results.append(store(reductions._divide(total, len(middle), sum_type)))  # type: ignore[arg-type]
    if keepdims:
        return new(results, keep_shape(arr.shape, reduced), result_type)
    if not kept:
        return scalar(results[0], result_type)
    return new(results, kept, result_type)


def percentile(a: object, q: object, axis: object = None, out: object = None, overwrite_input: bool = False,
               method: str = "linear", keepdims: bool = False, *, weights: object = None,
               interpolation: object = None) -> object:
    arr = array(a)
    _plain(arr, out, weights, interpolation)
    # A Python q stays weak: the interpolation then runs in the array's dtype.
    weak = type(q) in (int, float)
    given = array(q)
    target = given.dtype if given.dtype.kind == "f" else dtype("float64")
    store = rounder(target)
    quantiles = new([store(float(v) / 100) for v in given.flat_values()], given.shape, target)
    if not _valid(quantiles):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return _quantile(arr, quantiles, axis, method, keepdims, weak)


def quantile(a: object, q: object, axis: object = None, out: object = None, overwrite_input: bool = False,
             method: str = "linear", keepdims: bool = False, *, weights: object = None,
             interpolation: object = None) -> object:
    arr = array(a)
    _plain(arr, out, weights, interpolation)
    weak = type(q) in (int, float)
    quantiles = array(q)
    if not _valid(quantiles):
        raise ValueError("Quantiles must be in the range [0, 1]")
    return _quantile(arr, quantiles, axis, method, keepdims, weak)


def _plain(arr: core.ndarray, out: object, weights: object, interpolation: object) -> None:
    no_out(out)
    if weights is not None or interpolation is not None:
        raise Refused("quantile weights= / interpolation=")


def _valid(q: core.ndarray) -> bool:
    return all(0 <= v <= 1 for v in q.flat_values())


def _quantile(arr: core.ndarray, q: core.ndarray, axis: object, method: str, keepdims: bool,
              weak: bool) -> object:
    if q.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    if method not in _METHODS:
        names = ", ".join(repr(m) for m in _METHODS)
        raise ValueError(f"{method!r} is not a valid method. Use one of: dict_keys([{names}])")
    if method not in _MODELLED:
        raise Refused(f"quantile method {method!r}")
    if q.dtype.kind not in "iuf":
        raise Refused("quantiles of this dtype")
    reduced, kept, lines = _lines(arr, axis)
    n = math.prod(arr.shape[d] for d in reduced)
    qt, at = q.dtype, arr.dtype
    to_q = rounder(qt)
    take = method in ("lower", "higher", "nearest") or (method == "linear" and qt.kind in "iu")
    if n == 0:
        # NumPy fails in its partition or take, with an index that depends on the dtype.
        raise Refused("a quantile over an empty axis")
    if at.kind == "b" and not take:
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                        "the `^` operator, or the logical_xor function instead.")
    if take:
        result_type = at
    elif weak:
        result_type = at if at.kind == "f" else dtype("float64")
    else:
        result_type = core.result_type(arr, q)
    results = []
    for value in q.flat_values():
        vi = to_q((n - 1) * value)
        if method == "lower":
            vi = math.floor(vi)
        elif method == "higher":
            vi = math.ceil(vi)
        elif method == "nearest":
            vi = round(vi)  # np.around: half to even, as Python's round
        elif method == "midpoint":
            vi = to_q(0.5 * (math.floor(vi) + math.ceil(vi)))
        for line in lines:
            if at.kind == "f" and is_nan(line[-1]):
                results.append(line[-1])  # a NaN in the line is the answer
            elif take:
                results.append(line[int(vi)])
            else:
                results.append(_lerp_at(line, vi, n, method, weak, at, qt, result_type))
    shape = q.shape + (keep_shape(arr.shape, reduced) if keepdims else kept)
    if not shape and not keepdims:
        return scalar(results[0], result_type)
    return new(results, shape, result_type)


def _lerp_at(line: list[Any], vi: float, n: int, method: str, weak: bool, at: core.DType, qt: core.DType,
             rt: core.DType) -> Any:
    """_get_indexes, _get_gamma and _lerp of numpy/lib/_function_base_impl.py for one value."""
    previous = math.floor(vi)
    following = previous + 1
    if vi >= n - 1:
        previous = following = -1
    gamma = rounder(qt)(vi - previous)
    if method == "midpoint":
        gamma = 0.0 if vi % 1 == 0 else 0.5
    r = rounder(rt)
    low, high = line[previous], line[following]
    diff = r(rounder(at)(high - low))
    t = r(gamma)
    result = r(r(low) + r(diff * t))  # type: ignore[operator]
    if gamma >= 0.5:
        # A weak gamma's 1 - t is Python arithmetic; an array gamma's runs in its dtype.
        rest = r(1 - gamma) if weak else r(rounder(qt)(1 - gamma))
        result = r(r(high) - r(diff * rest))  # type: ignore[operator]
    return result


def average(a: object, axis: object = None, weights: object = None, returned: bool = False, *,
            keepdims: object = reductions._NO) -> object:
    arr = array(a)
    keep = False if keepdims is reductions._NO else bool(keepdims)
    if axis is not None:
        # numpy's normalize_axis_tuple(axis, a.ndim, argname="axis"), with its errors.
        given = axis if isinstance(axis, tuple) else (axis,)
        listed = [core.normalize_axis(ax, arr.ndim, "axis") for ax in given]
        if len(set(listed)) != len(listed):
            raise ValueError("repeated axis in `axis` argument")
    if weights is None:
        avg = reductions.mean(arr, axis, keepdims=keep)
        avg_size = avg.size if isinstance(avg, core.ndarray) else 1
        dt = avg.dtype if isinstance(avg, core.ndarray) else core.dtype_of(avg)
        count = rounder(dt)(arr.size / avg_size)  # NumPy divides even when not returned=True
        if not returned:
            return avg
        if isinstance(avg, core.ndarray):
            return avg, new([count] * avg.size, avg.shape, dt)
        return avg, scalar(count, dt)
    wgt = array(weights)
    if arr.dtype.kind in "biu":
        result_type = core.result_type(arr.dtype, wgt.dtype, dtype("float64"))
    else:
        result_type = core.result_type(arr.dtype, wgt.dtype)
    if arr.shape != wgt.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if isinstance(axis, tuple) or wgt.ndim != 1:
            raise Refused("average with multi-axis weights")
        ax = core.normalize_axis(axis, arr.ndim)
        if wgt.shape != (arr.shape[ax],):
            raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
        wgt = wgt.reshape(tuple(n if d == ax else 1 for d, n in enumerate(arr.shape)))
    scl = reductions.sum_(wgt, axis, dtype=result_type, keepdims=keep)
    scl_values = scl.flat_values() if isinstance(scl, core.ndarray) else [float(scl)]  # type: ignore[arg-type]
    if any(v == 0 for v in scl_values):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    shape = core.broadcast_shapes(arr.shape, wgt.shape)
    store = rounder(result_type)
    left = broadcast_cast(arr, shape, result_type)
    right = broadcast_cast(wgt, shape, result_type)
    product = core.make([store(x * y) for x, y in zip(left, right, strict=True)], shape, result_type)
    total = reductions.sum_(product, axis, keepdims=keep)
    if isinstance(total, core.ndarray):
        assert isinstance(scl, core.ndarray)
        divisors = broadcast_cast(scl, total.shape, result_type)
        values = [store(t / s) for t, s in zip(total.flat_values(), divisors, strict=True)]
        avg = new(values, total.shape, result_type)
        return (avg, scl) if returned else avg
    avg = scalar(store(float(total) / scl_values[0]), result_type)  # type: ignore[arg-type]
    return (avg, scl) if returned else avg


EXPORTS: dict[str, object] = {
    "median": median, "percentile": percentile, "quantile": quantile, "average": average,
}
