"""What Mosaic GPU checks of a shared-memory buffer's transforms and of the windows taken of
it (PAL012), computed from the ref facts (ref_facts.py). Measured on 0.8.3, 0.10.2, 0.11.2
and 0.12.0.1 (docs/rules/PAL012.md):

- ``SwizzleTransform(s)`` with s not 32, 64 or 128 raises where it is built;
- a swizzle needs the minor dimension, after the transforms before it (a tiling), to be
  ``s / itemsize`` elements: "Swizzle 128 requires the trailing dimension to be of size 64";
- a window (``.at[...]``, an indexed load or store) of a tiled dimension must start and end
  on a tile boundary: "Expected slice start (4) and slice size (16) to be divisible by the
  tile size (8)".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .dtypes import DTYPE_BITS
from .ref_facts import index_dims, transforms_of
from .values import Const, DimIndex, DtypeVal, RefTypeVal, RefVal, TransformVal

SWIZZLES = (32, 64, 128)


def itemsize(dtype: object) -> int | None:
    if isinstance(dtype, DtypeVal) and dtype.name in DTYPE_BITS and DTYPE_BITS[dtype.name] % 8 == 0:
        return DTYPE_BITS[dtype.name] // 8
    return None


def swizzle_unsupported(transform: TransformVal) -> bool:
    return transform.kind == "swizzle" and type(transform.value) is int and transform.value not in SWIZZLES


@dataclass(frozen=True)
class SwizzleFit:
    """A swizzle whose rows the buffer's minor dimension does not fill."""

    swizzle: TransformVal
    tiling: TransformVal | None
    needed: int  # elements the minor dimension must have: swizzle bytes / itemsize
    minor: int  # the elements it has
    shape: tuple[int, ...]  # the transformed shape JAX prints
    itemsize: int


def swizzle_fit(buffer: RefTypeVal) -> SwizzleFit | None:
    """The swizzle the buffer's minor dimension does not fit, applying its transforms in
    order (a tiling splits the shape into tiles; a transpose permutes it); None when it fits
    or anything (shape, dtype, a transform) is not known."""
    size = itemsize(buffer.dtype)
    if not isinstance(buffer.shape, Const) or size is None or not isinstance(buffer.transforms, tuple):
        return None
    shape: tuple[int, ...] = buffer.shape.value  # type: ignore[assignment]
    tiling: TransformVal | None = None
    for transform in buffer.transforms:
        value = transform.value  # type: ignore[attr-defined]
        if transform.kind == "tiling":  # type: ignore[attr-defined]
            if not isinstance(value, tuple) or not value or len(value) > len(shape) \
                    or any(t <= 0 for t in value):
                return None
            outer, inner = shape[:len(shape) - len(value)], shape[len(shape) - len(value):]
            if any(d % t for d, t in zip(inner, value, strict=True)):
                return None  # a tile that does not divide the shape fails another check first
            shape = (*outer, *(d // t for d, t in zip(inner, value, strict=True)), *value)
            tiling = transform  # type: ignore[assignment]
        elif transform.kind == "transpose":  # type: ignore[attr-defined]
            if not isinstance(value, tuple) or sorted(value) != list(range(len(shape))):
                return None
            shape = tuple(shape[i] for i in value)
        elif transform.kind == "swizzle":  # type: ignore[attr-defined]
            if type(value) is not int or value not in SWIZZLES or not shape:
                return None
            needed = value // size
            if shape[-1] != needed:
                return SwizzleFit(transform, tiling, needed, shape[-1], shape, size)  # type: ignore[arg-type]
        else:
            return None
    return None


@dataclass(frozen=True)
class TileMisfit:
    """A window of a tiled dimension that does not start or end on a tile boundary."""

    dim: int
    start: int
    size: int
    tile: int
    tiling: TransformVal


def window_misfit(ref: RefVal, index: object = None) -> TileMisfit | None:
    """The first tiled dimension the window cuts inside a tile: the ref's one view of its
    tiled allocation, or (``index`` given) the index of a load / store of it."""
    root = ref.root or ref
    found = transforms_of(root)
    tiling = found.get("tiling")
    if not isinstance(tiling, TransformVal) or not isinstance(tiling.value, tuple) \
            or not isinstance(root.shape, Const) or "transpose" in found:
        return None
    if index is None:
        if not isinstance(ref.views, tuple) or len(ref.views) != 1:
            return None
        dims: tuple[DimIndex, ...] | None = ref.views[0]
    else:
        if ref.views != ():
            return None  # an index of a view: relative to the view, not followed
        dims = index_dims(root.shape, index)
    if dims is None:
        return None
    tiles = tiling.value
    first_tiled = len(dims) - len(tiles)
    if first_tiled < 0 or any(type(t) is not int or t <= 0 for t in tiles):
        return None  # a tile that is not a positive int: JAX refuses the tiling itself first
    for offset, tile in enumerate(tiles):
        dim = dims[first_tiled + offset]
        if dim.kind != "slice" or dim.start is None or dim.size is None or dim.stride != 1:
            continue
        if dim.start % tile or dim.size % tile:  # type: ignore[operator]
            return TileMisfit(first_tiled + offset, dim.start, dim.size, tile, tiling)
    return None


def elements(shape: object) -> int | None:
    if isinstance(shape, Const) and isinstance(shape.value, tuple):
        return math.prod(shape.value)  # type: ignore[arg-type]
    return None
