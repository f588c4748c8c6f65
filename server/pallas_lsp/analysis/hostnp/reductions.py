"""NumPy's reductions: sum, prod, min / max, mean, var / std, argmin / argmax, any / all,
cumsum / cumprod, cumulative_sum / cumulative_prod (NumPy 2's: the ufunc's accumulate),
count_nonzero, ptp, nansum / nanmax / nanmin.

Float sums are bit-exact: NumPy adds the values a reduction's inner loop sees pairwise (blocks
of 8 accumulators up to 128 values, halves above: ``pairwise_sum`` of umath/loops_utils.h.src)
into an output that starts at 0, and its iterator hands the inner loop the trailing reduced
axes of a C-contiguous array as one run (the non-reduced trailing axes make the inner loop
elementwise: a plain left-to-right sum). That order is modelled for C-contiguous inputs summed
in their own dtype; any other float sum (a strided view, a sum that casts through a buffer) is
computed only when every order gives the same value (multiples of one power of two whose
magnitudes sum below 2**mantissa), else refused; a sum cast through one buffer (at most 8192
elements: float16's mean in float32) keeps the uncast order. Float products are left to right
(NumPy does not reorder them), on C-contiguous inputs only. max / min refuse a zero result
when both signed zeros compete (NumPy's SIMD order picks one). Refused: out=, where=,
initial=, dtype=bool, var / std's ``mean=`` / ``correction=``.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Callable
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import (
    accumulate_type,
    array,
    axes,
    dtype,
    exact_sum,
    finish,
    groups,
    is_nan,
    new,
    no_out,
    rounder,
    scalar,
)

# NumPy's iterator casts through buffers of 8192 elements: a cast array no bigger than that is
# summed in one buffer, in the order of the uncast one.
_BUFFER = 8192
_NO: Any = core._NoValue  # an argument not given


def _plain_options(where: object = True, initial: object = _NO) -> None:
    if where is not True:
        raise Refused("where= is not modelled")
    if initial is not _NO:
        raise Refused("initial= is not modelled")


def _keep(keepdims: object) -> bool:
    return False if keepdims is _NO else bool(keepdims)


# --- float summation in NumPy's order ------------------------------------------------------

def _pairwise(values: list[float], acc: Callable[[float], float]) -> float:
    """loops_utils.h.src pairwise_sum, every addition rounded by ``acc``."""
    n = len(values)
    if n < 8:
        res = 0.0
        for x in values:
            res = acc(res + x)
        return res
    if n <= 128:
        r = values[:8]
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] = acc(r[j] + values[i + j])
            i += 8
        res = acc(acc(acc(r[0] + r[1]) + acc(r[2] + r[3])) + acc(acc(r[4] + r[5]) + acc(r[6] + r[7])))
        while i < n:
            res = acc(res + values[i])
            i += 1
        return res
    half = n // 2
    half -= half % 8
    return acc(_pairwise(values[:half], acc) + _pairwise(values[half:], acc))


def _inner_run(shape: tuple[int, ...], reduced: tuple[int, ...]) -> int:
    """How many consecutive values of a group NumPy's inner loop sums at once (see module doc)."""
    run = 1
    for d in range(len(shape) - 1, -1, -1):
        if shape[d] == 1:
            continue
        if d not in reduced:
            break
        run *= shape[d]
    return builtins.max(run, 1)


def _exact_float_sum(values: list[float], dt: core.DType) -> float | None:
    """The sum when every summation order gives it (else None)."""
    finite = [x for x in values if math.isfinite(x)]
    if len(finite) != len(values):
        if any(math.isnan(x) for x in values):
            return math.nan
        signs = {x > 0 for x in values if math.isinf(x)}
        if len(signs) == 2:
            return math.nan
    exact = exact_sum(finite, dt)
    if exact is None:
        return None
    if len(finite) != len(values):
        return next(x for x in values if math.isinf(x))
    return exact


