"""PAL054 tma_gmem_tile_remainder: a TMA copy between a tiled shared-memory buffer and a GMEM
array whose tiled dimension is longer than its tile and not a multiple of it: JAX tiles the
whole array for the TMA descriptor, not only the window copied."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..tma_tiles import TileRemainder, tile_remainder
from ..versions import TMA_GMEM_TILES_ON_COPY, TMA_GMEM_TILES_ON_LAUNCH, holds
from .base import LoweringError, Rule

_TEXT = (r"When no rounding mode is specified, dimension (\d+|\{[^}]*\}) must have\s+size smaller or "
         r"a multiple of its tiling")

RULE = Rule(
    code="PAL054",
    name="tma_gmem_tile_remainder",
    title="a TMA copy of a tiled buffer reads a GMEM array its tiles do not divide",
    jax_message=(
        "ValueError: When no rounding mode is specified, dimension 0 must have size smaller or "
        "a multiple of its tiling 8, but got 100"
    ),
    lowering_errors=(
        # A number in a real message, ``{d}`` / ``{t}`` in JAX's template (the raise-site
        # table). From 0.10.1 transform_gmem_shape raises it; TileTransform.apply (the same
        # text) raised it before, and from 0.10.1 a copy no longer reaches its check.
        LoweringError(_TEXT, exc_type="ValueError", sites=r":TileTransform\.transform_gmem_shape$"),
        LoweringError(_TEXT, exc_type="ValueError", sites=r":TileTransform\.apply$",
                      when=TMA_GMEM_TILES_ON_LAUNCH),
    ),
    what_it_means=(
        "A copy between global memory and a shared-memory buffer with a `plgpu.TilingTransform` "
        "(`plgpu.copy_gmem_to_smem`, `copy_smem_to_gmem`) is one TMA transfer of tiles: Mosaic "
        "GPU describes the whole GMEM array to the TMA unit cut into the buffer's tiles, not "
        "only the window copied. Each tiled dimension of the array (its last two) must then be "
        "no longer than its tile or a whole number of tiles: a (100, 128) float16 array cannot "
        "be cut into (8, 64) tiles, even when each copy takes 64 of its rows."
    ),
    when_it_happens=(
        "While the kernel is lowered, on the copy line, Lane and Warpgroup, from 0.10.1 "
        "(measured on 0.10.2, 0.11.2 and 0.12.0.1, copies in and out); the minor dimension is "
        "checked first (\"dimension 1 ... tiling 64, but got 200\"). On 0.8.3 under Lane the "
        "same error is raised when the kernel's TMA descriptors are built, blamed on the launch; "
        "under Warpgroup an assertion fails on the copy first (not predicted). Judged for a "
        "whole buffer tiled in 2D and swizzled to fit its tile, a GMEM window of the buffer's "
        "shape and dtype with the two tiled dimensions sliced, rows of a multiple of 16 bytes, "
        "and copies not multicast, split, reduced or given `oob_mode=`."
    ),
    how_to_fix=(
        "Pad the array to a multiple of the tile in its tiled dimensions (104 rows for tiles of "
        "8; `jnp.pad` on the host) and keep the padding out of the result, or copy into a "
        "buffer without a TilingTransform."
    ),
    bad_example='''
# x: (100, 128) float16; smem: plgpu.SMEM((64, 128), jnp.float16, transforms=(
#     plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128)))
plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(0, 64)], smem, barrier)
''',
    good_example='''
# x: (104, 128) float16, padded to whole tiles of 8 rows
plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(0, 64)], smem, barrier)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    on_copy = holds(TMA_GMEM_TILES_ON_COPY, program.version)
    seen: set[int] = set()
    for op in program.ref_ops:
        if id(op.node) in seen:
            continue
        found = tile_remainder(op)
        if found is None:
            continue
        if not on_copy and program.semantics(op.launch.kernel).name != "Lane":
            continue  # an assertion fails on the copy first (0.8.3, Warpgroup)
        blamed = op.node if on_copy else op.launch.lowered_at
        if not on_copy and id(blamed) in seen:
            continue  # the launch fails once, on its first such copy
        seen.update((id(op.node), id(blamed)))
        name = op.name.rsplit(".", 1)[-1]
        message = _message(name, found)
        related = [Related(program.span(found.tiling.node), "the tiling is built here")] \
            if found.tiling.node is not None else []
        if found.smem.node is not None:
            related.append(Related(program.span(found.smem.node),
                                   "the shared-memory buffer is declared here"))
        if not on_copy:
            related.insert(0, Related(program.span(op.node), "the copy of the tiled buffer"))
            message = (f"At {program.where(program.span(op.node), blamed)}, {message[0].lower()}"
                       f"{message[1:]}").replace(" while the kernel is lowered",
                                                 " when the kernel's TMA descriptors are built")
        yield Finding(RULE.code, program.span(blamed), message, related=tuple(related))


def _message(name: str, found: TileRemainder) -> str:
    dtype = found.gmem.dtype.name  # type: ignore[attr-defined]
    padded = -(-found.extent // found.tile) * found.tile
    return (f"{name} moves a buffer tiled {short_repr(found.tiling.value)}, and Mosaic GPU cuts "
            f"the whole GMEM array ({short_repr(found.root)} {dtype}) into those tiles, not only "
            f"the window copied: its dimension {found.dim} has {found.extent} elements, more than "
            f"the tile of {found.tile} and not a multiple of it. JAX raises \"ValueError: When no "
            f"rounding mode is specified, dimension {found.dim} must have size smaller or a "
            f"multiple of its tiling {found.tile}, but got {found.extent}\" while the kernel is "
            f"lowered. Pad the array to {padded} along that dimension, or copy into a buffer "
            f"without a TilingTransform.")
