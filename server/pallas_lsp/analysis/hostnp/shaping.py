"""NumPy's shape functions: reshape / transpose / ravel / squeeze / expand_dims / moveaxis /
swapaxes / flip (views, as in NumPy), concatenate / stack / hstack / vstack / column_stack /
append, split / array_split (views), broadcast_to / broadcast_arrays, atleast_Nd, roll, tile,
repeat, pad (constant mode), diagonal, trace, shape / ndim / size.

Views share the base's storage (core's strided ndarray), so a write through a split piece or a
flipped view lands in the base as in NumPy. Not modelled: NumPy's read-only flag (a write to a
broadcast_to view or a diagonal is an error there; diagonal here is a copy). Refused: out=,
dtype= / casting= on the joins, pad modes other than 'constant', orders other than C.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import array, c_strides, index, new, no_out


def _view(a: core.ndarray, offset: int, shape: Sequence[int], strides: Sequence[int]) -> core.ndarray:
    return core.ndarray._new(a._data, offset, tuple(shape), tuple(strides), a._dtype, a)


def _axis_list(axis: object) -> list[object]:
    return list(axis) if isinstance(axis, (tuple, list)) else [axis]


# --- views -------------------------------------------------------------------------------------

@core.text_aware
def reshape(a: object, /, shape: object, order: str = "C", *, copy: object = None) -> core.ndarray:
    return array(a).reshape(shape, order=order, copy=copy)


@core.text_aware
def transpose(a: object, axes: object = None) -> core.ndarray:
    return array(a).transpose(axes)


@core.text_aware
def ravel(a: object, order: str = "C") -> core.ndarray:
    return array(a).ravel(order)


@core.text_aware
def squeeze(a: object, axis: object = None) -> core.ndarray:
    a = array(a)
    if axis is None:
        drop = {d for d, n in enumerate(a.shape) if n == 1}
    else:
        drop = {core.normalize_axis(ax, a.ndim) for ax in _axis_list(axis)}
        if any(a.shape[d] != 1 for d in drop):
            raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    keep = [d for d in range(a.ndim) if d not in drop]
    return _view(a, a._offset, [a.shape[d] for d in keep], [a._strides[d] for d in keep])


@core.text_aware
def expand_dims(a: object, axis: object) -> core.ndarray:
    a = array(a)
    wanted = _axis_list(axis)
    out_ndim = a.ndim + len(wanted)
    places = [core.normalize_axis(ax, out_ndim) for ax in wanted]
    if len(set(places)) != len(places):
        raise ValueError("repeated axis")
    shape, strides = list(a.shape), list(a._strides)
    for d in sorted(places):
        shape.insert(d, 1)
        strides.insert(d, 0)
    return _view(a, a._offset, shape, strides)


@core.text_aware
def moveaxis(a: object, source: object, destination: object) -> core.ndarray:
    a = array(a)
    src = [core.normalize_axis(ax, a.ndim, "source") for ax in _axis_list(source)]
    dst = [core.normalize_axis(ax, a.ndim, "destination") for ax in _axis_list(destination)]
    if len(set(src)) != len(src):
        raise ValueError("repeated axis in `source` argument")
    if len(set(dst)) != len(dst):
        raise ValueError("repeated axis in `destination` argument")
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    order = [d for d in range(a.ndim) if d not in src]
    for d, s in sorted(zip(dst, src, strict=True)):
        order.insert(d, s)
    return a.transpose(order)


@core.text_aware
def swapaxes(a: object, axis1: object, axis2: object) -> core.ndarray:
    a = array(a)
    first = core.normalize_axis(axis1, a.ndim, "axis1")
    second = core.normalize_axis(axis2, a.ndim, "axis2")
    order = list(range(a.ndim))
    order[first], order[second] = order[second], order[first]
    return a.transpose(order)


@core.text_aware
def flip(m: object, axis: object = None) -> core.ndarray:
    a = array(m)
    if axis is None:
        flipped = set(range(a.ndim))
    else:
        flipped = {core.normalize_axis(ax, a.ndim) for ax in _axis_list(axis)}
    offset = a._offset
    strides = list(a._strides)
    for d in flipped:
        if a.shape[d]:
            offset += (a.shape[d] - 1) * strides[d]
        strides[d] = -strides[d]
    return _view(a, offset, a.shape, strides)


@core.text_aware
def fliplr(m: object) -> core.ndarray:
    a = array(m)
    if a.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(a, 1)


@core.text_aware
def flipud(m: object) -> core.ndarray:
    a = array(m)
    if a.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(a, 0)


def _slice_axis(a: core.ndarray, axis: int, start: int, stop: int) -> core.ndarray:
    start, stop, _ = slice(start, stop).indices(a.shape[axis])
    shape = list(a.shape)
    shape[axis] = max(stop - start, 0)
    return _view(a, a._offset + start * a._strides[axis] if shape[axis] else a._offset, shape, a._strides)


def _has_len(value: object) -> bool:
    return isinstance(value, (list, tuple)) or (isinstance(value, core.ndarray) and value.ndim > 0)


def array_split(ary: object, indices_or_sections: object, axis: object = 0) -> list[core.ndarray]:
    # numpy/lib/_shape_base_impl.py, step by step (its errors are those of these steps).
    if isinstance(ary, core.ndarray):
        total = ary.shape[index(axis)]
    elif isinstance(ary, (list, tuple)):
        total = len(ary)
    else:
        raise TypeError(f"object of type '{type(ary).__name__}' has no len()")
    if _has_len(indices_or_sections):
        items = indices_or_sections.tolist() if isinstance(indices_or_sections, core.ndarray) else list(
            indices_or_sections)  # type: ignore[call-overload]
        bounds = [0, *items, total]
    else:
        sections = int(indices_or_sections)  # type: ignore[call-overload]
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.")
        each, extras = divmod(total, sections)
        bounds = [0]
        for k in range(sections):
            bounds.append(bounds[-1] + each + (1 if k < extras else 0))
    a = array(ary)
    ax = core.normalize_axis(axis, a.ndim, "axis1")
    for bound in bounds:
        if isinstance(bound, (float, core.bool_)) or not hasattr(bound, "__index__"):
            raise TypeError("slice indices must be integers or None or have an __index__ method")
    return [_slice_axis(a, ax, index(bounds[k]), index(bounds[k + 1])) for k in range(len(bounds) - 1)]


def split(ary: object, indices_or_sections: object, axis: object = 0) -> list[core.ndarray]:
    if not _has_len(indices_or_sections):
        if not isinstance(ary, core.ndarray):
            raise AttributeError(f"'{type(ary).__name__}' object has no attribute 'shape'")
        if ary.shape[index(axis)] % indices_or_sections:  # type: ignore[operator]
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def broadcast_to(array_: object, shape: object, subok: bool = False) -> core.ndarray:
    a = array(array_)
    target = _broadcast_target(shape)
    clash = any(n != 1 and n != t for n, t in zip(a.shape[::-1], target[::-1], strict=False))
    if len(target) < a.ndim or clash:
        raise ValueError("operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: {_text(a.shape)}  and requested shape {_text(target)}")
    core.check_size(target)
    lead = len(target) - a.ndim
    strides = [0] * lead + [0 if n == 1 and t != 1 else s for n, t, s in
                            zip(a.shape, target[lead:], a._strides, strict=True)]
    return _view(a, a._offset, target, strides)


def _broadcast_target(shape: object) -> tuple[int, ...]:
    items = shape if isinstance(shape, (tuple, list)) else [shape]
    out = tuple(index(n) for n in items)
    if any(n < 0 for n in out):
        raise ValueError("all elements of broadcast shape must be non-negative")
    return out


def _text(shape: Sequence[int]) -> str:
    return "(" + ",".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"


def broadcast_arrays(*args: object, subok: bool = False) -> tuple[core.ndarray, ...]:
    arrays = [array(a) for a in args]
    shape = core.broadcast_shapes(*(a.shape for a in arrays))
    return tuple(a if a.shape == shape else broadcast_to(a, shape) for a in arrays)


@core.text_aware
def atleast_1d(*arys: object) -> object:
    out = [array(a) if array(a).ndim >= 1 else array(a).reshape(1) for a in arys]
    return out[0] if len(out) == 1 else tuple(out)


@core.text_aware
def atleast_2d(*arys: object) -> object:
    out = []
    for item in arys:
        a = array(item)
        out.append(a if a.ndim >= 2 else a.reshape(1, -1) if a.ndim == 1 else a.reshape(1, 1))
    return out[0] if len(out) == 1 else tuple(out)


@core.text_aware
def atleast_3d(*arys: object) -> object:
    out = []
    for item in arys:
        a = array(item)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, -1, 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape[0], a.shape[1], 1)
        out.append(a)
    return out[0] if len(out) == 1 else tuple(out)


# --- joins -------------------------------------------------------------------------------------

@core.text_aware
def concatenate(arrays: object, axis: object = 0, out: object = None, *, dtype: object = None,
                casting: object = "same_kind") -> core.ndarray:
    no_out(out)
    if dtype is not None or casting != "same_kind":
        raise Refused("concatenate(dtype= / casting=)")
    parts = [array(p) for p in _sequence(arrays)]
    if not parts:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        parts = [core.make(p.flat_values(), (p.size,), p.dtype) for p in parts]
        axis = 0
    first = parts[0]
    if first.ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    ax = core.normalize_axis(axis, first.ndim)
    for k, p in enumerate(parts[1:], 1):
        if p.ndim != first.ndim:
            raise ValueError("all the input arrays must have same number of dimensions, but the array at "
                             f"index 0 has {first.ndim} dimension(s) and the array at index {k} has "
                             f"{p.ndim} dimension(s)")
        for d in range(first.ndim):
            if d != ax and p.shape[d] != first.shape[d]:
                raise ValueError("all the input array dimensions except for the concatenation axis must "
                                 f"match exactly, but along dimension {d}, the array at index 0 has size "
                                 f"{first.shape[d]} and the array at index {k} has size {p.shape[d]}")
    target = core.result_type(*parts)
    shape = list(first.shape)
    shape[ax] = sum(p.shape[ax] for p in parts)
    outer = math.prod(first.shape[:ax])
    values: list = []
    chunks = []
    for p in parts:
        flat = [core.cast(v, target) for v in p.flat_values()] if p.dtype is not target else p.flat_values()
        step = math.prod(p.shape[ax:])
        chunks.append((flat, step))
    for o in range(outer):
        for flat, step in chunks:
            values.extend(flat[o * step:(o + 1) * step])
    return new(values, shape, target)


def _sequence(arrays: object) -> list:
    if isinstance(arrays, core.ndarray):
        return [arrays[i] for i in range(arrays.shape[0])] if arrays.ndim else [arrays]
    if not isinstance(arrays, (list, tuple)):
        raise Refused(f"joining a {type(arrays).__name__}")
    return list(arrays)


@core.text_aware
def stack(arrays: object, axis: object = 0, out: object = None, *, dtype: object = None,
          casting: object = "same_kind") -> core.ndarray:
    parts = [array(p) for p in _sequence(arrays)]
    if not parts:
        raise ValueError("need at least one array to stack")
    if any(p.shape != parts[0].shape for p in parts):
        raise ValueError("all input arrays must have the same shape")
    ax = core.normalize_axis(axis, parts[0].ndim + 1)
    return concatenate([expand_dims(p, ax) for p in parts], ax, out, dtype=dtype, casting=casting)


@core.text_aware
def hstack(tup: object, *, dtype: object = None, casting: object = "same_kind") -> core.ndarray:
    parts = [atleast_1d(p) for p in _sequence(tup)]
    if parts and parts[0].ndim == 1:  # type: ignore[attr-defined]
        return concatenate(parts, 0, dtype=dtype, casting=casting)
    return concatenate(parts, 1, dtype=dtype, casting=casting)


@core.text_aware
def vstack(tup: object, *, dtype: object = None, casting: object = "same_kind") -> core.ndarray:
    return concatenate([atleast_2d(p) for p in _sequence(tup)], 0, dtype=dtype, casting=casting)


@core.text_aware
def dstack(tup: object) -> core.ndarray:
    return concatenate([atleast_3d(p) for p in _sequence(tup)], 2)


@core.text_aware
def column_stack(tup: object) -> core.ndarray:
    parts = []
    for item in _sequence(tup):
        a = array(item)
        if a.ndim < 2:
            a = a.reshape(1, -1).transpose() if a.ndim == 1 else a.reshape(1, 1)
        parts.append(a)
    return concatenate(parts, 1)


@core.text_aware
def append(arr: object, values: object, axis: object = None) -> core.ndarray:
    a, b = array(arr), array(values)
    if axis is None:
        return concatenate([a.ravel() if a.ndim != 1 else a, b.ravel() if b.ndim != 1 else b], 0)
    return concatenate([a, b], axis)


# --- copies ------------------------------------------------------------------------------------

@core.text_aware
def roll(a: object, shift: object, axis: object = None) -> core.ndarray:
    arr = array(a)
    if axis is None:
        flat = roll(core.make(arr.flat_values(), (arr.size,), arr.dtype), shift, 0)
        return new(flat.flat_values(), arr.shape, arr.dtype)
    shifts = [index(s) for s in _axis_list(shift)]
    axes_ = [core.normalize_axis(ax, arr.ndim) for ax in _axis_list(axis)]
    if len(shifts) != len(axes_):
        if len(shifts) != 1 and len(axes_) != 1:
            raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
        count = max(len(shifts), len(axes_))
        shifts, axes_ = shifts * (count // len(shifts)), axes_ * (count // len(axes_))
    total = [0] * arr.ndim
    for s, ax in zip(shifts, axes_, strict=True):
        total[ax] += s
    values = arr.flat_values()
    out = [None] * len(values)
    strides = c_strides(arr.shape)
    for flat in range(len(values)):
        target = 0
        rest = flat
        for d in range(arr.ndim):
            coord, rest = divmod(rest, strides[d])
            target += ((coord + total[d]) % arr.shape[d]) * strides[d]
        out[target] = values[flat]
    return new(out, arr.shape, arr.dtype)


@core.text_aware
def tile(A: object, reps: object) -> core.ndarray:
    a = array(A)
    counts = [index(r) for r in _axis_list(reps)]
    ndim = max(a.ndim, len(counts))
    counts = [1] * (ndim - len(counts)) + counts
    shape = [1] * (ndim - a.ndim) + list(a.shape)
    out_shape = [n * r for n, r in zip(shape, counts, strict=True)]
    if a.size == 0:
        # NumPy only reshapes an empty input: a negative repetition of a zero-length axis passes.
        if any(n < 0 for n in out_shape):
            raise Refused("np.tile of an empty array to a negative shape")
        return new([], out_shape, a.dtype)
    if any(r < 0 for r in counts):
        raise ValueError("negative dimensions are not allowed")
    core.check_size(tuple(out_shape))
    values = a.flat_values()
    src_strides = c_strides(shape)
    out = [values[sum((c % n) * s for c, n, s in zip(coords, shape, src_strides, strict=True))]
           for coords in _coords(out_shape)]
    return new(out, out_shape, a.dtype)


def _coords(shape: Sequence[int]) -> list[tuple[int, ...]]:
    import itertools
    return list(itertools.product(*[range(n) for n in shape]))


@core.text_aware
def repeat(a: object, repeats: object, axis: object = None) -> core.ndarray:
    arr = array(a)
    if axis is None or arr.ndim == 0:
        # A 0-d array repeats as its one-element ravel, whatever the axis.
        arr = core.make(arr.flat_values(), (arr.size,), arr.dtype)
        axis = 0 if axis is None else axis
    ax = core.normalize_axis(axis, arr.ndim)
    reps = array(repeats)
    # NumPy converts repeats to intp unsafely: 1.5 repeats once.
    counts = [int(core.cast(r, core.dtype("int64"))) for r in reps.flat_values()]
    length = arr.shape[ax]
    if reps.ndim == 0 or len(counts) == 1:
        # NumPy checks the broadcast count only through the size it allocates.
        if counts[0] * length < 0:
            raise ValueError("negative dimensions are not allowed")
        counts = counts * length
    elif len(counts) != length:
        raise ValueError(f"operands could not be broadcast together with shape ({length},) ({len(counts)},)")
    if any(c < 0 for c in counts):
        raise ValueError("repeats may not contain negative values.")
    shape = list(arr.shape)
    shape[ax] = sum(counts)
    core.check_size(tuple(shape))
    outer = math.prod(arr.shape[:ax])
    inner = math.prod(arr.shape[ax + 1:])
    values = arr.flat_values()
    out: list = []
    for o in range(outer):
        for k in range(length):
            start = (o * length + k) * inner
            out.extend(values[start:start + inner] * counts[k])
    return new(out, shape, arr.dtype)


def pad(array_: object, pad_width: object, mode: object = "constant", **kwargs: object) -> core.ndarray:
    a = array(array_)
    if mode != "constant" or set(kwargs) - {"constant_values"}:
        raise Refused(f"np.pad mode {mode!r}")
    widths = _pairs(pad_width, a.ndim, "pad")
    fill = _pairs(kwargs.get("constant_values", 0), a.ndim, "constant")
    if any(w < 0 for pair in widths for w in pair):
        raise ValueError("index can't contain negative values")
    shape = [n + lo + hi for n, (lo, hi) in zip(a.shape, widths, strict=True)]
    core.check_size(tuple(shape))
    values = a.flat_values()
    out: list = [None] * math.prod(shape)
    out_strides = c_strides(shape)
    src_strides = c_strides(a.shape)
    # NumPy fills the pads axis by axis (later axes overwrite the corners), then the interior.
    for coords in _coords(shape):
        flat = sum(c * s for c, s in zip(coords, out_strides, strict=True))
        inside = True
        for d in range(a.ndim - 1, -1, -1):
            lo = widths[d][0]
            if coords[d] < lo:
                out[flat] = core.cast(fill[d][0], a.dtype)
                inside = False
                break
            if coords[d] >= lo + a.shape[d]:
                out[flat] = core.cast(fill[d][1], a.dtype)
                inside = False
                break
        if inside:
            source = sum((c - w[0]) * s for c, w, s in zip(coords, widths, src_strides, strict=True))
            out[flat] = values[source]
    return new(out, shape, a.dtype)


def _pairs(value: object, ndim: int, what: str) -> list[tuple[Any, Any]]:
    """np.pad's (before, after) per axis: a scalar, a pair or one pair per axis."""
    arr = array(value)
    if what == "pad" and arr.dtype.kind not in "iub":
        raise TypeError("`pad_width` must be of integral type.")
    items = arr.flat_values()
    if what == "pad" and any(v < 0 for v in items):
        raise ValueError("index can't contain negative values")
    if arr.ndim == 0 or arr.shape in ((1,), (1, 1)):
        return [(items[0], items[0])] * ndim
    if arr.shape in ((2,), (1, 2)):
        return [(items[0], items[1])] * ndim
    if arr.shape == (ndim, 1):
        return [(v, v) for v in items]
    if arr.shape == (ndim, 2):
        return [(items[2 * d], items[2 * d + 1]) for d in range(ndim)]
    raise ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: "
                     f"{_text(arr.shape)}  and requested shape {_text((ndim, 2))}")


