"""PAL065 warp_array: an array in code that runs once per warp (pl.core_map(plgpu.WarpMesh(
...)), plgpu.warp_map), where only scalars lower: a ref load that keeps a dimension, or a
register array of the kernel body the warp-level body closes over."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..warp_captures import WarpCapture
from ..warp_loads import WarpLoad, warp_array_loads
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL065",
    name="warp_array",
    title="an array (a ref slice loaded, or a register array closed over) in warp-level code",
    jax_message=(
        "ValueError: Can only load scalars in warp-level code.\n"
        "LoweringError: Can only close over scalars and Refs when using core_map with WarpMesh. "
        "Found array of shape float32[128].\n"
        "ValueError: The kernel function in mpmd_map _ at kernel.py:12 captures non-scalar array "
        "constants [f32[128]]. You can only close over scalars and Refs; arrays must be passed "
        "to the kernel via Refs."
    ),
    lowering_errors=(
        # Raised by the Lane rule and by the Warpgroup rule of the ref load (get_p).
        LoweringError(r"Can only load scalars in warp-level code", exc_type="ValueError",
                      sites=r"lowering\.py:_get_lowering_rule(_wg)?$"),
        # A capture, 0.8.3 - 0.10.2: the core_map lowering rule. (mpmd_map's rule words it
        # alike from 0.10.2, but mpmd_map refuses the capture while tracing first: not claimed.)
        LoweringError(r"Can only close over scalars and Refs when using core_map with WarpMesh"),
        # A capture, 0.11.2 - 0.12.0.1: mpmd_map while tracing.
        LoweringError(r"The kernel function in mpmd_map .* captures non-scalar array constants",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "The body of `pl.core_map(plgpu.WarpMesh(axis_name=...))` (and of `plgpu.warp_map`) "
        "runs once per warp: each of the kernel's warps runs it alone, with warp-level "
        "semantics, and Mosaic GPU lowers only scalar values there. A load of a ref slice "
        "would be a register array spread over one warp, which that lowering does not have; "
        "a register array of the enclosing kernel body that the body reads becomes a captured "
        "constant, and warp-level code has no per-warp view of an array the whole warpgroup "
        "holds. Scalars and refs are fine."
    ),
    when_it_happens=(
        "Inside such a body: a load `x_ref[...]`, `x_ref[pl.ds(w, 1)]`, `x_ref[:, 0]` or "
        "`x_ref[w]` of a 2-D ref (any index that keeps a dimension, even of size 1) of a GMEM "
        "or shared-memory ref, raised on the load line (measured on 0.8.3 to 0.12.0.1 under "
        "Lane semantics, from 0.10.2 under Warpgroup; on 0.8.3 a WarpMesh core_map has no "
        "Warpgroup lowering at all). Or a read of an array computed in the kernel body "
        "(`values = x_ref[...]` outside, `values[0]` inside), raised on the core_map / "
        "warp_map line: \"Can only close over scalars and Refs when using core_map with "
        "WarpMesh\" while lowering on 0.8.3 and 0.10.2, \"captures non-scalar array "
        "constants\" while tracing on 0.11.2 and 0.12.0.1. Reading only `values.shape` or "
        "`values.dtype` captures nothing."
    ),
    how_to_fix=(
        "Load one element per index inside the body (`x_ref[w]`, `x_ref[w, 0]`), or do the "
        "array work in the kernel body, where the whole warpgroup holds the array, and hand "
        "the warps a shared-memory ref (store the array to a scratch ref, then "
        "`plgpu.commit_smem()`); keep the per-warp code to scalars, refs and async copies."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    values = x_ref[...]

    @pl.core_map(plgpu.WarpMesh(axis_name="warp"))
    def _():
        w = lax.axis_index("warp")
        o_ref[pl.ds(w, 1)] = x_ref[pl.ds(w, 1)]  # a (1,) array
        o_ref[0] = values[0]                     # closes over an array
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
    # A capture is refused before the body's ops are lowered (while tracing from 0.11.2).
    for capture in program.warp_captures:
        launch = capture.launch
        if program.api_removed(launch.kernel) or id(launch) in seen:
            continue
        seen.add(id(launch))
        yield Finding(RULE.code, program.span(capture.node), _capture_message(capture),
                      related=(Related(program.span(launch.kernel.node), "the kernel is created here"),))
    for found in warp_array_loads(program):
        launch = found.access.launch
        if program.api_removed(launch.kernel) or id(launch) in seen:
            continue
        seen.add(id(launch))  # JAX stops lowering a kernel at its first refusal
        yield Finding(RULE.code, program.span(found.access.node), _load_message(found),
                      related=(Related(program.span(launch.kernel.node), "the kernel is created here"),))


def _load_message(found: WarpLoad) -> str:
    ref = found.ref
    kept = "a dimension" if found.kept == 1 else f"{found.kept} dimensions"
    return (f"This loads from a {short_repr(ref.shape.value)} ref with an index that keeps "  # type: ignore[attr-defined]
            f"{kept}, in code that runs once per warp (a WarpMesh core_map or warp_map body), "
            f"where Mosaic GPU lowers scalars only: JAX raises \"ValueError: Can only load "
            f"scalars in warp-level code.\". Index every dimension with a scalar (one element "
            f"per load), or load the array in the kernel body outside the per-warp code.")


def _capture_message(capture: WarpCapture) -> str:
    name, array = capture.captured[0]
    shape = array.shape.value  # type: ignore[attr-defined]
    dtype = getattr(array.dtype, "name", None)
    described = f"a {shape} {dtype} array" if dtype else f"a {shape} array"
    return (f"This warp-level body (it runs once per warp) reads {name!r}, {described} of the "
            f"kernel body: warp-level code can close over scalars and refs only, so JAX refuses "
            f"it (\"Can only close over scalars and Refs when using core_map with WarpMesh\" "
            f"through 0.10.2, \"... captures non-scalar array constants ...\" from 0.11.2). "
            f"Read the values from a ref inside the body, or store the array to a shared-memory "
            f"scratch ref first and read that ref here.")
