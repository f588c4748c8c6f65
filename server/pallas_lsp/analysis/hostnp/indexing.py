"""ndarray indexing: NumPy's basic indexing (views) and advanced indexing (copies).

Basic indices (integers, slices, ``None``, ``...``) give a view sharing the array's storage,
so writing through it changes the base, as in NumPy; a full integer index gives the NumPy
scalar. Integer and boolean arrays (or lists) are advanced indices: broadcast together, their
dimensions go where NumPy puts them (in place when the advanced indices are adjacent, first
otherwise), and the result is a copy. Errors are NumPy's IndexError / ValueError messages.

Refused: a scalar boolean index (``a[True]``), index objects of other types' ``__index__``
beyond NumPy scalars and 0-d arrays, ``put`` / ``ix_``.

Above arrays.py (through core): the ndarray's ``[]``, ``[] =`` and ``take`` run ``getitem``,
``setitem`` and ``take``, which this module registers in dtypes' ``REGISTRY`` when imported.
"""

from __future__ import annotations

import math
from typing import Any

from . import core
from .core import BOOL, INT64, Refused, ndarray
from .dtypes import register

_VALID = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean "
          "arrays are valid indices")


class _Advanced:
    """An integer index array (a boolean one already split into its nonzero indices)."""

    __slots__ = ("axis", "shape", "values")

    def __init__(self, axis: int, values: list[int], shape: tuple[int, ...]) -> None:
        self.axis = axis
        self.values = values
        self.shape = shape


def _classify(item: Any) -> str:
    if item is None:
        return "new"
    if item is Ellipsis:
        return "ellipsis"
    if isinstance(item, slice):
        return "slice"
    if isinstance(item, (bool, core.bool_)):
        return "bool"
    if isinstance(item, int):
        return "int"
    if isinstance(item, ndarray):
        if item._dtype is BOOL:
            return "mask"
        if item._dtype.kind not in "iu":
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
        return "int" if not item._shape else "array"
    if isinstance(item, (list, tuple)):
        return "list"
    raise IndexError(_VALID)


def _as_index_array(item: Any) -> ndarray:
    if isinstance(item, ndarray):
        return item
    if isinstance(item, (list, tuple)) and core._shape_of(item) == (0,):
        return core.make([], (0,), INT64)
    try:
        array = core.asarray(item)
    except (ValueError, TypeError, Refused):
        raise IndexError(_VALID) from None
    if array._dtype.kind == "f":
        raise IndexError(_VALID)
    return array


def _parse(array: ndarray, index: Any) -> tuple[list[tuple[str, Any]], bool]:
    """The index as (kind, payload) entries over the array's axes, and whether it is a full
    integer index (the result is a scalar)."""
    items = list(index) if isinstance(index, tuple) else [index]
    kinds = [_classify(item) for item in items]
    if kinds.count("ellipsis") > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if "bool" in kinds:
        raise Refused("a scalar boolean index")
    converted: list[tuple[str, Any]] = []
    for kind, item in zip(kinds, items, strict=False):
        if kind == "list":
            arr = _as_index_array(item)
            kind = "mask" if arr._dtype is BOOL else "array"
            item = arr
        converted.append((kind, item))
    consumed = sum(item.ndim if kind == "mask" else 1 for kind, item in converted
                   if kind in ("int", "slice", "array", "mask"))
    ndim = array.ndim
    if consumed > ndim:
        raise IndexError(f"too many indices for array: array is {ndim}-dimensional, but {consumed} were "
                         "indexed")
    scalar = all(kind == "int" for kind, _ in converted) and consumed == ndim
    entries: list[tuple[str, Any]] = []
    axis = 0
    for kind, item in converted:
        if kind == "ellipsis":
            for _ in range(ndim - consumed):
                entries.append(("slice", (axis, slice(None))))
                axis += 1
        elif kind == "new":
            entries.append(("new", None))
        elif kind == "mask":
            for sub, values in enumerate(_mask_indices(item, array, axis)):
                entries.append(("array", _Advanced(axis + sub, values, (len(values),))))
            axis += item.ndim
        elif kind == "array":
            values = [int(v) for v in item.flat_values()]
            entries.append(("array", _Advanced(axis, values, item._shape)))
            axis += 1
        elif kind == "int":
            entries.append(("int", (axis, core._as_index(item))))
            axis += 1
        else:
            entries.append(("slice", (axis, item)))
            axis += 1
    while axis < ndim:
        entries.append(("slice", (axis, slice(None))))
        axis += 1
    return entries, scalar


