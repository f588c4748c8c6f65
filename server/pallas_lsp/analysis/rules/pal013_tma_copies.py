"""PAL013 tma_copies: TMA copies between GMEM and shared memory whose sides differ in shape or
dtype, that move a number of bytes the warpgroup cannot split, or waits on a negative count."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..pipelines import RUN, WS, BlockSpecVal, PipelineVal, checked_specs, in_smem, specs_tuple
from ..program import Program, short_repr
from ..ref_facts import transforms_of
from ..smem_transforms import elements, itemsize, window_misfit
from ..tma_facts import WARPGROUP_BYTES, whole_array_copy_fault
from ..tma_window import collective_size, const_ints
from ..trace import Op
from ..values import (
    MISSING,
    UNKNOWN,
    BarrierRefVal,
    Const,
    CopyPartitionVal,
    DtypeVal,
    OneOf,
    RefVal,
    TransformVal,
    const_strings,
)
from ..versions import (
    COPY_BARRIER_OPTIONAL,
    COPY_CHECKS_AT_TRACE,
    COPY_LEADER_TRACKED,
    WAIT_COUNT_AT_WAIT,
    WAIT_COUNT_CHECKED,
    holds,
)
from .base import LoweringError, Rule
from .common import dedupe, launch_related

RULE = Rule(
    code="PAL013",
    name="tma_copies",
    title=("a TMA copy's sides are in the wrong memory space or differ, it moves bytes the warpgroup "
           "cannot split, or a wait count is negative"),
    jax_message=(
        "ValueError: src must be a GMEM reference, got Ref<smem>{float32[256]}\n"
        "ValueError: Expected source shape to be (128,), but got (256,).\n"
        "ValueError: Expected the SMEM reference to have the same shape as the transformed slice: "
        "(128,) != (256,)\n"
        "ValueError: Expected dtypes to match but src had type float32 and dst had type float16\n"
        "NotImplementedError: Only copies transferring a number of bytes divisible by the warpgroup "
        "size are supported. Got bytes=32 but warpgroup size is 128\n"
        "ValueError: n must be a non-negative integer, got -1"
    ),
    lowering_errors=(
        LoweringError(r"(src|dst) must be a (GMEM|SMEM) reference, got", exc_type="ValueError"),
        # A shape in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"Expected source shape to be (\(|\{)", exc_type="ValueError"),
        LoweringError(r"Expected shapes to match, but src has shape", exc_type="ValueError"),
        # copy_smem_to_gmem's strict zip of two shapes of different ranks (0.11.2 on).
        LoweringError(r"^zip\(\) argument 2 is (longer|shorter) than argument 1$", exc_type="ValueError",
                      when=COPY_CHECKS_AT_TRACE),
        LoweringError(r"copy_gmem_to_smem without a barrier is only supported on pre-Hopper",
                      exc_type="ValueError"),
        LoweringError(r"Expected the SMEM reference to have the same shape as the transformed slice",
                      exc_type="ValueError"),
        LoweringError(r"Expected dtypes to match but src had type", exc_type="ValueError"),
        LoweringError(r"Expected same element type, got", exc_type="ValueError"),
        LoweringError(r"Only copies transferring a number of bytes divisible by the warpgroup size",
                      exc_type="NotImplementedError"),
        LoweringError(r"n must be a non-negative integer, got", exc_type="ValueError"),
        LoweringError(r"^`collective_axes` must be specified when `leader_tracked` is set$",
                      exc_type="ValueError"),
        LoweringError(r"'nvvm\.cp\.async\.bulk\.wait_group' op attribute 'group' failed to satisfy "
                      r"constraint", exc_type="MLIRError"),
    ),
    what_it_means=(
        "`plgpu.copy_gmem_to_smem(src, dst, barrier)` and `plgpu.copy_smem_to_gmem(src, dst)` "
        "are TMA copies: the source of the first is a GMEM ref and its destination a "
        "shared-memory one (the other way round for the second), and the GMEM side (after "
        "`.at[...]` indexing) and the shared-memory buffer must have the same shape and dtype. "
        "Under Lane semantics a copy into shared memory "
        "is split across the warpgroup's 128 threads, so it must move a multiple of 128 bytes. "
        "A Mosaic GPU `pl.pallas_call` without block specs copies each whole input and output "
        "array this way, so a small array (the quickstart's `jnp.arange(8)`: 32 bytes) fails "
        "there. `plgpu.wait_smem_to_gmem(n)` waits until at most `n` copies are in flight: "
        "`n` is a count, 0 or more."
    ),
    when_it_happens=(
        "`copy_gmem_to_smem(smem, x_gmem, barrier)` (\"src must be a GMEM reference\"); "
        "`copy_gmem_to_smem(x_gmem.at[0], smem, barrier)` with a (2, 256) input and a (128,) "
        "buffer; a float32 buffer copied into a float16 output; a copy of 8 float32 values (32 "
        "bytes) under Lane semantics (the default through 0.10.2; Warpgroup lowers it); "
        "`wait_smem_to_gmem(-1)`, or a warp-specialized pipeline over a grid of no steps "
        "(`grid=(0,)`: JAX shrinks max_concurrent_steps to 0 and its loop body, traced anyway, "
        "waits with a count of -1 for an output block that moves with the grid; from 0.11 on "
        "the pipeline's run line, before on the launch). Raised on the copy or wait line; a "
        "`pl.pallas_call`'s own "
        "copies on its launch. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (the wording "
        "changed at 0.11; before it a negative wait count is an MLIR verifier error, which 0.8.3 "
        "blames on the jitted call). From 0.11.2 the sides' dtypes and shapes are compared when "
        "the copy is traced (`copy_smem_to_gmem` of sides with different numbers of dimensions "
        "says only \"zip() argument 2 is longer than argument 1\"); before, while it is lowered "
        "(\"Expected same element type\", \"... the same shape as the transformed slice\"), "
        "after the buffer's transforms meet the index: a view that cuts a tile (PAL012) or indexes "
        "a tiled dimension with an int fails there first, and PAL013 is silent on it. "
        "A partitioned collective copy (`collective_axes=\"x\", leader_tracked="
        "plgpu.CopyPartition.PARTITIONED(axis)`) splits the source along `axis` among the "
        "cluster's blocks: from 0.11.2 the source must be the buffer's shape with that "
        "dimension times the axes' size (\"Expected source shape to be (128, 128), but got "
        "(256, 64). Dim 1 is partitioned over an axis of size 2.\"); 0.10.2 checks it while "
        "lowering, on tiled shapes, which PAL013 does not follow."
    ),
    how_to_fix=(
        "Index the GMEM side to the buffer's shape (`x_gmem.at[i, pl.ds(0, 128)]`) or size the "
        "buffer to the window; give both sides one dtype (`.astype` before the copy is not "
        "possible on a ref: declare the buffer with the array's dtype). Make each copy a "
        "multiple of 128 bytes (32 float32 values, 64 float16), padding small arrays. Wait on "
        "a count of 0 or more (`wait_smem_to_gmem(0)` waits for every copy); give a "
        "pipeline's grid at least one step in each dimension, or skip the pipeline when it has none."
    ),
    bad_example='''
plgpu.copy_gmem_to_smem(x_gmem.at[0], smem, barrier)  # (256,) into plgpu.SMEM((128,), ...)
''',
    good_example='''
plgpu.copy_gmem_to_smem(x_gmem.at[0, pl.ds(0, 128)], smem, barrier)
''',
    fixable=False,
)

_COPIES = {"plgpu.copy_gmem_to_smem": ("GMEM", "SMEM"), "plgpu.copy_smem_to_gmem": ("SMEM", "GMEM")}
_DIRECTION = {"plgpu.copy_gmem_to_smem": "from GMEM into shared memory",
              "plgpu.copy_smem_to_gmem": "from shared memory into GMEM"}
# Copies whose two sides may legitimately differ (a copy split or shared across a cluster).
_PARTITIONING = ("collective_axes", "partitioned_axis", "leader_tracked")


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for op in program.ref_ops:
        if id(op.node) in seen:
            continue
        finding = _copy_finding(program, op) if op.name in _COPIES else (
            _wait_finding(program, op) if op.name == "plgpu.wait_smem_to_gmem" else None)
        if finding is None and op.name == "plgpu.copy_gmem_to_smem":
            finding = _barrier_as_destination(program, op) or _barrier_finding(program, op)
        if finding is not None:
            seen.add(id(op.node))
            yield finding
    yield from _pallas_call_copies(program)
    yield from _pipelines_without_steps(program)
    yield from _pipeline_sources_in_smem(program)


def _pipeline_sources_in_smem(program: Program) -> Iterator[Finding]:
    """An emit_pipeline run whose input, staged through shared memory by TMA, is given a ref
    already in shared memory (an inner pipeline run on an outer pipeline's slot, JAX's
    test_nested_emit with the outer spec in SMEM): its prologue copies the first block with
    copy_gmem_to_smem, whose source check raises "ValueError: src must be a GMEM reference,
    got Ref<smem>{...}" when it is traced (primitives.py _check_ref, 0.10.2 - 0.12.0.1). Only
    where the pipeline's own checks surely pass and its grid has steps."""
    for op in program.ops_of(RUN):
        pipeline, refs = op.args.get("pipeline"), op.args.get("refs")
        if not isinstance(pipeline, PipelineVal) or pipeline.api == WS or not isinstance(refs, tuple):
            continue
        steps, ins = pipeline.max_concurrent_steps, specs_tuple(pipeline.in_specs)
        grid = pipeline.grid.value if isinstance(pipeline.grid, Const) else None
        if ins is None or len(refs) < len(ins) or not isinstance(grid, tuple) or not grid \
                or not all(type(g) is int and g > 0 for g in grid) \
                or not (isinstance(steps, Const) and type(steps.value) is int) \
                or checked_specs(pipeline, steps.value) is None:
            continue
        for index, (spec, ref) in enumerate(zip(ins, refs, strict=False)):
            if not isinstance(spec, BlockSpecVal) or in_smem(spec) is not True:
                continue
            if isinstance(ref, RefVal) and ref.space == "SMEM":
                yield Finding(
                    RULE.code, program.span(op.node),
                    f"This pipeline stages its input {index} through shared memory by TMA, but the "
                    f"ref it is given is already in shared memory (an outer pipeline's slot, a "
                    f"scratch buffer): its first copy, copy_gmem_to_smem, raises \"ValueError: src "
                    f"must be a GMEM reference, got Ref<smem>{{...}}\". Give the outer pipeline's "
                    f"spec memory_space=plgpu.GMEM (the inner pipeline then copies from global "
                    f"memory), or read the buffer directly instead of pipelining it.",
                    related=dedupe(launch_related(program, op.launch, failing=False)))
            break  # the first input it copies decides