def _float_sums(values: list[float], shape: tuple[int, ...], reduced: tuple[int, ...],
                members: list[list[int]], dt: core.DType, ordered: bool) -> list[float]:
    """Per group, NumPy's float sum in ``dt`` (``ordered``: NumPy sums these very values in C order
    without a buffer, so its order is known)."""
    store = rounder(dt)
    acc: Callable[[float], float] = float if dt.itemsize == 8 else rounder(dtype("float32"))  # type: ignore
    run = _inner_run(shape, reduced)
    out = []
    for group in members:
        exact = _exact_float_sum([values[i] for i in group], dt)
        if exact is not None:
            out.append(store(exact))
            continue
        if not ordered:
            raise Refused("a float sum whose order NumPy's buffering decides")
        total = 0.0
        for start in range(0, len(group), run):
            part = _pairwise([values[i] for i in group[start:start + run]], acc)
            total = store(acc(total + part))
        out.append(total)
    return out


def _target_dtype(a: core.ndarray, dt: object, default: core.DType) -> core.DType:
    if dt is None:
        return default
    target = core.dtype(dt)
    if target.kind == "b":
        raise Refused(f"a reduction of {a.dtype.name} in {target.name}")
    return target


def _cast(value: object, target: core.DType) -> object:
    """An element converted to a reduction's dtype (float to int truncates; core refuses NaN)."""
    return core.cast(value, target)


def _sums(a: core.ndarray, reduced: tuple[int, ...], target: core.DType,
          ordered: bool = True) -> tuple[tuple[int, ...], list]:
    """Per output element, NumPy's sum of ``a`` in ``target`` (``ordered``: ``a`` is the array
    NumPy itself sums, so its layout decides the order)."""
    kept, members = groups(a.shape, reduced)
    values = a.flat_values()
    if target.kind == "f":
        same = a.dtype is target
        floats = values if same else [_cast(v, target) for v in values]
        return kept, _float_sums(floats, a.shape, reduced, members, target,
                                 ordered and a.is_contiguous() and (same or a.size <= _BUFFER))
    wrap = rounder(target)
    ints = [_cast(v, target) for v in values] if a.dtype.kind == "f" else values
    return kept, [wrap(sum(int(ints[i]) for i in group)) for group in members]


def sum_(a: object, axis: object = None, dtype: object = None, out: object = None,
         keepdims: object = _NO, initial: object = _NO, where: object = True) -> object:
    a = array(a)
    no_out(out)
    _plain_options(where, initial)
    reduced = axes(axis, a.ndim, ufunc=True)
    target = _target_dtype(a, dtype, accumulate_type(a.dtype))
    kept, values = _sums(a, reduced, target)
    return finish(values, kept, a.shape, reduced, _keep(keepdims), target)


def prod(a: object, axis: object = None, dtype: object = None, out: object = None,
         keepdims: object = _NO, initial: object = _NO, where: object = True) -> object:
    a = array(a)
    no_out(out)
    _plain_options(where, initial)
    reduced = axes(axis, a.ndim, ufunc=True)
    target = _target_dtype(a, dtype, accumulate_type(a.dtype))
    kept, members = groups(a.shape, reduced)
    values = [_cast(v, target) for v in a.flat_values()]
    store = rounder(target)
    results: list = []
    if target.kind != "f":
        for group in members:
            acc_int = 1
            for i in group:
                acc_int = store(acc_int * values[i])
            results.append(acc_int)
    else:
        # Products are left to right; the inner loop of a float16 product multiplies in float32
        # and stores float16 only at its end (like sums, a run of trailing reduced axes).
        wide = float if target.itemsize == 8 else rounder(core.dtype("float32"))
        run = _inner_run(a.shape, reduced)
        for group in members:
            if len(group) > 2 and not (a.dtype is target and a.is_contiguous()):
                raise Refused("a float product over a strided or cast array")
            total = 1.0
            for start in range(0, len(group), run):
                acc = total
                for i in group[start:start + run]:
                    acc = wide(acc * values[i])  # type: ignore[operator]
                total = store(acc)  # type: ignore[assignment]
            results.append(total)
    return finish(results, kept, a.shape, reduced, _keep(keepdims), target)


# --- min / max / ptp ---------------------------------------------------------------------------

