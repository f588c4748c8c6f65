"""PAL052 grid_spec_conflict: a Mosaic GPU pl.pallas_call given grid_spec= together with grid=,
in_specs=, out_specs= or scratch_shapes=, which pallas_call refuses when it is called."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL052",
    name="grid_spec_conflict",
    title="pl.pallas_call given grid_spec= and also grid=, in_specs=, out_specs= or scratch_shapes=",
    jax_message=(
        "ValueError: If `grid_spec` is specified, then `grid` must be `()`. It is (1,)\n"
        "ValueError: If `grid_spec` is specified, then `in_specs` must be `no_block_spec`. It is "
        "None"
    ),
    lowering_errors=(
        LoweringError(r"If `grid_spec` is specified, then `(grid|in_specs|out_specs|scratch_shapes)`"
                      r" must\s+be `(\(\)|no_block_spec)`", exc_type="ValueError"),
    ),
    what_it_means=(
        "`pl.pallas_call` takes the grid, the block specs and the scratch buffers either one by "
        "one (`grid=`, `in_specs=`, `out_specs=`, `scratch_shapes=`) or bundled in one "
        "`grid_spec=pl.GridSpec(...)`, not both: with a grid_spec, the separate ones must keep "
        "their defaults."
    ),
    when_it_happens=(
        "When `pl.pallas_call(...)` itself is called, before any kernel is built or traced: "
        "`grid=` not empty, `in_specs=` or `out_specs=` given (even None), or `scratch_shapes=` "
        "not empty, beside a `grid_spec=pl.GridSpec(...)`; JAX checks them in that order and "
        "names the first. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 with the same words, "
        "blamed on the `pl.pallas_call` line."
    ),
    how_to_fix=(
        "Put the grid and specs in the GridSpec (`pl.GridSpec(grid=..., in_specs=..., "
        "out_specs=...)`) and drop the separate keywords, or drop `grid_spec=` and pass them "
        "one by one."
    ),
    bad_example='''
call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
                      grid_spec=pl.GridSpec(grid=(1,)), grid=(1,),
                      compiler_params=plgpu.CompilerParams())
''',
    good_example='''
call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
                      grid_spec=pl.GridSpec(grid=(1,)),
                      compiler_params=plgpu.CompilerParams())
''',
    fixable=False,
)

_EXPECTED = {"grid": "`()`", "in_specs": "`no_block_spec`", "out_specs": "`no_block_spec`",
             "scratch_shapes": "`()`"}


def check(program: Program, options: Options) -> Iterator[Finding]:
    for kernel in program.kernels:
        keyword = kernel.grid_spec_conflict
        if keyword is None or not isinstance(kernel.node, ast.Call):
            continue
        yield Finding(
            RULE.code, program.span(kernel.node),
            f"This pl.pallas_call is given grid_spec= and also {keyword}=: a GridSpec already "
            f"holds the grid, the block specs and the scratch buffers, so pallas_call fails "
            f"when called with \"ValueError: If `grid_spec` is specified, then `{keyword}` must "
            f"be {_EXPECTED[keyword]}\". Move {keyword} into the pl.GridSpec(...) and drop the "
            f"keyword here, or drop grid_spec=.")