def _barrier_as_destination(program: Program, op: Op) -> Finding | None:
    """copy_gmem_to_smem into a barrier ref (the kernel's scratch refs taken in another order
    than the scratch list gives them): from 0.11.2 the copy's dtype check, made when it is
    traced, names the barrier's type ("Expected dtypes to match but src had type float32 and
    dst had type barrier", measured on 0.11.2 and 0.12.0.1; 0.10.2 fails elsewhere)."""
    src, dst = op.args.get("src"), op.args.get("dst")
    if not holds(COPY_CHECKS_AT_TRACE, program.version) or not isinstance(dst, BarrierRefVal) \
            or not isinstance(src, RefVal) or src.space != "GMEM" or not isinstance(src.dtype, DtypeVal) \
            or op.names_open or op.scope_names or id(op.launch) in program.trace_refused_launches():
        return None
    return Finding(
        RULE.code, program.span(op.node),
        f"copy_gmem_to_smem copies GMEM of {src.dtype.name} into a barrier, not a shared-memory "
        f"buffer: JAX raises \"ValueError: Expected dtypes to match but src had type "
        f"{src.dtype.name} and dst had type barrier\" when it traces the copy. The kernel takes "
        f"its scratch refs in the order of scratch_types: check that the body's parameters "
        f"name them in that order, and pass the barrier as the copy's third argument.",
        related=_related(program, src))


