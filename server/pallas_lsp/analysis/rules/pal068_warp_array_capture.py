"""PAL068 warp_array_capture: a warp-level body (pl.core_map(plgpu.WarpMesh(...)),
plgpu.warp_map) that closes over a register array of the kernel body."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..warp_captures import WarpCapture
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL068",
    name="warp_array_capture",
    title="a warp-level body closes over a register array",
    jax_message=(
        "LoweringError: Can only close over scalars and Refs when using core_map with WarpMesh. "
        "Found array of shape float32[128].\n"
        "ValueError: The kernel function in mpmd_map _ at kernel.py:12 captures non-scalar array "
        "constants [f32[128]]. You can only close over scalars and Refs; arrays must be passed "
        "to the kernel via Refs."
    ),
    lowering_errors=(
        # 0.8.3 - 0.10.2: the core_map lowering rule. (mpmd_map's rule words it alike from
        # 0.10.2, but mpmd_map refuses the capture while tracing first: not claimed.)
        LoweringError(r"Can only close over scalars and Refs when using core_map with WarpMesh"),
        # 0.11.2 - 0.12.0.1: mpmd_map while tracing.
        LoweringError(r"The kernel function in mpmd_map .* captures non-scalar array constants",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "The body of `pl.core_map(plgpu.WarpMesh(axis_name=...))` (and of `plgpu.warp_map`) "
        "runs once per warp and is traced as a function of its own. A register array of the "
        "enclosing kernel body that it reads becomes a captured constant, and warp-level code "
        "has no per-warp view of an array the whole warpgroup holds, so JAX refuses it. "
        "Scalars and refs may be closed over."
    ),
    when_it_happens=(
        "`arr = x_ref[...]` (or any array computed) in the kernel body, then `arr` read inside "
        "the WarpMesh core_map body. JAX blames the core_map's line: 0.8.3 and 0.10.2 raise "
        "\"LoweringError: Can only close over scalars and Refs when using core_map with "
        "WarpMesh\" while lowering, 0.11.2 and 0.12.0.1 \"ValueError: The kernel function in "
        "mpmd_map ... captures non-scalar array constants\" while tracing. Reading only "
        "`arr.shape` or `arr.dtype` captures nothing."
    ),
    how_to_fix=(
        "Read what the warp needs from a ref inside the body (one scalar per load), or store "
        "the array to a shared-memory scratch ref in the kernel body (then "
        "`plgpu.commit_smem()`) and read that ref in the warp-level body."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    values = x_ref[...]

    @pl.core_map(plgpu.WarpMesh(axis_name="warp"))
    def _():
        o_ref[0] = values[0]
''',
    good_example='''
def kernel(x_ref, o_ref):
    @pl.core_map(plgpu.WarpMesh(axis_name="warp"))
    def _():
        o_ref[0] = x_ref[0]
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for capture in program.warp_captures:
        launch = capture.launch
        if program.api_removed(launch.kernel) or id(launch) in seen:
            continue
        seen.add(id(launch))  # JAX stops at the first body it refuses
        yield Finding(RULE.code, program.span(capture.node), _message(capture),
                      related=(Related(program.span(launch.kernel.node), "the kernel is created here"),))


def _message(capture: WarpCapture) -> str:
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
