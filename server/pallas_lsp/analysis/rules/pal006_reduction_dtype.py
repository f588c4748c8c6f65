"""PAL006 reduction_dtype: a reduction_op that multimem_load_reduce cannot apply to the dtype."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program
from ..reduce_facts import reduce_facts, reduction_fault
from .base import LoweringError, Rule
from .common import dedupe, launch_related

RULE = Rule(
    code="PAL006",
    name="reduction_dtype",
    title="reduction_op not valid for the dtype of multimem_load_reduce",
    jax_message=(
        "ValueError: Only add is supported for f32\n"
        "ValueError: Only add, min and max are supported for floats\n"
        "ValueError: Unsupported integer reduction op: sum   (Warpgroup, any dtype)\n"
        "(Warpgroup: a verifier error \"Only Add is supported for F32 source type.\")"
    ),
    lowering_errors=tuple(LoweringError(fragment, ignore_case=True) for fragment in (
        r"Only add is supported for f32",  # also the verifier's "Only Add is supported for F32"
        r"Only add, min and max are supported for floats",
        r"Unsupported integer reduction op",
        r"Unsupported reduction operation",
        r"Only Add, Max and Min reductions are supported",
        r"Only supported 32 and 64 bit integer operations",
    )),
    what_it_means=(
        "The NVLink switch reduces with a fixed set of operations per type: f32 only adds; "
        "bf16/f16 add, min and max; 32-bit integers add, min, max, and, or and xor. "
        "Op names are lower-case strings."
    ),
    when_it_happens=(
        "`reduction_op=\"min\"` or `\"max\"` on float32; `\"and\"`/`\"or\"`/`\"xor\"` on a float "
        "type; an unknown name such as `\"sum\"`, `\"mul\"` or `\"Add\"`; int8/int16 under "
        "Warpgroup semantics. Under Lane semantics a bad layout or load width is reported first."
    ),
    how_to_fix=(
        "Use `reduction_op=\"add\"` for float32 (or reduce in bf16/f16 for min/max), a bitwise op "
        "only on int32/uint32, and 32-bit integers rather than int8/int16."
    ),
    bad_example='''
smallest = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="min")  # f32
''',
    good_example='''
total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")  # f32
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named("plgpu.multimem_load_reduce").items():
        faults = [(op, fault) for op in ops if (fault := reduction_fault(reduce_facts(program, op)))]
        if not faults:
            continue
        _op, fault = faults[0]
        message = f"multimem_load_reduce: {fault}; JAX refuses it when lowering the kernel."
        related = [r for o, _ in faults for r in launch_related(program, o.launch, failing=False)]
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related))
