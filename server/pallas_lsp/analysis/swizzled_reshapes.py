"""Whether a TMA copy can move a reshape of a shared-memory buffer swizzled but not tiled (PAL056).

A swizzle of S bytes permutes each row of S bytes of the buffer as a whole: its minor dimension
is S / itemsize elements (PAL012 checks the allocation). ``smem.reshape(...)`` that changes the
minor dimension leaves rows the swizzle cannot follow, and a ``plgpu.copy_gmem_to_smem`` /
``copy_smem_to_gmem`` of it fails on the copy line, Lane semantics (measured on
pal056/swizzled_reshape_copy):

* from 0.10.2: the TMA check of the transformed slice, "Async copies with swizzle=128 require
  the last dimension of the slice to be exactly 128 bytes i.e.  64 elements, but got 32
  elements." (0.12.0.1 prints the swizzle as ``<SwizzlingMode.k128ByteSwizzle: 128>``);
* on 0.8.3: the reshape itself, "Reshape shape (64, 2, 32) is not divisible by swizzle
  elements 64" (``UnswizzleRef.untransform_reshape``).

Under Warpgroup the releases disagree (layout inference fails, on the copy or the launch, or
"Unsupported transforms"): not judged. Judged for one reshape of the whole buffer, the other
side of the copy a plain GMEM window of the reshaped shape and dtype whose rows, and the
copied minor dimension, are multiples of 16 bytes (PAL013's and PAL046's checks come first),
copies not multicast, split, reduced or given ``oob_mode=``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .smem_transforms import SWIZZLES, itemsize
from .tma_window import TMA_BYTES, const_ints, gmem_window_dims
from .trace import Op
from .values import MISSING, Const, DtypeVal, RefVal, TransformVal

_COPIES = {"plgpu.copy_gmem_to_smem": ("src", "dst"), "plgpu.copy_smem_to_gmem": ("dst", "src")}
_SPLITTING = ("partitioned_axis", "leader_tracked", "reduction_op", "collective_axes", "oob_mode")


@dataclass(frozen=True)
class SwizzledReshape:
    smem: RefVal  # the reshaped view
    swizzle: TransformVal
    before: tuple[int, ...]  # the buffer's shape
    after: tuple[int, ...]  # the reshaped shape
    elems: int  # elements of one swizzled row: swizzle bytes / itemsize


def swizzled_reshape(op: Op) -> SwizzledReshape | None:
    """The reshape of a swizzled, untiled buffer that the copy moves and whose minor dimension
    is not the swizzle's row; None when there is none or anything is not known."""
    if op.name not in _COPIES or op.names_open or op.scope_names:
        return None
    if any(op.args.get(key, MISSING) not in (MISSING, Const(None)) for key in _SPLITTING):
        return None
    gmem_key, smem_key = _COPIES[op.name]
    gmem, smem = op.args.get(gmem_key), op.args.get(smem_key)
    if not (isinstance(gmem, RefVal) and isinstance(smem, RefVal)) \
            or gmem.space != "GMEM" or smem.space != "SMEM":
        return None
    base, root = smem.reshaped_from, smem.root
    if base is None or root is None \
            or base.root is not None or base.views != () or not isinstance(root.transforms, tuple) \
            or [t.kind for t in root.transforms] != ["swizzle"]:  # type: ignore[attr-defined]
        return None  # a reshape of a view, of a reshape, or of other transforms
    swizzle = root.transforms[0]
    size = itemsize(root.dtype)
    before, after = const_ints(root.shape), const_ints(smem.shape)
    if not isinstance(swizzle, TransformVal) or swizzle.value not in SWIZZLES or size is None \
            or before is None or after is None or not before or not after \
            or math.prod(before) != math.prod(after):
        return None
    elems = swizzle.value // size  # type: ignore[operator]
    if before[-1] != elems or after[-1] == elems:
        return None  # the allocation is refused first (PAL012), or the rows are whole
    if gmem.transforms != () or gmem.reshaped_from is not None or gmem.transposed \
            or not isinstance(gmem.dtype, DtypeVal) or gmem.dtype != root.dtype:
        return None  # PAL043's or PAL013's ground
    groot, dims = const_ints((gmem.root or gmem).shape), gmem_window_dims(gmem)
    if groot is None or dims is None or any(kind != "slice" for kind, _ in dims) \
            or tuple(extent for _, extent in dims) != after:
        return None  # PAL013's shapes, or an int-indexed window (not measured)
    if (groot[-1] * size) % TMA_BYTES or (after[-1] * size) % TMA_BYTES:
        return None  # PAL046's strides and row bytes come first
    return SwizzledReshape(smem, swizzle, before, after, elems)
