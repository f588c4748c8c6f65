"""Layouts for several outputs are built with itertools.starmap over (shape, width) pairs."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def strided(shape, vec):
    return plgpu.Layout.WG_STRIDED(shape, vec_size=vec)


LAYOUTS = list(itertools.starmap(strided, [(SHAPE, 4), (SHAPE, 2)]))


def body(x_ref, y_ref, z_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("d",), reduction_op="add"), LAYOUTS[0]
    )
    z_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("d",), reduction_op="add"), LAYOUTS[1]
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("d",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=(out, out))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=(P(), P()), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
