"""Loads of a ref into registers whose size no register layout spreads over the warpgroup's
128 threads (PAL027's facts): a whole ref, or a contiguous run of one (a ``pl.ds`` block,
whole rows), of a number of elements that is not a multiple of 128, and under Lane the stores
that read the old value that way first. Under Lane the load raises; under Warpgroup semantics
layout inference finds no layout for the kernel before any op is lowered, so the lowering rules
judge nothing of such a launch (``Program.inference_refused_launches``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .layouts import RegisterLayout
from .pipelines import RUN
from .ref_facts import index_dims
from .smem_transforms import elements, itemsize, swizzled_tiled_off_tile, swizzled_untiled, tiled_unswizzled
from .tma_facts import whole_array_copy_fault
from .tma_window import pipeline_row_fault
from .trace import RefAccess
from .values import ArrayVal, Const, FuncVal, PartialVal, RefVal
from .versions import WARPGROUP_SWIZZLED_ACCESS_UNINFERRED, holds

if TYPE_CHECKING:
    from .program import Program

WARPGROUP_THREADS = 128


@dataclass(frozen=True)
class FaultyLoad:
    access: RefAccess
    ref: RefVal
    shape: tuple[int, ...]  # what it loads
    whole: bool  # the whole ref (else a contiguous run of it)
    count: int  # its elements


def faulty_loads(program: Program, semantics: str) -> Iterator[FaultyLoad]:
    """The loads of a GMEM or SMEM ref, whole or of a contiguous run of it, whose size is not
    a multiple of 128, in kernels of ``semantics``, that lowering reaches."""
    # A store or control flow JAX refuses while tracing (PAL026, PAL077) stops the launch
    # before any op is lowered.
    traced_faults = program.trace_refused_launches()
    # Lane lowers a pipeline's copies before its body; Warpgroup infers layouts first.
    copies_first = _bodies_after_failing_copies(program) if semantics == "Lane" else []
    for access in program.ref_accesses:
        ref = access.ref
        # A launch whose own copies fail (PAL013) never lowers its body.
        if access.kind != "load":
            # A store: only one whose swap reads the old value strided (_READ_BACK), of a value
            # whose size is not a multiple of 128 (the window's, or PAL026 refuses it first).
            # (Asked without calls: most kernels store many values.)
            value = access.value
            if semantics != "Lane" or value.__class__ is not ArrayVal or value.layout not in _READ_BACK \
                    or value.shape.__class__ is not Const or value.shape.value.__class__ is not tuple:  # type: ignore[attr-defined]
                continue
            size = 1
            for dim in value.shape.value:  # type: ignore[attr-defined]
                if dim.__class__ is not int:
                    size = 0
                    break
                size *= dim
            if size % WARPGROUP_THREADS == 0 or size == 1:
                continue
        if id(access.launch) in traced_faults or access.scoped or not isinstance(ref, RefVal) \
                or whole_array_copy_fault(access.launch) is not None:
            continue
        if any(first <= access.node.lineno <= last for launch, first, last in copies_first
               if launch is access.launch):
            continue  # in a pipeline's body, whose copies fail to lower first (PAL046)
        kernel = access.launch.kernel
        if ref.space not in ("GMEM", "SMEM") or ref.views != () or program.api_removed(kernel) \
                or program.semantics(kernel).name != semantics:
            continue
        is_whole = whole(ref, access.index)
        known = ref.shape.value if isinstance(ref.shape, Const) else None
        shape = (known if isinstance(known, tuple) else None) if is_whole \
            else contiguous_slice(ref, access.index)
        count = elements(Const(shape)) if shape else None
        if count is None or itemsize(ref.dtype) is None or count % WARPGROUP_THREADS == 0 \
                or (access.kind == "store" and count == 1):  # (one element: a scalar store)
            continue
        yield FaultyLoad(access, ref, shape, is_whole, count)  # type: ignore[arg-type]


# A store under Lane semantics of a value JAX holds splat or strided (a fill, a whole load):
# its swap rule reads the old value first, ``load_strided`` of the stored window
# (mosaic_gpu/lowering.py ``_swap_lowering_rule``, 0.8.3 - 0.12.0.1), whose size must be a
# multiple of 128 like a load's. A value of a tiled layout (a WGMMA row) is read back in its
# own layout: not judged, nor a value whose layout is not known.
_READ_BACK = (RegisterLayout.SPLAT, RegisterLayout.STRIDED)


def warpgroup_unlayoutable(program: Program) -> Iterator[FaultyLoad]:
    """Under Warpgroup semantics, the loads layout inference finds no layout for: of a GMEM
    ref (a kernel's inputs) or an untransformed shared-memory ref (a scratch buffer, a
    pipeline's slot), measured on 0.8.3 - 0.12.0.1; not in a kernel that names a layout
    (a layout_cast, a plgpu.load in a layout: a constraint inference may satisfy otherwise)."""
    casts = program.launches_casting_layouts()
    for load in faulty_loads(program, "Warpgroup"):
        if (load.ref.space == "GMEM" or load.ref.transforms == ()) and id(load.access.launch) not in casts:
            yield load


def swizzled_uninferred(program: Program) -> dict[int, RefAccess]:
    """Under Warpgroup semantics (0.11 on), the first register load or store of each launch of
    a shared-memory buffer swizzled but not tiled (or tiled but not swizzled), in a kernel that
    casts no layout: layout
    inference finds no layout for it (measured on 0.11.2 and 0.12.0.1; a plgpu.layout_cast of
    the value lets it through, a TMA copy alone needs none), by launch id."""
    if not holds(WARPGROUP_SWIZZLED_ACCESS_UNINFERRED, program.version):
        return {}
    casts = program.launches_casting_layouts()
    traced_faults = program.trace_refused_launches()
    found: dict[int, RefAccess] = {}
    for access in program.ref_accesses:
        launch = access.launch
        if id(launch) in found or access.scoped or not access.sure or id(launch) in casts \
                or id(launch) in traced_faults \
                or (swizzled_untiled(access.ref) is None and tiled_unswizzled(access.ref) is None) \
                or program.semantics(launch.kernel).name != "Warpgroup":
            continue
        found[id(launch)] = access
    return found


def swizzled_off_tile_uninferred(program: Program) -> dict[int, RefAccess]:
    """Under Warpgroup semantics (0.10 on), the first whole register load of each launch of a
    tiled and swizzled shared-memory buffer whose rows the WGMMA layout's 64-row tile does not
    divide (smem_transforms.swizzled_tiled_off_tile), in a kernel that casts no layout: layout
    inference finds no layout for it, by launch id."""
    if tuple(program.version[:2]) < (0, 10):
        return {}
    found: dict[int, RefAccess] = {}
    casts: frozenset[int] | None = None
    for access in program.ref_accesses:
        launch = access.launch
        if access.kind != "load" or id(launch) in found or access.scoped or not access.sure \
                or swizzled_tiled_off_tile(access.ref) is None or not whole(access.ref, access.index) \
                or program.semantics(launch.kernel).name != "Warpgroup":
            continue
        if casts is None:
            casts = program.launches_casting_layouts()
        if id(launch) in casts or id(launch) in program.trace_refused_launches():
            continue
        found[id(launch)] = access
    return found


def contiguous_slice(ref: RefVal, index: object) -> tuple[int, ...] | None:
    """The shape a load of ``ref[index]`` gives, where the index takes one contiguous run of
    an untransformed ref's elements, unit strides (``x_ref[pl.ds(i * 96, 96)]``, rows of a
    2-D ref, a row picked by an int): Lane loads that run WG-strided, as it loads a whole
    ref. None for anything else (a window of the minor dimension, a stride, a scalar)."""
    if ref.transforms != () or not isinstance(ref.shape, Const):
        return None
    dims = index_dims(ref.shape, index)
    if dims is None or any(dim.kind == "slice" and (dim.size is None or dim.stride != 1) for dim in dims):
        return None
    extents: tuple[int, ...] = ref.shape.value  # type: ignore[assignment]
    # Past the last dimension not taken whole, every dimension is whole; before it, each
    # is picked (an int or a slice of one): the run is contiguous.
    partial = [i for i, (dim, extent) in enumerate(zip(dims, extents, strict=True))
               if not (dim.kind == "slice" and dim.size == extent)]
    if partial and any(dim.kind == "slice" and dim.size != 1 for dim in dims[:partial[-1]]):
        return None
    shape = tuple(dim.size for dim in dims if dim.kind == "slice")
    return shape if shape and all(type(size) is int and size > 0 for size in shape) else None  # type: ignore[return-value]


def whole(ref: RefVal, index: object) -> bool:
    """The index takes the whole ref (``...``, or a full slice of every dimension)."""
    if isinstance(index, Const) and index.value is Ellipsis:
        return True
    dims = index_dims(ref.shape, index)
    return dims is not None and isinstance(ref.shape, Const) and all(
        dim.kind == "slice" and dim.start == 0 and dim.size == extent and dim.stride == 1
        for dim, extent in zip(dims, ref.shape.value, strict=True))  # type: ignore[arg-type]


def _bodies_after_failing_copies(program: Program) -> list[tuple[object, int, int]]:
    """(launch, first line, last line) of the body of each pipeline run whose TMA copies
    JAX refuses when it lowers them (PAL046's rows not a multiple of 16 bytes): Lane lowers
    those copies before the body, so nothing in the body is lowered."""
    found: list[tuple[object, int, int]] = []
    for op in program.ops_of(RUN):
        body = getattr(op.args.get("pipeline"), "body", None)
        if isinstance(body, PartialVal):
            body = body.func
        node = body.node if isinstance(body, FuncVal) else None
        if node is not None and pipeline_row_fault(op) is not None:
            found.append((op.launch, node.lineno, node.end_lineno or node.lineno))
    return found
