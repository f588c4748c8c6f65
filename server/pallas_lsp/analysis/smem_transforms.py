"""What Mosaic GPU checks of a shared-memory buffer's transforms and of the windows taken of
it (PAL012), computed from the ref facts (ref_facts.py). Measured on 0.8.3, 0.10.2, 0.11.2
and 0.12.0.1 (docs/rules/PAL012.md):

- ``SwizzleTransform(s)`` with s not 32, 64 or 128 raises where it is built;
- a swizzle needs the minor dimension, after the transforms before it (a tiling), to be
  ``s / itemsize`` elements: "Swizzle 128 requires the trailing dimension to be of size 64";
- a window (``.at[...]``, an indexed load or store) of a tiled dimension must start and end
  on a tile boundary: "Expected slice start (4) and slice size (16) to be divisible by the
  tile size (8)".
- an index of a tiled dimension must be a slice of stride 1: an integer raises "Unsupported
  index type", a stride "Strided slices unsupported. Got stride: 2";
- an index of a buffer swizzled but not tiled must slice the two minor dimensions (an
  integer there: "Non-slice indices are not supported in 2 minormost dims") and take the
  whole minor one ("Swizzled dims cannot be sliced");
- a window of a buffer without transforms must not stride ("Strided slices not
  implemented").
Measured on 0.10.2, 0.11.2 and 0.12.0.1, under Lane and Warpgroup semantics.
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
class TilingMisfit:
    """A tiling that does not divide the buffer's dimensions it tiles: JAX asserts when it
    builds the buffer's type (``TilingTransform.transform_type``: a bare AssertionError from
    0.10; 0.8.3's TileTransform raises "Expected GMEM slice shape ... suffix to be a multiple
    of tiling ...")."""

    tiling: TransformVal
    shape: tuple[int, ...]  # the shape the tiling is applied to (after transforms before it)