def _extreme(a: core.ndarray, axis: object, keepdims: object, name: str, plain: bool = False) -> Any:
    reduced = axes(axis, a.ndim, ufunc=True)
    kept, members = groups(a.shape, reduced)
    values = a.flat_values()
    pick = max if name == "maximum" else min
    results = []
    for group in members:
        items = [values[i] for i in group]
        nan = next((x for x in items if is_nan(x)), None)
        if nan is not None:
            results.append(nan)
            continue
        best = pick(items)
        if best == 0 and a.dtype.kind == "f" and len({math.copysign(1.0, x) for x in items if x == 0}) > 1:
            raise Refused("which signed zero NumPy's max / min keeps")
        results.append(best)
    if plain:
        return results
    return finish(results, kept, a.shape, reduced, _keep(keepdims), a.dtype)


def _check_empty_reduction(a: core.ndarray, axis: object, name: str) -> None:
    # NumPy raises when the reduced axes hold no element, even when the result is empty too.
    reduced = axes(axis, a.ndim, ufunc=True)
    if reduced and math.prod(a.shape[d] for d in reduced) == 0:
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")


def max_(a: object, axis: object = None, out: object = None, keepdims: object = _NO,
         initial: object = _NO, where: object = True) -> object:
    a = array(a)
    no_out(out)
    _plain_options(where, initial)
    _check_empty_reduction(a, axis, "maximum")
    return _extreme(a, axis, keepdims, "maximum")


def min_(a: object, axis: object = None, out: object = None, keepdims: object = _NO,
         initial: object = _NO, where: object = True) -> object:
    a = array(a)
    no_out(out)
    _plain_options(where, initial)
    _check_empty_reduction(a, axis, "minimum")
    return _extreme(a, axis, keepdims, "minimum")


def ptp(a: object, axis: object = None, out: object = None, keepdims: object = _NO) -> object:
    a = array(a)
    no_out(out)
    _check_empty_reduction(a, axis, "maximum")
    if a.dtype.kind == "b":
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead.")
    high = _extreme(a, axis, _NO, "maximum", plain=True)
    low = _extreme(a, axis, _NO, "minimum", plain=True)
    store = rounder(a.dtype)
    values = [store(h - lo) for h, lo in zip(high, low, strict=True)]  # type: ignore[operator]
    reduced = axes(axis, a.ndim, ufunc=True)
    kept = tuple(n for d, n in enumerate(a.shape) if d not in reduced)
    return finish(values, kept, a.shape, reduced, _keep(keepdims), a.dtype)


# --- mean / var / std ---------------------------------------------------------------------

def _divide(value: float, count: int, dt: core.DType) -> float:
    """``value / count`` as NumPy divides a float by an intp (in float64), rounded to ``dt``."""
    if count == 0:
        quotient = math.nan if value == 0 or math.isnan(value) else math.copysign(math.inf, value)
    else:
        quotient = value / count
    return rounder(dt)(quotient)  # type: ignore[return-value]


def _mean_dtype(a: core.ndarray, dt: object) -> tuple[core.DType, core.DType]:
    """(the dtype the sum runs in, the result's dtype)."""
    if dt is not None:
        target = core.dtype(dt)
        if target.kind != "f":
            raise Refused(f"a mean in {target.name}")
        return target, target
    if a.dtype.kind in "biu":
        return dtype("float64"), dtype("float64")
    if a.dtype.itemsize == 2:
        return dtype("float32"), a.dtype
    return a.dtype, a.dtype


def mean(a: object, axis: object = None, dtype: object = None, out: object = None,
         keepdims: object = _NO, *, where: object = True) -> object:
    a = array(a)
    no_out(out)
    _plain_options(where)
    reduced = axes(axis, a.ndim)
    sum_type, result_type = _mean_dtype(a, dtype)
    count = math.prod(a.shape[d] for d in reduced)
    kept, sums = _sums(a, reduced, sum_type)
    store = rounder(result_type)
    values = [store(_divide(s, count, sum_type)) for s in sums]
    return finish(values, kept, a.shape, reduced, _keep(keepdims), result_type)


