"""PAL070 tmem_collective_mix: a kernel with both collective and non-collective TMEM buffers.

Pallas allocates a kernel's TMEM buffers at once, either for one block (``cta_group::1``)
or for the pair of a cluster (``collective=True``, ``cta_group::2``): it refuses a mix in
``lower_jaxpr_to_module`` (jax/_src/pallas/mosaic_gpu/lowering.py) when the kernel is
lowered, 0.8.3 - 0.12.0.1 (measured: docs/measurements/tmem-lowering.md). The same text in
Mosaic GPU's ``_launch`` is not reached from Pallas (it sees the one allocation), so it is not
claimed. No target GPU is read."""

from __future__ import annotations

from collections.abc import Iterator

from .. import tmem_facts
from ..model import Finding, Options, Related
from ..program import Program
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL070",
    name="tmem_collective_mix",
    title="A kernel's TMEM buffers are all collective=True or all not",
    jax_message=("ValueError: Can't mix collective and non-collective TMEM allocations within "
                 "the same kernel."),
    lowering_errors=(
        LoweringError(r"^Can't mix collective and non-collective TMEM allocations within the "
                      r"same kernel\.$", "ValueError", sites=r"pallas/mosaic_gpu/lowering\.py:"),
    ),
    what_it_means=(
        "A `plgpu.TMEM(..., collective=True)` buffer is allocated for both blocks of a "
        "cluster pair (a collective tcgen05 MMA's accumulator); Pallas allocates all TMEM "
        "buffers of a kernel in one allocation, so they are all collective or none is."
    ),
    when_it_happens=(
        "When the kernel is lowered, on the line of the jitted call, in every release from "
        "0.8.3 to 0.12.0.1, before the TMEM columns are allocated (PAL069). The analysis "
        "judges the `plgpu.kernel` scratch buffers of 2-D shape and known `collective=`; it "
        "is silent when one is not known or the kernel also allocates TMEM in `pl.run_scoped`."
    ),
    how_to_fix=(
        "In a kernel with a collective MMA, declare every TMEM buffer `collective=True` "
        "(an operand or scratch buffer the pair does not share is still allocated for both); "
        "otherwise drop `collective=True`."
    ),
    bad_example='''
scratch_types=[plgpu.TMEM((128, 256), jnp.float32, collective=True),
               plgpu.TMEM((128, 64), jnp.float16, packed=True)]   # not collective
''',
    good_example='''
scratch_types=[plgpu.TMEM((128, 256), jnp.float32, collective=True),
               plgpu.TMEM((128, 64), jnp.float16, packed=True, collective=True)]
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for launch in program.launches:
        kernel = launch.kernel
        blamed = launch.lowered_at
        if kernel.api != "kernel" or program.api_removed(kernel) \
                or (id(kernel), id(blamed)) in seen:
            continue
        types = tmem_facts.kernel_tmem_types(launch)
        if not types or tmem_facts.scoped_tmem(program.scoped_buffers, launch):
            continue
        if tmem_facts.collective_flags(types) != {True, False}:
            continue
        seen.add((id(kernel), id(blamed)))
        plain = [made for made in types if tmem_facts.flag(made.collective) is False]
        related = tuple(Related(program.span(made.node),
                                "collective=True" if tmem_facts.flag(made.collective)
                                else "not collective")
                        for made in types if made.node is not None)
        yield Finding(RULE.code, program.span(blamed),
                      f"the kernel's TMEM buffers mix collective=True ({len(types) - len(plain)}"
                      f") and non-collective ones ({len(plain)}), but Pallas allocates them "
                      "together, for one block or for the cluster pair. JAX fails with \"Can't "
                      "mix collective and non-collective TMEM allocations within the same "
                      "kernel.\". Fix: declare every TMEM buffer of this kernel collective=True "
                      "(or none).", related=related)
