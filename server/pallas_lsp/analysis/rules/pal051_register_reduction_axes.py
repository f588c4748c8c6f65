"""PAL051 register_reduction_axes: a reduction over some axes of an array loaded whole from an
untransformed ref (``jnp.sum(x_ref[...], axis=1)``, the row sums of a softmax or a layernorm):
Lane's WG-strided layout reduces over all its axes only, and under Warpgroup semantics layout
inference finds no layout that allows it."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..register_reductions import PartialReduction, partial_reductions
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL051",
    name="register_reduction_axes",
    title="a reduction over some axes of an array loaded from an untransformed ref",
    jax_message=(
        "NotImplementedError: No support for axes yet\n"
        "ValueError: Failed to infer a possible set of layouts. This should only happen if "
        "user-provided layout casts are unsatisfiable."
    ),
    lowering_errors=(
        LoweringError(r"\ANo support for axes yet", exc_type="NotImplementedError"),
        # Warpgroup semantics: layout inference's own words, which name no op (PAL027 shares
        # them); the finding on the blamed line (the jitted call) says which cause it is.
        LoweringError(r"\AFailed to infer a possible set of layouts\.", exc_type="ValueError"),
    ),
    what_it_means=(
        "`x_ref[...]` of a ref with no transforms loads it into registers in the WG-strided "
        "layout: the array is flattened and each of the warpgroup's 128 threads holds a few "
        "consecutive elements, whatever the rows and columns are. Mosaic GPU can reduce such an "
        "array over all its axes (to a scalar), not over some of them: its Lane rule for "
        "reduce_sum / reduce_max / reduce_min raises \"No support for axes yet\". Under "
        "Warpgroup semantics layout inference looks for a layout of the loaded array that both "
        "the load and the reduction accept and finds none."
    ),
    when_it_happens=(
        "`jnp.sum(x_ref[...], axis=1)`, `x_ref[...].max(axis=0)`, `jnp.min(x, -1, keepdims=True)` "
        "and the like, on a value loaded whole from a GMEM or shared-memory ref with no "
        "transforms (or an elementwise op of one), over some but not all of its axes. Under Lane "
        "semantics (the default through 0.10.2) JAX raises on the reduction's line; under "
        "Warpgroup semantics (the default from 0.11.2) lowering fails with \"Failed to infer a "
        "possible set of layouts\", blamed on the line that calls the jitted function. Measured "
        "on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (sum, max and min; float32 and int32; GMEM and "
        "SMEM refs). A reduction over every axis lowers. A kernel with a `plgpu.layout_cast` is "
        "not judged under Warpgroup semantics (a cast constrains inference)."
    ),
    how_to_fix=(
        "Give the array a tiled layout before reducing it: `plgpu.layout_cast(x_ref[...], "
        "plgpu.Layout.WGMMA)` lets `jnp.sum(..., axis=1)` of a (128, 128) float32 array lower "
        "under both semantics on 0.12.0.1 (0.10.2 and 0.11.2 refuse that layout for a load "
        "straight from GMEM: \"Only optimized transfers to SMEM supported\"); or load the ref "
        "with a tiled and swizzled shared-memory layout; or reduce over every axis."
    ),
    bad_example='''
def row_sums(x_ref, o_ref):  # x_ref: (128, 128) float32
    o_ref[...] = jnp.sum(x_ref[...], axis=1)
''',
    good_example='''
def row_sums(x_ref, o_ref):  # x_ref: (128, 128) float32, JAX 0.12.0.1
    x = plgpu.layout_cast(x_ref[...], plgpu.Layout.WGMMA)
    o_ref[...] = jnp.sum(x, axis=1)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    lane_lines: set[int] = set()
    warpgroup_launches: set[int] = set()
    casts = program.launches_casting_layouts()
    for reduction in partial_reductions(program):
        op = reduction.op
        kernel = op.launch.kernel
        if program.api_removed(kernel):
            continue
        semantics = program.semantics(kernel)
        if semantics.name == "Lane":
            # JAX raises the first reduction of a line.
            if op.node.lineno in lane_lines:
                continue
            lane_lines.add(op.node.lineno)
            yield Finding(
                RULE.code, program.span(op.node),
                f"{_what(reduction)} under Lane semantics ({semantics.reason}): the array was "
                f"loaded whole from a ref with no transforms, in the WG-strided layout, which "
                f"Mosaic GPU reduces over all its axes only. JAX raises \"NotImplementedError: "
                f"No support for axes yet\". {_fix()}",
                related=(Related(program.span(kernel.node), "the kernel is created here"),))
        elif semantics.name == "Warpgroup" and id(op.launch) not in casts \
                and id(op.launch) not in warpgroup_launches:
            warpgroup_launches.add(id(op.launch))
            blamed = op.launch.lowered_at
            yield Finding(
                RULE.code, program.span(blamed),
                f"The kernel reduces an array loaded whole from a ref over some of its axes "
                f"(line {op.node.lineno}: {_what(reduction, lower=True).rstrip(',')}) under Warpgroup "
                f"semantics ({semantics.reason}): layout inference finds no register layout "
                f"that both the load and the reduction accept, so JAX fails when it lowers this "
                f"call with \"ValueError: Failed to infer a possible set of layouts\". {_fix()}",
                related=(Related(program.span(op.node), "the reduction over some axes"),
                         Related(program.span(kernel.node), "the kernel is created here")))


def _what(reduction: PartialReduction, lower: bool = False) -> str:
    axes = reduction.axes[0] if len(reduction.axes) == 1 else reduction.axes
    name = reduction.function.rsplit(".", 1)[-1]
    word = "axis" if len(reduction.axes) == 1 else "axes"
    text = (f"This reduces ({name}) a {short_repr(reduction.shape)} {reduction.dtype} array over "
            f"{word} {axes}, not all {len(reduction.shape)} of its axes,")
    return text[0].lower() + text[1:] if lower else text


def _fix() -> str:
    return ("Cast it to a tiled layout first (plgpu.layout_cast(x, plgpu.Layout.WGMMA), which "
            "lowers on 0.12.0.1), or reduce over every axis.")