def var(a: object, axis: object = None, dtype: object = None, out: object = None, ddof: object = 0,
        keepdims: object = _NO, *, where: object = True, mean: object = _NO,
        correction: object = _NO) -> object:
    return _variance(a, axis, dtype, out, ddof, keepdims, where, mean, correction, root=False)


def std(a: object, axis: object = None, dtype: object = None, out: object = None, ddof: object = 0,
        keepdims: object = _NO, *, where: object = True, mean: object = _NO,
        correction: object = _NO) -> object:
    return _variance(a, axis, dtype, out, ddof, keepdims, where, mean, correction, root=True)


def _variance(a: object, axis: object, dt: object, out: object, ddof: object, keepdims: object,
              where: object, mean_arg: object, correction: object, root: bool) -> object:
    a = array(a)
    no_out(out)
    _plain_options(where)
    if mean_arg is not _NO or correction is not _NO:
        raise Refused("var / std with mean= or correction=")
    if isinstance(ddof, float) or not isinstance(ddof, int):
        raise Refused("a non-integer ddof")
    reduced = axes(axis, a.ndim)
    if dt is None:
        work = dtype("float64") if a.dtype.kind in "biu" else a.dtype
    else:
        work = core.dtype(dt)
        if work.kind != "f":
            raise Refused(f"a variance in {work.name}")
    # A strided input is summed in an order its layout decides: only exact sums are kept then.
    ordered = a.is_contiguous()
    count = math.prod(a.shape[d] for d in reduced)
    kept, sums = _sums(a, reduced, work, ordered)
    means = [_divide(s, count, work) for s in sums]
    _, members = groups(a.shape, reduced)
    values = a.flat_values()
    # arr - arrmean and its square, in the promoted dtype (float16 stays float16).
    diff_type = core.result_type(a.dtype, work) if a.dtype.kind == "f" else work
    store = rounder(diff_type)
    squares: list[float] = [0.0] * len(values)
    for group, m in zip(members, means, strict=True):
        for i in group:
            d = store(float(values[i]) - m)
            squares[i] = store(d * d)
    _, totals = _sums(core.make(squares, a.shape, diff_type), reduced, work, ordered)
    divisor = count - ddof if count - ddof > 0 else 0
    result = [_divide(t, divisor, work) for t in totals]
    if root:
        result = [rounder(work)(math.sqrt(v)) if not math.isnan(v) else v for v in result]  # type: ignore
    return finish(result, kept, a.shape, reduced, _keep(keepdims), work)


# --- argmin / argmax / any / all / count_nonzero ------------------------------------------------

def _arg(a: object, axis: object, out: object, keepdims: object, name: str) -> object:
    a = array(a)
    no_out(out)
    keep = _keep(keepdims)
    if axis is None:
        flat = a.flat_values()
        if not flat:
            raise ValueError(f"attempt to get {name} of an empty sequence")
        index = _arg_index(flat, name)
        if keep and a.ndim:
            return new([index], (1,) * a.ndim, dtype("int64"))
        return scalar(index, dtype("int64"))
    if a.ndim == 0:
        core.normalize_axis(axis, 1)  # a 0-d array is argmax'ed as its one-element ravel
        return _arg(a.reshape(1), 0, None, _NO, name)
    reduced = (core.normalize_axis(axis, a.ndim),)
    if a.shape[reduced[0]] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    kept, members = groups(a.shape, reduced)
    values = a.flat_values()
    results = [_arg_index([values[i] for i in group], name) for group in members]
    return finish(results, kept, a.shape, reduced, keep, dtype("int64"))


def _arg_index(items: list, name: str) -> int:
    for i, x in enumerate(items):
        if is_nan(x):
            return i  # the first NaN wins both
    best = 0
    for i, x in enumerate(items):
        if (x > items[best]) if name == "argmax" else (x < items[best]):
            best = i
    return best


@core.text_aware
def argmax(a: object, axis: object = None, out: object = None, *, keepdims: object = _NO) -> object:
    return _arg(a, axis, out, keepdims, "argmax")


