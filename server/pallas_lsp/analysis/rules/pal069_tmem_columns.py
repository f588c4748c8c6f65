"""PAL069 tmem_columns: a kernel whose TMEM buffers need more than tensor memory's 512 columns.

Pallas adds up the columns of every ``plgpu.TMEM`` scratch buffer of a kernel (a 128-row
buffer of inferred layout spans ``shape[1] // packing`` of them: analysis/tmem_facts.py) and
allocates them at once, rounded up to a power of two; more than 512 fails in
``tcgen05.tmem_alloc_exact_ncols`` when the kernel is lowered (0.8.3 - 0.12.0.1, Lane and
Warpgroup semantics alike, measured: docs/measurements/tmem-lowering.md). No target GPU is
read: the limit is tcgen05.TMEM_MAX_COLS."""

from __future__ import annotations

from collections.abc import Iterator

from .. import tmem_facts
from ..model import Finding, Options, Related
from ..pipelines import RUN
from ..program import Program
from ..values import DtypeVal, RefTypeVal
from .base import LoweringError, Rule
from .pal076_smem_budget import smem_over_budget

RULE = Rule(
    code="PAL069",
    name="tmem_columns",
    title="A kernel's TMEM buffers fit in tensor memory's 512 columns",
    jax_message="ValueError: After rounding up, got 1024 columns, exceeding the limit of 512",
    lowering_errors=(
        LoweringError(r"^After rounding up, got \S+ columns, exceeding the limit of 512$",
                      "ValueError"),
    ),
    what_it_means=(
        "Tensor memory is 128 lanes by 512 columns of 32-bit cells per block. A "
        "`plgpu.TMEM((128, N), dtype)` buffer spans N columns (N / 2 for a 16-bit dtype "
        "with `packed=True`, N / 4 for 8 bits). Pallas allocates all TMEM buffers of a kernel "
        "together and rounds their total up to a power of two: more than 512 columns does "
        "not fit (two (128, 256) float32 accumulators already take all 512)."
    ),
    when_it_happens=(
        "When the kernel is lowered, on the line of the jitted call, in every release from "
        "0.8.3 to 0.12.0.1 and under both lowering semantics. The analysis adds up the "
        "`plgpu.kernel` scratch buffers of 128 rows whose shape, dtype and `packed=` it "
        "knows; it is silent when one is not known, when the kernel also allocates TMEM in "
        "`pl.run_scoped`, or when its buffers mix collective and non-collective ones (JAX "
        "refuses that first: PAL070)."
    ),
    how_to_fix=(
        "Use fewer or narrower TMEM buffers: fewer accumulator stages, a smaller N tile, "
        "`packed=True` for a 16-bit TMEM operand, or reuse one buffer for values that are "
        "not live at the same time."
    ),
    bad_example='''
scratch_types=[plgpu.TMEM((128, 256), jnp.float32),   # 256 columns
               plgpu.TMEM((128, 256), jnp.float32),   # 256 columns
               plgpu.TMEM((128, 128), jnp.float32)]   # 128: 640 > 512
''',
    good_example='''
scratch_types=[plgpu.TMEM((128, 256), jnp.float32),   # 256 columns
               plgpu.TMEM((128, 128), jnp.float32),   # 128 columns
               plgpu.TMEM((128, 256), jnp.float16, packed=True)]  # 128: 512 in all
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for launch in program.launches:
        kernel = launch.kernel
        blamed = launch.lowered_at
        if kernel.api != "kernel" or program.api_removed(kernel) \
                or (id(kernel), id(blamed)) in seen:
            continue
        types = tmem_facts.kernel_tmem_types(launch)
        if not types or tmem_facts.scoped_tmem(program.scoped_buffers, launch):
            continue
        flags = tmem_facts.collective_flags(types)
        widths = [tmem_facts.columns(made) for made in types]
        if flags is None or len(flags) > 1 or None in widths:
            continue
        total = sum(width for width in widths if width is not None)
        if total <= tmem_facts.TMEM_MAX_COLS:
            continue
        if smem_over_budget(launch, program.ops_of(RUN)) is not None:
            continue  # JAX refuses the shared memory first (PAL076; famheld6, every release)
        seen.add((id(kernel), id(blamed)))
        rounded = 1 << (total - 1).bit_length()
        parts = ", ".join(f"{_name(made)}: {width}" for made, width in zip(types, widths, strict=True))
        related = tuple(Related(program.span(made.node), f"{width} columns of tensor memory")
                        for made, width in zip(types, widths, strict=True) if made.node is not None)
        yield Finding(RULE.code, program.span(blamed),
                      f"the kernel's TMEM buffers need {total} columns ({parts}), but tensor "
                      f"memory has {tmem_facts.TMEM_MAX_COLS}; Pallas allocates them together, "
                      f"rounded up to a power of two. JAX fails with \"After rounding up, got "
                      f"{rounded} columns, exceeding the limit of 512\". Fix: use fewer or "
                      "narrower TMEM buffers (fewer accumulator stages, a smaller N tile, "
                      "packed=True for a 16-bit operand).", related=related)


def _name(made: RefTypeVal) -> str:
    shape = tmem_facts.shape_of(made)
    dtype = made.dtype
    dtype_name = dtype.name if isinstance(dtype, DtypeVal) else "?"
    return f"({', '.join(map(str, shape or ()))}) {dtype_name}"
