"""PAL045 semaphore_operands: a semaphore op given something other than one semaphore (an
array of them, a buffer, an array value), or a core_index Mosaic GPU has no notion of."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..semaphore_facts import SEMAPHORE_OPS, SemaphoreFault, semaphore_fault
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL045",
    name="semaphore_operands",
    title="a semaphore op takes one semaphore (a ()-shaped semaphore ref) and no core_index",
    jax_message=(
        "ValueError: Cannot signal on a non-()-shaped semaphore: (2,)\n"
        "ValueError: Must signal semaphores of the following types: {<class "
        "'jax._src.pallas.core.semaphore'>, ...}. Got float32.\n"
        "ValueError: Cannot wait on a non-semaphore Ref: float32[128]\n"
        "NotImplementedError: Mosaic GPU backend does not support the concept of cores, but "
        "core_index is specified\n"
        "ValueError: Unsupported memory_scope: cta\n"
        "ValueError: Cannot signal a GPU-local semaphore from a remote device. Please use "
        "`memory_scope='sys'` instead."
    ),
    lowering_errors=(
        LoweringError(r"^Cannot (signal|wait|semaphore_signal_multicast|\{name\}) on a non-semaphore Ref: ",
                      exc_type="ValueError"),
        LoweringError(r"^Cannot (signal|wait|semaphore_signal_multicast|\{name\}) on a non-\(\)-shaped "
                      r"semaphore: ",
                      exc_type="ValueError"),
        LoweringError(r"^Must (signal|wait|semaphore_signal_multicast|\{name\}) semaphores of the "
                      r"following types:",
                      exc_type="ValueError"),
        LoweringError(r"^Mosaic GPU backend does not support the concept of cores, but\s+"
                      r"core_index is specified", exc_type="NotImplementedError"),
        LoweringError(r"^Unsupported memory_scope: ", exc_type="ValueError"),
        LoweringError(r"^Cannot signal a GPU-local semaphore from a remote device",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "`pl.semaphore_signal(sem, inc)` and `pl.semaphore_wait(sem, value)` (and "
        "`plgpu.semaphore_signal` / `plgpu.semaphore_wait`) work on one semaphore: a ref "
        "of shape `()` whose dtype is a semaphore type, as `plgpu.SemaphoreType.REGULAR` "
        "allocates in `scratch_types` (or `plgpu.alloc_semaphore` outside the kernel). "
        "`plgpu.SemaphoreType.REGULAR((2,))` is an array of two: an op takes one of them, "
        "`sems.at[i]`. A shared-memory buffer, a GMEM input or a value loaded from a ref is "
        "not a semaphore. `core_index` names a TensorCore of a TPU chip; a GPU has no "
        "such cores. The `memory_scope` of `plgpu.semaphore_signal` / `semaphore_wait` is "
        "`\"sys\"` (visible to the whole system: other GPUs too) or `\"gpu\"` (this GPU "
        "only, cheaper), so a signal to another device (`device_id=`) needs `\"sys\"`."
    ),
    when_it_happens=(
        "When the op is traced, on its line, Lane and Warpgroup, measured on 0.8.3, 0.10.2, "
        "0.11.2 and 0.12.0.1: an unindexed array of semaphores, or any ref whose shape is "
        "not `()` (JAX checks the shape before the dtype, so a (128,) float32 buffer is "
        "\"a non-()-shaped semaphore\"); a `()`-shaped view of a buffer or GMEM ref of "
        "another dtype (`x_gmem.at[0]`: \"Must signal semaphores of the following types\"; "
        "int16 passes, as interpret mode's semaphores); an array value (`x_ref[...]`: "
        "\"Cannot signal on a non-semaphore Ref\"). `pl.semaphore_signal(..., "
        "core_index=...)` fails while the kernel is lowered, blamed on the same line; so do "
        "a `memory_scope` other than \"sys\" / \"gpu\" and `memory_scope=\"gpu\"` on a "
        "`plgpu.semaphore_signal` with `device_id=` (0.10.2 to 0.12.0.1: 0.8.3 has no "
        "plgpu.semaphore_signal). `plgpu.semaphore_signal_multicast` given a `plgpu.Barrier()`: "
        "\"Must semaphore_signal_multicast semaphores of the following types\" on its line "
        "(0.10.2: \"... non-()-shaped semaphore: (1,)\"), 0.8.3 to 0.12.0.1."
    ),
    how_to_fix=(
        "Allocate a semaphore (`plgpu.SemaphoreType.REGULAR` in scratch_types) and pass it, "
        "or one element of an array of them (`sems.at[i]`); drop `core_index`; use "
        "`memory_scope=\"sys\"` (the default) to signal another device."
    ),
    bad_example='''
pl.semaphore_signal(sems, 1)  # sems: plgpu.SemaphoreType.REGULAR((2,))
''',
    good_example='''
pl.semaphore_signal(sems.at[0], 1)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for op in [*program.ref_ops, *program.ops_of("plgpu.semaphore_signal_multicast")]:
        if op.name not in SEMAPHORE_OPS or id(op.node) in seen:
            continue
        fault = semaphore_fault(op, program.version, program.semantics(op.launch.kernel).name)
        if fault is None:
            continue
        seen.add(id(op.node))
        related = ()
        if fault.ref is not None and fault.ref.node is not None:
            related = (Related(program.span(fault.ref.node), "it is allocated here"),)
        name = op.name.rsplit(".", 1)[-1]
        yield Finding(RULE.code, program.span(op.node), _message(name, fault), related=related)


def _message(name: str, fault: SemaphoreFault) -> str:
    verb = fault.verb
    shape = short_repr(fault.shape)
    if fault.kind == "core_index":
        return (f"{name} is given core_index, but a GPU has no cores in this sense (core_index "
                f"picks a TensorCore of a TPU chip). JAX raises \"NotImplementedError: Mosaic GPU "
                f"backend does not support the concept of cores, but core_index is specified\" "
                f"while the kernel is lowered. Drop core_index.")
    if fault.kind == "memory_scope":
        return (f"{name}'s memory_scope is {fault.scope!r}: Mosaic GPU's semaphore atomics take "
                f"'sys' (the default: visible to every device) or 'gpu' (this GPU only). JAX "
                f"raises \"ValueError: Unsupported memory_scope: {fault.scope}\" while the kernel "
                f"is lowered. Use memory_scope='sys' or 'gpu'.")
    if fault.kind == "remote_gpu_scope":
        return (f"{name} signals another device's semaphore (device_id=) with memory_scope='gpu', "
                f"whose atomic is visible on this GPU only. JAX raises \"ValueError: Cannot "
                f"signal a GPU-local semaphore from a remote device. Please use "
                f"`memory_scope='sys'` instead.\" while the kernel is lowered. Use "
                f"memory_scope='sys' (the default).")
    if fault.kind == "barrier" and verb == "semaphore_signal_multicast":
        return (f"{name} is given a plgpu.Barrier, not a semaphore: a barrier is waited on with "
                f"plgpu.barrier_wait, while {name} signals a semaphore on every device. JAX "
                f"raises \"ValueError: Must semaphore_signal_multicast semaphores of the "
                f"following types: {{...}}\" while the kernel is traced (0.10.2: \"Cannot "
                f"semaphore_signal_multicast on a non-()-shaped semaphore: (1,)\"). Allocate a "
                f"semaphore (plgpu.SemaphoreType.REGULAR in scratch_types) for it.")
    if fault.kind == "barrier":
        return (f"{name} is given a plgpu.Barrier, not a semaphore: a barrier is waited on with "
                f"plgpu.barrier_wait (and arrived at with plgpu.barrier_arrive), while {name} "
                f"works on a semaphore. JAX raises \"ValueError: Must {verb} semaphores of the "
                f"following types: {{...}}. Got barrier.\" while the kernel is traced. Allocate a "
                f"semaphore (plgpu.SemaphoreType.REGULAR in scratch_types) for it.")
    if fault.kind == "not_ref":
        return (f"{name} is given an array value ({shape} {fault.dtype or ''}), not a semaphore: "
                f"it waits on or signals a semaphore ref. JAX raises \"ValueError: Cannot {verb} "
                f"on a non-semaphore Ref: ...\". Pass a semaphore (plgpu.SemaphoreType.REGULAR in "
                f"scratch_types).")
    ref = fault.ref
    assert ref is not None
    if fault.kind == "shaped" and ref.space == "SEMAPHORE":
        return (f"{name} is given an array of semaphores of shape {shape}, and it takes one "
                f"semaphore. JAX raises \"ValueError: Cannot {verb} on a non-()-shaped semaphore: "
                f"{shape}\". Index it to one semaphore: sems.at[i]" + ", i" * (len(fault.shape) - 1)
                + ".")
    what = f"a {ref.space} ref of {shape} {fault.dtype or 'unknown dtype'}"
    said = (f"\"ValueError: Cannot {verb} on a non-()-shaped semaphore: {shape}\" (it checks the "
            f"shape first)" if fault.kind == "shaped" else
            f"\"ValueError: Must {verb} semaphores of the following types: {{...}}. Got "
            f"{fault.dtype}.\"")
    return (f"{name} is given {what}, which is not a semaphore. JAX raises {said}. Allocate a "
            f"semaphore (plgpu.SemaphoreType.REGULAR in scratch_types) and pass it.")
