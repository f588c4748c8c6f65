"""PAL087 device_id_dtype: a device id that is not an int32 (a signal's ``device_id=``, a
``plgpu.remote_ref``'s id a copy lowers). Facts: analysis/device_ids.py."""

from __future__ import annotations

from collections.abc import Iterator

from ..device_ids import MLIR_TYPES, wrong_dtype
from ..model import Finding, Options, Related
from ..program import Program
from ..semaphore_facts import SEMAPHORE_OPS, semaphore_fault
from ..values import RefVal
from ..versions import REMOTE_ID_ASSERTS_TYPES, holds
from .base import LoweringError, Rule
from .common import dedupe, launch_related

RULE = Rule(
    code="PAL087",
    name="device_id_dtype",
    title="a device id (a signal's device_id=, a remote ref's) that is not an int32",
    jax_message=(
        "ValueError: `device_id`s must be an int32 value, but got float32\n"
        "AssertionError: (F32Type(f32), IntegerType(i32))"
    ),
    lowering_errors=(
        LoweringError(r"\A`device_id`s must be an int32 value, but got ", exc_type="ValueError"),
        LoweringError(r"\A\(\w+\(\w+\), IntegerType\(i32\)\)\Z", exc_type="AssertionError",
                      when=REMOTE_ID_ASSERTS_TYPES),
        # An id loaded from a ref (a register array to the lowering) asserts bare: the same text
        # as PAL008's and PAL020's there; the finding on the line says which it is.
        LoweringError(r"\A\s*(AssertionError(\(\))?)?\s*\Z", exc_type="AssertionError",
                      when=REMOTE_ID_ASSERTS_TYPES,
                      sites=r"pallas/mosaic_gpu/lowering\.py:_ensure_ir_value$"),
    ),
    what_it_means=(
        "A kernel reaches another device by its id: `pl.semaphore_signal(sem, inc, "
        "device_id=peer)` signals that device's semaphore, and `plgpu.remote_ref(ref, peer)` is "
        "that device's copy of a buffer, for a TMA copy to write or read. Mosaic GPU takes the id "
        "as an int32. An id computed with `/` (true division), from a float constant, or cast "
        "to another integer type is not one."
    ),
    when_it_happens=(
        "A signal's device id (each leaf of it) that is an array of another dtype than int32, "
        "or a Python float: \"ValueError: `device_id`s must be an int32 value, but got float32\" "
        "while the kernel is traced, on the signal's line. A `plgpu.remote_ref`'s id of another "
        "dtype, copied to or from by `plgpu.copy_smem_to_gmem` / `copy_gmem_to_smem`: an "
        "\"AssertionError: (F32Type(f32), IntegerType(i32))\" while the kernel is lowered, on the "
        "copy's line, from 0.11.2 (a bare AssertionError for an id loaded from a ref; before "
        "0.11.2 a bare one always, which several of JAX's asserts raise alike: not reported "
        "there; a Python float id lowers on 0.8.3). Measured on 0.8.3, 0.10.2, 0.11.2 and "
        "0.12.0.1."
    ),
    how_to_fix=(
        "Compute the id with integers (`(lax.axis_index(\"x\") + 1) % n`, `//` rather than "
        "`/`), or cast it: `.astype(jnp.int32)`."
    ),
    bad_example='''
peer = (lax.axis_index("x") + 1) / 2
pl.semaphore_signal(sem, 1, device_id=peer)
''',
    good_example='''
peer = (lax.axis_index("x") + 1) % 2
pl.semaphore_signal(sem, 1, device_id=peer)
''',
    fixable=False,
)

# Semaphore faults JAX raises while lowering: the device id is checked before them.
_LATER_FAULTS = ("core_index", "memory_scope", "remote_gpu_scope")
# The copies that lower a remote ref, and the keyword of their GMEM side.
_COPIES = {"plgpu.copy_smem_to_gmem": "dst", "plgpu.copy_gmem_to_smem": "src"}


def check(program: Program, options: Options) -> Iterator[Finding]:
    if not program.ref_ops:
        return
    x64 = program.interp.x64
    seen: set[int] = set()
    refused = program.trace_refused_launches()
    typed = holds(REMOTE_ID_ASSERTS_TYPES, program.version)
    for op in program.ref_ops:
        if id(op.node) in seen or op.names_open:
            continue
        if op.name in SEMAPHORE_OPS and SEMAPHORE_OPS[op.name][1] == "signal":
            fault = semaphore_fault(op, program.version, program.semantics(op.launch.kernel).name)
            if fault is not None and fault.kind not in _LATER_FAULTS:
                continue  # check_sem_avals refuses the semaphore first (PAL045)
            dtype = wrong_dtype(op.args.get("device_id"), x64)
            if dtype is None:
                continue
            seen.add(id(op.node))
            yield Finding(
                RULE.code, program.span(op.node),
                f"{op.name.rsplit('.', 1)[-1]}'s device_id is {_a(dtype)}, and a device id must be "
                f"int32. JAX raises \"ValueError: `device_id`s must be an int32 value, but got "
                f"{dtype}\" while the kernel is traced. {_FIX}",
                related=dedupe(launch_related(program, op.launch, failing=False)))
        elif op.name in _COPIES and typed and id(op.launch) not in refused:
            # (Before 0.11 the assertion is bare, the text of several JAX asserts no rule
            # tells apart: not reported there.)
            ref = op.args.get(_COPIES[op.name])
            if not isinstance(ref, RefVal) or ref.peer is None:
                continue
            dtype = wrong_dtype(ref.peer, x64)
            if dtype is None:
                continue
            seen.add(id(op.node))
            typed_said = f"AssertionError: ({MLIR_TYPES[dtype]}, IntegerType(i32))" if dtype in MLIR_TYPES \
                else "AssertionError: (..., IntegerType(i32))"
            yield Finding(
                RULE.code, program.span(op.node),
                f"{op.name.rsplit('.', 1)[-1]} copies through a plgpu.remote_ref whose device id is "
                f"{_a(dtype)}, and a device id must be int32: JAX fails with an AssertionError "
                f"while the kernel is lowered (\"{typed_said}\" for an id computed in the kernel, "
                f"a bare one for an id loaded from a ref). {_FIX}",
                related=dedupe([Related(program.span(op.arg_nodes[_COPIES[op.name]]), "the remote ref")]
                               if _COPIES[op.name] in op.arg_nodes else []))


_FIX = "Compute the id with integers (`//` rather than `/`), or cast it: `.astype(jnp.int32)`."


def _a(dtype: str) -> str:
    return f"{'an' if dtype.startswith(('int', 'uint')) else 'a'} {dtype} value"
