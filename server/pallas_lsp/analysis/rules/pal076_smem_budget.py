"""PAL076 smem_budget: a plgpu.kernel whose scratch shared-memory buffers alone exceed the
227 KiB a Hopper or Blackwell block can have.

Mosaic GPU sums the kernel's shared memory (its SMEM scratch buffers, 8 bytes per barrier,
the profiler's buffer) when it lowers the kernel and refuses more than the device's
``shared_memory_per_block_optin`` (jax/experimental/mosaic/gpu/core.py; 227 * 1024 = 232448
bytes when no device says otherwise, as on a CPU host, and on H100 / H200 / B200 alike):
"ValueError: Mosaic GPU kernel exceeds available shared memory: smem_bytes=524296 >
max_smem_bytes=232448", blamed on the jitted call (on the kernel's call on 0.8.3). Judged from
the scratch buffers whose size the analysis knows, the largest pl.run_scoped's buffers and the
slots of the largest plgpu.emit_pipeline run: a lower bound, so only a sum already over the
budget is reported.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..pipelines import RUN, WS, PipelineVal, staged_pairs
from ..program import Program
from ..smem_transforms import itemsize
from ..trace import Launch, Op
from ..values import MISSING, BarrierVal, Const, ListVal, RefTypeVal
from ..versions import KERNEL_LOWERED_AT_JIT_CALL, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL076",
    name="smem_budget",
    title="a kernel's shared-memory scratch buffers exceed the 227 KiB of a block",
    jax_message=(
        "ValueError: Mosaic GPU kernel exceeds available shared memory: smem_bytes=524296 > "
        "max_smem_bytes=232448"
    ),
    lowering_errors=(
        # Numbers in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"^Mosaic GPU kernel exceeds available shared memory: smem_bytes=(\d+|\{[^}]*\})",
                      "ValueError"),
    ),
    what_it_means=(
        "A block's shared memory is 227 KiB on Hopper (H100, H200) and Blackwell (B200) GPUs. "
        "Every `plgpu.SMEM` scratch buffer of a `plgpu.kernel` lives there for the whole kernel "
        "(with 8 bytes per barrier and the buffers pipelines allocate), and Mosaic GPU refuses a "
        "kernel that needs more."
    ),
    when_it_happens=(
        "When the kernel is lowered, after tracing; the traceback ends at the jitted call "
        "(0.8.3 lowers the kernel while its call is traced and blames that call), every release "
        "0.8.3 to 0.12.0.1 (a CPU host takes 232448 bytes as the budget). The analysis adds up "
        "the scratch buffers whose shape and dtype it knows "
        "(`plgpu.SMEM((512, 128), jnp.float32)` is 256 KiB alone), the barriers, the buffers of "
        "the largest `pl.run_scoped` of the kernel (scopes one after another reuse their memory; "
        "JAX's attention allocates its K and V slots so), and the slots "
        "of the largest `plgpu.emit_pipeline` run in the kernel (`max_concurrent_steps`, shrunk "
        "to the grid's steps, times each SMEM-copied block), and reports only a sum already "
        "over the budget."
    ),
    how_to_fix=(
        "Use smaller tiles (fewer rows or columns per block, more grid steps), fewer buffers "
        "(a pipeline's max_concurrent_steps), narrower dtypes, or reuse one buffer through "
        "`plgpu.RefUnion` / `pl.run_scoped` scopes that do not overlap."
    ),
    bad_example='''
plgpu.kernel(body, out_type=out, scratch_types=[plgpu.SMEM((512, 128), jnp.float32),
                                                plgpu.SMEM((512, 128), jnp.float32)])
''',
    good_example='''
plgpu.kernel(body, out_type=out, scratch_types=[plgpu.SMEM((128, 128), jnp.float32),
                                                plgpu.SMEM((128, 128), jnp.float32)])
''',
    fixable=False,
)

# Mosaic GPU's budget where the device does not say (core.py: 227 * 1024).
MAX_SMEM_BYTES = 227 * 1024
# Each barrier is one 64-bit mbarrier in shared memory.
BARRIER_BYTES = 8


def check(program: Program, options: Options) -> Iterator[Finding]:
    reported: set[int] = set()
    after_tracing = holds(KERNEL_LOWERED_AT_JIT_CALL, program.version)
    runs = program.ops_of(RUN)
    scopes = _largest_scopes(program) if program.scoped_calls else None
    for launch in program.launches:
        blamed = launch.lowered_at if after_tracing else launch.site
        if launch.kernel.api != "kernel" or id(blamed) in reported or not program.traced(launch.kernel) \
                or launch.value_error_handled:
            continue  # a kernel whose trace stops first (a buffer JAX refuses) is never lowered; a
            # `try` that may catch the ValueError (JAX's attention benchmark skips such tiles)
        known = _known_bytes(launch)  # (inline: every launch of every keystroke passes here)
        if known is None:
            continue
        total, biggest = known
        slots = _pipeline_slot_bytes(runs, launch) if runs else 0
        scoped = scopes.get(id(launch), 0) if scopes else 0
        total += slots + scoped
        if total <= MAX_SMEM_BYTES:
            continue
        reported.add(id(blamed))
        related = [Related(program.span(launch.kernel.node), "the kernel is made here")]
        if biggest is not None and biggest.node is not None:
            related.append(Related(program.span(biggest.node), "its largest shared-memory buffer"))
        what = ("scratch and run_scoped buffers" if scoped else "scratch buffers") \
            + (" and its pipeline's slots" if slots else "")
        yield Finding(
            RULE.code, program.span(blamed),
            f"This kernel's shared-memory {what} need at least {total} bytes "
            f"({total / 1024:.0f} KiB), more than the {MAX_SMEM_BYTES} bytes (227 KiB) a block of "
            f"a Hopper or Blackwell GPU has: JAX fails when it lowers the kernel with "
            f"\"ValueError: Mosaic GPU kernel exceeds available shared memory: smem_bytes=... > "
            f"max_smem_bytes={MAX_SMEM_BYTES}\". Use smaller tiles, fewer buffers or a narrower "
            f"dtype.",
            related=tuple(related))


def smem_over_budget(launch: Launch, runs: list[Op]) -> tuple[int, RefTypeVal | None, int] | None:
    """(bytes, the largest buffer, the pipelines' slot bytes) of a launch whose known
    shared-memory scratch exceeds a block's budget; None when it fits or is not known.
    (PAL069 stands aside for these: JAX refuses the shared memory first, famheld6.)"""
    known = _known_bytes(launch)
    if known is None:
        return None
    total, biggest = known
    slots = _pipeline_slot_bytes(runs, launch) if runs else 0
    total += slots
    return (total, biggest, slots) if total > MAX_SMEM_BYTES else None


def _pipeline_slot_bytes(runs: list[Op], launch: Launch) -> int:
    """The largest shared memory one plgpu.emit_pipeline run of the launch allocates for its
    slots (pipeline.py, 0.8.3 - 0.12.0.1: ``(max_concurrent_steps, *block_shape)`` of the ref's
    dtype per spec copied to SMEM, the steps shrunk to the grid's when fewer), where every
    spec, ref and the grid are known; 0 otherwise. Runs one after another reuse their scope,
    so the largest counts, not the sum (a lower bound: its barriers are left out)."""
    largest = 0
    for op in runs:
        pipeline = op.args.get("pipeline")
        if op.launch is not launch or not isinstance(pipeline, PipelineVal):
            continue
        steps, grid = pipeline.max_concurrent_steps, _ints(pipeline.grid)
        refs = op.args.get("refs")
        pairs = staged_pairs(pipeline, refs) if isinstance(refs, tuple) else None
        if pairs is None or grid is None or not (isinstance(steps, Const) and type(steps.value) is int
                                                 and steps.value > 0):
            continue
        if pipeline.api == WS and (not grid or steps.value > math.prod(grid)
                                   or pipeline.compute_wgs != Const(1)):
            continue  # (its slots measured with one compute warpgroup, the grid as many steps)
        slots = min(steps.value, math.prod(grid)) if grid else steps.value
        found = 0
        for spec, ref in pairs:
            block = _ints(spec.block_shape)
            size = itemsize(ref.dtype)
            if block is None or size is None:
                found = 0
                break
            found += slots * math.prod(block) * size
        largest = max(largest, found)
    return largest


def _ints(value: object) -> tuple[int, ...] | None:
    items = value.value if isinstance(value, Const) else value
    if isinstance(items, tuple):
        items = tuple(item.value if isinstance(item, Const) else item for item in items)
        if all(type(item) is int and item >= 0 for item in items):
            return items
    return None


def _largest_scopes(program: Program) -> dict[int, int]:
    """Per launch, the most shared memory one ``pl.run_scoped`` of its kernel allocates
    (its SMEM buffers and barriers whose sizes are known: JAX's attention allocates its K and V
    slots so). Scopes one after another reuse their memory and nested ones add to it: the
    largest single scope is a lower bound."""
    largest: dict[int, int] = {}
    for call in program.scoped_calls:
        nbytes = sum(_leaf_bytes(leaf) for leaf in _leaves(call.types or ()))
        if nbytes > largest.get(id(call.launch), 0):
            largest[id(call.launch)] = nbytes
    return largest


def _leaves(value: object) -> list[object]:
    """A run_scoped's types flattened: tuples and lists (a list whose items are all known)."""
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, ListVal):
        return [leaf for item in value.items for leaf in _leaves(item)] if value.complete else []
    return [value]


def _leaf_bytes(item: object) -> int:
    if isinstance(item, RefTypeVal) and item.space == "SMEM":
        size = itemsize(item.dtype)
        shape = item.shape.value if isinstance(item.shape, Const) else None
        if size is None or not isinstance(shape, tuple) or not all(type(d) is int and d >= 0 for d in shape):
            return 0
        return math.prod(shape) * size
    if isinstance(item, BarrierVal):
        count = item.num_barriers
        if count is MISSING:
            return BARRIER_BYTES
        if isinstance(count, Const) and type(count.value) is int and count.value > 0:
            return BARRIER_BYTES * count.value
    return 0


def _known_bytes(launch: Launch) -> tuple[int, RefTypeVal | None] | None:
    """The bytes of the launch's scratch buffers and barriers whose sizes are known, and its
    largest SMEM buffer; None when its scratch types are not known at all."""
    if not isinstance(launch.kernel.scratch_types, tuple):
        return None
    total, biggest, biggest_bytes = 0, None, -1
    for item in launch.scratch_leaves:
        nbytes = _leaf_bytes(item)
        total += nbytes
        if nbytes and isinstance(item, RefTypeVal) and nbytes > biggest_bytes:
            biggest, biggest_bytes = item, nbytes
    return total, biggest
