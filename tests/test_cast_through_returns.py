"""A multimem_load_reduce returned from a helper is cast (or not) where each call of the
helper puts its value (casts.py ``_after_return``): the next traced operation after a
``return`` is the caller's. Under Lane semantics (0.10.2's default) JAX needs that cast;
these cases sit beside the mechanism's limits. The failing and clean twins proven by real
lowering are fixtures/single/pal006/returned_through_wrappers_reduction_op.py (and its
clean/ twin) and pal007/returned_through_wrappers_vec_size.py.
"""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version

HEADER = '''
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
LAYOUT = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4)


def reduce_op(x_ref):
    return plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="add")

'''

LAUNCH = '''
mesh = jax.make_mesh((2,), ("x",))
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f(jnp.ones(SHAPE, jnp.float32))
'''

CASES = {
    "the caller casts the returned value": ('''
def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(reduce_op(x_ref), LAYOUT)
''', []),
    "no caller casts it: JAX cannot infer its layout": ('''
def kernel(x_ref, y_ref):
    y_ref[...] = reduce_op(x_ref)
''', ["PAL003"]),
    "through two returns, then cast": ('''
def forward(x_ref):
    return reduce_op(x_ref)

def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(forward(x_ref), LAYOUT)
''', []),
    "callers that disagree: unknown, silent": ('''
def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(reduce_op(x_ref), LAYOUT)
    y_ref[...] = reduce_op(x_ref)
''', []),
    "called by code the analysis cannot see: unknown, silent": ('''
import somewhere

def kernel(x_ref, y_ref):
    y_ref[...] = somewhere.apply(reduce_op, x_ref)
''', []),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_cast_through_returns(name: str) -> None:
    body, want = CASES[name]
    analysis = analyze(HEADER + body + LAUNCH, Options(jax_version=parse_jax_version("0.10.2")))
    assert sorted(f.code for f in analysis.findings) == want, name
