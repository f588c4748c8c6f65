"""What JAX refuses when it builds a buffer type (``plgpu.TMEM(...)``, ``plgpu.SMEM(...)``,
``plgpu.GMEM(...)``): ``MemorySpace.__call__`` (jax/_src/pallas/mosaic_gpu/core.py; the rows
in the ``tcgen05._infer_tmem_layout`` it calls), the same code and texts in 0.8.3 - 0.12.0.1.
PAL041 reports it on the type's line; a launch whose scratch list holds such a type is never
made (the type's call raises first: program._TracedKernels, PAL012)."""

from __future__ import annotations

from . import tmem_facts
from .dtypes import DTYPE_BITS
from .values import MISSING, Const, DtypeVal, RefTypeVal


def construction_fault(made: RefTypeVal) -> str | None:
    """What JAX's MemorySpace.__call__ refuses in this buffer type, in its order; None when
    nothing is known to be wrong."""
    call = f"plgpu.{made.space}(...)"
    if made.space != "TMEM":
        given = [name for name, value in (("packed", made.packed),
                                          ("collective", made.collective),
                                          ("layout", made.layout)) if _given(value)]
        if not given:
            return None
        names = ", ".join(f"{name}=" for name in given)
        return (f"{call} is given {names}, which only plgpu.TMEM takes. JAX fails with "
                "\"packed, collective and layout arguments are only supported for TMEM.\". "
                f"Fix: remove {names} here, or make this buffer plgpu.TMEM if it is meant "
                "for tensor memory.")
    if isinstance(made.transforms, tuple) and made.transforms:
        return (f"{call} is given transforms, but tensor memory has no swizzle or tiling. "
                "JAX fails with \"transforms are not supported for TMEM\". Fix: drop "
                "transforms= from the TMEM buffer (keep them on the SMEM operands).")
    dtype = made.dtype  # a 64-bit dtype is UNKNOWN here: x64 may turn it into 32 bits
    if _absent(made.layout) and _absent(made.packed) and isinstance(dtype, DtypeVal) \
            and dtype.name in DTYPE_BITS and DTYPE_BITS[dtype.name] != 32:
        bits = DTYPE_BITS[dtype.name]
        return (f"{call} holds {dtype.name} ({bits}-bit), but tensor-memory cells are 32 bits "
                "and neither packed= nor layout= says how to fill them. JAX fails with "
                "\"dtypes narrower than 32-bit require either the packed argument or an "
                "explicit TMEM layout\". Fix: add packed=True (several values per cell, as an "
                "MMA operand needs) or packed=False (one value per cell).")
    rows = _unsupported_rows(made)
    if rows is not None:
        shape = tmem_facts.shape_of(made)
        return (f"{call} has {rows} rows, but a tensor-memory buffer spans the 128 lanes of "
                "tensor memory (or 64 of them). JAX fails with \"Unsupported shape: "
                f"{shape}. TMEM references must have either 128 or 64 rows, but got {rows}.\". "
                "Fix: make the buffer (128, N) (the M of one block's MMA): split a larger M "
                "into 128-row tiles, or share an M of 256 between the two blocks of a cluster "
                "pair (a collective MMA, plgpu.TMEM(..., collective=True) of 128 rows each).")
    return None


def _unsupported_rows(made: RefTypeVal) -> int | None:
    """The row count of a 2-D TMEM buffer of inferred layout that JAX's layout inference
    refuses (neither 128 nor 64: ``tcgen05._infer_tmem_layout``), once the checks before it
    pass (a known packing that divides the columns); None otherwise."""
    shape = tmem_facts.shape_of(made)
    if shape is None or len(shape) != 2 or not tmem_facts.absent(made.layout):
        return None
    dtype = made.dtype
    bits = DTYPE_BITS.get(dtype.name) if isinstance(dtype, DtypeVal) else None
    if tmem_facts.absent(made.packed) and bits != 32:
        return None  # the dtype check above, or a dtype not known: JAX may stop there
    per_cell = tmem_facts.packing(made)
    if per_cell is None or shape[1] % per_cell:
        return None
    return shape[0] if shape[0] not in (tmem_facts.TMEM_ROWS, tmem_facts.TMEM_ROWS // 2) else None


def _absent(value: object) -> bool:
    """Not given, or given as None: JAX's ``is None``."""
    return value is MISSING or (isinstance(value, Const) and value.value is None)


def _given(value: object) -> bool:
    """Known to be given and not None (a value the analysis cannot see is not judged)."""
    return isinstance(value, Const) and value.value is not None
