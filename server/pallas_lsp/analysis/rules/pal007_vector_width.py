"""PAL007 vector_width: a multimem load or store layout whose vectors are not 32/64/128 bits."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, TextEdit
from ..program import Program
from ..reduce_facts import ReduceFacts, reduce_facts, width_fault
from ..store_facts import StoreFacts, store_facts, store_width_fault
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
        "(f16 with vec_size=1: 16-bit stores). Under Lane JAX blames the op's line; under "
        "Warpgroup the width is checked after tracing, and the traceback names only the jitted "
        "call. Measured on 0.8.3, 0.10.2 and 0.12.0.1."
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
        blamed: dict[ast.AST, list[tuple[Op, ReduceFacts, str]]] = {}
        for op in ops:
            facts = reduce_facts(program, op)
            fault = width_fault(facts)
            if fault is None:
                continue
            # Warpgroup checks widths when lowering the IR: JAX names only the jitted call.
            where = node if facts.semantics == "Lane" else op.launch.ctx.jit_call
            if where is not None:
                blamed.setdefault(where, []).append((op, facts, fault))
        for where, faults in blamed.items():
            op, facts, fault = faults[0]
            message = (f"multimem_load_reduce: {fault}; JAX fails with "
                       f"\"Only 32-, 64- and 128-bit loads are supported\"")
            if where is not node:
                message += f" (raised for the kernel op at line {node.lineno})"
            related = [r for o, _, _ in faults for r in launch_related(program, o.launch, failing=False)]
            yield Finding(RULE.code, program.span(where), message + ".", related=dedupe(related),
                          fixes=_fixes(program, facts.layout, facts.dtype, facts.cast.cast))
    yield from _stores(program)


def _stores(program: Program) -> Iterator[Finding]:
    """multimem_store checks the width of the value it stores, with its own words."""
    for node, ops in program.ops_named("plgpu.multimem_store").items():
        blamed: dict[ast.AST, list[tuple[Op, StoreFacts, str]]] = {}
        for op in ops:
            facts = store_facts(program, op)
            fault = store_width_fault(facts)
            if fault is None:
                continue
            # As for loads: Warpgroup checks widths when lowering the IR, after tracing.
            where = node if facts.semantics == "Lane" else op.launch.ctx.jit_call
            if where is not None:
                blamed.setdefault(where, []).append((op, facts, fault))
        for where, faults in blamed.items():
            op, facts, fault = faults[0]
            message = (f"multimem_store: {fault}; JAX fails with "
                       f"\"Only 32-, 64- and 128-bit stores are supported\"")
            if where is not node:
                message += f" (raised for the kernel op at line {node.lineno})"
            related = [r for o, _, _ in faults for r in launch_related(program, o.launch, failing=False)]
            yield Finding(RULE.code, program.span(where), message + ".", related=dedupe(related),
                          fixes=_fixes(program, facts.layout, facts.dtype, facts.cast))


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
