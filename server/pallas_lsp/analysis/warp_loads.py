"""Loads of more than one element in code that runs once per warp (PAL065).

The body of ``pl.core_map(plgpu.WarpMesh(axis_name=...))`` (and of ``plgpu.warp_map``, from
0.10.2) is lowered with warp-level semantics: each of the kernel's warps runs it alone, and
Mosaic GPU lowers only scalars there. A ref load whose index keeps a dimension (``x_ref[...]``,
``x_ref[pl.ds(w, 1)]``, ``x_ref[w]`` of a 2-D ref) raises "ValueError: Can only load scalars in
warp-level code." on the load line (lowering.py ``_get_lowering_rule`` under Lane,
``_get_lowering_rule_wg`` under Warpgroup). Measured on GMEM refs of a ``plgpu.kernel``: Lane on
0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, Warpgroup from 0.10.2 (on 0.8.3 Warpgroup has no lowering
for a WarpMesh core_map at all: "Unimplemented primitive ... core_map", another error).

A load is judged only where the index is known to keep a dimension whatever its unknown
entries hold: a slice, ``pl.ds`` or ``...`` entry, or dimensions the index leaves out. An
index that is one unknown value (it may be a tuple) is not judged.
"""

from __future__ import annotations

from dataclasses import dataclass

from .program import Program
from .trace import RefAccess
from .values import UNKNOWN, Const, DSliceVal, RefVal
from .versions import WARPGROUP_WARP_MESH, holds

# Refs whose loads reach the warp-level check (a TMEM ref is refused earlier, another error).
_LOADED_SPACES = ("GMEM", "SMEM")


@dataclass(frozen=True)
class WarpLoad:
    access: RefAccess
    ref: RefVal
    kept: int  # how many dimensions the load keeps, at least (1 or more)


def kept_dims(rank: int, index: object) -> int | None:
    """How many of a rank-``rank`` ref's dimensions ``ref[index]`` surely keeps, or None when
    the index is not known well enough (one unknown value, more entries than dimensions)."""
    if isinstance(index, Const) and isinstance(index.value, tuple):
        entries: list[object] = [Const(v) for v in index.value]
    elif isinstance(index, tuple):
        entries = list(index)
    elif index is UNKNOWN:
        return None  # maybe a tuple of any length
    else:
        entries = [index]
    ellipses = sum(1 for e in entries if isinstance(e, Const) and e.value is Ellipsis)
    if ellipses > 1:
        return None
    consumed = len(entries) - ellipses
    if consumed > rank:
        return None  # JAX refuses the index itself (another error)
    # An unknown entry consumes one dimension at most (a scalar drops it, a slice keeps it).
    slices = sum(1 for e in entries if isinstance(e, DSliceVal))
    return slices + (rank - consumed)


def warp_array_loads(program: Program) -> list[WarpLoad]:
    found: list[WarpLoad] = []
    for access in program.ref_accesses:
        ref = access.ref
        if access.kind != "load" or not access.warp_level or not isinstance(ref, RefVal) \
                or ref.space not in _LOADED_SPACES or not isinstance(ref.shape, Const) \
                or not isinstance(ref.shape.value, tuple):
            continue
        semantics = program.semantics(access.launch.kernel).name
        if semantics is None or (semantics == "Warpgroup"
                                 and not holds(WARPGROUP_WARP_MESH, program.version)):
            continue
        kept = kept_dims(len(ref.shape.value), access.index)
        if kept:
            found.append(WarpLoad(access, ref, kept))
    return found
