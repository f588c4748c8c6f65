"""PAL046 tma_window: a TMA copy's GMEM window breaks the TMA unit's limits (16-byte
alignment of its strides and minor dimension, 256 elements per dimension, a unit minor
stride)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..pipelines import RUN
from ..program import Program, short_repr
from ..tma_window import TMA_BYTES, TMA_MAX_BOX, WindowFault, pipeline_row_fault, window_fault
from ..versions import (
    KERNEL_LOWERED_AT_JIT_CALL,
    PREFETCH_UNBOXED,
    SMEM_BULK_COPY_OUT,
    TMA_STRIDES_WORDING,
    holds,
)
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL046",
    name="tma_window",
    title=("a TMA copy's GMEM window is not 16-byte aligned, spans more than 256 elements in a "
           "dimension, or ends in an int index"),
    jax_message=(
        "ValueError: Async copies require all GMEM strides except the last one to be a multiple "
        "of 16 bytes\n"
        "ValueError: Async copies require the number of bits copied along the last dimension to "
        "be divisible by 128, but got 64\n"
        "ValueError: Async copies only support copying <=256 elements along each dimension, got "
        "(512, 64)\n"
        "ValueError: TMA requires the stride of the last dimension after transforming the GMEM "
        "reference to be 1, but it is 4.\n"
        "ValueError: None of the leading dimensions in the transformed slice shape [3, 128] is "
        "divisible by the collective size 2"
    ),
    lowering_errors=(
        LoweringError(r"(Async copies require|async_copy requires) all GMEM strides except the "
                      r"last one to be a multiple of 16 bytes", exc_type="ValueError"),
        LoweringError(r"Async copies require the number of bits copied along the last dimension "
                      r"to be divisible by 128", exc_type="ValueError"),
        LoweringError(r"Async copies only support copying <=256 elements along each dimension",
                      exc_type="ValueError"),
        LoweringError(r"TMA requires the stride of the last dimension after transforming the "
                      r"GMEM reference to be 1", exc_type="ValueError"),
        LoweringError(r"None of the leading dimensions in the transformed slice shape .* is "
                      r"divisible by the collective size", exc_type="ValueError"),
    ),
    what_it_means=(
        "`plgpu.copy_gmem_to_smem` and `copy_smem_to_gmem` are done by the TMA unit, which "
        "moves a box of a GMEM array: each row of the array (every stride but the last) must "
        "start on a 16-byte boundary, each row of the box must be a multiple of 16 bytes, the "
        "box spans at most 256 elements per dimension, and its last dimension is contiguous. "
        "A float32 array with 2 columns (8-byte rows), a window of 2 float32 columns, a "
        "(512, 64) box, or `x.at[:, 0]` (a column) break these. A multicast copy "
        "(`collective_axes=`) is split among the cluster's blocks, each loading a part: along "
        "a window dimension the number of blocks divides."
    ),
    when_it_happens=(
        "While the kernel is lowered, on the copy line, Lane and Warpgroup, measured on 0.8.3, "
        "0.10.2, 0.11.2 and 0.12.0.1 (\"async_copy requires all GMEM strides ...\" before "
        "0.12); the int-indexed last dimension when the kernel's TMA descriptors are built, "
        "on the launch line. Judged for a whole shared-memory buffer without transforms (a tiled, swizzled "
        "buffer splits the box: PAL012's checks come first), sides of one shape and dtype "
        "moving a multiple of 128 bytes (PAL013 otherwise), not split or shared across a "
        "cluster (a multicast copy: its split, then the array's row stride; a copy into one "
        "slot of a multi-buffered array: the row stride only). The copies a pipeline "
        "(`plgpu.emit_pipeline`, the warp-specialized one) makes for its BlockSpecs: the row "
        "stride of each GMEM array, blamed on the jitted call from 0.9.1 (the pipeline's run "
        "on 0.8.3). The 256-element limit is "
        "judged for copies into shared memory without "
        "`oob_mode=`, and for copies out of it before 0.10 (from 0.10 a contiguous window "
        "takes a bulk path without a box); the int-indexed last dimension for copies into "
        "shared memory. `plgpu.async_prefetch` of a GMEM window is a TMA box too: its row "
        "stride, its rows' bytes and an int-indexed last dimension are judged as a copy's, "
        "with no 256-element limit from 0.10 (0.8.3 refuses a longer box; measured on 0.8.3, "
        "0.10.2 and 0.12.0.1)."
    ),
    how_to_fix=(
        "Pad the array's last dimension to a multiple of 16 bytes (4 float32, 8 bfloat16 "
        "values) and copy windows of such widths; split a long copy into boxes of at most 256 "
        "elements per dimension (or tile the buffer: `plgpu.TilingTransform`); copy rows, not "
        "columns (transpose the array on the host); give a multicast copy a window with a "
        "dimension the number of blocks divides."
    ),
    bad_example='''
plgpu.copy_gmem_to_smem(x_gmem.at[:, pl.ds(0, 2)], smem, barrier)  # 8-byte rows
''',
    good_example='''
plgpu.copy_gmem_to_smem(x_gmem.at[:, pl.ds(0, 4)], smem, barrier)  # 16-byte rows
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for op in program.ref_ops:
        if id(op.node) in seen:
            continue
        fault = window_fault(op, holds(SMEM_BULK_COPY_OUT, program.version),
                             not holds(PREFETCH_UNBOXED, program.version))
        if fault is None:
            continue
        seen.add(id(op.node))
        related: list[Related] = []
        name = op.name.rsplit(".", 1)[-1]
        message = _message(program, name, fault)
        blamed = op.node
        if fault.kind == "minor_index":
            if id(op.launch) in program.inference_refused_launches():
                seen.discard(id(op.node))
                continue  # layout inference fails first (PAL027)
            # Raised while the TMA descriptors are built, after the body: on the launch.
            blamed = op.launch.lowered_at
            related.append(Related(program.span(op.node), "the copy of a column"))
            message = f"At {program.where(program.span(op.node), blamed)}, {message}"
        if fault.smem is not None and fault.smem.node is not None:
            related.append(Related(program.span(fault.smem.node),
                                   "the shared-memory buffer is declared here"))
        yield Finding(RULE.code, program.span(blamed), message, related=tuple(related))
    yield from _pipeline_rows(program)


def _pipeline_rows(program: Program) -> Iterator[Finding]:
    """A pipeline's TMA copies of a GMEM array whose rows are not a multiple of 16 bytes,
    raised while the kernel is lowered: the jitted call from 0.9.1, the pipeline's run on
    0.8.3 (which lowers the kernel while its call is traced)."""
    seen: set[int] = set()
    for op in program.ops_of(RUN):
        fault = pipeline_row_fault(op)
        # (Under Warpgroup semantics a kernel whose layouts cannot be inferred, PAL027, fails
        # before its copies are lowered.)
        if fault is None or id(op.node) in seen or id(op.launch) in program.inference_refused_launches():
            continue
        seen.add(id(op.node))
        blamed = op.launch.lowered_at if holds(KERNEL_LOWERED_AT_JIT_CALL, program.version) else op.node
        dtype = fault.gmem.dtype.name  # type: ignore[attr-defined]
        words = "Async copies require" if holds(TMA_STRIDES_WORDING, program.version) else \
            "async_copy requires"
        where = program.where(program.span(op.node), blamed)
        related = [Related(program.span(op.node), "the pipeline that copies it runs here")]
        if isinstance(fault.spec_node, ast.AST):
            related.append(Related(program.span(fault.spec_node), "its BlockSpec"))
        if fault.kind == "bits":
            row = fault.block[-1] * fault.size
            yield Finding(
                RULE.code, program.span(blamed),
                f"The pipeline at {where} copies {short_repr(fault.block)} {dtype} blocks by TMA: "
                f"each row of a block is {row} bytes ({row * 8} bits), and the TMA unit moves rows "
                f"of a multiple of 16 bytes. JAX raises \"ValueError: Async copies require the "
                f"number of bits copied along the last dimension to be divisible by 128, but got "
                f"{row * 8}\" while the kernel is lowered. Make the block's last dimension a "
                f"multiple of {TMA_BYTES // fault.size} {dtype} values.",
                related=tuple(related))
            continue
        yield Finding(
            RULE.code, program.span(blamed),
            f"The pipeline at {where} copies blocks of a {short_repr(fault.root)} {dtype} GMEM "
            f"array by TMA: its rows are {fault.root[-1] * fault.size} bytes, and the TMA unit "
            f"needs every row to start on a 16-byte boundary. JAX raises \"ValueError: {words} "
            f"all GMEM strides except the last one to be a multiple of 16 bytes\" while the "
            f"kernel is lowered. Pad the last dimension to a multiple of "
            f"{TMA_BYTES // fault.size} {dtype} values.",
            related=tuple(related))


def _message(program: Program, name: str, fault: WindowFault) -> str:
    dtype = fault.gmem.dtype.name  # type: ignore[attr-defined]
    root, window = short_repr(fault.root), short_repr(fault.window)
    per_row = TMA_BYTES // fault.size
    if fault.kind == "strides":
        words = "Async copies require" if holds(TMA_STRIDES_WORDING, program.version) else \
            "async_copy requires"
        return (f"{name}: the GMEM array is {root} {dtype}, so each of its rows is "
                f"{fault.root[-1] * fault.size} bytes, and the TMA unit needs every row to start "
                f"on a 16-byte boundary. JAX raises \"ValueError: {words} all GMEM strides except "
                f"the last one to be a multiple of 16 bytes\" while the kernel is lowered. Pad "
                f"the last dimension to a multiple of {per_row} {dtype} values.")
    if fault.kind == "minor_bytes":
        bits = fault.window[-1] * fault.size * 8
        moves = "prefetches" if name == "async_prefetch" else "copies"
        return (f"{name} {moves} a window {window} of {dtype}: its rows are "
                f"{fault.window[-1] * fault.size} bytes, and the TMA unit moves rows of a "
                f"multiple of 16 bytes. JAX raises \"ValueError: Async copies require the number "
                f"of bits copied along the last dimension to be divisible by 128, but got "
                f"{bits}\" while the kernel is lowered. Copy a multiple of {per_row} {dtype} "
                f"values along the last dimension.")
    if fault.kind == "too_long":
        return (f"{name} copies a box {window}: the TMA unit copies at most {TMA_MAX_BOX} "
                f"elements along each dimension. JAX raises \"ValueError: Async copies only "
                f"support copying <=256 elements along each dimension, got {window}\" while the "
                f"kernel is lowered. Split the copy into boxes of at most {TMA_MAX_BOX} (one "
                f"copy per slice of the buffer), or tile the buffer (plgpu.TilingTransform).")
    if fault.kind == "collective_split":
        return (f"{name} multicasts a window {window} across {fault.stride} blocks of the "
                f"cluster, and JAX splits the load among them along a dimension that "
                f"{fault.stride} divides: this window has none. JAX raises \"ValueError: None "
                f"of the leading dimensions in the transformed slice shape {list(fault.window)} "
                f"is divisible by the collective size {fault.stride}\" while the kernel is "
                f"lowered. Copy a window with such a dimension (pad it), or copy without "
                f"collective_axes.")
    return (f"{name} indexes the last dimension of the GMEM array {root} with an int: the copy "
            f"reads a column, whose elements are {fault.stride} apart, and the TMA unit needs "
            f"the last dimension contiguous. JAX raises \"ValueError: TMA requires the stride of "
            f"the last dimension after transforming the GMEM reference to be 1, but it is "
            f"{fault.stride}.\" while the kernel is lowered. Copy rows (transpose the array "
            f"on the host) or a window of whole rows.")
