"""PAL015 barriers: a plgpu.Barrier / plgpu.ClusterBarrier built with num_arrivals < 1, or a
barrier op given a whole array of barriers."""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related, TextEdit
from ..program import Program
from ..values import MISSING, BarrierRefVal, BarrierVal, Const
from ..versions import BARRIER_ARRAY_NEEDS_INDEX, CLUSTER_BARRIER_CHECKS_ARRIVALS, holds
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named

RULE = Rule(
    code="PAL015",
    name="barriers",
    title="a barrier needs num_arrivals of at least 1; a barrier op takes one barrier, not an array",
    jax_message=(
        "ValueError: Num arrivals must be at least 1, but got 0\n"
        "ValueError: Operation is only valid for a single barrier, but barrier ref contains 2. "
        "Individual barriers can be accessed by indexing into the ref."
    ),
    lowering_errors=(LoweringError(r"Num arrivals must be at least 1", "ValueError"),
                     LoweringError(r"Operation is only valid for a single barrier", "ValueError")),
    what_it_means=(
        "A barrier completes a phase when `num_arrivals` arrivals have been recorded on it "
        "(a TMA copy's completion, a `plgpu.barrier_arrive`); JAX requires at least one and "
        "refuses to build a barrier with fewer. "
        "`plgpu.Barrier(num_barriers=n)` makes an array of n barriers: a copy, "
        "`barrier_wait` or `barrier_arrive` works on one of them (`barriers.at[i]`)."
    ),
    when_it_happens=(
        "`plgpu.Barrier(num_arrivals=n)` with a literal `n < 1`, in every release; "
        "`plgpu.ClusterBarrier(collective_axes=..., num_arrivals=n)` from JAX 0.10.2 (0.8.3 "
        "builds and lowers it; 0.9.1 and 0.9.2 have no such check). JAX raises when the "
        "barrier is built, before any kernel is traced: on the `Barrier(...)` line, which "
        "stops a script at that line when "
        "it runs outside `jax.jit`. A whole array (`num_barriers` > 1) given to "
        "`copy_gmem_to_smem(..., barrier)`, `barrier_wait` or `barrier_arrive` fails on that "
        "op's line from 0.10.2 (0.8.3 lowers it; 0.9.1 and 0.9.2 have no such check)."
    ),
    how_to_fix=(
        "Give the number of arrivals each phase waits for: 1 for one TMA copy or one arriving "
        "thread, the number of arriving warpgroups or cluster blocks otherwise. Index an "
        "array of barriers (`barriers.at[slot]`) where an op takes one."
    ),
    bad_example='''
scratch_types=[plgpu.SMEM((128, 128), jnp.float32), plgpu.Barrier(num_arrivals=0)]
''',
    good_example='''
scratch_types=[plgpu.SMEM((128, 128), jnp.float32), plgpu.Barrier(num_arrivals=1)]
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _arrivals_findings(program)
    if holds(BARRIER_ARRAY_NEEDS_INDEX, program.version):
        yield from _array_findings(program)


# The barrier ops whose barrier operand must be one barrier, and that operand's keyword.
_BARRIER_OPS = ("plgpu.copy_gmem_to_smem", "plgpu.barrier_wait", "plgpu.barrier_arrive")


def _array_findings(program: Program) -> Iterator[Finding]:
    for name in _BARRIER_OPS:
        for node, ops in ref_ops_named(program, name).items():
            arrays = [(op, count) for op in ops
                      if isinstance(ref := op.args.get("barrier"), BarrierRefVal)
                      and ref.barrier.kind == "Barrier"
                      and (count := barrier_count(ref.barrier)) is not None and count != 1]
            if not arrays:
                continue
            op, count = arrays[0]
            barrier = op.args["barrier"].barrier  # type: ignore[union-attr]
            operand = op.arg_nodes.get("barrier")
            spelled = program.text(operand) if operand is not None else "barrier"
            related: list[Related] = [Related(program.span(barrier.node),
                                              f"an array of {count} barriers is made here")]
            for array_op, _count in arrays:
                related.extend(kernel_related(program, array_op.launch))
            yield Finding(
                RULE.code, program.span(node),
                f"{name.rsplit('.', 1)[-1]}: {spelled} is the whole array of {count} barriers; "
                f"the op takes one barrier, and JAX fails with \"Operation is only valid for a "
                f"single barrier, but barrier ref contains {count}\". Index it: "
                f"{spelled}.at[i].",
                related=dedupe(related))


def barrier_count(barrier: BarrierVal) -> int | None:
    """How many barriers a plgpu.Barrier makes: num_barriers (an int, or a shape's product);
    one by default; None when not known."""
    value = barrier.num_barriers
    if value is MISSING:
        return 1
    if isinstance(value, Const) and type(value.value) is int:
        return value.value
    if isinstance(value, Const) and isinstance(value.value, tuple) \
            and all(type(d) is int for d in value.value):
        return math.prod(value.value)
    return None


def _arrivals_findings(program: Program) -> Iterator[Finding]:
    seen: set[int] = set()
    for barrier in program.barriers:
        if id(barrier.node) in seen or not _checked(barrier, program):
            continue
        arrivals = _arrivals(barrier)
        if arrivals is None or arrivals >= 1:
            continue
        seen.add(id(barrier.node))
        yield Finding(
            RULE.code, program.span(barrier.node),
            f"plgpu.{barrier.kind}(num_arrivals={arrivals}): a barrier needs at least one "
            f"arrival; JAX refuses to build it (\"Num arrivals must be at least 1, but got "
            f"{arrivals}\"). Set num_arrivals to the number of arrivals each phase waits for "
            f"(1 for one TMA copy).",
            fixes=_fixes(program, barrier))


def _checked(barrier: BarrierVal, program: Program) -> bool:
    """Barrier checks num_arrivals in every release; ClusterBarrier from 0.10.2 on."""
    return barrier.kind == "Barrier" or holds(CLUSTER_BARRIER_CHECKS_ARRIVALS, program.version)


def _arrivals(barrier: BarrierVal) -> int | None:
    value = barrier.num_arrivals
    if isinstance(value, Const) and type(value.value) is int:
        return value.value
    return None  # the default (1), or a value the analysis cannot know


def _fixes(program: Program, barrier: BarrierVal) -> tuple[Fix, ...]:
    if barrier.num_arrivals_node is None:
        return ()
    return (Fix("Use num_arrivals=1", (TextEdit(program.span(barrier.num_arrivals_node), "1"),),
                preferred=True),)


