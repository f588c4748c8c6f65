"""PAL008 api_removed: pl.pallas_call with Mosaic GPU compiler params on JAX >= 0.11."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related, format_jax_version
from ..program import Program
from .base import Rule

RULE = Rule(
    code="PAL008",
    name="api_removed",
    title="pl.pallas_call has no Mosaic GPU lowering from JAX 0.11 on",
    jax_message="AssertionError   (assert rule is not None, in jax/_src/pallas/pallas_call.py)",
    what_it_means=(
        "From JAX 0.11 on, JAX registers no Mosaic GPU lowering for `pl.pallas_call`: Mosaic GPU "
        "kernels go through `plgpu.kernel`. Lowering such a call fails with a bare "
        "AssertionError that names nothing."
    ),
    when_it_happens=(
        "`pl.pallas_call(kernel, ..., compiler_params=plgpu.CompilerParams(...))` (or "
        "`backend=\"mosaic_gpu\"`) lowered with JAX 0.11 or newer (measured on 0.11.2 and "
        "0.12.0.1). The same call lowers on JAX 0.10.2. JAX blames the line that calls the "
        "jitted function: the launch."
    ),
    how_to_fix=(
        "Rewrite the call with `plgpu.kernel(kernel, out_type=<out_shape>, "
        "compiler_params=..., scratch_types=<scratch_shapes>)`. With whole-array GMEM specs "
        "(`pl.BlockSpec(memory_space=plgpu.GMEM)`, no index maps) the kernel body is unchanged; "
        "with blocked specs, copy the blocks in the body (`plgpu.copy_gmem_to_smem`) or use "
        "`plgpu.emit_pipeline`."
    ),
    bad_example='''
call = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)],
    out_specs=pl.BlockSpec(memory_space=plgpu.GMEM),
    compiler_params=plgpu.CompilerParams(),
)
''',
    good_example='''
call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=plgpu.CompilerParams(),
)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    version = format_jax_version(program.version)
    reported: set[int] = set()
    for launch in program.launches:
        if not program.api_removed(launch.kernel) or id(launch.site) in reported:
            continue
        reported.add(id(launch.site))
        call_line = launch.kernel.node.lineno
        message = (f"This launches the pl.pallas_call of line {call_line} with Mosaic GPU compiler "
                   f"params, which JAX {version} no longer lowers: it fails with a bare "
                   f"AssertionError. Use plgpu.kernel(...) instead.")
        related = (Related(program.span(launch.kernel.node), "the pl.pallas_call to rewrite"),)
        yield Finding(RULE.code, program.span(launch.site), message, related=related)
