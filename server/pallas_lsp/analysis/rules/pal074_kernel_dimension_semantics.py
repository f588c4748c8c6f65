"""PAL074 kernel_dimension_semantics: ``plgpu.kernel(..., compiler_params=plgpu.CompilerParams(
dimension_semantics=...))``.

From JAX 0.11.2 ``plgpu.kernel`` lowers through ``lower_unpipelined_jaxpr_to_module``
(jax/_src/pallas/mosaic_gpu/lowering.py), which refuses any ``dimension_semantics``: it is
``pl.pallas_call``'s grid option, and a kernel's grid is its own. Raised while the kernel is
lowered; the traceback ends at the jitted call. Before 0.11.2 the pipelined lowering only
asserts that there is one semantics per grid dimension (a bare ``AssertionError``, claimed
here where the lengths differ: the finding on the line says which bare assertion it is).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..values import MISSING, CompilerParamsVal, Const, KernelInfo
from ..versions import KERNEL_ASSERTS_DIMENSION_SEMANTICS, KERNEL_REFUSES_DIMENSION_SEMANTICS, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL074",
    name="kernel_dimension_semantics",
    title="plgpu.kernel takes no dimension_semantics= in its CompilerParams (0.11.2 on)",
    jax_message="NotImplementedError: dimension_semantics= is not supported by the unpipelined lowering",
    lowering_errors=(
        LoweringError(r"^dimension_semantics= is not supported by the unpipelined lowering$",
                      "NotImplementedError"),
        # Before 0.11.2, semantics of another length than the grid's: the same bare assertion
        # as PAL008's and PAL020's; the finding on the line says which it is.
        LoweringError(r"\A\s*(AssertionError(\(\))?)?\s*\Z", exc_type="AssertionError",
                      when=KERNEL_ASSERTS_DIMENSION_SEMANTICS,
                      sites=r"pallas/mosaic_gpu/lowering\.py:lower_pipelined_jaxpr_to_module$"),
    ),
    what_it_means=(
        "`dimension_semantics` (\"parallel\" / \"sequential\" per grid dimension) is an option of "
        "`pl.pallas_call`'s pipelined grid. `plgpu.kernel` has no such pipeline: from JAX 0.11.2 "
        "it is lowered without one and refuses the option."
    ),
    when_it_happens=(
        "When a `plgpu.kernel` whose `compiler_params` give `dimension_semantics` is lowered, on "
        "0.11.2 and later; the traceback ends at the call of the jitted function. 0.10.2 and "
        "older lower it where there is one semantics per grid dimension, and fail with a bare "
        "`AssertionError` at the same call where there is not (a kernel without `grid=` has a "
        "grid of no dimensions)."
    ),
    how_to_fix=(
        "Drop `dimension_semantics=` from the kernel's `plgpu.CompilerParams`; a `plgpu.kernel` "
        "grid's blocks run in parallel. Keep it for a `pl.pallas_call` on releases that lower one."
    ),
    bad_example='''
params = plgpu.CompilerParams(dimension_semantics=("parallel",))
kernel = plgpu.kernel(body, out_type=out, grid=(4,), grid_names=("i",), compiler_params=params)
''',
    good_example='''
kernel = plgpu.kernel(body, out_type=out, grid=(4,), grid_names=("i",))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    refused = holds(KERNEL_REFUSES_DIMENSION_SEMANTICS, program.version)
    asserted = holds(KERNEL_ASSERTS_DIMENSION_SEMANTICS, program.version)
    if not refused and not asserted:
        return
    reported: set[int] = set()
    for launch in program.launches:
        kernel = launch.kernel
        params = kernel.compiler_params
        if kernel.api != "kernel" or not isinstance(params, CompilerParamsVal) or params.given is None \
                or program.api_removed(kernel):
            continue
        semantics = dict(params.given).get("dimension_semantics", Const(None))
        if not isinstance(semantics, Const) or semantics.value is None:
            continue
        blamed = launch.lowered_at
        if blamed is None or id(blamed) in reported:
            continue
        lengths = None if refused else _lengths(kernel, semantics.value)
        if not refused and (lengths is None or lengths[0] == lengths[1]):
            continue
        reported.add(id(blamed))
        related = [Related(program.span(kernel.node), "the plgpu.kernel is made here")]
        if params.node is not None:
            related.append(Related(program.span(params.node), "dimension_semantics= is given here"))
        if lengths is not None:
            grid, given = lengths
            yield Finding(
                RULE.code, program.span(blamed),
                f"This plgpu.kernel's grid has {grid} dimension{'s' if grid != 1 else ''} but its "
                f"CompilerParams give {given} dimension_semantics: JAX before 0.11.2 asserts one "
                f"semantics per grid dimension, and lowering fails with a bare AssertionError. "
                f"Drop dimension_semantics= (a plgpu.kernel's grid blocks run in parallel, and "
                f"from JAX 0.11.2 the kernel refuses the option).",
                related=tuple(related))
            continue
        yield Finding(
            RULE.code, program.span(blamed),
            "This plgpu.kernel's CompilerParams give dimension_semantics=, which plgpu.kernel does "
            "not take from JAX 0.11.2 on (it is pl.pallas_call's grid option): lowering fails with "
            "\"NotImplementedError: dimension_semantics= is not supported by the unpipelined "
            "lowering\". Drop dimension_semantics= from the kernel's CompilerParams.",
            related=tuple(related))


def _lengths(kernel: KernelInfo, semantics: object) -> tuple[int, int] | None:
    """(grid dimensions, semantics given) where both are known: plgpu.kernel's grid= as a
    tuple of ints (none given: no dimensions), the semantics as a tuple or list."""
    if not isinstance(semantics, (tuple, list)) or kernel.mesh_args is None:
        return None
    grid = kernel.mesh_args.get("grid", MISSING)
    if grid is MISSING:
        return 0, len(semantics)
    if isinstance(grid, Const) and isinstance(grid.value, tuple):
        return len(grid.value), len(semantics)
    return None
