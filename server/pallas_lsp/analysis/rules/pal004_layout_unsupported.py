"""PAL004 layout_unsupported: multimem_load_reduce cast to a layout it cannot produce."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..casts import cast_after
from ..layouts import strided_misfit
from ..model import Finding, Fix, Options, TextEdit
from ..ops import COLLECTIVE_OPS, LAYOUT_CAST, string_is_one_name
from ..program import Program, axes_set, short_repr
from ..trace import Op
from ..values import ArrayVal, DtypeVal, LayoutVal, MeshVal
from ..versions import SCALAR_SPLAT_CAST, holds
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
        # A WG_STRIDED layout whose elements are no multiple of vec_size x 128: Mosaic GPU's
        # WGStridedFragLayout raises ValueError((layout, 128)), printed as that tuple.
        LoweringError(r"^\(WGStridedFragLayout\(shape=\([\d, ]*\), vec_size=\d+\), 128\)$",
                      "ValueError"),
    ),
    what_it_means=(
        "The result of `multimem_load_reduce` is spread over the threads of a warpgroup; a splat "
        "layout (one value for the whole array) cannot hold it."
    ),
    when_it_happens=(
        "`plgpu.layout_cast(plgpu.multimem_load_reduce(...), plgpu.Layout.WG_SPLAT(shape))`. "
        "Under Lane semantics JAX blames the multimem_load_reduce line; under Warpgroup semantics "
        "the MLIR verifier blames the layout_cast line. Under Warpgroup the verifier refuses "
        "WG_SPLAT as the new layout of any array's `plgpu.layout_cast` (a loaded ref, a "
        "computed value), in any kernel that lowers that far; a scalar's cast to WG_SPLAT lowers "
        "from 0.10 (before, the verifier refuses it too, blamed on the jitted call). "
        "`plgpu.Layout.WG_STRIDED(shape, vec_size=v)` whose number of elements is no multiple "
        "of v × 128 (each of the warpgroup's 128 threads holds whole vectors) is refused when "
        "the layout is made, with a bare \"ValueError: (WGStridedFragLayout(shape=..., "
        "vec_size=v), 128)\": while the operation right before the cast is lowered (JAX hands "
        "it the layout), or the cast itself; every release 0.8.3 to 0.12.0.1. The same for "
        "`plgpu.load(ref, layout=plgpu.Layout.WG_STRIDED(...))`, on the load's line, under Lane "
        "and Warpgroup semantics."
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
    judged: set[ast.AST] = set()  # the casts of multimem_load_reduce's results judged below
    yield from _strided_misfits(program, judged)
    yield from _reduced_casts(program, judged)
    yield from _array_casts(program, judged)


def _strided_misfits(program: Program, judged: set[ast.AST]) -> Iterator[Finding]:
    """A layout_cast to WG_STRIDED(shape, vec_size=v) with elements no multiple of v × 128:
    the layout is refused when it is made, before anything checks its use. JAX makes it
    while lowering the operation right before the cast (its layout hint) or the cast itself:
    the finding spans the cast, which holds both where the operand is written inside it."""
    made: list[tuple[ast.AST, list, object, str]] = [
        (node, ops, ops[0].args.get("new_layout"), "the cast")
        for node, ops in program.ops_named(LAYOUT_CAST).items()]
    # plgpu.load(ref, layout=...) makes its layout while the load is lowered, under Lane and
    # Warpgroup semantics alike (measured: pal004/load_strided_misfit*.py). (The ref ops are
    # read directly, not grouped: most keystrokes have no load with a layout.)
    for op in program.ref_ops:
        if op.name == "plgpu.load" and op.args.get("layout") is not None:
            made.append((op.node, [op], op.args["layout"], "the load"))
    # A multimem_load_reduce whose result the next statement casts: JAX hands it the cast's
    # layout as a hint while lowering it (the equation right before the cast), so the layout is
    # made, and refused, on its line (famheld16's char_add_vec_3, every release).
    producers: dict[int, ast.AST] | None = None  # (found at the first misfit: most files have none)
    for node, ops, layout, where in made:
        misfit = strided_misfit(layout)
        if misfit is None:
            continue
        judged.add(node)
        if producers is None:
            producers = {}
            for reduce_node in program.ops_named("plgpu.multimem_load_reduce"):
                outcome = cast_after(program, reduce_node)
                if outcome.kind == "next" and outcome.cast is not None:
                    producers[id(outcome.cast)] = reduce_node
        blamed = producers.get(id(node))
        if blamed is not None:
            where = "the multimem_load_reduce before the cast (given the cast's layout)"
        elements, vec = misfit
        assert isinstance(layout, LayoutVal)
        fits = [v for v in (8, 4, 2, 1) if elements % (v * 128) == 0]
        todo = (f"Use vec_size={fits[0]} (the widest that divides it) or a shape of a multiple of "
                f"{vec * 128} elements" if fits else
                f"Use a shape of a multiple of 128 elements (vec_size=1) or {vec * 128} elements")
        related = [r for op in ops for r in launch_related(program, op.launch, failing=False)]
        yield Finding(
            RULE.code, program.span(blamed if blamed is not None else node),
            f"plgpu.Layout.WG_STRIDED({short_repr(layout.shape.value)}, vec_size={vec}): its "
            f"{elements} elements are no multiple of vec_size × 128 = {vec * 128} (each of the "
            f"warpgroup's 128 threads holds whole vectors of {vec}), so Mosaic GPU refuses the "
            f"layout with \"ValueError: (WGStridedFragLayout(shape={short_repr(layout.shape.value)}, "
            f"vec_size={vec}), 128)\" when {where} is lowered. {todo}.",
            related=dedupe(related))


def _reduced_casts(program: Program, judged: set[ast.AST]) -> Iterator[Finding]:
    for node, ops in program.ops_named("plgpu.multimem_load_reduce").items():
        outcome = cast_after(program, node)
        if outcome.kind not in ("direct", "next") or outcome.cast is None:
            continue
        cast = outcome.cast
        judged.add(cast)
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
                          fixes=_fixes(program, cast, layout, _reduced_dtype(program, blamed_ops[0], cast)))


def _array_casts(program: Program, judged: set[ast.AST]) -> Iterator[Finding]:
    """Under Warpgroup semantics ``mosaic_gpu.layout_cast``'s ``new_layout`` attribute must be
    WG-strided or tiled: the MLIR verifier refuses WG_SPLAT whatever the operand (measured:
    pal004/splat_cast_of_loaded_value*), once the whole kernel has lowered, so only in a
    kernel whose collectives all reach their lowering. From 0.10 a scalar's cast to WG_SPLAT
    lowers (no layout_cast op is made: pal004/splat_cast_of_scalar) and the verifier names the
    cast's line; before 0.10 it refuses scalars too and the traceback ends at the jitted call."""
    early = not holds(SCALAR_SPLAT_CAST, program.version)
    for node, ops in program.ops_named(LAYOUT_CAST).items():
        if node in judged:
            continue
        layout = ops[0].args.get("new_layout")
        if not isinstance(layout, LayoutVal) or layout.name != _SPLAT:
            continue
        failing = [op for op in ops if program.semantics(op.launch.kernel).name == "Warpgroup"
                   and (early or _is_array(op.args.get("x"))) and _kernel_lowers(program, op)]
        by_line: dict[ast.AST, list[Op]] = {}
        for op in failing:
            by_line.setdefault(op.launch.lowered_at if early else node, []).append(op)
        for blamed, blamed_ops in by_line.items():
            semantics = program.semantics(blamed_ops[0].launch.kernel)
            where = "" if blamed is node else f" (the plgpu.layout_cast at line {node.lineno})"
            message = (f"plgpu.Layout.WG_SPLAT is not a layout plgpu.layout_cast can produce under "
                       f"Warpgroup semantics ({semantics.reason}): the MLIR verifier accepts only "
                       f"WG-strided and tiled layouts{where}, so lowering fails. Use "
                       f"plgpu.Layout.WG_STRIDED(shape, vec_size=...).")
            related = [r for op in blamed_ops for r in launch_related(program, op.launch, failing=False)]
            dtype = _array_dtype(blamed_ops[0].args.get("x"))
            fixes = _fixes(program, node, layout, dtype) if blamed is node else ()
            yield Finding(RULE.code, program.span(blamed), message, related=dedupe(related), fixes=fixes)


