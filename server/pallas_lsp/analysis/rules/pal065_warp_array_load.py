"""PAL065 warp_array_load: a ref load of more than one element in code that runs once per
warp (pl.core_map(plgpu.WarpMesh(...)), plgpu.warp_map), where only scalars lower."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..warp_loads import WarpLoad, warp_array_loads
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL065",
    name="warp_array_load",
    title="a ref load of more than one element in warp-level code",
    jax_message="ValueError: Can only load scalars in warp-level code.",
    lowering_errors=(
        # Raised by the Lane rule and by the Warpgroup rule of the ref load (get_p).
        LoweringError(r"Can only load scalars in warp-level code", exc_type="ValueError",
                      sites=r"lowering\.py:_get_lowering_rule(_wg)?$"),
    ),
    what_it_means=(
        "The body of `pl.core_map(plgpu.WarpMesh(axis_name=...))` (and of `plgpu.warp_map`) "
        "runs once per warp: each of the kernel's warps runs it alone, with warp-level "
        "semantics, and Mosaic GPU lowers only scalar values there. A load of a ref slice "
        "would be a register array spread over one warp, which that lowering does not have."
    ),
    when_it_happens=(
        "A load `x_ref[...]`, `x_ref[pl.ds(w, 1)]`, `x_ref[:, 0]` or `x_ref[w]` of a 2-D ref "
        "(any index that keeps a dimension, even of size 1) of a GMEM or shared-memory ref "
        "inside such a body. JAX blames the load line. Measured on 0.8.3, 0.10.2, 0.11.2 and "
        "0.12.0.1 under Lane semantics, and from 0.10.2 under Warpgroup semantics (on 0.8.3 a "
        "WarpMesh core_map has no Warpgroup lowering at all)."
    ),
    how_to_fix=(
        "Load one element per index (`x_ref[w]`, `x_ref[w, 0]`), or move the array work out "
        "of the warp-level body into the kernel body, where the whole warpgroup loads the "
        "array; keep the per-warp code to scalars and async copies."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    @pl.core_map(plgpu.WarpMesh(axis_name="warp"))
    def _():
        w = lax.axis_index("warp")
        o_ref[pl.ds(w, 1)] = x_ref[pl.ds(w, 1)]
''',
    good_example='''
def kernel(x_ref, o_ref):
    @pl.core_map(plgpu.WarpMesh(axis_name="warp"))
    def _():
        w = lax.axis_index("warp")
        o_ref[w] = x_ref[w]
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for found in warp_array_loads(program):
        launch = found.access.launch
        if program.api_removed(launch.kernel) or id(launch) in seen:
            continue
        seen.add(id(launch))  # JAX stops lowering a kernel at its first refusal
        yield Finding(RULE.code, program.span(found.access.node), _message(found),
                      related=(Related(program.span(launch.kernel.node), "the kernel is created here"),))


def _message(found: WarpLoad) -> str:
    ref = found.ref
    kept = "a dimension" if found.kept == 1 else f"{found.kept} dimensions"
    return (f"This loads from a {short_repr(ref.shape.value)} ref with an index that keeps "  # type: ignore[attr-defined]
            f"{kept}, in code that runs once per warp (a WarpMesh core_map or warp_map body), "
            f"where Mosaic GPU lowers scalars only: JAX raises \"ValueError: Can only load "
            f"scalars in warp-level code.\". Index every dimension with a scalar (one element "
            f"per load), or load the array in the kernel body outside the per-warp code.")
