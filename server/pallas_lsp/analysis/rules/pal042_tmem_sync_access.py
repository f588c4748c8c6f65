"""PAL042 tmem_sync_access: ``x = tmem_ref[...]`` / ``tmem_ref[...] = x`` on a tensor-memory
ref: TMEM is read and written only by the asynchronous ``plgpu.async_load_tmem`` /
``plgpu.async_store_tmem``.

The check reads no target GPU; its text differs by lowering semantics, not release (measured:
docs/measurements/blackwell-lowering.md): under Lane semantics (the default before 0.11.2)
Pallas's own lowering rule refuses the access, under Warpgroup (the default from 0.11.2)
Mosaic GPU's layout inference of the vector load / store."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..values import Const, RefVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL042",
    name="tmem_sync_access",
    title="TMEM refs are read and written with plgpu.async_load_tmem / async_store_tmem, not [...]",
    jax_message=(
        "RuntimeError: Loads from TMEM are asynchronous operations and cannot be performed using "
        "the usual syntax. Please use plgpu.async_load_tmem instead.\n"
        "ValueError: Expected the same number of in_tmem_layouts (0) as TMEM ref operands (1). "
        "op=\n  %49 = \"mosaic_gpu.vector_load\"(%38) ..."
    ),
    lowering_errors=(
        LoweringError(r"^Loads from TMEM are asynchronous operations and cannot be performed "
                      r"using the usual syntax\.", "RuntimeError"),
        LoweringError(r"^Stores to TMEM are asynchronous operations and cannot be performed "
                      r"using the usual syntax\.", "RuntimeError"),
        # Warpgroup semantics: only a vector load / store of a TMEM ref, the op JAX names.
        LoweringError(r"^Expected the same number of in_tmem_layouts \(0\) as TMEM ref operands "
                      r"\(1\)\. op=\s*(%\S+ = )?\"mosaic_gpu\.vector_(load|store)\"", "ValueError"),
    ),
    what_it_means=(
        "Tensor memory (`plgpu.TMEM` buffers, a tcgen05 MMA's accumulator) is not addressed by "
        "the threads like shared memory: moving data between it and registers is an "
        "asynchronous tensor-core operation. `x = acc_tmem[...]` and `acc_tmem[...] = x` "
        "are refused; `plgpu.async_load_tmem(acc_tmem)` returns the value and "
        "`plgpu.async_store_tmem(acc_tmem, x)` writes it (then `plgpu.wait_load_tmem()` / "
        "`plgpu.commit_tmem()` order them with what follows)."
    ),
    when_it_happens=(
        "When the kernel is lowered, on the access's line, in every release from 0.8.3 to "
        "0.12.0.1. Under Lane semantics (the default before 0.11.2): \"Loads from (Stores "
        "to) TMEM are asynchronous operations and cannot be performed using the usual syntax. "
        "Please use plgpu.async_load_tmem (async_store_tmem) instead.\"; under Warpgroup "
        "semantics (the default from 0.11.2): \"Expected the same number of in_tmem_layouts "
        "(0) as TMEM ref operands (1)\" naming the `mosaic_gpu.vector_load` / `vector_store` "
        "op. The analysis judges whole-ref accesses (`ref[...]`) of a TMEM buffer that surely "
        "run, under semantics it knows (Warpgroup from 0.10.2: 0.8.3 fails earlier on the "
        "MMA); the first one of a kernel, as lowering stops there."
    ),
    how_to_fix=(
        "Read with `plgpu.async_load_tmem(acc_tmem)` and write with "
        "`plgpu.async_store_tmem(acc_tmem, value)`."
    ),
    bad_example='''
o_ref[...] = acc_tmem[...]
''',
    good_example='''
o_ref[...] = plgpu.async_load_tmem(acc_tmem)
''',
    fixable=False,
)

# Measured from 0.10.2 under Warpgroup semantics; 0.8.3's Warpgroup lowering of a tcgen05
# kernel fails earlier ("NotImplementedError" on the MMA), so there the rule is silent.
_WARPGROUP_TCGEN05 = (0, 10, 2)


def check(program: Program, options: Options) -> Iterator[Finding]:
    judged: set[int] = set()
    for access in program.ref_accesses:
        ref = access.ref
        if id(access.launch) in judged or not access.sure or access.scoped \
                or not isinstance(ref, RefVal) or ref.space != "TMEM" or ref.views != () \
                or not (isinstance(access.index, Const) and access.index.value is Ellipsis):
            continue
        kernel = access.launch.kernel
        semantics = program.semantics(kernel).name
        if program.api_removed(kernel) or semantics not in ("Lane", "Warpgroup"):
            continue
        if semantics == "Warpgroup" and options.jax_version < _WARPGROUP_TCGEN05:
            continue  # 0.8.3 stops earlier: its Warpgroup lowering lacks tcgen05_mma
        judged.add(id(access.launch))  # lowering stops at the first
        load = access.kind == "load"
        if semantics == "Warpgroup":
            words = ("Expected the same number of in_tmem_layouts (0) as TMEM ref operands (1)"
                     f" (the mosaic_gpu.vector_{'load' if load else 'store'})")
        else:
            words = (f"{'Loads from' if load else 'Stores to'} TMEM are asynchronous operations "
                     "and cannot be performed using the usual syntax")
        how = ("plgpu.async_load_tmem(ref) returns its value" if load
               else "plgpu.async_store_tmem(ref, value) writes it")
        yield Finding(RULE.code, program.span(access.node),
                      f"this {'reads' if load else 'writes'} a tensor-memory (TMEM) ref with "
                      f"[...], which tensor memory does not allow. JAX fails with \"{words}\". "
                      f"Fix: {how}.",
                      related=(Related(program.span(kernel.node), "the kernel is created here"),))
