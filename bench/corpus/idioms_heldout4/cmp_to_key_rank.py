"""Candidate reductions are ranked with an old-style comparison through functools.cmp_to_key."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PREFERENCE = {"add": 0, "max": 1, "min": 2}


def compare(a, b):
    return PREFERENCE[a] - PREFERENCE[b]


def best(candidates):
    return sorted(candidates, key=functools.cmp_to_key(compare))[0]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("q",), reduction_op=best(["min", "add", "max"])),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=1),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("q",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