def _barrier_finding(program: Program, op: Op) -> Finding | None:
    """copy_gmem_to_smem with no barrier (none passed, or None), from 0.11.2, where it is
    optional: a TMA copy signals its completion on a barrier, and the lowering refuses one
    without ("... only supported on pre-Hopper GPUs, which use the cp.async implementation"),
    after the checks made when the copy is traced."""
    barrier = op.args.get("barrier", MISSING)
    if not holds(COPY_BARRIER_OPTIONAL, program.version) or barrier not in (MISSING, Const(None)) \
            or op.names_open or op.scope_names or id(op.launch) in program.trace_refused_launches() \
            or id(op.launch) in program.inference_refused_launches() \
            or any(op.args.get(key, MISSING) not in (MISSING, Const(None))
                   for key in ("collective_axes", "leader_tracked", "partitioned_axis")):
        return None
    src, dst = op.args.get("src"), op.args.get("dst")
    if not (isinstance(src, RefVal) and isinstance(dst, RefVal)) \
            or (src.space, dst.space) != ("GMEM", "SMEM"):
        return None
    return Finding(
        RULE.code, program.span(op.node),
        "copy_gmem_to_smem is given no barrier: on Hopper and newer GPUs (and when lowering for "
        "CUDA on a CPU host) the copy is a TMA transfer that signals its completion on a "
        "barrier, and JAX raises \"ValueError: copy_gmem_to_smem without a barrier is only "
        "supported on pre-Hopper GPUs, which use the cp.async implementation\" when it lowers "
        "the kernel. Pass a plgpu.Barrier scratch ref (copy_gmem_to_smem(src, dst, barrier)) "
        "and wait on it with plgpu.barrier_wait(barrier).",
        related=_related(program, src, dst))