def tiling_misfit(buffer: RefTypeVal) -> TilingMisfit | None:
    """The first tiling of the buffer's transforms, applied in order, whose tile does not
    divide the trailing dimensions it pairs with (``zip(shape[-len(tile):], tile)``, as
    JAX pairs them); None when every one divides or anything is not known."""
    if not isinstance(buffer.shape, Const) or not isinstance(buffer.transforms, tuple):
        return None
    shape: tuple[int, ...] = buffer.shape.value  # type: ignore[assignment]
    if not isinstance(shape, tuple) or not all(type(d) is int for d in shape):
        return None
    for transform in buffer.transforms:
        value = getattr(transform, "value", None)
        kind = getattr(transform, "kind", None)
        if kind == "tiling":
            if not isinstance(value, tuple) or not value or any(type(t) is not int or t <= 0 for t in value):
                return None
            tiled = shape[-len(value):]
            if any(d % t for d, t in zip(tiled, value, strict=False)):
                return TilingMisfit(transform, shape)  # type: ignore[arg-type]
            if len(value) > len(shape):
                return None  # JAX's new shape is not followed here
            outer = shape[:len(shape) - len(value)]
            shape = (*outer, *(d // t for d, t in zip(tiled, value, strict=True)), *value)
        elif kind == "transpose":
            if not isinstance(value, tuple) or sorted(value) != list(range(len(shape))):
                return None
            shape = tuple(shape[i] for i in value)
        elif kind == "swizzle":
            size = itemsize(buffer.dtype)
            if type(value) is not int or value not in SWIZZLES or size is None or not shape \
                    or shape[-1] != value // size:
                return None  # refused first by the swizzle (swizzle_fit), or not known
        else:
            return None
    return None


def allocation_refused(ref: object) -> bool:
    """The ref's buffer has transforms that do not fit its shape and dtype (a swizzle wider
    than its minor dimension, a tile that does not divide it): JAX refuses it when it builds
    the buffer, before the body that uses it is traced (PAL012's), so nothing in that body
    is checked."""
    base = ref.root if isinstance(ref, RefVal) and isinstance(ref.root, RefVal) else ref
    if not isinstance(base, RefVal):
        return False
    return buffer_refused(RefTypeVal(base.space, base.shape, base.dtype, base.transforms))


def buffer_refused(buffer: RefTypeVal) -> bool:
    """A shared-memory buffer type JAX refuses to build: its swizzle or tiling does not fit it."""
    return buffer.space == "SMEM" and isinstance(buffer.transforms, tuple) and bool(buffer.transforms) \
        and (swizzle_fit(buffer) is not None or tiling_misfit(buffer) is not None)


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


@dataclass(frozen=True)
class WindowFault:
    """An index of a shared-memory buffer that JAX cannot carry through its transforms (or,
    without transforms, cannot slice): ``kind`` is "tile_int" (an integer index of a tiled
    dimension), "tile_stride" (a strided slice of one), "swizzle_int" (an integer index of
    one of the two minor dimensions of a buffer swizzled without tiling), "swizzle_cut" (a
    slice of its minor dimension that is not all of it) or "stride" (a strided slice of a
    buffer without transforms)."""

    kind: str
    dim: int
    transform: TransformVal | None  # the tiling or the swizzle the index breaks
    stride: int | None = None
    swizzle_elems: int | None = None  # "swizzle_cut": the minor dimension's elements


def window_dims(ref: RefVal, index: object = None) -> tuple[DimIndex, ...] | None:
    """The index of the allocation a window takes: the ref's one view of it, or (``index``
    given) the index of a load / store of the allocation itself; None when not known."""
    root = ref.root or ref
    if index is None:
        if not isinstance(ref.views, tuple) or len(ref.views) != 1:
            return None
        return ref.views[0]
    if ref.views != ():
        return None  # an index of a view: relative to the view, not followed
    return index_dims(root.shape, index)


def window_past_end(ref: RefVal, index: object = None) -> bool:
    """The window surely reaches past its dimension's end (start, size and stride known):
    JAX raises "Out of bound slice" while tracing, before any lowering check of the kernel."""
    root = ref.root or ref
    if not isinstance(root.shape, Const) or not isinstance(root.shape.value, tuple):
        return False
    dims = window_dims(ref, index)
    extents = root.shape.value
    if dims is None or len(dims) != len(extents):
        return False
    return any(dim.kind == "slice" and dim.start is not None and dim.size is not None
               and dim.stride is not None and type(extent) is int
               and dim.start + (dim.size - 1) * dim.stride >= extent
               for dim, extent in zip(dims, extents, strict=True))


def window_fault(ref: RefVal, index: object = None) -> WindowFault | None:
    """The first dimension of the window JAX refuses for its kind of index (WindowFault);
    None when it is accepted, not known, or cut inside a tile (window_misfit's)."""
    root = ref.root or ref
    if not isinstance(root.transforms, tuple) or not isinstance(root.shape, Const):
        return None
    dims = window_dims(ref, index)
    if dims is None:
        return None
    if not root.transforms:
        extents = root.shape.value
        for at, dim in enumerate(dims):
            if dim.kind != "slice" or dim.stride is None or dim.stride == 1:
                continue
            # A traced start raises "Unsupported slice" instead, and a slice past the end "Out
            # of bound slice" first (both measured on JAX's own kernels, mutated).
            if dim.start is None or dim.size is None or not isinstance(extents, tuple) \
                    or dim.start + (dim.size - 1) * dim.stride >= extents[at]:  # type: ignore[operator]
                return None
            return WindowFault("stride", at, None, stride=dim.stride)
        return None
    found = transforms_of(root)
    if set(found) - {"tiling", "swizzle"} or len(found) != len(root.transforms):
        return None
    tiling, swizzle = found.get("tiling"), found.get("swizzle")
    if isinstance(tiling, TransformVal):
        return _tiled_fault(dims, tiling, root.shape.value)  # type: ignore[attr-defined]
    if isinstance(swizzle, TransformVal):
        return _swizzled_fault(root, dims, swizzle)
    return None


def _tiled_fault(dims: tuple[DimIndex, ...], tiling: TransformVal,
                 shape: object) -> WindowFault | None:
    """JAX walks the tiled dimensions in order: an integer, then a stride, then a cut tile
    (window_misfit) raise on the first dimension that has one."""
    tiles = tiling.value
    if not isinstance(tiles, tuple) or any(type(t) is not int or t <= 0 for t in tiles):
        return None
    first = len(dims) - len(tiles)
    if first < 0:
        return None
    for offset, tile in enumerate(tiles):
        at, dim = first + offset, dims[first + offset]
        if dim.kind == "int":
            return WindowFault("tile_int", at, tiling)
        if dim.stride is None:
            return None
        if dim.stride != 1:
            extent = shape[at] if isinstance(shape, tuple) and len(shape) == len(dims) else None
            if dim.start is None or dim.size is None or extent is None \
                    or dim.start + (dim.size - 1) * dim.stride >= extent:
                return None  # "Out of bound slice" first, or a start not known
            return WindowFault("tile_stride", at, tiling, stride=dim.stride)
        if (dim.start is not None and dim.start % tile) or (dim.size is not None and dim.size % tile):
            return None  # a cut tile: window_misfit's finding
    return None


def _swizzled_fault(root: RefVal, dims: tuple[DimIndex, ...], swizzle: TransformVal) -> WindowFault | None:
    size, shape = itemsize(root.dtype), root.shape.value  # type: ignore[attr-defined]
    if type(swizzle.value) is not int or swizzle.value not in SWIZZLES or size is None \
            or not isinstance(shape, tuple) or not shape or not dims:
        return None
    elems = swizzle.value // size
    if shape[-1] != elems:
        return None  # the allocation is refused first (swizzle_fit)
    minor = dims[-2:]
    for offset, dim in enumerate(minor):
        if dim.kind == "int":
            return WindowFault("swizzle_int", len(dims) - len(minor) + offset, swizzle)
    last = dims[-1]
    if last.start is None or last.size is None or last.stride is None:
        return None
    if last.start != 0 or last.size != elems or last.stride != 1:
        return WindowFault("swizzle_cut", len(dims) - 1, swizzle, stride=last.stride,
                           swizzle_elems=elems)
    return None


def elements(shape: object) -> int | None:
    """The number of elements of a shape of ints; None for any other (a None dimension a
    program wrote where JAX then refuses the shape)."""
    if isinstance(shape, Const) and isinstance(shape.value, tuple) \
            and all(type(dim) is int for dim in shape.value):
        return math.prod(shape.value)  # type: ignore[arg-type]
    return None


# ---------------------------------------------------------------- MMA operands (PAL050, PAL040)

def allocated_smem(value: object) -> RefVal | None:
    """An SMEM ref whose allocation the analysis saw (its transforms are the ones written)."""
    if not isinstance(value, RefVal) or value.space != "SMEM":
        return None
    if (value.root or value).node is None or not isinstance(value.transforms, tuple):
        return None
    if not all(isinstance(t, TransformVal) for t in value.transforms):
        return None
    return value


def transform_kinds(ref: RefVal | None) -> tuple[str, ...] | None:
    return None if ref is None else tuple(t.kind for t in ref.transforms)  # type: ignore[union-attr]


def swizzle_of(ref: RefVal) -> int:
    return next(t.value for t in ref.transforms if t.kind == "swizzle")  # type: ignore[union-attr,return-value]


def minor_fits(ref: RefVal) -> bool:
    """(tiling (rows, swizzle // itemsize), swizzle) with known numbers, the rows dividing the
    buffer's second-minor dimension: an allocation JAX accepts, so the MMA's own checks run."""
    if transform_kinds(ref) != ("tiling", "swizzle"):
        return False
    tiling, swizzle = (t.value for t in ref.transforms)  # type: ignore[union-attr]
    size = itemsize(ref.dtype)
    if not (type(swizzle) is int and swizzle in (32, 64, 128) and size is not None
            and isinstance(tiling, tuple) and len(tiling) == 2
            and all(type(d) is int and d > 0 for d in tiling) and tiling[1] == swizzle // size):
        return False
    shape = (ref.root or ref).shape
    dims = shape.value if isinstance(shape, Const) else None
    return isinstance(dims, tuple) and len(dims) >= 2 and type(dims[-2]) is int \
        and dims[-2] % tiling[0] == 0


def tile_rows(ref: RefVal) -> int:
    return next(t.value for t in ref.transforms if t.kind == "tiling")[0]  # type: ignore[union-attr,index]


def swizzled_untiled(ref: object) -> int | None:
    """The swizzle of a whole shared-memory allocation of two or more dimensions swizzled but
    not tiled, whose swizzle fits its rows (else PAL012 refuses it first); None for any other
    ref."""
    if not isinstance(ref, RefVal) or ref.space != "SMEM" or ref.root is not None \
            or not isinstance(ref.transforms, tuple) or [t.kind for t in ref.transforms] != ["swizzle"]:
        return None
    swizzle = ref.transforms[0]
    shape = ref.shape.value if isinstance(ref.shape, Const) else None
    if not isinstance(shape, tuple) or len(shape) < 2:
        return None  # (measured on 2-D buffers; a scalar or 1-D one fails otherwise first)
    if not isinstance(swizzle, TransformVal) or type(swizzle.value) is not int \
            or swizzle_fit(RefTypeVal(ref.space, ref.shape, ref.dtype, ref.transforms)) is not None:
        return None
    return swizzle.value


# The first tile of the WGMMA register layout ((64, 8): fragmented_array.py, every release).
WGMMA_FIRST_TILE = (64, 8)


def _swizzled_tiled_shape(ref: object) -> tuple[int, ...] | None:
    """The shape of a shared-memory buffer (or a whole view of one, a slot) tiled and swizzled
    as allocated, that it fits (else PAL012 refuses it first); None for any other ref."""
    if ref.__class__ is not RefVal or ref.space != "SMEM" or ref.transposed \
            or ref.reshaped_from is not None:  # type: ignore[attr-defined]
        return None
    transforms = ref.transforms  # type: ignore[attr-defined]
    if transforms.__class__ is not tuple \
            or [getattr(t, "kind", None) for t in transforms] != ["tiling", "swizzle"]:
        return None
    shape = ref.shape.value if ref.shape.__class__ is Const else None  # type: ignore[attr-defined]
    if shape.__class__ is not tuple or len(shape) < 2 or not all(type(d) is int and d > 0 for d in shape):
        return None
    return None if allocation_refused(ref) else shape


def _on_wgmma_tile(shape: tuple[int, ...]) -> bool:
    return not (shape[-2] % WGMMA_FIRST_TILE[0] or shape[-1] % WGMMA_FIRST_TILE[1])


def swizzled_tiled_fits(ref: object) -> bool:
    """A tiled, swizzled buffer whose shape the WGMMA layout's (64, 8) tiles divide: a register
    load of it lowers (in that layout)."""
    shape = _swizzled_tiled_shape(ref)
    return shape is not None and _on_wgmma_tile(shape)


def swizzled_tiled_off_tile(ref: object) -> tuple[int, ...] | None:
    """The shape of a tiled, swizzled buffer whose last two dimensions the WGMMA layout's
    (64, 8) tile does not divide: a register load of it has no layout. Lane loads such a
    buffer in the WGMMA layout ("Tiling ((64, 8), ...) does not apply to shape (96, 64)", on
    the load); Warpgroup's layout inference finds none ("Failed to infer a possible set of
    layouts", on the jitted call). Measured for f16, f32 and int8 on 0.10.2, 0.11.2, 0.12.0.1.
    None for any other ref."""
    shape = _swizzled_tiled_shape(ref)
    return shape if shape is not None and not _on_wgmma_tile(shape) else None


def tiled_unswizzled(ref: object) -> tuple[int, ...] | None:
    """The tile of a whole shared-memory allocation of two or more dimensions tiled but not
    swizzled, that the tile fits (else PAL012 refuses it first); None for any other ref. Lane
    refuses its register load ("Tiling without swizzle is not supported", PAL012); Warpgroup's
    layout inference finds no layout for it from 0.11 (measured on 0.11.2, 0.12.0.1)."""
    if ref.__class__ is not RefVal or ref.space != "SMEM" or ref.root is not None \
            or ref.transforms.__class__ is not tuple \
            or [getattr(t, "kind", None) for t in ref.transforms] != ["tiling"]:  # type: ignore[attr-defined]
        return None
    shape = ref.shape.value if ref.shape.__class__ is Const else None  # type: ignore[attr-defined]
    tile = ref.transforms[0].value  # type: ignore[attr-defined]
    if shape.__class__ is not tuple or len(shape) < 2 or tile.__class__ is not tuple \
            or allocation_refused(ref):
        return None
    return tile
