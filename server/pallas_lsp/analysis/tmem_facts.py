"""What a kernel's tensor-memory (TMEM) buffer types tell: each one's packing, collective flag
and number of columns, as JAX computes them (0.8.3 - 0.12.0.1, the same code).

``plgpu.TMEM(shape, dtype, packed=..., collective=..., layout=...)`` infers its layout from
the shape when no ``layout=`` is given (``tcgen05._infer_tmem_layout``): 128 rows take the
default layout, packing ``32 // bits`` values per 32-bit cell when ``packed=True`` (else 1),
so the buffer spans ``shape[1] // packing`` of tensor memory's 512 columns. Pallas adds up
the columns of every TMEM buffer of a kernel and allocates them at once, rounded up to a
power of two (``tcgen05.tmem_alloc_exact_ncols``). Pure facts: no JAX import.
"""

from __future__ import annotations

from .dtypes import DTYPE_BITS
from .trace import Launch, ScopedBuffer
from .values import (
    MISSING,
    AccTypeVal,
    BarrierVal,
    Const,
    DtypeVal,
    QualName,
    RefTypeVal,
    RefVal,
    SemaphoreTypeVal,
)

TMEM_ROWS = 128  # tcgen05.TMEM_ROWS: the lanes of tensor memory
TMEM_MAX_COLS = 512  # tcgen05.TMEM_MAX_COLS


def flag(value: object) -> bool | None:
    """A bool keyword as JAX reads it (``None`` and absence are False); None when not known."""
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return False
    if isinstance(value, Const) and isinstance(value.value, bool):
        return value.value
    return None


def absent(value: object) -> bool:
    """Not given, or given as None: JAX's ``is None``."""
    return value is MISSING or (isinstance(value, Const) and value.value is None)


def shape_of(made: RefTypeVal) -> tuple[int, ...] | None:
    shape = made.shape.value if isinstance(made.shape, Const) else None
    if isinstance(shape, tuple) and all(type(d) is int for d in shape):
        return shape
    return None


def packing(made: RefTypeVal) -> int | None:
    """Values per 32-bit cell of a TMEM buffer whose layout JAX infers (``packed=True``:
    ``32 // bits``; else 1); None when not known or when ``layout=`` decides it."""
    if not absent(made.layout):
        return None
    packed = flag(made.packed)
    if packed is False:
        return 1
    dtype = made.dtype
    if packed and isinstance(dtype, DtypeVal) and dtype.name in DTYPE_BITS \
            and DTYPE_BITS[dtype.name] <= 32:
        return 32 // DTYPE_BITS[dtype.name]
    return None


def columns(made: RefTypeVal) -> int | None:
    """The columns a 128-row TMEM buffer of inferred layout spans (``cols_in_shape``: the
    elements over 128 rows over the packing); None when not known (a 64-row buffer's layout
    replicates: not counted here)."""
    shape, per_cell = shape_of(made), packing(made)
    if shape is None or per_cell is None or len(shape) != 2 or shape[0] != TMEM_ROWS \
            or shape[1] % per_cell:
        return None
    return shape[1] // per_cell


def kernel_tmem_types(launch: Launch) -> list[RefTypeVal] | None:
    """The TMEM buffer types among a launch's scratch types (nested tuples flattened), in
    order; None when a scratch type is not known (it may be TMEM)."""
    if not isinstance(launch.kernel.scratch_types, tuple):
        return None  # not known: it may hold a TMEM buffer
    found: list[RefTypeVal] = []
    for value in launch.scratch_leaves:
        if isinstance(value, RefTypeVal):
            if value.space == "TMEM":
                found.append(value)
        elif not isinstance(value, (BarrierVal, AccTypeVal, SemaphoreTypeVal, QualName)):
            return None  # not known: it may be a TMEM buffer
        # barriers, semaphores and register accumulators hold no tensor memory
    return found


def scratch_type_of(ref: object, launch: Launch) -> RefTypeVal | None:
    """The plgpu.kernel scratch type a body ref was made from (its view's root's), None when
    it is not one the analysis knows."""
    if not isinstance(ref, RefVal) or launch.kernel.api != "kernel":
        return None
    root = ref.root or ref
    if root.node is None:
        return None
    for made in kernel_tmem_types(launch) or ():
        if made.node is root.node:
            return made
    return None


def scoped_tmem(scoped: list[ScopedBuffer], launch: Launch) -> bool:
    """Whether a launch's body may allocate TMEM of its own (``pl.run_scoped``): Pallas adds
    those columns and collective flags to the scratch buffers'."""
    return any(item.launch is launch and not (isinstance(item.buffer, RefTypeVal)
                                              and item.buffer.space != "TMEM")
               for item in scoped)


def collective_flags(types: list[RefTypeVal]) -> set[bool] | None:
    """The collective flags of TMEM buffers that each hold columns (a known 2-D shape of 128
    or 64 rows, some columns); None when one is not known."""
    flags: set[bool] = set()
    for made in types:
        shape, collective = shape_of(made), flag(made.collective)
        if shape is None or len(shape) != 2 or shape[0] not in (TMEM_ROWS, TMEM_ROWS // 2) \
                or shape[1] <= 0 or collective is None:
            return None
        flags.add(collective)
    return flags