def _pipelines_without_steps(program: Program) -> Iterator[Finding]:
    """A warp-specialized pipeline over a static grid of no steps shrinks
    max_concurrent_steps to 0 and its compute loop body, traced anyway, waits on its output
    copies with wait_smem_to_gmem(0 - 1) when an output in shared memory moves with the grid
    (pipeline.py, 0.8.3 - 0.12.0.1). plgpu.emit_pipeline refuses such a grid first (PAL016)."""
    seen: set[int] = set()
    for op in program.ops:
        pipeline = op.args.get("pipeline")
        if op.name != RUN or id(op.node) in seen or not isinstance(pipeline, PipelineVal) \
                or pipeline.api != WS or not _no_steps(pipeline.grid) \
                or not _moving_smem_output(pipeline.out_specs):
            continue
        steps = pipeline.max_concurrent_steps
        if not (isinstance(steps, Const) and type(steps.value) is int and steps.value > 0):
            continue
        seen.add(id(op.node))
        at_run = holds(WAIT_COUNT_CHECKED, program.version)
        blamed = op.node if at_run else op.launch.lowered_at
        words = ("\"ValueError: n must be a non-negative integer, got -1\"" if at_run else
                 "an MLIR verifier error on nvvm.cp.async.bulk.wait_group (\"attribute 'group' "
                 "failed to satisfy constraint\") while the kernel is lowered")
        related = () if at_run else (Related(program.span(op.node), "the pipeline of no steps runs here"),)
        grid = short_repr(pipeline.grid.value)  # type: ignore[attr-defined]
        yield Finding(
            RULE.code, program.span(blamed),
            f"This pipeline's grid {grid} has no steps, so JAX shrinks max_concurrent_steps to 0 "
            f"and its loop body (traced even for no steps) waits for the output copies with "
            f"wait_smem_to_gmem(-1): JAX raises {words}. Give every grid dimension at least one "
            f"step, or skip the pipeline when the grid is empty.", related=related)


def _no_steps(grid: object) -> bool:
    return isinstance(grid, Const) and isinstance(grid.value, tuple) and bool(grid.value) \
        and all(type(d) is int and d >= 0 for d in grid.value) and 0 in grid.value


def _moving_smem_output(out_specs: object) -> bool:
    """An output copied through shared memory whose index_map reads the grid indices (JAX's
    copies_out_in_loop: not every SMEM output's block is index invariant)."""
    specs = specs_tuple(out_specs)
    return specs is not None and any(in_smem(spec) is True and spec.reads_indices is True
                                     for spec in specs)


def _leader_tracked_alone(op: Op) -> bool:
    """``leader_tracked=`` given a value other than None, ``collective_axes=`` surely None."""
    if op.name != "plgpu.copy_gmem_to_smem":
        return False
    leader, axes = op.args.get("leader_tracked", MISSING), op.args.get("collective_axes", MISSING)
    leader_set = leader is not MISSING and leader is not UNKNOWN and leader != Const(None) \
        and not isinstance(leader, OneOf)
    return leader_set and (axes is MISSING or axes == Const(None))


