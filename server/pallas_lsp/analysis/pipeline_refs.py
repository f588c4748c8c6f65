"""The shared-memory refs ``plgpu.emit_pipeline`` hands its body (a ref fact).

JAX (``jax/_src/pallas/mosaic_gpu/pipeline.py``, 0.8.3 - 0.12.0.1) allocates, per in / out
spec and GMEM ref, ``plgpu.SMEM((max_concurrent_steps, *block_shape), ref.dtype,
transforms=spec.transforms)`` and calls ``body(indices, *slot_refs)``, each slot ref that
buffer at one slot: the block's shape (``None`` entries squeezed away), the GMEM ref's dtype,
the spec's transforms; a spec with ``memory_space=plgpu.GMEM`` hands the body the GMEM ref
itself. A spec whose block is not plain ints / ``None``, another memory space, or a ref the
analysis does not know gives an unknown ref: the rules stay silent on it.
"""

from __future__ import annotations

from .pipelines import BlockSpecVal
from .values import UNKNOWN, Const, DtypeVal, RefVal, unpack


def slot_refs(in_specs: object, out_specs: object, gmem_refs: list[object]) -> list[object]:
    """One ref per GMEM ref, as the body sees it (UNKNOWN where not known). JAX splits the
    GMEM refs at len(in_specs): the inputs' refs are known even where the out specs are not."""
    ins, outs = _flat(in_specs), _flat(out_specs)
    counted = outs is None or len(ins or ()) + len(outs) == len(gmem_refs)
    if ins is None or len(ins) > len(gmem_refs) or not counted:
        return [UNKNOWN] * len(gmem_refs)
    specs: list[object] = [*ins, *(outs if outs is not None else [UNKNOWN] * (len(gmem_refs) - len(ins)))]
    return [slot_ref(spec, ref) for spec, ref in zip(specs, gmem_refs, strict=True)]


def slot_ref(spec: object, gmem_ref: object) -> object:
    if not isinstance(spec, BlockSpecVal) or not isinstance(gmem_ref, RefVal) or spec.space is UNKNOWN:
        return UNKNOWN
    if spec.space == "GMEM":
        return gmem_ref  # not copied: the body gets the GMEM ref itself
    shape = block_shape(spec.block_shape)
    dtype = gmem_ref.dtype if isinstance(gmem_ref.dtype, DtypeVal) else UNKNOWN
    if shape is None and dtype is UNKNOWN:
        return UNKNOWN
    return RefVal(Const(shape) if shape is not None else UNKNOWN, dtype, "SMEM", spec.transforms)


def block_shape(written: object) -> tuple[int, ...] | None:
    """The block's shape as the slot ref has it: ints kept, ``None`` (squeezed) dropped."""
    items = unpack(written) if isinstance(written, (tuple, Const)) else None
    if items is None or (isinstance(written, Const) and not isinstance(written.value, tuple)):
        return None
    dims: list[int] = []
    for item in items:
        if isinstance(item, Const) and item.value is None:
            continue
        if not (isinstance(item, Const) and type(item.value) is int):
            return None
        dims.append(item.value)
    return tuple(dims)


def _flat(specs: object) -> list[object] | None:
    """A flat sequence of specs (a single spec counts as one), None for a pytree / unknown."""
    if isinstance(specs, BlockSpecVal):
        return [specs]
    if isinstance(specs, Const) and specs.value == ():
        return []
    if isinstance(specs, tuple) and all(isinstance(s, BlockSpecVal) for s in specs):
        return list(specs)
    return None
