"""PAL044 run_scoped_collective: pl.run_scoped's collective_axes do not fit what it allocates
or the kernel's threads."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..pipelines import WS
from ..program import Program
from ..run_scoped_collective import ScopedFault, scoped_fault, unallocatable
from ..values import QualName, RefTypeVal
from ..versions import KERNEL_LOWERED_AT_JIT_CALL, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL044",
    name="run_scoped_collective",
    title="pl.run_scoped's collective_axes do not fit its allocations or the kernel's threads, "
          "or a scratch allocation Mosaic GPU cannot make (GMEM)",
    jax_message=(
        "NotImplementedError: Only thread-collective allocations are supported in multithreaded "
        "kernels. Hint: add collective_axes=wg to your run_scoped ...\n"
        "ValueError: Only thread-collective allocations are supported in run_scoped.\n"
        "ValueError: WGMMA accumulators can only be allocated non-collectively. ...\n"
        "NotImplementedError: Unsupported memory space: gmem"
    ),
    lowering_errors=(
        LoweringError(r"Only thread-collective allocations are supported in multithreaded kernels",
                      exc_type="NotImplementedError"),
        LoweringError(r"Only thread-collective allocations are supported in run_scoped\.$",
                      exc_type="ValueError"),
        LoweringError(r"WGMMA accumulators can only be allocated non-collectively",
                      exc_type="ValueError"),
        # ``{aval.memory_space}`` in JAX's template (the raise-site table); "gmem" in a real one.
        LoweringError(r"^Unsupported memory space: (gmem|\{aval\.memory_space\})$",
                      exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "In a kernel with several Mosaic threads (`plgpu.kernel(..., num_threads=2, "
        "thread_name=\"wg\")`) every thread runs the body, and a buffer `pl.run_scoped` "
        "allocates must be shared by them: `collective_axes=\"wg\"`. The only axis "
        "run_scoped accepts there is that thread axis, and a WGMMA accumulator "
        "(`plgpu.ACC`) lives in one thread's registers, so it is never allocated collectively. "
        "A kernel allocates scratch in shared memory, tensor memory, registers or, for a "
        "REGULAR semaphore, global memory; nothing else in global memory: "
        "`plgpu.SemaphoreType.BARRIER` (a TPU barrier semaphore) and a `plgpu.GMEM(shape, "
        "dtype)` buffer cannot be allocated there."
    ),
    when_it_happens=(
        "On the `pl.run_scoped` line while the kernel is lowered, Lane and Warpgroup, measured "
        "on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1: a shared-memory buffer or a `plgpu.Barrier` "
        "allocated without collective_axes in a kernel with `num_threads=`; collective_axes "
        "naming another axis than the thread axis (a grid axis, or any axis in a kernel "
        "without threads); a `plgpu.ACC` allocated with collective_axes. A "
        "`plgpu.SemaphoreType.BARRIER` or `plgpu.GMEM(...)` among a plgpu.kernel's scratch_types "
        "or a run_scoped's types: \"Unsupported memory space: gmem\" while the kernel is "
        "lowered, blamed on the jitted call (on 0.8.3, the kernel's call), measured on 0.8.3, "
        "0.10.2, 0.11.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Pass `collective_axes=<thread_name>` to a run_scoped that allocates buffers in a "
        "multithreaded kernel; drop other axes; allocate accumulators in a run_scoped of their "
        "own without collective_axes. Allocate semaphores as `plgpu.SemaphoreType.REGULAR`; "
        "pass a global-memory buffer in as an input (or an output) instead of allocating it."
    ),
    bad_example='''
pl.run_scoped(body, plgpu.SMEM((128,), jnp.float32))
''',
    good_example='''
pl.run_scoped(body, plgpu.SMEM((128,), jnp.float32), collective_axes="wg")
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    # A warp-specialized pipeline runs its compute_context (and any run_scoped there) under
    # its own thread handling: its real lowering reached the body past such a run_scoped
    # (pal014/wgmma_warp_pipeline_acc_smem), so kernels running one are not judged, but for
    # axes other than the thread axis: the rule's first check, whatever the context
    # (pal044/run_scoped_axis_around_warp_pipeline).
    specialized = {id(op.launch) for op in program.ops if op.name == WS}
    seen: set[int] = set()
    for call in program.scoped_calls:
        fault = scoped_fault(call)
        if fault is None or id(call.node) in seen or (
                id(call.launch) in specialized and fault.kind != "not_thread_axis"):
            continue
        seen.add(id(call.node))
        yield Finding(RULE.code, program.span(call.node), _message(fault))
    yield from _unallocatable(program)


def _unallocatable(program: Program) -> Iterator[Finding]:
    """A scratch allocation in global memory that is no REGULAR semaphore: refused by the
    resource estimator when the kernel is lowered, blamed on the jitted call."""
    scoped = program.scoped_calls
    # (Most kernels allocate nothing: the keystroke path asks no more of them.)
    candidates = [launch for launch in program.launches if launch.kernel.scratch_types or scoped]
    if not candidates:
        return
    after_tracing = holds(KERNEL_LOWERED_AT_JIT_CALL, program.version)
    refused = program.trace_refused_launches()
    reported: set[int] = set()
    for launch in candidates:
        blamed = launch.lowered_at if after_tracing else launch.site
        if id(blamed) in reported or id(launch) in refused or not program.traced(launch.kernel):
            continue
        found = unallocatable(launch, scoped)
        if found is None:
            continue
        reported.add(id(blamed))
        what = ("a plgpu.GMEM buffer" if isinstance(found, RefTypeVal)
                else "plgpu.SemaphoreType.BARRIER")
        fix = ("Pass the global-memory buffer in as an input (or an output) instead of "
               "allocating it." if isinstance(found, RefTypeVal) else
               "Allocate plgpu.SemaphoreType.REGULAR (a barrier semaphore is TPU's).")
        node = None if isinstance(found, QualName) else getattr(found, "node", None)
        related = [Related(program.span(node), "allocated here")] if node is not None else []
        related.append(Related(program.span(launch.kernel.node), "the kernel is made here"))
        yield Finding(
            RULE.code, program.span(blamed),
            f"This kernel allocates {what} as scratch: Mosaic GPU allocates scratch in shared "
            f"memory, tensor memory or registers, and in global memory only REGULAR semaphores. "
            f"JAX raises \"NotImplementedError: Unsupported memory space: gmem\" when it lowers "
            f"the kernel. {fix}",
            related=tuple(related))


def _message(fault: ScopedFault) -> str:
    axes = ", ".join(repr(a) for a in fault.axes)
    if fault.kind == "not_thread_axis":
        allowed = (f"only the kernel's thread axis {fault.thread!r}" if fault.thread is not None
                   else "no axis at all (this kernel has no threads)")
        return (f"This run_scoped allocates collectively over ({axes}), but run_scoped takes "
                f"{allowed}. JAX raises \"ValueError: Only thread-collective allocations are "
                f"supported in run_scoped.\" Drop collective_axes"
                + (f" or pass collective_axes={fault.thread!r}." if fault.thread else "."))
    if fault.kind == "collective_accumulator":
        return ("This run_scoped allocates a WGMMA accumulator (plgpu.ACC) with collective_axes: "
                "an accumulator lives in one thread's registers. JAX raises \"ValueError: WGMMA "
                "accumulators can only be allocated non-collectively\". Allocate it in a "
                "run_scoped of its own without collective_axes.")
    return (f"This run_scoped allocates shared memory (or a barrier) in a kernel with Mosaic "
            f"threads ({fault.thread!r}) without collective_axes: every thread would get its own "
            f"allocation, which Mosaic GPU does not support. JAX raises \"NotImplementedError: "
            f"Only thread-collective allocations are supported in multithreaded kernels\". Pass "
            f"collective_axes={fault.thread!r}.")
