"""PAL007 vector_width: a multimem load or store layout whose vectors are not 32/64/128 bits."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related, TextEdit
from ..program import Program
from ..reduce_facts import reduce_facts, width_fault
from ..store_facts import store_facts, store_width_fault
from ..trace import Op
from ..values import LayoutVal
from .base import LoweringError, Rule
from .common import dedupe, launch_related, valid_vec_size

RULE = Rule(
    code="PAL007",
    name="vector_width",
    title="WG_STRIDED vec_size × dtype bits must be 32, 64 or 128",
    jax_message=(
        "ValueError: Only 32-, 64- and 128-bit loads are supported\n"
        "ValueError: Only 32-, 64- and 128-bit stores are supported   (multimem_store)"
    ),
    # multimem_store has its own check, "... stores are supported" (an f16 WG_STRIDED value
    # with vec_size=1, measured on 0.10.2 and 0.12.0.1); the analysis judges loads only.
    lowering_errors=(LoweringError(r"Only 32-, 64- and 128-bit (loads|stores) are supported"),),
    what_it_means=(
        "`multimem_load_reduce` loads `vec_size` elements per instruction, and `multimem_store` "
        "stores `vec_size` elements of a WG_STRIDED value per instruction; the hardware has 32-, "
        "64- and 128-bit multimem loads and stores only."
    ),
    when_it_happens=(
        "`plgpu.Layout.WG_STRIDED(shape, vec_size=v)` with `v × bits` not 32, 64 or 128 "
        "(f32/int32: v in 1, 2, 4; bf16/f16: v in 2, 4, 8), or any int8/int16 reduction under "
        "Lane semantics; for `multimem_store`, a value `plgpu.layout_cast` to such a layout "
        "(f16 with vec_size=1: 16-bit stores). JAX blames the op's line under both semantics; "
        "under Warpgroup the width is checked after tracing, so the traceback ends at the jitted "
        "call and the op's line is in the error's MLIR location."
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
        if faults:
            _op, facts, _fault = faults[0]
            yield _finding(program, node, "multimem_load_reduce", "loads",
                           [(op, f.semantics, fault) for op, f, fault in faults],
                           _fixes(program, facts.layout, facts.dtype, facts.cast.cast))
    for node, ops in program.ops_named("plgpu.multimem_store").items():
        stores = [(op, facts, fault) for op in ops
                  if (fault := store_width_fault(facts := store_facts(program, op))) is not None]
        if stores:
            _op, facts, _fault = stores[0]
            yield _finding(program, node, "multimem_store", "stores",
                           [(op, f.semantics, fault) for op, f, fault in stores],
                           _fixes(program, facts.layout, facts.dtype, facts.cast))


def _finding(program: Program, node: ast.AST, op_name: str, what: str,
             faults: list[tuple[Op, str | None, str]], fixes: tuple[Fix, ...]) -> Finding:
    """Lane checks the width while tracing the op; Warpgroup when it lowers the op's IR
    after tracing. Both blame the op's line: the cause's frame under Lane, the op's MLIR
    location under Warpgroup (the traceback itself ends at the jitted call)."""
    fault = faults[0][2]
    message = (f"{op_name}: {fault}; JAX fails with "
               f"\"Only 32-, 64- and 128-bit {what} are supported\".")
    related: list[Related] = []
    for op, semantics, _fault in faults:
        related.extend(launch_related(program, op.launch, failing=False))
        jit_call = op.launch.ctx.jit_call
        if semantics == "Warpgroup" and jit_call is not None \
                and program.span(jit_call) != program.span(op.launch.site):
            related.append(Related(program.span(jit_call), _RAISED_AT_JIT_CALL))
    return Finding(RULE.code, program.span(node), message, related=dedupe(related), fixes=fixes)


# Why the traceback of a Warpgroup width error ends at a call that is not the launch.
_RAISED_AT_JIT_CALL = ("lowering this jitted call raises it (Warpgroup semantics check "
                       "the width after tracing)")


def _fixes(program: Program, layout: LayoutVal | None, dtype: str | None,
           cast: ast.Call | None) -> tuple[Fix, ...]:
    if layout is None or layout.name != "WG_STRIDED" or dtype is None:
        return ()
    shape = getattr(layout.shape, "value", None)
    if not isinstance(shape, tuple) or not all(type(d) is int for d in shape):
        return ()
    vec = valid_vec_size(shape, dtype)
    if vec is None or cast is None:
        return ()
    for keyword in _layout_keywords(cast):
        if keyword.arg == "vec_size":
            return (Fix(f"Use vec_size={vec} ({dtype})",
                        (TextEdit(program.span(keyword.value), str(vec)),), safe=True, preferred=True),)
    return ()


def _layout_keywords(cast: ast.Call) -> list[ast.keyword]:
    layout_node = cast.args[1] if len(cast.args) > 1 else None
    if isinstance(layout_node, ast.Call):
        return list(layout_node.keywords)
    return []
