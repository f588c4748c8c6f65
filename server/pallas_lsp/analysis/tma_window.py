"""What the TMA unit itself refuses in a copy between GMEM and an untransformed SMEM buffer.

Mosaic GPU's ``LaunchContext`` checks the GMEM window of ``plgpu.copy_gmem_to_smem`` /
``copy_smem_to_gmem`` against the hardware's limits while the kernel is lowered (Lane and
Warpgroup alike; jax/experimental/mosaic/gpu/launch_context.py of 0.8.3 - 0.12.0.1, measured):

* ``strides``: every GMEM stride but the last is a multiple of 16 bytes ("Async copies require
  all GMEM strides except the last one to be a multiple of 16 bytes"; "async_copy requires
  ..." before 0.12): for a contiguous array, its last dimension's bytes (a (128, 2) float32
  input has rows of 8 bytes). Judged where the window keeps the next-to-last dimension (an int
  index drops it, and what JAX checks then was not measured);
* ``minor_bytes``: the window's last dimension moves a multiple of 16 bytes ("Async copies
  require the number of bits copied along the last dimension to be divisible by 128, but got
  64");
* ``too_long``: each window dimension is at most 256 elements ("Async copies only support
  copying <=256 elements along each dimension, got (512, 64)"; an int-indexed dimension counts
  as 1); copies out of SMEM only before 0.10 (from 0.10 on a contiguous one takes the bulk
  path, which has no such limit: versions.SMEM_BULK_COPY_OUT); silent when ``oob_mode=`` is
  given (the bulk path again);
* ``minor_index``: an int index in the window's last dimension (copies into SMEM): the
  transformed GMEM ref's last stride is not 1 ("TMA requires the stride of the last dimension
  after transforming the GMEM reference to be 1, but it is 4"), raised when the kernel's TMA
  descriptors are built: JAX's traceback names the launch, not the copy.

Judged only where nothing JAX checks before can fail (PAL013's side, shape, dtype and
128-byte checks; PAL043's GMEM transforms; PAL012's buffer transforms: the buffer has none and
is copied whole), outside warp-level code, for copies not split or shared across a cluster.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .smem_transforms import itemsize
from .trace import Op
from .values import MISSING, Const, DtypeVal, RefVal

TMA_BYTES = 16  # the TMA unit's alignment: strides and the minor dimension's bytes
TMA_MAX_BOX = 256  # elements per dimension of one tiled TMA copy
_WARPGROUP_BYTES = 128
_COPIES = {"plgpu.copy_gmem_to_smem": ("src", "dst"), "plgpu.copy_smem_to_gmem": ("dst", "src")}
_SPLITTING = ("collective_axes", "partitioned_axis", "leader_tracked", "reduction_op")


@dataclass(frozen=True)
class WindowFault:
    kind: str  # "strides", "minor_bytes", "too_long" or "minor_index"
    gmem: RefVal
    smem: RefVal
    window: tuple[int, ...]  # the TMA slice: one entry per GMEM dimension (1 where int-indexed)
    root: tuple[int, ...]  # the GMEM array's shape
    size: int  # bytes per element
    stride: int = 0  # minor_index: the last kept dimension's stride, in elements


def window_fault(op: Op, bulk_copy_out: bool) -> WindowFault | None:
    """The first TMA limit the copy breaks (``bulk_copy_out``: this release copies a contiguous
    window out of SMEM without a box)."""
    if op.name not in _COPIES or op.names_open or op.scope_names:
        return None
    gmem_key, smem_key = _COPIES[op.name]
    gmem, smem = op.args.get(gmem_key), op.args.get(smem_key)
    if not (isinstance(gmem, RefVal) and isinstance(smem, RefVal)) \
            or gmem.space != "GMEM" or smem.space != "SMEM":
        return None
    if any(op.args.get(key, MISSING) not in (MISSING, Const(None)) for key in _SPLITTING):
        return None
    if smem.views != () or smem.transforms != () or not isinstance(smem.shape, Const):
        return None  # a view of a buffer, or its transforms: PAL012's ground
    if gmem.transforms != () or gmem.reshaped_from is not None or gmem.transposed:
        return None  # PAL043's ground
    size = itemsize(gmem.dtype)
    if size is None or not isinstance(smem.dtype, DtypeVal) or smem.dtype != gmem.dtype:
        return None
    root = _ints((gmem.root or gmem).shape)
    dims = _dims(gmem)
    if root is None or not root or dims is None or _ints(gmem.shape) != _ints(smem.shape):
        return None
    count = math.prod(_ints(smem.shape) or ())
    if (count * size) % _WARPGROUP_BYTES:
        return None  # PAL013 (copies into SMEM under Lane) or not measured
    window = tuple(1 if kind == "int" else extent for kind, extent in dims)
    into_smem = op.name == "plgpu.copy_gmem_to_smem"
    keeps_next_to_last = len(dims) >= 2 and dims[-2][0] == "slice"
    if keeps_next_to_last and (root[-1] * size) % TMA_BYTES:
        return WindowFault("strides", gmem, smem, window, root, size)
    if dims[-1][0] == "int":
        kept = [axis for axis, (kind, _) in enumerate(dims) if kind == "slice"]
        if into_smem and kept and op.args.get("oob_mode", MISSING) is MISSING \
                and (root[-1] * size) % TMA_BYTES == 0:
            return WindowFault("minor_index", gmem, smem, window, root, size,
                               math.prod(root[kept[-1] + 1:]))
        return None
    if (window[-1] * size) % TMA_BYTES:
        return WindowFault("minor_bytes", gmem, smem, window, root, size)
    if (into_smem or not bulk_copy_out) and max(window) > TMA_MAX_BOX \
            and op.args.get("oob_mode", MISSING) is MISSING:
        return WindowFault("too_long", gmem, smem, window, root, size)
    return None


def _dims(gmem: RefVal) -> list[tuple[str, int]] | None:
    """(kind, extent) per dimension of the GMEM array: the window one view cuts of it; None for
    several views or one whose sizes are not known."""
    root = _ints((gmem.root or gmem).shape)
    if root is None:
        return None
    if gmem.root is None or gmem.views == ():
        return [("slice", extent) for extent in root]
    if not isinstance(gmem.views, tuple) or len(gmem.views) != 1:
        return None
    found: list[tuple[str, int]] = []
    for dim in gmem.views[0]:
        if dim.kind == "int":
            found.append(("int", 1))
        elif dim.size is None or dim.stride != 1:
            return None
        else:
            found.append(("slice", dim.size))
    return found


def _ints(shape: object) -> tuple[int, ...] | None:
    if isinstance(shape, Const) and isinstance(shape.value, tuple) \
            and all(type(d) is int for d in shape.value):
        return shape.value  # type: ignore[return-value]
    return None
