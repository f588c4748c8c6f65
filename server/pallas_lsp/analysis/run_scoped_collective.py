"""Whether ``pl.run_scoped``'s collective_axes fit what it allocates and the kernel's threads
(PAL044), from the recorded run_scoped calls (program.scoped_calls).

JAX's run_scoped lowering (Lane and Warpgroup, measured on 0.8.3, 0.10.2, 0.11.2 and
0.12.0.1, on the run_scoped line): collective_axes other than ``()`` or the kernel's thread
axis alone raise "Only thread-collective allocations are supported in run_scoped."; a WGMMA
accumulator (plgpu.ACC) allocated with collective_axes raises "WGMMA accumulators can only be
allocated non-collectively"; in a kernel with ``num_threads=`` / ``thread_name=`` a buffer or
a barrier allocated without collective_axes raises "Only thread-collective allocations are
supported in multithreaded kernels". Judged only when every type is a shared-memory buffer, a
plgpu.Barrier or an accumulator (a semaphore's checks differ) and the axes are known.

What Mosaic GPU's resource estimator cannot allocate at all (``unallocatable``): a GMEM
allocation that is not a REGULAR semaphore, i.e. ``plgpu.SemaphoreType.BARRIER`` (bare or
shaped: its dtype is no ``pallas_core.semaphore``) and a ``plgpu.GMEM(shape, dtype)`` buffer,
among a plgpu.kernel's scratch_types or a run_scoped's types: "NotImplementedError:
Unsupported memory space: gmem", raised while the kernel is lowered (its jitted call),
measured on 0.8.3 (run_scoped), 0.10.2, 0.11.2 and 0.12.0.1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .trace import Launch, ScopedCall
from .values import MISSING, AccTypeVal, BarrierVal, Const, QualName, RefTypeVal, SemaphoreTypeVal


@dataclass(frozen=True)
class ScopedFault:
    kind: str  # "not_thread_axis", "collective_accumulator" or "not_collective"
    axes: tuple[str, ...]
    thread: str | None  # the kernel's thread axis, None when it has none


def scoped_fault(call: ScopedCall) -> ScopedFault | None:
    kernel = call.launch.kernel
    if kernel.api != "kernel" or kernel.mesh_args is None:
        return None
    thread = _thread_axis(kernel.mesh_args)
    axes = _axes(call.collective_axes)
    if thread is False or axes is None:
        return None
    if axes and axes != (thread,):
        # The rule's first check, before it looks at what is allocated (whatever the types).
        return ScopedFault("not_thread_axis", axes, thread)  # type: ignore[arg-type]
    if not call.types:
        return None
    kinds = [_kind(t) for t in call.types]
    if None in kinds:
        return None
    if axes and "acc" in kinds:
        return ScopedFault("collective_accumulator", axes, thread)  # type: ignore[arg-type]
    if thread is not None and not axes and "buffer" in kinds:
        return ScopedFault("not_collective", axes, thread)  # type: ignore[arg-type]
    return None


def _thread_axis(args: dict[str, object]) -> str | bool | None:
    """The thread axis name; None for a kernel without threads; False when not known."""
    threads, name = args.get("num_threads", MISSING), args.get("thread_name", MISSING)
    if threads is MISSING and name is MISSING:
        return None
    if isinstance(threads, Const) and type(threads.value) is int and isinstance(name, Const) \
            and isinstance(name.value, str):
        return name.value
    return False


def _axes(value: object) -> tuple[str, ...] | None:
    if value is MISSING:
        return ()
    if isinstance(value, Const):
        value = value.value
        if isinstance(value, str):
            return (value,)
        if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            return value
        return None
    if isinstance(value, tuple) and all(isinstance(v, Const) and isinstance(v.value, str) for v in value):
        return tuple(v.value for v in value)  # type: ignore[union-attr]
    return None


def _kind(value: object) -> str | None:
    if isinstance(value, AccTypeVal):
        return "acc"
    if isinstance(value, RefTypeVal) and value.space == "SMEM":
        return "buffer"
    if isinstance(value, BarrierVal) and value.kind == "Barrier":
        return "buffer"
    return None


def unallocatable(launch: Launch, scoped: list[ScopedCall]) -> object | None:
    """The first scratch type of the launch's plgpu.kernel, or of a run_scoped it runs, that
    Mosaic GPU cannot allocate (a BARRIER semaphore, a GMEM buffer); None when there is none
    or the kernel is not a plgpu.kernel."""
    if launch.kernel.api != "kernel":
        return None
    for value in (*launch.scratch_leaves, *(t for call in scoped if call.launch is launch
                                           for t in call.types or ())):
        if isinstance(value, SemaphoreTypeVal) and value.kind == "BARRIER":
            return value
        if isinstance(value, QualName) and value.name == "plgpu.SemaphoreType.BARRIER":
            return value
        if isinstance(value, RefTypeVal) and value.space == "GMEM":
            return value
    return None