def _is_array(value: object) -> bool:
    shape = getattr(value, "shape", None) if isinstance(value, ArrayVal) else None
    dims = getattr(shape, "value", None)
    return isinstance(dims, tuple) and len(dims) > 0


def _array_dtype(value: object) -> str | None:
    return value.dtype.name if isinstance(value, ArrayVal) and isinstance(value.dtype, DtypeVal) else None


def _kernel_lowers(program: Program, cast: Op) -> bool:
    """No op of the cast's launch stops its lowering first: one the release cannot lower
    (PAL024), a collective without its mesh or all its axes."""
    ops = [op for op in program.interp.ops if op.launch is cast.launch]
    return all(program.has_lowering(op) for op in ops) and all(
        _reaches_layout_step(program, op) for op in ops if op.name in COLLECTIVE_OPS)


def _reaches_layout_step(program: Program, op: Op) -> bool:
    if program.semantics(op.launch.kernel).name is None:
        return False
    mesh = op.launch.ctx.manual
    if not isinstance(mesh, MeshVal):
        return False
    axes = axes_set(op.args.get("collective_axes"), string_is_one_name=string_is_one_name(op.name))
    return axes == frozenset(mesh.axes)


def _reduced_dtype(program: Program, op: Op, cast: ast.Call) -> str | None:
    found = result_type(program, op, cast)
    return found[1] if found else None  # type: ignore[return-value]


def _fixes(program: Program, cast: ast.Call, layout: LayoutVal, dtype: str | None) -> tuple[Fix, ...]:
    """WG_STRIDED with the vec_size that fits ``dtype`` (the cast value's element type)."""
    plgpu = program.alias_for("plgpu")
    layout_node = cast.args[1] if len(cast.args) > 1 else next(
        (k.value for k in cast.keywords if k.arg == "new_layout"), None)
    if plgpu is None or layout_node is None or layout.shape_node is None or dtype is None:
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
