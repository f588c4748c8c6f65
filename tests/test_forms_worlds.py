"""A world of forms.py (one pick per undecided choice) keeps the facts the rules join on:
a layout_cast in a kernel is seen from the world's ops and from the ref accesses, which the
world shares with the program (docs/design.md change 96)."""

from __future__ import annotations

import ast
import time

from pallas_lsp.analysis import Options, parse_jax_version
from pallas_lsp.analysis.forms import _choices, _in_world
from pallas_lsp.analysis.program import build_program

SOURCE = '''
import sys
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SIZE = 160
PARAMS = plgpu.CompilerParams(lowering_semantics=getattr(plgpu.LoweringSemantics, sys.argv[1]))


def add_one(x_ref, o_ref):
    o_ref[...] = plgpu.layout_cast(x_ref[...] + 1, plgpu.Layout.WG_STRIDED((SIZE,), vec_size=1))


call = plgpu.kernel(add_one, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32), compiler_params=PARAMS)
jax.jit(call)(jnp.ones((SIZE,), jnp.float32))
'''


def test_a_cast_is_seen_in_every_world() -> None:
    program = build_program(ast.parse(SOURCE), Options(jax_version=parse_jax_version("0.12.0.1")),
                            time.monotonic() + 60, SOURCE)
    assert program.ref_accesses
    program.launches_casting_layouts()  # cached on the program before the worlds are made
    choices = _choices(program)
    assert choices  # the semantics is undecided: Lane or Warpgroup
    for choice in choices.values():
        for form in choice.forms:
            world = _in_world(program, {key: form for key in choices})
            casts = world.launches_casting_layouts()
            assert all(id(access.launch) in casts for access in world.ref_accesses)
            assert all(id(op.launch) in casts for op in world.ops)
