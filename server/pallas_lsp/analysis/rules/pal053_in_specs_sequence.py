"""PAL053 in_specs_sequence: a Mosaic GPU pl.pallas_call's in_specs= given one BlockSpec (or
None) instead of a list or tuple of them, refused when pallas_call is called."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Options
from ..program import Program
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL053",
    name="in_specs_sequence",
    title="pl.pallas_call's in_specs= is one BlockSpec (or None), not a list or tuple",
    jax_message=(
        "ValueError: `in_specs` must be a tuple or a list. Found: BlockSpec(block_shape=(128,), "
        "index_map=..., memory_space=None, ...)"
    ),
    lowering_errors=(
        LoweringError(r"`in_specs` must be a tuple or a list\. Found:", exc_type="ValueError"),
    ),
    what_it_means=(
        "`in_specs=` holds one BlockSpec per input of the kernel, in order, as a list or tuple, "
        "even when there is one input (`in_specs=[pl.BlockSpec(...)]`). `out_specs=` may be one "
        "BlockSpec for a single output, `in_specs=` may not."
    ),
    when_it_happens=(
        "When `pl.pallas_call(...)` itself is called with `in_specs=pl.BlockSpec(...)` or "
        "`in_specs=None` and no grid_spec, before any kernel is built: the GridSpec it builds "
        "refuses it. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 with the same words, blamed "
        "on the `pl.pallas_call` line."
    ),
    how_to_fix=(
        "Wrap the spec in a list, `in_specs=[pl.BlockSpec(...)]`, or leave `in_specs=` out for "
        "whole arrays."
    ),
    bad_example='''
call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32), grid=(1,),
                      in_specs=pl.BlockSpec((128,), lambda i: (0,)),
                      compiler_params=plgpu.CompilerParams())
''',
    good_example='''
call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32), grid=(1,),
                      in_specs=[pl.BlockSpec((128,), lambda i: (0,))],
                      compiler_params=plgpu.CompilerParams())
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for kernel in program.kernels:
        found = kernel.in_specs_not_sequence
        if found is None or kernel.grid_spec_conflict is not None or not isinstance(kernel.node, ast.Call):
            continue
        yield Finding(
            RULE.code, program.span(kernel.node),
            f"in_specs= of this pl.pallas_call is {found}, not a list or tuple of BlockSpecs (one "
            f"per input, even for one input): pallas_call fails when called with \"ValueError: "
            f"`in_specs` must be a tuple or a list. Found: ...\". Write in_specs=[...] around the "
            f"spec, or leave in_specs= out.")
