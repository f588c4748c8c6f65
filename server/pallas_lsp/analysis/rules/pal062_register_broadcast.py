"""PAL062 register_broadcast: a binary op of two arrays loaded whole from untransformed refs
whose shapes differ (``x + b``, a (4, 128) and a (128,) array), where Mosaic GPU cannot
broadcast the smaller one in the WG-strided layout."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..register_broadcasts import (
    LEADING_ONLY,
    SPLATS_ONLY,
    VEC_SIZES,
    WARPGROUP_ANY,
    WARPGROUP_LEADING_ONLY,
    RefusedBroadcast,
    refused_broadcasts,
)
from ..versions import IMPLICIT_BROADCAST_REFUSED, STRIDED_BROADCAST_LEADING
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL062",
    name="register_broadcast",
    title="an implicit broadcast of an array loaded whole from an untransformed ref",
    jax_message=(
        "ValueError: Incompatible FragmentedArray layouts\n"
        "NotImplementedError: Unsupported broadcast for WGStridedFragLayout\n"
        "NotImplementedError: WGStridedFragLayout(shape=(1, 128), vec_size=1)   (0.8.3, Lane)\n"
        "NotImplementedError: Unsupported broadcast   (0.8.3, Warpgroup)\n"
        "ValueError: Failed to infer a possible set of layouts. This should only happen if "
        "user-provided layout casts are unsatisfiable."
    ),
    lowering_errors=(
        # FragmentedArray._pointwise: two operands of one shape in different layouts.
        LoweringError(r"\AIncompatible FragmentedArray layouts", exc_type="ValueError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\._pointwise$",
                      when=STRIDED_BROADCAST_LEADING),
        LoweringError(r"\AUnsupported broadcast for WGStridedFragLayout",
                      exc_type="NotImplementedError", when=STRIDED_BROADCAST_LEADING,
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.broadcast_in_dim$"),
        # 0.8.3's FragmentedArray.broadcast (splats only): NotImplementedError(self.layout),
        # the strided layout's repr as the whole message.
        LoweringError(r"\A\s*(WGStridedFragLayout\(shape=.*\)|\{self\.layout\})\s*\Z",
                      exc_type="NotImplementedError", when=IMPLICIT_BROADCAST_REFUSED,
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.broadcast$"),
        # 0.8.3's _bcast_wg: both of its raises (the left operand's, the right's).
        LoweringError(r"\AUnsupported broadcast\s*\Z", exc_type="NotImplementedError",
                      when=IMPLICIT_BROADCAST_REFUSED,
                      sites=r"pallas/mosaic_gpu/lowering\.py:_bcast_wg$"),
        # Warpgroup from 0.10.2: layout inference's own words (PAL027, PAL051, PAL061 share
        # them); the finding on the blamed line (the jitted call) says which.
        LoweringError(r"\AFailed to infer a possible set of layouts\.", exc_type="ValueError"),
    ),
    what_it_means=(
        "`x_ref[...]` of a ref with no transforms loads it into registers in the WG-strided "
        "layout: the array is flattened and each thread holds `vec_size` consecutive elements, "
        "a number Mosaic GPU picks from the array's own element count and dtype (at most 64 "
        "bits). An elementwise op of two such arrays of different shapes (`x + b` with x "
        "(4, 128) and b (128,)) broadcasts the smaller one, and Mosaic GPU can broadcast a "
        "WG-strided array only along leading dims and only keeping its vec_size: a (128,) "
        "float32 array has vec_size 1, a (4, 128) one 2, so the broadcast row and x end up in "
        "different layouts (\"Incompatible FragmentedArray layouts\"); a column (128, 1) "
        "cannot be broadcast along its last dim at all (\"Unsupported broadcast for "
        "WGStridedFragLayout\"). JAX 0.8.3 broadcasts no WG-strided array at all."
    ),
    when_it_happens=(
        "`+`, `-` or `*` of two arrays loaded whole from GMEM or shared-memory refs with no "
        "transforms (or elementwise ops of them), of different shapes. Under Lane semantics "
        "(the default through 0.10.2): on 0.10.2, 0.11.2 and 0.12.0.1 when the broadcast "
        "expands a size-1 dim after a dim of size > 1 ((128, 128) + (128, 1)), or when the two "
        "arrays' vec_sizes differ ((4, 128) + (128,), (8, 128) * (1, 128), bfloat16 "
        "(4, 128) + (128,)); (4, 256) + (256,) or (2, 4, 128) + (4, 128) lower. On 0.8.3 every "
        "such broadcast is refused, under Lane (the layout's repr as the message) and "
        "Warpgroup (\"Unsupported broadcast\"). Under Warpgroup semantics from 0.10.2 a "
        "leading-dims broadcast lowers, and the expansion of a size-1 dim after a larger one "
        "makes layout inference fail (\"Failed to infer a possible set of layouts\", blamed on "
        "the line that calls the jitted function). JAX raises the others on the op's line. "
        "Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (float32 and bfloat16). A kernel with "
        "a `plgpu.layout_cast` is not judged under Warpgroup semantics."
    ),
    how_to_fix=(
        "From 0.10.2, a row broadcast (`x + b`, b of shape (N,) or (1, N)) lowers under "
        "Warpgroup semantics (`plgpu.CompilerParams(lowering_semantics="
        "plgpu.LoweringSemantics.Warpgroup)`, the default from 0.11.2). Otherwise pass the "
        "operand already at the full shape (a ref of x's shape), or give both arrays a tiled "
        "layout before the op."
    ),
    bad_example='''
def add_bias(x_ref, b_ref, o_ref):  # x_ref: (4, 128) float32, b_ref: (128,), Lane
    o_ref[...] = x_ref[...] + b_ref[...]
''',
    good_example='''
def add_bias(x_ref, b_ref, o_ref):  # x_ref: (4, 256) float32, b_ref: (256,), Lane
    o_ref[...] = x_ref[...] + b_ref[...]  # both have vec_size 2
''',
    fixable=False,
)

_WHY = {
    SPLATS_ONLY: ("this release's Mosaic GPU broadcasts splats only, not a WG-strided array, "
                  "so JAX raises \"NotImplementedError: WGStridedFragLayout(shape=...)\""),
    LEADING_ONLY: ("Mosaic GPU broadcasts a WG-strided array along leading dims only, and this "
                   "expands a size-1 dim after a larger one, so JAX raises "
                   "\"NotImplementedError: Unsupported broadcast for WGStridedFragLayout\""),
    WARPGROUP_ANY: ("this release's Warpgroup lowering broadcasts no array operand, so JAX "
                    "raises \"NotImplementedError: Unsupported broadcast\""),
}


def check(program: Program, options: Options) -> Iterator[Finding]:
    launches: set[int] = set()
    warpgroup_launches: set[int] = set()
    casts = program.launches_casting_layouts()
    for found in refused_broadcasts(program):
        op = found.op
        kernel = op.launch.kernel
        if program.api_removed(kernel):
            continue
        semantics = program.semantics(kernel)
        if found.refusal == WARPGROUP_LEADING_ONLY:
            if id(op.launch) in casts or id(op.launch) in warpgroup_launches:
                continue
            warpgroup_launches.add(id(op.launch))
            yield Finding(
                RULE.code, program.span(op.launch.lowered_at),
                f"The kernel {_what(found, lower=True)} (line {op.node.lineno}) under Warpgroup "
                f"semantics ({semantics.reason}): the broadcast expands a size-1 dim after a "
                f"larger one, and layout inference finds no register layout for it, so JAX "
                f"fails when it lowers this call with \"ValueError: Failed to infer a possible "
                f"set of layouts\". Pass the operand already at the full shape "
                f"{short_repr(found.result)}.",
                related=(Related(program.span(op.node), "the broadcasting op"),
                         Related(program.span(kernel.node), "the kernel is created here")))
            continue
        # JAX stops lowering the kernel at its first refused op.
        if id(op.launch) in launches:
            continue
        launches.add(id(op.launch))
        yield Finding(
            RULE.code, program.span(op.node),
            f"{_what(found)} under {semantics.name} semantics ({semantics.reason}): JAX "
            f"broadcasts the {short_repr(found.shapes[found.operand])} one to "
            f"{short_repr(found.result)}, and {_why(found)}. {_fix(found)}",
            related=(Related(program.span(kernel.node), "the kernel is created here"),))


def _what(found: RefusedBroadcast, lower: bool = False) -> str:
    left, right = (short_repr(shape) for shape in found.shapes)
    text = (f"combines a {left} and a {right} {found.dtype} array, both loaded whole from refs "
            f"with no transforms (WG-strided)")
    return text if lower else f"This {text},"


def _why(found: RefusedBroadcast) -> str:
    if found.refusal != VEC_SIZES:
        return _WHY[found.refusal]
    broadcast, other = found.vec_sizes[found.operand], found.vec_sizes[1 - found.operand]
    return (f"the broadcast keeps its own WG-strided vec_size ({broadcast}, from its element "
            f"count) while the other array's is {other}: the two layouts differ and JAX raises "
            f"\"ValueError: Incompatible FragmentedArray layouts\"")


def _fix(found: RefusedBroadcast) -> str:
    if found.refusal == VEC_SIZES:
        return ("Lower the kernel with Warpgroup semantics (plgpu.CompilerParams(lowering_"
                "semantics=plgpu.LoweringSemantics.Warpgroup)), which broadcasts it, or pass "
                f"the operand already at the full shape {short_repr(found.result)}.")
    return f"Pass the operand already at the full shape {short_repr(found.result)}."