def _copy_finding(program: Program, op: Op) -> Finding | None:
    src, dst = op.args.get("src"), op.args.get("dst")
    name = op.name.rsplit(".", 1)[-1]
    if _leader_tracked_alone(op) and holds(COPY_LEADER_TRACKED, program.version):
        # copy_gmem_to_smem's own first check, before anything is traced (0.10.2 on; 0.8.3
        # has no leader_tracked=, PAL009's).
        return Finding(
            RULE.code, program.span(op.node),
            "copy_gmem_to_smem's leader_tracked= is set but collective_axes= is not: a "
            "leader-tracked copy is a collective copy across a cluster axis, and JAX raises "
            "\"ValueError: `collective_axes` must be specified when `leader_tracked` is set\". "
            "Pass collective_axes= (the cluster axis the copy is partitioned over), or drop "
            "leader_tracked=.")
    misplaced = _misplaced(op)
    if misplaced is not None:
        keyword, ref, wanted = misplaced
        return Finding(
            RULE.code, program.span(op.node),
            f"{name}'s {keyword} is a {ref.space} ref, and it must be a {wanted} ref: {name} "
            f"copies {_DIRECTION[op.name]}. "
            f"JAX raises \"ValueError: {keyword} must be a {wanted} reference, got "
            f"Ref<{str(ref.space).lower()}>...\". "
            f"Swap the arguments if they are the wrong way round, or use "
            f"{'copy_smem_to_gmem' if name == 'copy_gmem_to_smem' else 'copy_gmem_to_smem'}.",
            related=_related(program, *(r for r in (src, dst) if isinstance(r, RefVal))))
    if not (isinstance(src, RefVal) and isinstance(dst, RefVal)) \
            or (src.space, dst.space) != _COPIES[op.name]:
        return None
    partition = _partition(op)
    sides = f"{_side(src)} into {_side(dst)}"
    smem, gmem = (dst, src) if op.name == "plgpu.copy_gmem_to_smem" else (src, dst)
    at_trace = holds(COPY_CHECKS_AT_TRACE, program.version)
    if partition is None and any(op.args.get(key, MISSING) not in (MISSING, Const(None))
                                 for key in _PARTITIONING):
        # A collective copy the analysis does not follow: from 0.11.2 its abstract evaluation
        # still compares the dtypes first, whatever the partitioning (primitives.py); before,
        # a multicast copy (collective_axes= alone) is lowered by the same async copy, which
        # compares them too (measured on 0.8.3 and 0.10.2: pal013/multicast_copy_dtype_mismatch).
        multicast_only = all(op.args.get(key, MISSING) in (MISSING, Const(None))
                             for key in _PARTITIONING if key != "collective_axes")
        if (at_trace or (multicast_only and not _view_may_fail(smem))) \
                and isinstance(src.dtype, DtypeVal) and isinstance(dst.dtype, DtypeVal) \
                and src.dtype != dst.dtype:
            return _dtype_finding(program, op, sides, src, dst, at_trace)
        if multicast_only and (at_trace or not _view_may_fail(smem)) and isinstance(src.shape, Const) \
                and isinstance(dst.shape, Const) and src.shape != dst.shape \
                and (src.dtype == dst.dtype or not at_trace) \
                and collective_size(op, op.args.get("collective_axes")) is not None:
            # Each block of the cluster receives the whole source: a multicast copy over the
            # kernel's cluster axes (others: PAL025's) compares the shapes as a plain copy
            # does (measured on 0.10.2, 0.11.2 and 0.12.0.1: famheld14's iter_sentinel_cluster).
            return _shape_finding(program, op, name, sides, src, dst, smem, gmem, at_trace)
        return None
    # Lowering applies the shared-memory side's transforms to its view first: where that may
    # raise (an int index of a tiled dimension, a window that cuts a tile: PAL012), or is not
    # known, the checks made while lowering are not reached.
    view_may_fail = _view_may_fail(smem)
    if (not at_trace and view_may_fail) or (partition is not None and not at_trace):
        return None  # (a partitioned copy before 0.11.2: checked while lowering, not followed)
    if not at_trace and id(op.launch) in program.trace_refused_launches():
        return None  # (checked while lowering: a kernel whose trace JAX stops is never lowered)
    if isinstance(src.dtype, DtypeVal) and isinstance(dst.dtype, DtypeVal) and src.dtype != dst.dtype:
        return _dtype_finding(program, op, sides, src, dst, at_trace)
    if partition is not None:
        return _partition_finding(program, op, src, dst, *partition)
    if isinstance(src.shape, Const) and isinstance(dst.shape, Const) and src.shape != dst.shape:
        if not at_trace and op.name == "plgpu.copy_smem_to_gmem" \
                and program.semantics(op.launch.kernel).name == "Warpgroup":
            return None  # (Warpgroup lowers such a store unchecked before 0.11.2: measured 0.10.2)
        return _shape_finding(program, op, name, sides, src, dst, smem, gmem, at_trace)
    if view_may_fail:
        return None
    if op.name == "plgpu.copy_gmem_to_smem" and program.semantics(op.launch.kernel).name == "Lane" \
            and not (op.names_open or op.scope_names):  # warp-level code: not measured
        size, count = itemsize(dst.dtype), elements(dst.shape)
        if size is not None and count is not None and (size * count) % WARPGROUP_BYTES:
            return Finding(
                RULE.code, program.span(op.node),
                f"{name} copies {sides}: {size * count} bytes. Under Lane semantics the copy is "
                f"split across the warpgroup's 128 threads, so it must move a multiple of 128 "
                f"bytes. JAX raises \"NotImplementedError: Only copies transferring a number of "
                f"bytes divisible by the warpgroup size are supported. Got bytes={size * count} "
                f"but warpgroup size is 128\". Copy a multiple of {WARPGROUP_BYTES // size} "
                f"{dst.dtype.name} values (pad the array), or lower the kernel with Warpgroup "  # type: ignore[union-attr]
                f"semantics.", related=_related(program, src, dst))
    return None


