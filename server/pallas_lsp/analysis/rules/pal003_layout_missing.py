"""PAL003 layout_missing: a multimem_load_reduce / iota result with no layout under Lane."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..casts import CastOutcome, cast_after
from ..codegen import CallCode
from ..layouts import RegisterLayout
from ..model import Finding, Fix, Options, TextEdit
from ..multimem_operands import store_operand_fault
from ..ops import string_is_one_name
from ..program import Program, axes_set
from ..trace import Op
from ..values import ArrayVal, Const, MeshVal
from .base import LoweringError, Rule
from .common import (
    call_code,
    dedupe,
    launch_related,
    placed,
    result_type,
    valid_vec_size,
    warpgroup_fix,
)

RULE = Rule(
    code="PAL003",
    name="layout_missing",
    title="layout_cast needed: right after multimem_load_reduce under Lane, before a splat multimem_store",
    jax_message=(
        "RuntimeError: Failed to infer the output layout of multimem_load_reduce. Please apply "
        "plgpu.layout_cast to its output right after its creation.\n"
        "(and: Failed to infer the output layout of the iota)\n"
        "NotImplementedError: Splat layout does not support multimem"
    ),
    lowering_errors=(
        LoweringError(r"Failed to infer the output layout of"),
        # A multimem_store of a splat value (jnp.full, a broadcast scalar), both semantics.
        LoweringError(r"\ASplat layout does not support multimem", exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "Under Lane lowering semantics, Mosaic GPU cannot choose a register layout for the result "
        "of `multimem_load_reduce` (or of an iota): it takes it from a `plgpu.layout_cast` that "
        "must be the very next operation on the value. And `multimem_store` has no store for a "
        "value in the splat layout (one value broadcast to the whole shape: `jnp.full`, a "
        "scalar): such a value needs a `plgpu.layout_cast` to a register layout first, under "
        "either semantics."
    ),
    when_it_happens=(
        "Lane semantics: the default of JAX 0.10 and older, or "
        "`compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)` "
        "on any version. From JAX 0.11 the default is Warpgroup semantics, which infers the "
        "layout and never raises this. \"Right after\" is literal: anything traced between the "
        "op and the cast (an iota, a load, a semaphore signal, index arithmetic, "
        "`lax.axis_index`, a `pl.when`) breaks it, and so does a cast inside a `pl.when` body. "
        "Plain Python statements in between are harmless."
    ),
    how_to_fix=(
        "Wrap the op: `plgpu.layout_cast(plgpu.multimem_load_reduce(...), "
        "plgpu.Layout.WG_STRIDED(shape, vec_size=v))` with `v × dtype bits` = 32, 64 or 128 "
        "(f32: 4, bf16: 8), or lower with Warpgroup semantics "
        "(`plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup)`)."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes="i", reduction_op="add")
    o_ref[...] = total
''',
    good_example='''
def kernel(x_ref, o_ref):
    o_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes="i", reduction_op="add"),
        plgpu.Layout.WG_STRIDED((128, 256), vec_size=4),
    )
''',
    fixable=True,
)

_CREATORS = ("plgpu.multimem_load_reduce", "lax.broadcasted_iota", "lax.iota")
_STORE = "plgpu.multimem_store"


def check(program: Program, options: Options) -> Iterator[Finding]:
    # (One pass over the ops for both checks: the keystroke path counts calls.)
    for node, ops in program.ops_named(*_CREATORS, _STORE).items():
        if ops[0].name == _STORE:
            finding = _splat_store(program, node, ops)
            if finding is not None:
                yield finding
            continue
        failing = [op for op in ops if _lane(program, op) and _reaches_layout_step(op)]
        if not failing:
            continue
        outcome = cast_after(program, node)
        if outcome.kind not in ("missing", "broken"):
            continue
        op = failing[0]
        what = "multimem_load_reduce" if op.name.endswith("multimem_load_reduce") else "the iota"
        reason = program.semantics(op.launch.kernel).reason
        if outcome.kind == "broken" and outcome.breaker is not None:
            detail = (f"line {getattr(outcome.breaker, 'lineno', '?')} traces another operation "
                      f"before the layout_cast, and the cast must come right after the op")
        else:
            detail = "no plgpu.layout_cast follows it"
        message = (f"Under Lane lowering semantics ({reason}) JAX cannot infer the layout of "
                   f"{what}'s result and {detail}: lowering fails with \"Failed to infer the "
                   f"output layout of {what.replace('the ', '')}\". Apply plgpu.layout_cast "
                   f"right after it, or use Warpgroup semantics.")
        related = [r for o in failing for r in launch_related(program, o.launch, failing=False)]
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related),
                      fixes=_fixes(program, node, op, outcome))


def _splat_store(program: Program, node: ast.Call, ops: list[Op]) -> Finding | None:
    """multimem_store of a value in the splat layout (``jnp.full(shape, v)``, a scalar broadcast,
    no layout_cast): the store has no multimem path for it, and lowering raises
    "NotImplementedError: Splat layout does not support multimem" on the store, under both
    semantics (measured on 0.10.2 - 0.12.0.1), once the mesh, the axes and the operands are
    right (PAL001, PAL002, PAL082 come first)."""
    for op in ops:
        source = op.args.get("source")
        if source.__class__ is not ArrayVal or source.layout is not RegisterLayout.SPLAT \
                or op.names_open or not _reaches_layout_step(op) or store_operand_fault(op) is not None:
            continue
        return Finding(
            RULE.code, program.span(node),
            "multimem_store stores a value in the splat layout (one value broadcast to the "
            "whole shape: jnp.full, a scalar), which has no multimem store: lowering raises "
            "\"NotImplementedError: Splat layout does not support multimem\", whatever the "
            "semantics. Give it a register layout first: plgpu.layout_cast(value, "
            "plgpu.Layout.WGMMA) (or WG_STRIDED(shape, vec_size=...)).",
            related=dedupe(launch_related(program, op.launch, failing=False)))
    return None


def _lane(program: Program, op: Op) -> bool:
    kernel = op.launch.kernel
    return program.semantics(kernel).name == "Lane"


def _reaches_layout_step(op: Op) -> bool:
    """multimem_load_reduce checks the mesh and axes before the layout (Lane rule order)."""
    if not op.name.endswith("multimem_load_reduce"):
        return True
    mesh = op.launch.ctx.manual
    if not isinstance(mesh, MeshVal):
        return False
    got = axes_set(op.args.get("collective_axes"), string_is_one_name=string_is_one_name(op.name))
    return got == frozenset(mesh.axes)


def _fixes(program: Program, node: ast.Call, op: Op, outcome: CastOutcome) -> tuple[Fix, ...]:
    fixes: list[Fix] = []
    plgpu = program.alias_for("plgpu")
    if plgpu is None:
        return ()
    shape_dtype = _result_shape_dtype(program, node, op)
    if shape_dtype is not None and outcome.kind == "missing":
        shape, dtype = shape_dtype
        vec = valid_vec_size(shape, dtype)
        if vec is not None:
            layout = CallCode(f"{plgpu}.Layout.WG_STRIDED", (repr(shape), f"vec_size={vec}"))
            cast = CallCode(f"{plgpu}.layout_cast", (call_code(program, node), layout))
            wrapped = placed(program, node, cast)
            fixes.append(Fix(f"Apply layout_cast to WG_STRIDED{shape!r}, vec_size={vec}",
                             (TextEdit(program.span(node), wrapped),), safe=True, preferred=True))
    semantics_fix = warpgroup_fix(program, op.launch.kernel, plgpu)
    if semantics_fix is not None:
        fixes.append(semantics_fix)
    return tuple(fixes)


def _result_shape_dtype(program: Program, node: ast.Call, op: Op) -> tuple[tuple[int, ...], str] | None:
    """The result's shape and dtype, where its ref or the ref it is stored to says."""
    found = result_type(program, op, None)
    if found is None:
        return None
    shape, dtype = found
    if isinstance(shape, Const) and isinstance(shape.value, tuple) and all(
        type(d) is int for d in shape.value
    ):
        return shape.value, dtype  # type: ignore[return-value]
    return None
