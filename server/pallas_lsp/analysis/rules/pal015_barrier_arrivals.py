"""PAL015 barrier_arrivals: a plgpu.Barrier / plgpu.ClusterBarrier built with num_arrivals < 1."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Fix, Options, TextEdit
from ..program import Program
from ..values import BarrierVal, Const
from ..versions import CLUSTER_BARRIER_CHECKS_ARRIVALS, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL015",
    name="barrier_arrivals",
    title="a barrier needs num_arrivals of at least 1",
    jax_message="ValueError: Num arrivals must be at least 1, but got 0",
    lowering_errors=(LoweringError(r"Num arrivals must be at least 1", "ValueError"),),
    what_it_means=(
        "A barrier completes a phase when `num_arrivals` arrivals have been recorded on it "
        "(a TMA copy's completion, a `plgpu.barrier_arrive`). A barrier that expects no "
        "arrival at all could never be waited on meaningfully, so JAX refuses to build it."
    ),
    when_it_happens=(
        "`plgpu.Barrier(num_arrivals=n)` with a literal `n < 1`, in every release; "
        "`plgpu.ClusterBarrier(collective_axes=..., num_arrivals=n)` from JAX 0.10.2 (0.8.3, "
        "0.9.1 and 0.9.2 build and lower it). JAX raises when the barrier is built, before any "
        "kernel is traced: on the `Barrier(...)` line, which stops a script at that line when "
        "it runs outside `jax.jit`."
    ),
    how_to_fix=(
        "Give the number of arrivals each phase waits for: 1 for one TMA copy or one arriving "
        "thread, the number of arriving warpgroups or cluster blocks otherwise."
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
            f"plgpu.{barrier.kind}(num_arrivals={arrivals}): a barrier waits for at least one "
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


