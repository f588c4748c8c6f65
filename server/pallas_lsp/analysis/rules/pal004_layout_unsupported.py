"""PAL004 layout_unsupported: multimem_load_reduce cast to a layout it cannot produce."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..casts import cast_after
from ..model import Finding, Fix, Options, TextEdit
from ..ops import string_is_one_name
from ..program import Program, axes_set
from ..trace import Op
from ..values import LayoutVal, MeshVal
from .base import LoweringError, Rule
from .common import dedupe, launch_related, result_type, valid_vec_size

RULE = Rule(
    code="PAL004",
    name="layout_unsupported",
    title="multimem_load_reduce needs a tiled or WG-strided layout",
    jax_message=(
        "ValueError: Only tiled and WG strided layouts are supported by multimem_load_reduce, "
        "but got WGSplatFragLayout(shape=(128, 128))   (Lane semantics)\n"
        "VerificationError: 'mosaic_gpu.layout_cast' op attribute 'new_layout' failed to satisfy "
        "constraint ...   (Warpgroup semantics, JAX 0.12; a raw MLIRError on 0.10)"
    ),
    # Lane names the splat layout; Warpgroup fails in the layout_cast verifier
    # (a VerificationError on 0.12, a raw MLIRError on 0.10).
    lowering_errors=(
        LoweringError(r"Only tiled and WG strided layouts are supported"),
        LoweringError(r"mosaic_gpu\.layout_cast'? op attribute 'new_layout'"),
    ),
    what_it_means=(
        "The result of `multimem_load_reduce` is spread over the threads of a warpgroup; a splat "
        "layout (one value for the whole array) cannot hold it."
    ),
    when_it_happens=(
        "`plgpu.layout_cast(plgpu.multimem_load_reduce(...), plgpu.Layout.WG_SPLAT(shape))`. "
        "Under Lane semantics JAX blames the multimem_load_reduce line; under Warpgroup semantics "
        "the MLIR verifier blames the layout_cast line."
    ),
    how_to_fix=(
        "Use `plgpu.Layout.WG_STRIDED(shape, vec_size=v)` with `v × dtype bits` = 32, 64 or 128 "
        "(f32: 4, bf16: 8). `plgpu.Layout.WGMMA` works for f32/i32 (128, 128) tiles but not bf16."
    ),
    bad_example='''
o_ref[...] = plgpu.layout_cast(
    plgpu.multimem_load_reduce(x_ref, collective_axes=("i",), reduction_op="max"),
    plgpu.Layout.WG_SPLAT((128, 128)),
)
''',
    good_example='''
o_ref[...] = plgpu.layout_cast(
    plgpu.multimem_load_reduce(x_ref, collective_axes=("i",), reduction_op="max"),
    plgpu.Layout.WG_STRIDED((128, 128), vec_size=8),   # bf16: 8 × 16 bits = 128
)
''',
    fixable=True,
)

_SPLAT = "WG_SPLAT"


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named("plgpu.multimem_load_reduce").items():
        outcome = cast_after(program, node)
        if outcome.kind not in ("direct", "next") or outcome.cast is None:
            continue
        cast = outcome.cast
        layouts = [op.args.get("new_layout") for op in program.ops_at(cast, "plgpu.layout_cast")]
        layout = layouts[0] if layouts else None
        if not isinstance(layout, LayoutVal) or layout.name != _SPLAT:
            continue
        failing = [op for op in ops if _reaches_layout_step(program, op)]
        if not failing:
            continue
        by_line: dict[ast.AST, list[Op]] = {}
        for op in failing:
            lane = program.semantics(op.launch.kernel).name == "Lane"
            by_line.setdefault(node if lane else cast, []).append(op)
        for blamed, blamed_ops in by_line.items():
            semantics = program.semantics(blamed_ops[0].launch.kernel)
            message = (f"multimem_load_reduce's result is cast to plgpu.Layout.WG_SPLAT, but only "
                       f"tiled and WG-strided layouts can hold it ({semantics.name} semantics, "
                       f"{semantics.reason}); lowering fails"
                       + (" in the MLIR verifier at this layout_cast" if blamed is cast else "")
                       + ". Use plgpu.Layout.WG_STRIDED(shape, vec_size=...).")
            related = [r for op in blamed_ops for r in launch_related(program, op.launch, failing=False)]
            yield Finding(RULE.code, program.span(blamed), message, related=dedupe(related),
                          fixes=_fixes(program, cast, layout, blamed_ops[0]))


def _reaches_layout_step(program: Program, op: Op) -> bool:
    if program.semantics(op.launch.kernel).name is None:
        return False
    mesh = op.launch.ctx.manual
    if not isinstance(mesh, MeshVal):
        return False
    axes = axes_set(op.args.get("collective_axes"), string_is_one_name=string_is_one_name(op.name))
    return axes == frozenset(mesh.axes)


def _fixes(program: Program, cast: ast.Call, layout: LayoutVal, op: Op) -> tuple[Fix, ...]:
    plgpu = program.alias_for("plgpu")
    layout_node = cast.args[1] if len(cast.args) > 1 else next(
        (k.value for k in cast.keywords if k.arg == "new_layout"), None)
    if plgpu is None or layout_node is None or layout.shape_node is None:
        return ()
    found = result_type(program, op, cast)
    dtype = found[1] if found else None
    if dtype is None or not isinstance(layout.shape, object):
        return ()
    shape = getattr(layout.shape, "value", None)
    if not isinstance(shape, tuple) or not all(type(d) is int for d in shape):
        return ()
    vec = valid_vec_size(shape, dtype)
    if vec is None:
        return ()
    text = f"{plgpu}.Layout.WG_STRIDED({program.text(layout.shape_node)}, vec_size={vec})"
    return (Fix(f"Use WG_STRIDED with vec_size={vec} ({dtype})",
                (TextEdit(program.span(layout_node), text),), safe=True, preferred=True),)
