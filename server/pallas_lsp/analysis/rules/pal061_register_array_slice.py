"""PAL061 register_array_slice: a slice or an element of an array loaded whole from an
untransformed ref (``x_ref[...][:128]``): Lane's WG-strided layout cannot be sliced, and under
Warpgroup semantics layout inference finds no layout that allows it."""

from __future__ import annotations

from collections.abc import Iterator

from ..layouts import WARPGROUP_SIZE
from ..model import Finding, Fix, Options, Related, TextEdit
from ..program import Program, short_repr
from ..register_slices import StridedSlice, strided_slices
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL061",
    name="register_array_slice",
    title="a slice or a new axis of an array loaded whole from an untransformed ref",
    jax_message=(
        "NotImplementedError: Only arrays with tiled layouts can be sliced\n"
        "NotImplementedError: Unsupported layout: WGStridedFragLayout(shape=(128,), "
        "vec_size=1)   (x[:, None])\n"
        "ValueError: Failed to infer a possible set of layouts. This should only happen if "
        "user-provided layout casts are unsatisfiable."
    ),
    lowering_errors=(
        # FragmentedArray.__getitem__'s refusal (Lane's slice rule calls it); __setitem__ has
        # the same words, which no Pallas lowering rule reaches.
        LoweringError(r"\AOnly arrays with tiled layouts can be sliced",
                      exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/fragmented_array\.py:FragmentedArray\.__getitem__$"),
        # Lane's broadcast_in_dim rule (x[:, None]): a WG-strided array whose new axes do not
        # lead; its other refusals of that text are for layouts this rule does not judge.
        LoweringError(r"\AUnsupported layout: (WGStridedFragLayout\(|\{x\.layout\})",
                      exc_type="NotImplementedError",
                      sites=r"pallas/mosaic_gpu/lowering\.py:_broadcast_in_dim_lowering_rule$"),
        # Warpgroup semantics: layout inference's own words, which name no op (PAL027 and
        # PAL051 share them); the finding on the blamed line (the jitted call) says which.
        LoweringError(r"\AFailed to infer a possible set of layouts\.", exc_type="ValueError"),
    ),
    what_it_means=(
        "`x_ref[...]` of a ref with no transforms loads it into registers in the WG-strided "
        "layout: the array is flattened and each of the warpgroup's 128 threads holds a few "
        "consecutive elements, whatever the rows and columns are. Mosaic GPU slices register "
        "arrays in tiled layouts only (the slice must fall on whole tiles): indexing a "
        "WG-strided array (`x[:128]`, `x[1]`, `x[:, :64]`) makes its Lane rule raise \"Only "
        "arrays with tiled layouts can be sliced\". Under Warpgroup semantics layout inference "
        "looks for a layout of the loaded array that both the load and the slice accept and "
        "finds none. A new axis after one of the array's dims (`x[:, None]`) is a broadcast "
        "the WG-strided layout does not do either (\"Unsupported layout: "
        "WGStridedFragLayout(...)\"); a leading one (`x[None]`) is."
    ),
    when_it_happens=(
        "A static slice or int index that leaves out some elements, of a value loaded whole "
        "from a GMEM or shared-memory ref with no transforms (or of an elementwise op of one): "
        "`x_ref[...][:128]`, `x[-128:]`, `x[1]`, `x[:, :128]`, `x[..., :64]`. Under Lane "
        "semantics (the default through 0.10.2) JAX raises on the subscript's line; under "
        "Warpgroup semantics (the default from 0.11.2) lowering fails with \"Failed to infer a "
        "possible set of layouts\", blamed on the line that calls the jitted function. "
        "Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (float32 and bfloat16; GMEM and SMEM "
        "refs). A subscript that takes every element (`x[0:256]` of 256, `x[:, :]`) lowers. "
        "`x[:, None]`, `x[..., None]` and `x[:, None, :]` are refused alike on every release "
        "under Lane and from 0.10.2 under Warpgroup; `x[None]` lowers. Not judged: negative "
        "int indices, `None` mixed with partial slices, steps, int indices under Warpgroup "
        "semantics on 0.8.3 (other primitives with no rule there), and new axes under "
        "Warpgroup on 0.8.3. A kernel with a "
        "`plgpu.layout_cast` is not judged under Warpgroup semantics (a cast constrains "
        "inference)."
    ),
    how_to_fix=(
        "Slice the ref instead of the loaded value: `x_ref[:128]` (or `x_ref[1]`, "
        "`x_ref[:, :128]`) loads just that part, which needs a multiple of 128 elements "
        "(PAL027). Or load the ref with a tiled layout (a tiled and swizzled shared-memory ref, "
        "or `plgpu.layout_cast` to a tiled layout) and slice on whole tiles."
    ),
    bad_example='''
def first_half(x_ref, o_ref):  # x_ref: (256,) float32, o_ref: (128,)
    o_ref[...] = x_ref[...][:128]
''',
    good_example='''
def first_half(x_ref, o_ref):  # x_ref: (256,) float32, o_ref: (128,)
    o_ref[...] = x_ref[:128]
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    lane_launches: set[int] = set()
    warpgroup_launches: set[int] = set()
    casts = program.launches_casting_layouts()
    for found in strided_slices(program):
        op = found.op
        kernel = op.launch.kernel
        if program.api_removed(kernel) or id(op.launch) in program.trace_refused_launches():
            continue  # (the slice is refused when the kernel lowers: a trace that stopped never is)
        semantics = program.semantics(kernel)
        if semantics.name == "Lane":
            # JAX stops lowering the kernel at its first refused slice.
            if id(op.launch) in lane_launches:
                continue
            lane_launches.add(id(op.launch))
            yield Finding(
                RULE.code, program.span(op.node),
                f"{_what(found)} under Lane semantics ({semantics.reason}): the array was loaded "
                f"whole from a ref with no transforms, in the WG-strided layout, {_lane_why(found)}",
                related=(Related(program.span(kernel.node), "the kernel is created here"),),
                fixes=_fixes(program, found))
        elif id(op.launch) not in casts and id(op.launch) not in warpgroup_launches:
            warpgroup_launches.add(id(op.launch))
            yield Finding(
                RULE.code, program.span(op.launch.lowered_at),
                f"The kernel {_what(found, lower=True)} (line {op.node.lineno}) under Warpgroup "
                f"semantics ({semantics.reason}): the array was loaded whole from a ref with no "
                f"transforms, and layout inference finds no register layout that both the load "
                f"and the {'new axis' if found.new_axis else 'slice'} accept, so JAX fails when "
                f"it lowers this call with \"ValueError: Failed to infer a possible set of "
                f"layouts\". {_wg_fix(found)}",
                related=(Related(program.span(op.node), "the slice of the loaded array"),
                         Related(program.span(kernel.node), "the kernel is created here")),
                fixes=_fixes(program, found))


def _lane_why(found: StridedSlice) -> str:
    if found.new_axis:
        return ("which Mosaic GPU broadcasts to new leading axes only. JAX raises "
                "\"NotImplementedError: Unsupported layout: WGStridedFragLayout(...)\". Add the "
                "axis in front (x[None]) or reshape the ref's data on the host.")
    return ("which Mosaic GPU cannot slice (it slices tiled layouts only). JAX raises "
            f"\"NotImplementedError: Only arrays with tiled layouts can be sliced\". {_fix(found)}")


def _what(found: StridedSlice, lower: bool = False) -> str:
    """'This takes a slice of a (256,) float32 array' (lower: 'takes a slice of ...')."""
    verb = "takes an element" if found.indexes_ints else "takes a slice"
    if found.new_axis:
        verb = "adds a new axis after a dim"
    text = f"{verb} of a {short_repr(found.shape)} {found.dtype} array"
    return text if lower else f"This {text}"


def _wg_fix(found: StridedSlice) -> str:
    return "Add the axis in front (x[None]) instead." if found.new_axis else _fix(found)


def _fix(found: StridedSlice) -> str:
    if found.ref_form is not None:
        return (f"Slice the ref instead ({found.ref_form}): it loads just that part, which "
                f"needs a multiple of 128 elements.")
    return ("Slice the ref instead of the loaded value (x_ref[:128] rather than "
            "x_ref[...][:128]): it loads just that part, which needs a multiple of 128 "
            "elements.")


def _fixes(program: Program, found: StridedSlice) -> tuple[Fix, ...]:
    """``x_ref[...][:128]`` -> ``x_ref[:128]``: the same values, loaded from the ref's part;
    offered where that part has a multiple of 128 elements (a load of it lowers; measured for
    leading, trailing, row and column slices on every release, both semantics)."""
    if found.ref_form is None or found.elements % WARPGROUP_SIZE:
        return ()
    return (Fix(f"Slice the ref: {found.ref_form}",
                (TextEdit(program.span(found.op.node), found.ref_form),), safe=True,
                preferred=True),)
