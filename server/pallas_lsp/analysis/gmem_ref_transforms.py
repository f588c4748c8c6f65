"""Whether a GMEM ref handed to a TMA copy carries a transform other than indexing (PAL043).

A TMA copy (``plgpu.copy_gmem_to_smem`` / ``copy_smem_to_gmem``) reads its GMEM operand's
transforms one by one and accepts only indexing (``.at[...]``) there, besides a peer or
multicast ref: a ``.reshape(...)`` or a ``plgpu.transpose_ref(...)`` of it raises
"NotImplementedError: Non-indexing transforms on GMEM refs are not implemented." on the copy
(``_extract_gmem_copy_params``; measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, Lane and
Warpgroup, whatever the shapes). The ref facts record both (RefVal.reshaped_from,
RefVal.transposed); a view taken after them is not followed (its facts are unknown).
"""

from __future__ import annotations

from .values import RefVal


def non_indexing_transform(ref: object) -> str | None:
    """"reshape" or "transpose" for a GMEM ref a reshape or a transpose made; None otherwise."""
    if not isinstance(ref, RefVal) or ref.space != "GMEM":
        return None
    if ref.reshaped_from is not None:
        return "reshape"
    return "transpose" if ref.transposed else None
