"""PAL066 ref_union_members: a plgpu.RefUnion whose buffer types cannot share one allocation
(SMEM and TMEM mixed, a GMEM type, an SMEM type of a dtype it cannot size, TMEM types that
disagree on collective=)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..ref_unions import UnionFault, union_fault
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL066",
    name="ref_union_members",
    title="a plgpu.RefUnion of buffer types that cannot share an allocation",
    jax_message=(
        "NotImplementedError: All aliased Refs must have the same memory space (SMEM or TMEM). "
        "Got <generator object RefUnion.__init__.<locals>.<genexpr> at 0x...>.\n"
        "NotImplementedError: Unsupported dtype: bool\n"
        "ValueError: Some aliased TMEM references are collective and some are not."
    ),
    lowering_errors=(
        LoweringError(r"All aliased Refs must have the same memory space \(SMEM or TMEM\)",
                      exc_type="NotImplementedError", sites=r"core\.py:RefUnion\.__init__$"),
        # The template "Unsupported dtype: {ref.dtype}" is raised elsewhere too: claimed where
        # RefUnion sizes an SMEM group only.
        LoweringError(r"\AUnsupported dtype: ", exc_type="NotImplementedError",
                      sites=r"mosaic_gpu/core\.py:_ref_group_size$"),
        LoweringError(r"Some aliased TMEM references are collective and some are not",
                      exc_type="ValueError", sites=r"core\.py:RefUnion\.__init__$"),
    ),
    what_it_means=(
        "`plgpu.RefUnion(group, group, ...)` makes buffers share one allocation: each group is "
        "a buffer type or a tree of them, and the groups overlay each other. JAX builds one "
        "buffer for the union, so every leaf must live in the same memory: all shared memory "
        "(`plgpu.SMEM`, sized in bytes from each leaf's integer or float dtype) or all tensor "
        "memory (`plgpu.TMEM`, all collective or none). The check runs when the union is "
        "built, on the host."
    ),
    when_it_happens=(
        "`plgpu.RefUnion(plgpu.SMEM(...), plgpu.TMEM(...))`, a `plgpu.GMEM` leaf, an SMEM leaf "
        "of dtype bool, or TMEM leaves some of which pass `collective=True`. JAX raises on the "
        "`plgpu.RefUnion(...)` line; its message for mixed spaces shows a generator object, not "
        "the spaces. Measured alike on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Keep shared-memory and tensor-memory buffers in separate unions (or separate scratch "
        "buffers), store booleans as `jnp.int8` or `jnp.uint8`, and give every TMEM leaf of a "
        "union the same `collective=`."
    ),
    bad_example='''
scratch_types=[plgpu.RefUnion(plgpu.SMEM((128, 128), jnp.float16),
                              plgpu.TMEM((128, 128), jnp.float32))]
''',
    good_example='''
scratch_types=[plgpu.RefUnion(plgpu.SMEM((128, 128), jnp.float16),
                              plgpu.SMEM((64, 128), jnp.float32)),
               plgpu.TMEM((128, 128), jnp.float32)]
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for made in program.made_ref_unions:
        fault = union_fault(made)
        if fault is None or id(made.node) in seen:
            continue
        seen.add(id(made.node))
        related = ()
        if fault.leaf is not None and fault.leaf.node is not None:
            related = (Related(program.span(fault.leaf.node), "the buffer type refused"),)
        yield Finding(RULE.code, program.span(made.node), _message(fault), related=related)


def _message(fault: UnionFault) -> str:
    if fault.kind == "spaces":
        return (f"This plgpu.RefUnion mixes {fault.detail} buffer types: a union is one "
                f"allocation, all in shared memory (plgpu.SMEM) or all in tensor memory "
                f"(plgpu.TMEM). JAX raises \"NotImplementedError: All aliased Refs must have the "
                f"same memory space (SMEM or TMEM).\" here. Put the buffers of each memory in a "
                f"union (or scratch buffer) of their own.")
    if fault.kind == "dtype":
        return (f"This plgpu.RefUnion has a shared-memory buffer of dtype {fault.detail}: a union "
                f"sizes its buffers in bytes from integer and float dtypes only, so JAX raises "
                f"\"NotImplementedError: Unsupported dtype: {fault.detail}\" here. Store the "
                f"values as jnp.int8 or jnp.uint8.")
    return (f"This plgpu.RefUnion mixes collective and non-collective TMEM buffers "
            f"({fault.detail}): JAX raises \"ValueError: Some aliased TMEM references are "
            f"collective and some are not.\" here. Give every TMEM buffer of the union the same "
            f"collective=.")