def _mask_indices(mask: ndarray, array: ndarray, axis: int) -> list[list[int]]:
    for k, size in enumerate(mask._shape):
        if array._shape[axis + k] != size:
            raise IndexError(f"boolean index did not match indexed array along axis {axis + k}; size of axis "
                             f"is {array._shape[axis + k]} but size of corresponding boolean axis is {size}")
    columns: list[list[int]] = [[] for _ in mask._shape]
    strides = core.c_strides(mask._shape)
    for flat, flag in enumerate(mask.flat_values()):
        if flag:
            for k, stride in enumerate(strides):
                columns[k].append((flat // stride) % mask._shape[k] if mask._shape[k] else 0)
    if not mask._shape:
        return []
    return columns


def _check(index: int, axis: int, size: int) -> int:
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for axis {axis} with size {size}")
    return index % size if size else index


def _select(array: ndarray, index: Any) -> tuple[Any, tuple[int, ...], list[int] | None, bool]:
    """Where an index points: a basic view (returned first) or, for advanced indexing, the result
    shape and the storage offsets of its elements; and whether the result is a scalar."""
    entries, scalar = _parse(array, index)
    advanced = [e for e in entries if e[0] == "array"]
    if not advanced:
        offset = array._offset
        shape: list[int] = []
        strides: list[int] = []
        for kind, payload in entries:
            if kind == "new":
                shape.append(1)
                strides.append(0)
                continue
            axis, item = payload
            size, stride = array._shape[axis], array._strides[axis]
            if kind == "int":
                offset += _check(item, axis, size) * stride
            else:
                start, stop, step = item.indices(size)
                length = len(range(start, stop, step))
                if length:
                    offset += start * stride
                shape.append(length)
                strides.append(stride * step)
        view = ndarray._new(array._data, offset, tuple(shape), tuple(strides), array._dtype, array._owner())
        return view, tuple(shape), None, scalar
    return None, *_advanced(array, entries), False


def _advanced(array: ndarray, entries: list[tuple[str, Any]]) -> tuple[tuple[int, ...], list[int]]:
    # Integers among advanced indices are 0-d advanced indices (they join the broadcast), but
    # NumPy checks them first (taking the view of the basic part), then broadcasts the arrays,
    # then checks the arrays' elements (none when the broadcast is empty).
    arrays: list[_Advanced] = []
    positions = []
    for position, (kind, payload) in enumerate(entries):
        if kind == "array":
            arrays.append(payload)
            positions.append(position)
        elif kind == "int":
            axis, value = payload
            _check(value, axis, array._shape[axis])
            arrays.append(_Advanced(axis, [value], ()))
            positions.append(position)
    try:
        broadcast = core.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        kinds = [entries[p][0] for p in positions]
        text = " ".join(core._compact(a.shape)
                        for a, kind in zip(arrays, kinds, strict=True) if kind == "array")
        raise IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes "
                         f"{text} ") from None
    count = core.check_size(broadcast)
    block = [0] * count
    for adv in arrays:
        size, stride = array._shape[adv.axis], array._strides[adv.axis]
        values = [_check(v, adv.axis, size) for v in adv.values] if count else []
        spread = _spread(values, adv.shape, broadcast) if count else []
        for i, v in enumerate(spread):
            block[i] += v * stride
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    groups: list[tuple[list[int], tuple[int, ...]]] = []
    placed = False
    for position, (kind, payload) in enumerate(entries):
        if position in positions:
            if adjacent and not placed:
                groups.append((block, broadcast))
                placed = True
            continue
        if kind == "new":
            groups.append(([0], (1,)))
            continue
        axis, item = payload
        size, stride = array._shape[axis], array._strides[axis]
        start, stop, step = item.indices(size)
        steps = range(start, stop, step)
        groups.append(([i * stride for i in steps], (len(steps),)))
    if not adjacent:
        groups.insert(0, (block, broadcast))
    shape: tuple[int, ...] = ()
    offsets = [array._offset]
    for contributions, dims in groups:
        shape += dims
        core.check_size(shape)
        offsets = [base + c for base in offsets for c in contributions]
    return shape, offsets


def _spread(values: list[int], shape: tuple[int, ...], target: tuple[int, ...]) -> list[int]:
    if shape == target:
        return values
    pad = len(target) - len(shape)
    strides = core.c_strides(shape)
    full = (0,) * pad + tuple(0 if n == 1 else s for n, s in zip(shape, strides, strict=False))
    return [values[i] for i in core.flat_offsets(0, target, full)]


def _scalar_bool(index: Any) -> bool | None:
    """A lone boolean scalar index (``a[True]``, ``z[z > 3]`` on a 0-d array), else None."""
    if isinstance(index, (bool, core.bool_)):
        return bool(index)
    if isinstance(index, ndarray) and index._dtype is BOOL and not index._shape:
        return bool(index.flat_values()[0])
    return None


@core.text_aware
def getitem(array: ndarray, index: Any) -> Any:
    flag = _scalar_bool(index)
    if flag is not None:
        # A 0-d boolean index adds an axis of length 1 (true) or 0 (false): advanced, a copy.
        values = array.flat_values() if flag else []
        return core.make(values, (1 if flag else 0, *array._shape), array._dtype)
    view, shape, offsets, scalar = _select(array, index)
    if view is not None:
        if scalar:
            return core.to_scalar(view._data[view._offset], array._dtype)
        return view
    assert offsets is not None
    data = array._data
    return core.make([data[i] for i in offsets], shape, array._dtype)


@core.text_aware
def setitem(array: ndarray, index: Any, value: Any) -> None:
    array._writable()
    if _scalar_bool(index) is not None:
        raise Refused("assignment through a boolean scalar index")
    view, shape, offsets, scalar = _select(array, index)
    if view is not None:
        offsets = view._offsets()
    assert offsets is not None
    if scalar and isinstance(value, (list, tuple, ndarray)):
        # One element takes one value: NumPy converts the sequence with int() / float().
        if isinstance(value, ndarray) or array._dtype is BOOL:
            raise Refused("an array assigned to a single element")
        if array._dtype.kind == "f":
            raise TypeError("float() argument must be a string or a real number, not "
                            f"'{type(value).__name__}'")
        raise TypeError("int() argument must be a string, a bytes-like object or a real number, not "
                        f"'{type(value).__name__}'")
    try:
        values = _values_for(value, shape, array._dtype)
    except _Mismatch as error:
        if view is not None:
            raise ValueError(f"could not broadcast input array from shape {error.source} into shape "
                             f"{error.target}") from None
        mask = _lone_mask(array, index)
        if mask is not None and len(error.source_shape) <= 1:
            raise ValueError("NumPy boolean array indexing assignment cannot assign "
                             f"{error.source_size} input values to the {mask} output values where the mask "
                             "is true") from None
        raise ValueError(f"shape mismatch: value array of shape {error.source} could not be broadcast to "
                         f"indexing result of shape {error.target}") from None
    data = array._data
    for i, v in zip(offsets, values, strict=False):
        data[i] = v


class _Mismatch(Exception):
    def __init__(self, source: tuple[int, ...], target: tuple[int, ...]) -> None:
        super().__init__()
        self.source_shape = source
        self.source = core._compact(source)
        self.target = core._compact(target)
        self.source_size = core.size_of(source)


def _lone_mask(array: ndarray, index: Any) -> int | None:
    """The true count of a boolean mask that is the whole index (NumPy's own message), else None."""
    if isinstance(index, tuple):
        return None
    if isinstance(index, list):
        index = _as_index_array(index)
    if isinstance(index, ndarray) and index._dtype is BOOL and index._shape:
        return sum(1 for flag in index.flat_values() if flag)
    return None


def _values_for(value: Any, shape: tuple[int, ...], dt: core.DType) -> list[Any]:
    """The values a[...] = value writes, broadcast to the indexed shape and cast (unsafe)."""
    size = core.size_of(shape)
    if core.is_python_scalar(value) or isinstance(value, core.generic):
        return [core._assign_value(value, dt)] * size
    source = value if isinstance(value, ndarray) else _sequence_array(value, dt, len(shape))
    vshape = source._shape
    # Leading length-1 dimensions of the value beyond the target's are dropped.
    while len(vshape) > len(shape) and vshape[0] == 1:
        vshape = vshape[1:]
    target = tuple(shape)
    ok = len(vshape) <= len(target) and all(
        v == t or v == 1 for v, t in zip(vshape[::-1], target[::-1], strict=False))
    if not ok:
        raise _Mismatch(source._shape, target)
    flat = source.flat_values()
    spread = _spread(flat, vshape, target) if vshape != target else flat
    if source._dtype is dt:
        return spread
    if source._dtype.kind == "f" and dt.kind in "iu":
        return [core.cast(v, dt) for v in spread]
    return [core.cast(v, dt) for v in spread]


def _sequence_array(value: Any, dt: core.DType, ndim: int) -> ndarray:
    shape = core._shape_of(value) if isinstance(value, (list, tuple)) else None
    if isinstance(value, (list, tuple)) and shape is not None and len(shape) > ndim:
        raise ValueError("setting an array element with a sequence. The requested array would exceed "
                         f"the maximum number of dimension of {ndim}.")
    return core.asarray(value, dtype=dt)


@core.text_aware
def take(a: Any, indices: Any, axis: Any = None, out: Any = None, mode: str = "raise") -> Any:
    if out is not None:
        raise Refused("take with out=")
    array = core.asarray(a)
    if axis is None:
        array = array.ravel()
        ax = 0
    else:
        ax = core.normalize_axis(axis, array.ndim)
    index = core.asarray(indices) if not isinstance(indices, int) else indices
    size = array._shape[ax]
    if size == 0 and (isinstance(index, int) or (index._dtype.kind in "iu" and index.size)):
        raise IndexError("cannot do a non-empty take from an empty axes.")  # checked before any mode
    if mode != "raise":
        if size == 0:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        arr = index if isinstance(index, ndarray) else core.asarray(index)
        if arr._dtype.kind not in "iu":
            raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') according to "
                            "the rule 'safe'")
        fix = (lambda v: v % size) if mode == "wrap" else (lambda v: min(max(v, 0), size - 1))
        if mode not in ("wrap", "clip"):
            raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got '{mode}')")
        index = core.make([fix(v) for v in arr.flat_values()], arr._shape, INT64)
        if not arr._shape:
            index = index.flat_values()[0]
    if isinstance(index, ndarray) and index._dtype.kind not in "iu":
        if index._dtype.kind == "f" and all(v == int(v) for v in index.flat_values() if math.isfinite(v)) \
                and all(math.isfinite(v) for v in index.flat_values()):
            index = index.astype(INT64)  # take casts its indices unsafely; whole floats are exact
        else:
            raise Refused("take with fractional or boolean indices")
    key = (slice(None),) * ax + (index,)
    if isinstance(index, ndarray) and index._shape == ():
        key = (slice(None),) * ax + (int(index.flat_values()[0]),)
    result = array[key]
    return result


# What the ndarray (arrays.py, below this module) runs for a[i], a[i] = v and a.take.
register("indexing.getitem", getitem)
register("indexing.setitem", setitem)
register("indexing.take", take)

EXPORTS: dict[str, object] = {"take": take}