@core.text_aware
def argmin(a: object, axis: object = None, out: object = None, *, keepdims: object = _NO) -> object:
    return _arg(a, axis, out, keepdims, "argmin")


def _truth(a: object, axis: object, out: object, keepdims: object, where: object, every: bool) -> object:
    a = array(a)
    no_out(out)
    _plain_options(where)
    reduced = axes(axis, a.ndim, ufunc=True)
    kept, members = groups(a.shape, reduced)
    values = a.flat_values()
    test = all if every else any
    results = [test(bool(values[i]) for i in group) for group in members]
    return finish(results, kept, a.shape, reduced, _keep(keepdims), dtype("bool"))


@core.text_aware
def count_nonzero(a: object, axis: object = None, *, keepdims: bool = False) -> object:
    a = array(a)
    reduced = axes(axis, a.ndim, ufunc=True)
    kept, members = groups(a.shape, reduced)
    values = a.flat_values()
    results = [len([i for i in group if values[i]]) for group in members]
    return finish(results, kept, a.shape, reduced, bool(keepdims), dtype("int64"))


# --- cumulative -------------------------------------------------------------------------------

def _cumulative(a: object, axis: object, dt: object, out: object, multiply: bool) -> core.ndarray:
    a = array(a)
    no_out(out)
    if axis is None:
        a = core.make(a.flat_values(), (a.size,), a.dtype)
        axis = 0
    elif a.ndim == 0:
        a = a.reshape(1)  # a 0-d array accumulates as its one-element ravel
    line_axis = core.normalize_axis(axis, a.ndim)
    target = _target_dtype(a, dt, accumulate_type(a.dtype))
    store = rounder(target)
    _, members = groups(a.shape, (line_axis,))
    values = a.flat_values()
    result: list = [None] * len(values)
    half = target.kind == "f" and target.itemsize == 2
    wide = rounder(dtype("float32"))
    for group in members:
        acc = None
        for i in group:
            x = store(values[i])
            if acc is None:
                acc = x
            elif target.kind == "f":
                acc = store(wide(acc * x if multiply else acc + x)) if half else store(
                    acc * x if multiply else acc + x)
            else:
                acc = store(acc * x if multiply else acc + x)
            result[i] = acc
    return new(result, a.shape, target)


def cumsum(a: object, axis: object = None, dtype: object = None, out: object = None) -> core.ndarray:
    return _cumulative(a, axis, dtype, out, multiply=False)


def cumprod(a: object, axis: object = None, dtype: object = None, out: object = None) -> core.ndarray:
    return _cumulative(a, axis, dtype, out, multiply=True)


def _cumulative_api(x: object, name: str, axis: object, dtype: object, out: object,
                    include_initial: bool) -> core.ndarray:
    """numpy/_core/fromnumeric.py's _cumulative_func: the ufunc's accumulate (its dtype: no
    widening, unlike cumsum), with the identity first when ``include_initial``."""
    from .ufuncs import UFUNCS
    no_out(out)
    ufunc = UFUNCS[name]
    a = array(x)
    if a.ndim == 0:
        a = a.reshape(1)
    if axis is None:
        if a.ndim >= 2:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
        axis = 0
    res = ufunc.accumulate(a, axis=axis, dtype=dtype)
    if not include_initial:
        return res  # type: ignore[no-any-return]
    ax = core.normalize_axis(axis, a.ndim)
    order = [d for d in range(res.ndim) if d != ax] + [ax]
    moved = res.transpose(order)
    length = moved.shape[-1]
    values = moved.flat_values()
    first = core.cast(ufunc.identity, res.dtype)
    joined: list[object] = []
    for start in range(0, math.prod(moved.shape[:-1]) * length, max(length, 1)):
        joined += [first, *values[start:start + length]]
    if length == 0:
        joined = [first] * math.prod(moved.shape[:-1])
    made = new(joined, (*moved.shape[:-1], length + 1), res.dtype)
    return made.transpose([order.index(d) for d in range(res.ndim)]).copy()


