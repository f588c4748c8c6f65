"""PAL007 vector_width: a multimem_load_reduce layout whose loads are not 32/64/128 bits."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related, TextEdit
from ..program import Program
from ..reduce_facts import ReduceFacts, reduce_facts, width_fault
from .base import LoweringError, Rule
from .common import dedupe, launch_related, valid_vec_size

RULE = Rule(
    code="PAL007",
    name="vector_width",
    title="WG_STRIDED vec_size × dtype bits must be 32, 64 or 128",
    jax_message="ValueError: Only 32-, 64- and 128-bit loads are supported",
    lowering_errors=(LoweringError(r"Only 32-, 64- and 128-bit loads are supported"),),
    what_it_means=(
        "`multimem_load_reduce` loads `vec_size` elements per instruction; the hardware has 32-, "
        "64- and 128-bit multimem loads only."
    ),
    when_it_happens=(
        "`plgpu.Layout.WG_STRIDED(shape, vec_size=v)` with `v × bits` not 32, 64 or 128 "
        "(f32/int32: v in 1, 2, 4; bf16/f16: v in 2, 4, 8), or any int8/int16 reduction under "
        "Lane semantics. JAX blames the multimem_load_reduce line under both semantics; under "
        "Warpgroup the width is checked after tracing, so the traceback ends at the jitted call "
        "and the op's line is in the error's MLIR location."
    ),
    how_to_fix="Pick `vec_size = 128 // bits` (f32: 4, bf16: 8) or another width of 32/64 bits.",
    bad_example='''
plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED((256, 128), vec_size=8))   # f32: 256 bits
''',
    good_example='''
plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED((256, 128), vec_size=4))   # f32: 128 bits
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named("plgpu.multimem_load_reduce").items():
        faults = [(op, facts, fault) for op in ops
                  if (fault := width_fault(facts := reduce_facts(program, op))) is not None]
        if not faults:
            continue
        # Lane checks the width while tracing the op; Warpgroup when it lowers the op's
        # IR after tracing. Both blame this line: the cause's frame under Lane, the op's
        # MLIR location under Warpgroup (the traceback itself ends at the jitted call).
        _op, facts, fault = faults[0]
        message = (f"multimem_load_reduce: {fault}; JAX fails with "
                   f"\"Only 32-, 64- and 128-bit loads are supported\".")
        related: list[Related] = []
        for op, op_facts, _fault in faults:
            related.extend(launch_related(program, op.launch, failing=False))
            jit_call = op.launch.ctx.jit_call
            if op_facts.semantics == "Warpgroup" and jit_call is not None \
                    and program.span(jit_call) != program.span(op.launch.site):
                related.append(Related(program.span(jit_call), _RAISED_AT_JIT_CALL))
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related),
                      fixes=_fixes(program, facts))


# Why the traceback of a Warpgroup width error ends at a call that is not the launch.
_RAISED_AT_JIT_CALL = ("lowering this jitted call raises it (Warpgroup semantics check "
                       "the width after tracing)")


def _fixes(program: Program, facts: ReduceFacts) -> tuple[Fix, ...]:
    layout = facts.layout
    if layout is None or layout.name != "WG_STRIDED" or facts.dtype is None:
        return ()
    shape = getattr(layout.shape, "value", None)
    if not isinstance(shape, tuple) or not all(type(d) is int for d in shape):
        return ()
    vec = valid_vec_size(shape, facts.dtype)
    cast = facts.cast.cast
    if vec is None or cast is None:
        return ()
    for keyword in _layout_keywords(cast):
        if keyword.arg == "vec_size":
            return (Fix(f"Use vec_size={vec} ({facts.dtype})",
                        (TextEdit(program.span(keyword.value), str(vec)),), safe=True, preferred=True),)
    return ()


def _layout_keywords(cast: ast.Call) -> list[ast.keyword]:
    layout_node = cast.args[1] if len(cast.args) > 1 else None
    if isinstance(layout_node, ast.Call):
        return list(layout_node.keywords)
    return []
