"""statistics.median_low picks a middle width from the widths benchmarks asked for."""
import statistics

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
REQUESTED_VECS = [2, 8, 4, 4, 2, 8]
VEC = statistics.median_low(REQUESTED_VECS)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("y",), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("y",))
    with jax.set_mesh(mesh):
        call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16))
        run = jax.jit(jax.shard_map(call, in_specs=P(), out_specs=P(), check_vma=False))
        print(run(jnp.ones(SHAPE, jnp.bfloat16)))
