"""Whether Mosaic GPU can reshape a tiled shared-memory ref (PAL012), from the ref facts.

``smem.reshape(...)`` of a buffer tiled ``TilingTransform((8, 64))`` is lowered by moving the
reshape inside the tiling (``UntilingTransform.commute_reshape``, core.py of JAX 0.10.2 to
0.12.0.1): each dimension of the new shape must be a run of consecutive old dimensions (a fold,
never a split: "Unfolding dimensions is not supported ..."), a run that ends in the tiled
dimensions must hold only tiled ones ("Folding tiled dimensions into untiled dimensions is not
supported"), and every tiled dimension of a run but its minor one must have a tile of 1
("Cannot commute ... non-unit tiling"). The same walk as JAX's, on the shape before and after;
measured on 0.10.2, 0.11.2 and 0.12.0.1 on the copy or load that uses the reshaped ref. 0.8.3
to 0.9.2 refuse every reshape of a tiled ref ("Reshapes don't commute with tiling.") and blame no
kernel line: not judged there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .ref_facts import transforms_of
from .smem_transforms import swizzle_fit, window_fault, window_misfit
from .values import Const, RefTypeVal, RefVal, TransformVal


@dataclass(frozen=True)
class ReshapeFault:
    """A reshape of a tiled ref JAX refuses: ``kind`` "unfold", "fold_untiled" or "fold_tiled"
    ("tiles": for "fold_tiled", the tiles of the dimensions merged, major to minor)."""

    kind: str
    tiling: TransformVal
    before: tuple[int, ...]
    after: tuple[int, ...]
    tiles: tuple[int, ...] = ()


def reshape_fault(ref: RefVal) -> ReshapeFault | None:
    """The fault of the reshape that made ``ref`` (ref.reshaped_from), when the buffer is SMEM,
    tiled and swizzled as it fits, every shape is known and the window reshaped is accepted;
    None otherwise (accepted, or not known)."""
    base = ref.reshaped_from
    root = ref.root
    if base is None or root is None or root.space != "SMEM" or not isinstance(root.transforms, tuple):
        return None
    before, after = _shape(base.shape), _shape(ref.shape)
    kinds = [t.kind for t in root.transforms]  # type: ignore[attr-defined]
    tiling = transforms_of(root).get("tiling")
    if before is None or after is None or not after or kinds != ["tiling", "swizzle"] \
            or not isinstance(tiling, TransformVal) or not _tiles(tiling.value, before) \
            or math.prod(before) != math.prod(after) \
            or swizzle_fit(RefTypeVal(root.space, root.shape, root.dtype, root.transforms)) is not None:
        return None
    if base.reshaped_from is not None or not isinstance(base.transforms, tuple):
        return None  # a reshape of a reshape or of a transposed ref: JAX's walk differs
    if base.root is not None and (not isinstance(base.views, tuple) or not base.views
                                  or window_fault(base) is not None or window_misfit(base) is not None):
        return None  # a view not followed, or one refused first
    return _walk(tiling, before, after)


def _walk(tiling: TransformVal, before: tuple[int, ...], after: tuple[int, ...]) -> ReshapeFault | None:
    tiles: tuple[int, ...] = tiling.value  # type: ignore[assignment]
    runs: list[list[int]] = [[]]
    for extent in before:
        if len(runs) > len(after):
            return None  # more old dimensions than the new shape takes: JAX fails otherwise
        runs[-1].append(extent)
        size = math.prod(runs[-1])
        if size == after[len(runs) - 1]:
            runs.append([])
        elif size > after[len(runs) - 1]:
            return ReshapeFault("unfold", tiling, before, after)
    if runs[-1] or len(runs) - 1 != len(after):
        return None  # trailing 1s in the new shape: JAX's own assertion, not a message
    runs.pop()
    left_tiles = list(tiles[::-1])
    for run in runs[::-1]:
        if len(left_tiles) < len(run):
            return ReshapeFault("fold_untiled", tiling, before, after)
        run_tiles = left_tiles[:len(run)]
        if any(t != 1 for t in run_tiles[1:]):
            return ReshapeFault("fold_tiled", tiling, before, after, tuple(run_tiles[::-1]))
        left_tiles = left_tiles[len(run):]
        if not left_tiles:
            break
    return None


def _shape(shape: object) -> tuple[int, ...] | None:
    if isinstance(shape, Const) and isinstance(shape.value, tuple) \
            and all(type(d) is int and d > 0 for d in shape.value):
        return shape.value  # type: ignore[return-value]
    return None


def _tiles(tiles: object, shape: tuple[int, ...]) -> bool:
    return isinstance(tiles, tuple) and 0 < len(tiles) <= len(shape) \
        and all(type(t) is int and t > 0 for t in tiles) \
        and all(d % t == 0 for d, t in zip(shape[len(shape) - len(tiles):], tiles, strict=True))