def _dtype_finding(program: Program, op: Op, sides: str, src: RefVal, dst: RefVal,
                   at_trace: bool) -> Finding:
    """A TMA copy between refs of two dtypes: JAX does not convert."""
    assert isinstance(src.dtype, DtypeVal) and isinstance(dst.dtype, DtypeVal)
    raised = (f"\"ValueError: Expected dtypes to match but src had type {src.dtype.name} and "
              f"dst had type {dst.dtype.name}\"" if at_trace else
              f"\"ValueError: Expected same element type, got {_mlir(src.dtype)} and "
              f"{_mlir(dst.dtype)}\" while the kernel is lowered")
    name = op.name.rsplit(".", 1)[-1]
    return Finding(
        RULE.code, program.span(op.node),
        f"{name} copies {sides}: a TMA copy does not convert, both sides need one dtype. JAX "
        f"raises {raised}. Declare the buffer (or the output) with the "
        f"other side's dtype.", related=_related(program, src, dst))


def _partition(op: Op) -> tuple[int, int, str] | None:
    """A partitioned collective copy the analysis follows: (the partitioned dimension, the
    number of blocks it is split over, the collective axes as written) for copy_gmem_to_smem's
    ``leader_tracked=plgpu.CopyPartition.PARTITIONED(axis)`` with ``collective_axes=`` naming
    cluster axes of known sizes; None otherwise (not partitioned, or not known)."""
    leader = op.args.get("leader_tracked", MISSING)
    if op.name != "plgpu.copy_gmem_to_smem" or not isinstance(leader, CopyPartitionVal) \
            or type(leader.axis) is not int \
            or op.args.get("partitioned_axis", MISSING) not in (MISSING, Const(None)):
        return None
    axes_value = op.args.get("collective_axes", MISSING)
    axes = const_strings(axes_value)
    size = collective_size(op, axes_value)
    if axes is None or size is None:
        return None
    return leader.axis, size, ", ".join(f'"{axis}"' for axis in axes)


