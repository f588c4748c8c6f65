"""What JAX checks on a store into a wgmma accumulator, ``acc_ref[idx] = value`` (PAL030).

A ``plgpu.ACC`` ref is not a memory ref: its ``_setitem`` (mosaic_gpu/core.py) refuses any
index but the whole ref ("Non-trivial indexing on WGMMAAbstractAccumulatorRef is not
supported for stores."), then ``wgmma_accumulator_store``'s abstract eval compares the
value's shape and then its dtype with the accumulator's, with no implicit cast ("Accumulator
shape ... does not match value shape ...", "Accumulator dtype ... does not match value dtype
..."). Measured on 0.10.2, 0.11.2 and 0.12.0.1, Lane and Warpgroup (0.8.3 stores through
``swap``: PAL026's texts). Known only where both sides are.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ref_facts import index_dims
from .values import AccRefVal, ArrayVal, Const, DtypeVal


@dataclass(frozen=True)
class AccStoreFault:
    kind: str  # "index", "shape" or "dtype": the first check JAX fails
    acc_shape: tuple[int, ...]
    acc_dtype: str | None
    value_shape: tuple[int, ...] | None = None
    value_dtype: str | None = None


def acc_store_fault(acc: object, index: object, value: object) -> AccStoreFault | None:
    if not isinstance(acc, AccRefVal) or not isinstance(acc.shape, Const):
        return None
    shape = acc.shape.value
    if not (isinstance(shape, tuple) and all(type(d) is int for d in shape)):
        return None
    acc_dtype = acc.dtype.name if isinstance(acc.dtype, DtypeVal) else None
    whole = isinstance(index, Const) and index.value is Ellipsis
    if not whole:
        return AccStoreFault("index", shape, acc_dtype) if _surely_partial(shape, index) else None
    if not isinstance(value, ArrayVal):
        return None
    value_shape = value.shape.value if isinstance(value.shape, Const) \
        and isinstance(value.shape.value, tuple) else None
    if value_shape is not None and value_shape != shape:
        return AccStoreFault("shape", shape, acc_dtype, value_shape)
    value_dtype = value.dtype.name if isinstance(value.dtype, DtypeVal) else None
    # Only a strongly typed value's dtype is sure (a weak one's may be another than recorded).
    if value.strong and value_shape is not None and acc_dtype is not None \
            and value_dtype is not None and value_dtype != acc_dtype:
        return AccStoreFault("dtype", shape, acc_dtype, value_shape, value_dtype)
    return None


def _surely_partial(shape: tuple[int, ...], index: object) -> bool:
    """An index JAX's is_trivial_index surely refuses: an integer, or a slice known not to
    cover its whole dimension (a full slice in another spelling is left alone)."""
    dims = index_dims(Const(shape), index)
    if dims is None:
        return False
    for dim, extent in zip(dims, shape, strict=True):
        if dim.kind == "int":
            return True
        if dim.start is not None and dim.size is not None and (dim.start, dim.size) != (0, extent):
            return True
    return False
