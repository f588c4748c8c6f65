"""PAL041 tmem_allocation: a ``plgpu.TMEM(shape, dtype, ...)`` buffer type that JAX refuses to
build (transforms given, a dtype that is not 32 bits wide with neither ``packed`` nor
``layout``, or rows other than 128 or 64 for the layout it infers), or ``packed`` /
``collective`` / ``layout`` given to ``plgpu.SMEM`` / ``plgpu.GMEM``.

JAX checks these in ``MemorySpace.__call__`` (jax/_src/pallas/mosaic_gpu/core.py; the rows in
the ``tcgen05._infer_tmem_layout`` it calls), the same code and texts in 0.8.3 - 0.12.0.1,
when the type is built: no target GPU is consulted."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program
from ..ref_type_faults import construction_fault
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL041",
    name="tmem_allocation",
    title="TMEM buffer types: 128 (or 64) rows, no transforms; a dtype under 32 bits needs packed=",
    jax_message=(
        "ValueError: transforms are not supported for TMEM\n"
        "ValueError: dtypes narrower than 32-bit require either the packed argument or an "
        "explicit TMEM layout\n"
        "ValueError: packed, collective and layout arguments are only supported for TMEM.\n"
        "ValueError: Unsupported shape: (256, 128). TMEM references must have either 128 or 64 "
        "rows, but got 256."
    ),
    lowering_errors=(
        LoweringError(r"^transforms are not supported for TMEM$", "ValueError"),
        LoweringError(r"^dtypes narrower than 32-bit require either the packed argument or an "
                      r"explicit TMEM layout$", "ValueError"),
        LoweringError(r"^packed, collective and layout arguments are only supported for TMEM\.$",
                      "ValueError"),
        # The layout inference the type runs when no layout= is given (tcgen05.py).
        LoweringError(r"^Unsupported shape: .*\. TMEM references must have either \S+ or .+ "
                      r"rows, but got ", "ValueError"),
    ),
    what_it_means=(
        "`plgpu.TMEM(shape, dtype)` declares a buffer in Blackwell tensor memory, 128 lanes "
        "(rows) by 512 columns of 32-bit cells: a buffer has 128 rows (or 64, half the lanes). "
        "Tensor "
        "memory has no swizzle or tiling transforms (its layout is a `plgpu.TMEMLayout`, "
        "inferred from the shape and dtype). Its cells are 32 bits wide: a dtype of another "
        "width (float16, bfloat16, float8, int8, ...) needs `packed=True` (several values "
        "per cell, e.g. an MMA's lhs) or `packed=False` (one value per cell), or an explicit "
        "`layout=`. `packed`, `collective` and `layout` exist only for TMEM: `plgpu.SMEM` "
        "and `plgpu.GMEM` refuse them."
    ),
    when_it_happens=(
        "When the buffer type is built, on the `plgpu.TMEM(...)` / `plgpu.SMEM(...)` line, "
        "in every release from 0.8.3 to 0.12.0.1 (the same texts), whatever the target GPU. "
        "JAX checks the transforms first, then the dtype, then (inferring the layout) the "
        "rows. The analysis judges a dtype it "
        "knows and keywords whose values it knows; a 64-bit dtype is not judged (whether "
        "x64 is on is not known)."
    ),
    how_to_fix=(
        "Drop `transforms=` from `plgpu.TMEM` (keep them on the SMEM operands); give a "
        "narrow TMEM buffer `packed=True` (an MMA operand: several values per 32-bit cell) or "
        "`packed=False`; move `packed` / `collective` / `layout` from `plgpu.SMEM` to the "
        "`plgpu.TMEM` buffer they are meant for; give a TMEM buffer 128 rows (an MMA tile's "
        "M), splitting a larger M into 128-row tiles."
    ),
    bad_example='''
acc_tmem = plgpu.TMEM((128, 128), jnp.float16)  # a 16-bit dtype: packed= or layout= is needed
''',
    good_example='''
acc_tmem = plgpu.TMEM((128, 128), jnp.float16, packed=True)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for made in program.made_ref_types:
        if made.node is None or id(made.node) in seen:
            continue
        message = construction_fault(made)
        if message is not None:
            seen.add(id(made.node))
            yield Finding(RULE.code, program.span(made.node), message)
