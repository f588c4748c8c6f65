"""PAL071 tmem_async_ref: ``plgpu.async_load_tmem`` / ``plgpu.async_store_tmem`` of a ref that
is not in tensor memory (the inverse of PAL042: an SMEM or GMEM ref moved with the TMEM ops).

Their abstract evaluation checks the ref's memory space when the kernel is traced, on the
call's line (jax/_src/pallas/mosaic_gpu/primitives.py, the same texts 0.8.3 - 0.12.0.1,
measured: docs/measurements/tmem-lowering.md); no target GPU is read."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program
from ..trace import Op
from ..values import RefVal
from .base import LoweringError, Rule
from .common import first_refusal_per_launch

RULE = Rule(
    code="PAL071",
    name="tmem_async_ref",
    title="plgpu.async_load_tmem / async_store_tmem move data of a TMEM ref only",
    jax_message=("ValueError: Async load only supports TMEM refs\n"
                 "ValueError: Async store only supports TMEM refs"),
    lowering_errors=(
        LoweringError(r"^Async load only supports TMEM refs$", "ValueError"),
        LoweringError(r"^Async store only supports TMEM refs$", "ValueError"),
    ),
    what_it_means=(
        "`plgpu.async_load_tmem(ref)` reads a tensor-memory (TMEM) ref into registers and "
        "`plgpu.async_store_tmem(ref, value)` writes registers into one: both are the "
        "tensor-core data path of Blackwell's tensor memory. A shared-memory or global-memory "
        "ref is read with `ref[...]` and written with `ref[...] = value`."
    ),
    when_it_happens=(
        "When the kernel is traced, on the call's line, in every release from 0.8.3 to "
        "0.12.0.1. The analysis judges refs whose memory space it knows (a `plgpu.SMEM` / "
        "`plgpu.GMEM` buffer, a kernel's operand, views of them); the first such call of a "
        "kernel, as tracing stops there."
    ),
    how_to_fix=(
        "Read an SMEM / GMEM ref with `ref[...]` and write it with `ref[...] = value`; keep "
        "`async_load_tmem` / `async_store_tmem` for `plgpu.TMEM` buffers."
    ),
    bad_example='''
o_smem[...] = plgpu.async_load_tmem(acc_tmem)
plgpu.async_store_tmem(o_smem, o_smem[...] * 2)   # o_smem is a plgpu.SMEM buffer
''',
    good_example='''
o_smem[...] = plgpu.async_load_tmem(acc_tmem)
o_smem[...] = o_smem[...] * 2
''',
    fixable=False,
)

_OPERAND = {"plgpu.async_load_tmem": "src", "plgpu.async_store_tmem": "ref"}


def check(program: Program, options: Options) -> Iterator[Finding]:
    found = sorted((op for op in program.ref_ops if op.name in _OPERAND and _space(op) not in
                    (None, "TMEM")), key=lambda op: (op.node.lineno, op.node.col_offset))
    yield from first_refusal_per_launch(program, RULE.code, found, lambda op: op, _message)


def _space(op: Op) -> str | None:
    ref = op.args.get(_OPERAND[op.name])
    return ref.space if isinstance(ref, RefVal) and isinstance(ref.space, str) else None


def _message(op: Op) -> str:
    load = op.name == "plgpu.async_load_tmem"
    space = _space(op)
    if load:
        return (f"plgpu.async_load_tmem reads a ref in {space}, not in tensor memory. JAX fails "
                "with \"Async load only supports TMEM refs\". Fix: read it with ref[...] "
                "(async_load_tmem is for plgpu.TMEM buffers).")
    return (f"plgpu.async_store_tmem writes a ref in {space}, not in tensor memory. JAX fails "
            "with \"Async store only supports TMEM refs\". Fix: write it with ref[...] = value "
            "(async_store_tmem is for plgpu.TMEM buffers).")
