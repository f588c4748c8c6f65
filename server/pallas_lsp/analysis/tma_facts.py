"""What a Mosaic GPU pl.pallas_call without block specs copies before its body runs.

Without ``in_specs`` / ``out_specs`` JAX copies each whole input array into shared memory
(and each output back) with TMA; under Lane semantics each copy must move a multiple of the
warpgroup's 128 bytes ("Only copies transferring a number of bytes divisible by the
warpgroup size are supported", measured on 0.8.3 and 0.10.2 on the pallas_call launch).
PAL013 reports it; PAL027 stays silent on the body of such a launch (it is never lowered).
"""

from __future__ import annotations

from .smem_transforms import elements, itemsize
from .trace import Launch
from .values import ArrayVal, ShapeDtypeVal

WARPGROUP_BYTES = 128


def whole_array_copy_fault(launch: Launch) -> tuple[str, tuple[int, ...], str, int] | None:
    """(which array, its shape, dtype, bytes) of the first array whose copy is not a multiple
    of 128 bytes; None when every one is, or one that comes first is not known."""
    kernel = launch.kernel
    if kernel.api != "pallas_call" or kernel.io_space != "SMEM" or not isinstance(kernel.out_types, tuple):
        return None
    arrays = [(f"input {i}", arg) for i, arg in enumerate(launch.args)]
    arrays += [(f"output {i}", out) for i, out in enumerate(kernel.out_types)]
    for role, array in arrays:
        if not isinstance(array, (ArrayVal, ShapeDtypeVal)):
            return None  # an array we cannot see may be the one that fails first
        size, count = itemsize(array.dtype), elements(array.shape)
        if size is None or count is None:
            return None
        if (size * count) % WARPGROUP_BYTES:
            return role, array.shape.value, array.dtype.name, size * count  # type: ignore[union-attr]
    return None