def _partition_finding(program: Program, op: Op, src: RefVal, dst: RefVal, axis: int, size: int,
                       axes: str) -> Finding | None:
    """copy_gmem_to_smem's abstract evaluation (0.11.2 on): the source must be the destination's
    shape with the partitioned dimension times the collective axes' size."""
    src_shape, dst_shape = const_ints(src.shape), const_ints(dst.shape)
    if src_shape is None or dst_shape is None or not 0 <= axis < len(dst_shape):
        return None  # (an axis out of range: JAX compares against the unscaled shape; not followed)
    expected = tuple(d * size if i == axis else d for i, d in enumerate(dst_shape))
    if src_shape == expected:
        return None
    fitting = [other for other in range(len(dst_shape)) if other != axis and src_shape == tuple(
        d * size if i == other else d for i, d in enumerate(dst_shape))]
    todo = (f"partition along dimension {fitting[0]} instead "
            f"(plgpu.CopyPartition.PARTITIONED({fitting[0]})), which these shapes fit" if fitting else
            f"index the GMEM ref to {short_repr(expected)} or size the buffer so that dimension "
            f"{axis} of the source is {size} times the buffer's")
    return Finding(
        RULE.code, program.span(op.node),
        f"copy_gmem_to_smem copies {_side(src)} into {_side(dst)}, partitioned along dimension "
        f"{axis} over the collective axes {axes} ({size} blocks): each block receives 1/{size} "
        f"of the source along that dimension, so the source must be the buffer's shape with "
        f"dimension {axis} times {size}, {short_repr(expected)}. JAX raises \"ValueError: Expected "
        f"source shape to be {short_repr(expected)}, but got {short_repr(src_shape)}. Dim {axis} "
        f"is partitioned over an axis of size {size}.\" Fix: {todo}.",
        related=_related(program, src, dst))


# MLIR's names of the element types async_copy prints (before 0.11.2).
_MLIR_TYPES = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "float64": "f64",
               "int32": "i32", "int16": "i16", "int8": "i8", "uint32": "i32", "uint16": "i16",
               "uint8": "i8", "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2"}


def _shape_finding(program: Program, op: Op, name: str, sides: str, src: RefVal, dst: RefVal,
                   smem: RefVal, gmem: RefVal, at_trace: bool) -> Finding:
    return Finding(
        RULE.code, program.span(op.node),
        f"{name} copies {sides}: the GMEM side, after indexing, must have the shared-memory "
        f"buffer's shape. JAX raises {_shape_error(op.name, src, dst, at_trace)}. Index the "
        f"GMEM ref to {short_repr(smem.shape.value)} (`.at[...]`) or declare the buffer "  # type: ignore[union-attr]
        f"{short_repr(gmem.shape.value)}.", related=_related(program, src, dst))  # type: ignore[union-attr]


def _mlir(dtype: DtypeVal) -> str:
    return _MLIR_TYPES.get(dtype.name, dtype.name)


def _shape_error(op_name: str, src: RefVal, dst: RefVal, at_trace: bool) -> str:
    """JAX's words for sides of different shapes, per copy and release (read in each release's
    primitives.py and mosaic/gpu/launch_context.py; measured by the families corpus)."""
    src_shape: tuple[int, ...] = src.shape.value  # type: ignore[union-attr,assignment]
    dst_shape: tuple[int, ...] = dst.shape.value  # type: ignore[union-attr,assignment]
    if not at_trace:
        into_smem = op_name == "plgpu.copy_gmem_to_smem"
        smem, gmem = (dst_shape, src_shape) if into_smem else (src_shape, dst_shape)
        return (f"\"ValueError: Expected the SMEM reference to have the same shape as the transformed "
                f"slice: {short_repr(smem)} != {short_repr(gmem)}\" while the kernel is lowered")
    if op_name == "plgpu.copy_gmem_to_smem":
        return (f"\"ValueError: Expected source shape to be {short_repr(dst_shape)}, but got "
                f"{short_repr(src_shape)}.\"")
    if len(src_shape) != len(dst_shape):
        # copy_smem_to_gmem compares the shapes with zip(src_shape, dst_shape, strict=True).
        longer = "longer" if len(dst_shape) > len(src_shape) else "shorter"
        return (f"\"ValueError: zip() argument 2 is {longer} than argument 1\" (it compares the "
                f"shapes dimension by dimension, and they have {len(src_shape)} and "
                f"{len(dst_shape)} dimensions)")
    return (f"\"ValueError: Expected shapes to match, but src has shape {short_repr(src_shape)} and "
            f"dst has shape {short_repr(dst_shape)}\"")