def cumulative_sum(x: object, /, *, axis: object = None, dtype: object = None, out: object = None,
                   include_initial: bool = False) -> core.ndarray:
    return _cumulative_api(x, "add", axis, dtype, out, include_initial)


def cumulative_prod(x: object, /, *, axis: object = None, dtype: object = None, out: object = None,
                    include_initial: bool = False) -> core.ndarray:
    return _cumulative_api(x, "multiply", axis, dtype, out, include_initial)


@core.text_aware
def _any(a: object, axis: object = None, out: object = None, keepdims: object = _NO, *,
         where: object = True) -> object:
    return _truth(a, axis, out, keepdims, where, every=False)


@core.text_aware
def _all(a: object, axis: object = None, out: object = None, keepdims: object = _NO, *,
         where: object = True) -> object:
    return _truth(a, axis, out, keepdims, where, every=True)


# --- NaN-ignoring variants --------------------------------------------------------------------

def nansum(a: object, axis: object = None, dtype: object = None, out: object = None, keepdims: object = _NO,
           initial: object = _NO, where: object = True) -> object:
    arr = array(a)
    no_out(out)
    _plain_options(where, initial)
    if arr.dtype.kind != "f":
        return sum_(arr, axis, dtype, keepdims=keepdims)
    # NumPy sums a copy with the NaNs zeroed; the copy keeps the input's memory order.
    zeroed = core.make([0.0 if is_nan(v) else v for v in arr.flat_values()], arr.shape, arr.dtype)
    reduced = axes(axis, arr.ndim, ufunc=True)
    target = _target_dtype(arr, dtype, accumulate_type(arr.dtype))
    kept, values = _sums(zeroed, reduced, target, ordered=arr.is_contiguous())
    return finish(values, kept, arr.shape, reduced, _keep(keepdims), target)


def _nan_extreme(a: object, axis: object, out: object, keepdims: object, initial: object, where: object,
                 name: str) -> object:
    no_out(out)
    _plain_options(where, initial)
    arr = array(a)
    # An ndarray goes through np.fmax / np.fmin.reduce; anything else through max / min of a copy
    # whose NaNs are replaced, hence the two names in the empty-array error.
    label = ("fmax" if name == "maximum" else "fmin") if isinstance(a, core.ndarray) else name
    _check_empty_reduction(arr, axis, label)
    if arr.dtype.kind != "f":
        return _extreme(arr, axis, keepdims, name)
    reduced = axes(axis, arr.ndim, ufunc=True)
    kept, members = groups(arr.shape, reduced)
    values = arr.flat_values()
    pick = builtins.max if name == "maximum" else builtins.min
    results = []
    for group in members:
        items = [values[i] for i in group if not is_nan(values[i])]
        if not items:
            results.append(math.nan)
            continue
        best = pick(items)
        if best == 0 and len({math.copysign(1.0, x) for x in items if x == 0}) > 1:
            raise Refused("which signed zero NumPy's nanmax / nanmin keeps")
        results.append(best)
    return finish(results, kept, arr.shape, reduced, _keep(keepdims), arr.dtype)


def nanmax(a: object, axis: object = None, out: object = None, keepdims: object = _NO, initial: object = _NO,
           where: object = True) -> object:
    return _nan_extreme(a, axis, out, keepdims, initial, where, "maximum")


def nanmin(a: object, axis: object = None, out: object = None, keepdims: object = _NO, initial: object = _NO,
           where: object = True) -> object:
    return _nan_extreme(a, axis, out, keepdims, initial, where, "minimum")


EXPORTS: dict[str, object] = {
    "nansum": nansum, "nanmax": nanmax, "nanmin": nanmin,
    "sum": sum_, "prod": prod, "max": max_, "amax": max_, "min": min_, "amin": min_, "ptp": ptp,
    "mean": mean, "var": var, "std": std, "argmax": argmax, "argmin": argmin, "any": _any, "all": _all,
    "count_nonzero": count_nonzero, "cumsum": cumsum, "cumprod": cumprod,
    "cumulative_sum": cumulative_sum, "cumulative_prod": cumulative_prod,
}
