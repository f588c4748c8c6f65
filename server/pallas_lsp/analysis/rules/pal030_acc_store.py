"""PAL030 acc_store: a store into a plgpu.ACC accumulator must write the whole accumulator
(``acc_ref[...] = value``) with a value of its shape and dtype."""

from __future__ import annotations

from collections.abc import Iterator

from ..acc_stores import AccStoreFault, acc_store_fault
from ..model import Finding, Options
from ..program import Program
from ..versions import ACC_STORE_CHECKED, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL030",
    name="acc_store",
    title="a store into a plgpu.ACC accumulator writes all of it, in its shape and dtype",
    jax_message=(
        "NotImplementedError: Non-trivial indexing on WGMMAAbstractAccumulatorRef is not "
        "supported for stores.\n"
        "ValueError: Accumulator shape (64, 128) does not match value shape (64, 64)\n"
        "ValueError: Accumulator dtype float32 does not match value dtype float16"
    ),
    lowering_errors=(
        LoweringError(r"Non-trivial indexing on WGMMAAbstractAccumulatorRef is not supported "
                      r"for stores", "NotImplementedError", when=ACC_STORE_CHECKED),
        LoweringError(r"^Accumulator shape .* does not match value shape ", "ValueError",
                      when=ACC_STORE_CHECKED),
        LoweringError(r"^Accumulator dtype .* does not match value dtype ", "ValueError",
                      when=ACC_STORE_CHECKED),
    ),
    what_it_means=(
        "A `plgpu.ACC` accumulator (what `plgpu.wgmma` adds into) lives in registers, not in "
        "memory: a store `acc_ref[...] = value` replaces all of it, so JAX takes only the "
        "whole-ref index `[...]` (no rows, columns or integers), and a value of exactly the "
        "accumulator's shape and dtype (no broadcast, no cast, unlike a memory ref's store)."
    ),
    when_it_happens=(
        "When the kernel is traced, on the store line, 0.10.2 to 0.12.0.1, Lane and Warpgroup "
        "semantics (JAX checks the index, then the shape, then the dtype). 0.8.3 stores into "
        "an accumulator through a memory ref's `swap` (PAL026's texts): not judged there. The "
        "analysis judges accumulators whose shape it knows, and values whose shape (and, for "
        "the dtype, strong type) it knows."
    ),
    how_to_fix=(
        "Store the whole accumulator: `acc_ref[...] = value` with `value.shape == acc.shape` "
        "and `value.astype(acc_ref.dtype)`; to change part of it, load it (`acc_ref[...]`), "
        "update the array, and store all of it back."
    ),
    bad_example='''
def kernel(o_ref, a_smem, b_smem):
    def scope(acc_ref):
        acc_ref[...] = jnp.zeros((64, 64), jnp.float32)   # acc is (64, 128)
        plgpu.wgmma(acc_ref, a_smem, b_smem)
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))
''',
    good_example='''
def kernel(o_ref, a_smem, b_smem):
    def scope(acc_ref):
        plgpu.wgmma(acc_ref, a_smem, b_smem)
        acc_ref[...] = acc_ref[...] * 2
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))
''',
    fixable=False,
)

def check(program: Program, options: Options) -> Iterator[Finding]:
    if not holds(ACC_STORE_CHECKED, program.version):
        return  # 0.8.3 stores through swap (PAL026's texts)
    traced: set[int] = set()  # JAX stops a kernel's trace at its first error
    for access in program.acc_stores:
        if not access.sure or id(access.launch) in traced:
            continue
        fault = acc_store_fault(access.ref, access.index, access.value)
        if fault is None:
            continue
        traced.add(id(access.launch))
        yield Finding(RULE.code, program.span(access.node), _message(fault))


def _message(fault: AccStoreFault) -> str:
    acc = f"the accumulator is {fault.acc_shape}" + (f" {fault.acc_dtype}" if fault.acc_dtype
                                                      else "")
    if fault.kind == "index":
        return (f"A store into part of a plgpu.ACC accumulator ({acc}): JAX stores only the "
                f"whole accumulator (\"Non-trivial indexing on WGMMAAbstractAccumulatorRef is "
                f"not supported for stores.\"). To fix: load it, update the array, and store "
                f"all of it with acc_ref[...] = value.")
    if fault.kind == "shape":
        return (f"The value stored has shape {fault.value_shape}, but {acc}: JAX fails with "
                f"\"Accumulator shape {fault.acc_shape} does not match value shape "
                f"{fault.value_shape}\" (no broadcast into an accumulator). To fix: store a "
                f"value of shape {fault.acc_shape}.")
    return (f"The value stored is {fault.value_dtype}, but {acc}: JAX fails with \"Accumulator "
            f"dtype {fault.acc_dtype} does not match value dtype {fault.value_dtype}\" (no "
            f"implicit cast into an accumulator). To fix: store "
            f"value.astype(acc_ref.dtype).")