def _view_may_fail(ref: RefVal) -> bool:
    """Whether applying the buffer's transforms to this view of it may raise first (or is not
    known): JAX's TilingTransform takes only slices of its tiled dimensions ("Unsupported index
    type", an int index), aligned to the tile (PAL012); other transforms are not followed."""
    if ref.root is None or ref.views == ():
        return False  # the whole buffer: no index to move through the transforms
    if ref.transposed and isinstance(ref.root, RefVal) and ref.root.transforms == ():
        # A permuted view (transpose_ref, .T) of a buffer without transforms: nothing to move
        # an index through (measured on 0.10.2: famheld15's indexing_before_transpose).
        return False
    if not isinstance(ref.transforms, tuple):
        return True
    if not ref.transforms:
        return False
    found = transforms_of(ref)
    tiling = found.get("tiling")
    if set(found) - {"tiling", "swizzle"} or not isinstance(ref.views, tuple) or len(ref.views) != 1 \
            or not isinstance(tiling, TransformVal) or not isinstance(tiling.value, tuple):
        return True
    dims = ref.views[0]
    tiled = dims[len(dims) - len(tiling.value):]
    return any(dim.kind != "slice" for dim in tiled) or window_misfit(ref) is not None


def _misplaced(op: Op) -> tuple[str, RefVal, str] | None:
    """The first operand (src, then dst) whose memory space is known and not the one the copy
    takes: JAX checks src first (measured: "src must be a GMEM reference, got Ref<smem>...")."""
    for keyword, wanted in zip(("src", "dst"), _COPIES[op.name], strict=True):
        ref = op.args.get(keyword)
        if isinstance(ref, RefVal) and ref.space in ("GMEM", "SMEM") and ref.space != wanted:
            return keyword, ref, wanted
    return None


def _side(ref: RefVal) -> str:
    where = "a shared-memory buffer" if ref.space == "SMEM" else "GMEM"
    shape = short_repr(ref.shape.value) if isinstance(ref.shape, Const) else "unknown-shape"
    dtype = ref.dtype.name if isinstance(ref.dtype, DtypeVal) else "unknown-dtype"
    return f"{where} of {shape} {dtype}"


def _related(program: Program, *refs: RefVal) -> tuple[Related, ...]:
    return tuple(Related(program.span(ref.node), "the shared-memory buffer is declared here")
                 for ref in refs if ref.space == "SMEM" and ref.node is not None)


def _wait_finding(program: Program, op: Op) -> Finding | None:
    count = op.args.get("n")
    if not (isinstance(count, Const) and type(count.value) is int and count.value < 0):
        return None
    at_wait = holds(WAIT_COUNT_AT_WAIT, program.version)
    blamed = op.node if at_wait else op.launch.lowered_at
    related = () if at_wait else (Related(program.span(op.node), "the wait with a negative count"),)
    place = "" if at_wait else f" at {program.where(program.span(op.node), blamed)}"
    return Finding(
        RULE.code, program.span(blamed),
        f"wait_smem_to_gmem({count.value}){place}: the count is how many copies may still be in flight, "
        f"0 or more. JAX raises \"ValueError: n must be a non-negative integer, got "
        f"{count.value}\" (before 0.11, an MLIR verifier error on nvvm.cp.async.bulk.wait_group). "
        f"Use 0 to wait for every copy.", related=related)


def _pallas_call_copies(program: Program) -> Iterator[Finding]:
    """A Mosaic GPU pl.pallas_call without block specs copies each whole array into shared
    memory (Lane: a multiple of 128 bytes each), before its body runs."""
    for launch in program.launches:
        kernel = launch.kernel
        if program.api_removed(kernel) or program.semantics(kernel).name != "Lane":
            continue
        found = whole_array_copy_fault(launch)
        if found is None:
            continue
        role, shape, dtype, size = found
        yield Finding(
            RULE.code, program.span(launch.site),
            f"This pl.pallas_call has no block specs, so Mosaic GPU copies each whole array into "
            f"shared memory with TMA before the kernel runs; {role} is {short_repr(shape)} {dtype}: "
            f"{size} bytes, and under Lane semantics a copy must move a multiple of 128 bytes. "
            f"JAX raises \"NotImplementedError: Only copies transferring a number of bytes "
            f"divisible by the warpgroup size are supported. Got bytes={size} but warpgroup size "
            f"is 128\". Pad the arrays to a multiple of 128 bytes ({128 // (itemsize(DtypeVal(dtype)) or 1)} "
            f"{dtype} values).",
            related=(Related(program.span(kernel.node), "the pl.pallas_call is created here"),))
