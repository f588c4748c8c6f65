"""Ref loads and stores through a slice of stride other than 1 (PAL067).

Mosaic GPU reads and writes registers from contiguous slices of a ref only. A load or store of
a GMEM or shared-memory ref whose index (or a view ``ref.at[...]`` it goes through) takes a
slice of stride 2 or more is refused on the access line: with a static start by
``mosaic/gpu/utils.py`` ``parse_indices`` ("NotImplementedError: Strided slices not
implemented"), with a traced start (``pl.ds(i, n, stride=2)``) by ``_ndindexer_indices``
("NotImplementedError: Unsupported slice: Slice(start=..., size=..., stride=2)"). Measured alike
under Lane and Warpgroup semantics on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (``x_ref[::2]``,
``o_ref[::2] = v``, ``x_ref.at[::2][...]``, ``s_ref[pl.ds(0, 128, stride=2)]`` of an SMEM ref,
``x_ref[:, ::2]``). A slice whose start is neither a known int nor a ``pl.ds`` start of known
size is not judged (which message JAX gives is not known).
"""

from __future__ import annotations

from dataclasses import dataclass

from .program import Program
from .ref_stores import store_fault
from .trace import RefAccess
from .values import UNKNOWN, Const, DimIndex, DSliceVal, RefVal

# Shared-memory windows are PAL012's (smem_transforms.py judges their strides).
_SPACES = ("GMEM",)


@dataclass(frozen=True)
class StridedAccess:
    access: RefAccess
    stride: int
    dynamic_start: bool  # JAX's "Unsupported slice" (a traced start), else "Strided slices"
    in_view: bool  # the stride is in a ref.at[...] view the access goes through


def _entries(index: object) -> list[object]:
    if isinstance(index, Const) and isinstance(index.value, tuple):
        return [Const(v) for v in index.value]
    if isinstance(index, tuple):
        return list(index)
    return [index]


def _strided_entry(entry: object) -> tuple[int, bool] | None:
    """(stride, dynamic start) of an index entry that is a slice of stride 2 or more whose
    start JAX's message follows from; else None."""
    if not isinstance(entry, DSliceVal) or type(entry.stride) is not int or entry.stride < 2:
        return None
    if entry.start is None or type(entry.start) is int:
        # Python slices: a known stop too (an unknown one makes a dynamic size).
        if entry.is_ds or entry.stop is None or type(entry.stop) is int:
            return entry.stride, False
        return None
    if entry.start is UNKNOWN and entry.is_ds and type(entry.size) is int:
        return entry.stride, True
    return None


def _strided_view(ref: RefVal) -> int | None:
    if not isinstance(ref.views, tuple):
        return None
    for dims in ref.views:
        for dim in dims:
            if isinstance(dim, DimIndex) and dim.kind == "slice" and dim.stride is not None \
                    and dim.stride >= 2 and dim.start is not None:
                return dim.stride
    return None


def strided_accesses(program: Program) -> list[StridedAccess]:
    # A store JAX refuses while tracing (PAL026) stops the launch before any op is lowered.
    traced_faults = {id(access.launch) for access in program.ref_accesses if access.kind == "store"
                     and store_fault(access.ref, access.index, access.value) is not None}
    found: list[StridedAccess] = []
    for access in program.ref_accesses:
        ref = access.ref
        if access.scoped or id(access.launch) in traced_faults or not isinstance(ref, RefVal) \
                or ref.space not in _SPACES:
            continue
        view_stride = _strided_view(ref)
        if view_stride is not None:
            found.append(StridedAccess(access, view_stride, False, True))
            continue
        for entry in _entries(access.index):
            strided = _strided_entry(entry)
            if strided is not None:
                found.append(StridedAccess(access, strided[0], strided[1], False))
                break
    return found
