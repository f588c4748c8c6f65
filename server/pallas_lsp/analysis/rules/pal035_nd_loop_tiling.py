"""PAL035 nd_loop_tiling: plgpu.nd_loop's tiling must have the grid's length and divide it."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program, short_repr
from ..trace import Op
from ..values import Const, unpack
from .base import LoweringError, Rule
from .common import ref_ops_named

RULE = Rule(
    code="PAL035",
    name="nd_loop_tiling",
    title="plgpu.nd_loop's tiling needs one tile per grid dimension, each dividing it",
    jax_message=(
        "ValueError: tiling=(2,) and grid=(4, 4) must have same length.\n"
        "ValueError: Tiling (2, 3) does not divide grid (4, 4)."
    ),
    lowering_errors=(
        LoweringError(r"^tiling=.* and grid=.* must have same length\.$", "ValueError"),
        LoweringError(r"^Tiling .* does not divide grid .*\.$", "ValueError"),
    ),
    what_it_means=(
        "`plgpu.nd_loop(grid, collective_axes=..., tiling=...)` walks the grid in tiles: the "
        "grid is split into `grid[i] // tiling[i]` tiles along each dimension, and the body "
        "visits every step of one tile before the next. So `tiling` has one entry per grid "
        "dimension, and each entry divides its dimension."
    ),
    when_it_happens=(
        "When `nd_loop` is called (the decorator line), every release 0.8.3 - 0.12.0.1: a "
        "non-empty `tiling` whose length differs from the grid's (\"tiling=... and grid=... "
        "must have same length.\"), or a tile that does not divide its grid dimension "
        "(\"Tiling ... does not divide grid ....\"). Predicted when the grid and tiling are "
        "known integers."
    ),
    how_to_fix=(
        "Give one tile per grid dimension (1 for a dimension not tiled), each a divisor of its "
        "dimension; pad the grid to a multiple of the tile if it is not."
    ),
    bad_example='''
@plgpu.nd_loop((4, 4), collective_axes="sm", tiling=(2, 3))
def body(loop_info): ...
''',
    good_example='''
@plgpu.nd_loop((4, 4), collective_axes="sm", tiling=(2, 2))
def body(loop_info): ...
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in ref_ops_named(program, "plgpu.nd_loop").items():
        said = next((said for op in ops if (said := _fault(op)) is not None), None)
        if said is not None:
            yield Finding(RULE.code, program.span(node), said)


def _ints(value: object) -> tuple[int, ...] | None:
    items = unpack(value) if not (isinstance(value, Const) and isinstance(value.value, str)) else None
    if items is None:
        return None
    known = [item.value for item in items if isinstance(item, Const) and type(item.value) is int]
    return tuple(known) if len(known) == len(items) else None  # type: ignore[arg-type]


def _fault(op: Op) -> str | None:
    """JAX's refusal of the tiling (helpers.py nd_loop), for a grid and tiling known as ints."""
    grid, tiling = _ints(op.args.get("grid")), _ints(op.args.get("tiling"))
    if grid is None or not tiling:
        return None  # no tiling (or an empty one: JAX skips the checks), or not known
    if len(grid) != len(tiling):
        entries = _count(len(tiling), "entry", "entries")
        dims = _count(len(grid), "dimension", "dimensions")
        return (f"nd_loop: tiling={short_repr(tiling)} has {entries} and "
                f"grid={short_repr(grid)} has {dims}; JAX raises \"ValueError: "
                f"tiling={tiling} and grid={grid} must have same length.\" Give one tile per "
                f"grid dimension (1 where a dimension is not tiled).")
    if any(tile == 0 for tile in tiling):
        return None  # JAX fails on a zero tile with a ZeroDivisionError, not this check
    cut = [(dim, tile) for dim, tile in zip(grid, tiling, strict=True) if dim % tile]
    if not cut:
        return None
    dim, tile = cut[0]
    return (f"nd_loop: the tile {tile} does not divide the grid dimension {dim} "
            f"(tiling={short_repr(tiling)}, grid={short_repr(grid)}); JAX raises \"ValueError: "
            f"Tiling {tiling} does not divide grid {grid}.\" Use a tile that divides {dim}, or "
            f"pad the grid to a multiple of {tile}.")


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
