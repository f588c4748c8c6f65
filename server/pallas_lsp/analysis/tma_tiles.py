"""Whether a TMA copy's GMEM array can be cut into the tiles of its shared-memory buffer (PAL054).

A ``plgpu.copy_gmem_to_smem`` / ``copy_smem_to_gmem`` of a buffer with a ``TilingTransform``
hands the tiling to Mosaic GPU's ``LaunchContext.async_copy``, which tiles the whole GMEM
array, not only the window copied (``TileTransform.transform_gmem_shape`` for the TMA
descriptor; ``TileTransform.apply`` before 0.10.1): each of the array's tiled dimensions (its
last ``len(tiling)``) must be no longer than its tile or a multiple of it. A (100, 128) array
copied 64 rows at a time into a buffer tiled (8, 64) fails: "When no rounding mode is
specified, dimension 0 must have size smaller or a multiple of its tiling 8, but got 100". The
minor dimension is checked first. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1
(pal054/tma_gmem_not_tile_multiple): on the copy line from 0.10.1 (Lane and Warpgroup), on the
launch before (Lane; Warpgroup fails an assertion first, not judged).

Judged only where nothing JAX checks before can fail: a whole buffer tiled in 2D and swizzled
(the swizzle fitting the tile: PAL012's ground otherwise), the GMEM window of the buffer's shape
and dtype (PAL013's), a plain GMEM array (PAL043's) with rows of a multiple of 16 bytes
(PAL046's), its two tiled dimensions sliced, not int-indexed; copies not multicast, split,
reduced or given ``oob_mode=``, outside warp-level code.
"""

from __future__ import annotations

from dataclasses import dataclass

from .smem_transforms import SWIZZLES, itemsize
from .tma_window import TMA_BYTES, const_ints, gmem_window_dims
from .trace import Op
from .values import MISSING, Const, DtypeVal, RefVal, TransformVal

_COPIES = {"plgpu.copy_gmem_to_smem": ("src", "dst"), "plgpu.copy_smem_to_gmem": ("dst", "src")}
_SPLITTING = ("partitioned_axis", "leader_tracked", "reduction_op", "collective_axes", "oob_mode")


@dataclass(frozen=True)
class TileRemainder:
    """The GMEM array's tiled dimension that its tile does not divide."""

    gmem: RefVal
    smem: RefVal
    tiling: TransformVal
    dim: int  # the dimension of the GMEM array, as JAX numbers it
    extent: int
    tile: int
    root: tuple[int, ...]  # the GMEM array's shape


def tile_remainder(op: Op) -> TileRemainder | None:
    """The first tiled dimension of the copy's GMEM array (the minor one first) longer than
    its tile and not a multiple of it; None when there is none or anything is not known."""
    if op.name not in _COPIES or op.names_open or op.scope_names:
        return None
    if any(op.args.get(key, MISSING) not in (MISSING, Const(None)) for key in _SPLITTING):
        return None
    gmem_key, smem_key = _COPIES[op.name]
    gmem, smem = op.args.get(gmem_key), op.args.get(smem_key)
    if not (isinstance(gmem, RefVal) and isinstance(smem, RefVal)) \
            or gmem.space != "GMEM" or smem.space != "SMEM":
        return None
    tiling = _fitting_tiling(smem)
    if tiling is None:
        return None
    if gmem.transforms != () or gmem.reshaped_from is not None or gmem.transposed:
        return None  # PAL043's ground
    size = itemsize(gmem.dtype)
    if size is None or not isinstance(smem.dtype, DtypeVal) or smem.dtype != gmem.dtype:
        return None
    root, dims, shape = const_ints((gmem.root or gmem).shape), gmem_window_dims(gmem), const_ints(smem.shape)
    if root is None or dims is None or shape is None or len(dims) != len(root):
        return None
    window = tuple(extent for kind, extent in dims if kind == "slice")
    tiles: tuple[int, ...] = tiling.value  # type: ignore[assignment]
    if window != shape or len(root) < len(tiles) \
            or any(kind != "slice" for kind, _ in dims[len(root) - len(tiles):]):
        return None  # PAL013's ground, or an int index among the tiled dimensions
    if (root[-1] * size) % TMA_BYTES:
        return None  # PAL046's row stride
    first = len(root) - len(tiles)
    for offset in reversed(range(len(tiles))):
        extent, tile = root[first + offset], tiles[offset]
        if extent > tile and extent % tile:
            return TileRemainder(gmem, smem, tiling, first + offset, extent, tile, root)
    return None


def _fitting_tiling(smem: RefVal) -> TransformVal | None:
    """The 2D tiling of a whole buffer tiled then swizzled, the tiles dividing its shape and
    the swizzle fitting the minor tile; None for anything else."""
    if smem.root is not None or smem.views != () or not isinstance(smem.transforms, tuple) \
            or [t.kind for t in smem.transforms] != ["tiling", "swizzle"]:  # type: ignore[attr-defined]
        return None
    tiling, swizzle = smem.transforms
    shape = const_ints(smem.shape)
    tiles = tiling.value if isinstance(tiling, TransformVal) else None
    if shape is None or not isinstance(tiles, tuple) or len(tiles) != 2 or len(shape) < 2 \
            or any(type(t) is not int or t <= 0 for t in tiles) \
            or any(d % t for d, t in zip(shape[-2:], tiles, strict=True)):
        return None
    size = itemsize(smem.dtype)
    if not isinstance(swizzle, TransformVal) or swizzle.value not in SWIZZLES or size is None \
            or tiles[-1] * size != swizzle.value:
        return None  # a swizzle that does not fit the tile: PAL012's
    return tiling
