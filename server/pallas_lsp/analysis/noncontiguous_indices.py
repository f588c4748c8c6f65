"""Ref loads and stores through an index Mosaic GPU does not lower: a slice of stride other
than 1, or an integer array (a gather / scatter) (PAL067).

Mosaic GPU reads and writes registers from contiguous slices of a ref only. Measured alike under
Lane and Warpgroup semantics on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, on the access line:

- a slice of stride 2 or more of a GMEM ref (``x_ref[::2]``, ``o_ref[::2] = v``,
  ``x_ref[:, ::2]``, ``x_ref.at[::2][...]``): with a static start ``mosaic/gpu/utils.py``
  ``parse_indices`` raises "NotImplementedError: Strided slices not implemented"; with a traced
  start (``pl.ds(i, n, stride=2)``) ``_ndindexer_indices`` raises "NotImplementedError:
  Unsupported slice: Slice(start=..., size=..., stride=2)". A start that is neither a known int
  nor a ``pl.ds`` start of known size is not judged (which message JAX gives is not known).
  Shared-memory windows are PAL012's (smem_transforms.py judges their strides).
- a GMEM ref indexed by one integer array (``x_ref[idx]``, ``o_ref[idx] = v`` with ``idx`` a
  (128,) int32 array): ``_handle_transforms`` raises "NotImplementedError: int_indexer_shape
  non-empty". An array beside other entries (``x_ref[idx, 0]``) fails otherwise (an
  unimplemented broadcast_to) and is not judged.
"""

from __future__ import annotations

from dataclasses import dataclass

from .program import Program
from .trace import RefAccess
from .values import UNKNOWN, ArrayVal, Const, DimIndex, DSliceVal, DtypeVal, RefVal, plain

_SPACES = ("GMEM",)
_INTEGER_PREFIXES = ("int", "uint")


@dataclass(frozen=True)
class IndexFault:
    access: RefAccess
    kind: str  # "stride" or "gather"
    stride: int = 1
    dynamic_start: bool = False  # JAX's "Unsupported slice" (a traced start), else "Strided slices"
    in_view: bool = False  # the stride is in a ref.at[...] view the access goes through
    index_shape: tuple[int, ...] = ()  # a gather's index array


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


def _gather_shape(index: object) -> tuple[int, ...] | None:
    """The shape of an index that is one integer array of known non-empty shape."""
    array = plain(index)
    if not isinstance(array, ArrayVal) or not isinstance(array.dtype, DtypeVal) \
            or not array.dtype.name.startswith(_INTEGER_PREFIXES) \
            or not isinstance(array.shape, Const) or not isinstance(array.shape.value, tuple) \
            or not array.shape.value:
        return None
    return array.shape.value


def _fault(access: RefAccess, ref: RefVal) -> IndexFault | None:
    view_stride = _strided_view(ref)
    if view_stride is not None:
        return IndexFault(access, "stride", view_stride, in_view=True)
    gathered = _gather_shape(access.index)
    if gathered is not None:
        return IndexFault(access, "gather", index_shape=gathered)
    for entry in _entries(access.index):
        strided = _strided_entry(entry)
        if strided is not None:
            return IndexFault(access, "stride", strided[0], dynamic_start=strided[1])
    return None


def noncontiguous_accesses(program: Program) -> list[IndexFault]:
    # A store or control flow JAX refuses while tracing (PAL026, PAL077) stops the launch
    # before any op is lowered.
    traced_faults = program.trace_refused_launches()
    found: list[IndexFault] = []
    for access in program.ref_accesses:
        ref = access.ref
        if access.scoped or id(access.launch) in traced_faults or not isinstance(ref, RefVal) \
                or ref.space not in _SPACES:
            continue
        fault = _fault(access, ref)
        if fault is not None:
            found.append(fault)
    return found