# --- diagonal / trace / shape queries ----------------------------------------------------------------

def diagonal(a: object, offset: object = 0, axis1: object = 0, axis2: object = 1) -> core.ndarray:
    arr = array(a)
    if arr.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    first = core.normalize_axis(axis1, arr.ndim, "axis1")
    second = core.normalize_axis(axis2, arr.ndim, "axis2")
    if first == second:
        raise ValueError("axis1 and axis2 cannot be the same")
    k = index(offset)
    rest = [d for d in range(arr.ndim) if d not in (first, second)]
    n1, n2 = arr.shape[first], arr.shape[second]
    count = max(0, min(n1, n2 - k) if k >= 0 else min(n1 + k, n2))
    values = arr.flat_values()
    strides = c_strides(arr.shape)
    out = []
    for coords in _coords([arr.shape[d] for d in rest]):
        base = sum(c * strides[d] for c, d in zip(coords, rest, strict=True))
        for i in range(count):
            row, col = (i, i + k) if k >= 0 else (i - k, i)
            out.append(values[base + row * strides[first] + col * strides[second]])
    return new(out, [arr.shape[d] for d in rest] + [count], arr.dtype)


def trace(a: object, offset: object = 0, axis1: object = 0, axis2: object = 1, dtype: object = None,
          out: object = None) -> object:
    no_out(out)
    from . import reductions
    arr = array(a)
    diag = diagonal(arr, offset, axis1, axis2)
    if diag.ndim > 1 and diag.dtype.kind == "f":
        # NumPy sums a strided view whose iteration order its iterator picks: exact sums only.
        kept, sums = reductions._sums(diag, (diag.ndim - 1,), reductions._target_dtype(
            diag, dtype, reductions.accumulate_type(diag.dtype)), ordered=False)
        target = reductions._target_dtype(diag, dtype, reductions.accumulate_type(diag.dtype))
        return new(sums, kept, target)
    return reductions.sum_(diag, axis=-1, dtype=dtype)


def shape(a: object) -> tuple[int, ...]:
    return array(a).shape


def ndim(a: object) -> int:
    return array(a).ndim


def size(a: object, axis: object = None) -> int:
    arr = array(a)
    if axis is None:
        return arr.size
    return arr.shape[core.normalize_axis(axis, arr.ndim)]


EXPORTS: dict[str, object] = {
    "reshape": reshape, "transpose": transpose, "ravel": ravel, "squeeze": squeeze,
    "expand_dims": expand_dims,
    "moveaxis": moveaxis, "swapaxes": swapaxes, "flip": flip, "fliplr": fliplr, "flipud": flipud,
    "split": split, "array_split": array_split, "broadcast_to": broadcast_to,
    "broadcast_arrays": broadcast_arrays,
    "atleast_1d": atleast_1d, "atleast_2d": atleast_2d, "atleast_3d": atleast_3d, "concatenate": concatenate,
    "stack": stack, "hstack": hstack, "vstack": vstack, "dstack": dstack, "column_stack": column_stack,
    "append": append, "roll": roll, "tile": tile, "repeat": repeat, "pad": pad, "diagonal": diagonal,
    "trace": trace, "shape": shape, "ndim": ndim, "size": size,
}
