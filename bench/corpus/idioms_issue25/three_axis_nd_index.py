"""A 2 x 2 x 2 mesh: the kernel numbers its device within the pod; the wrapper counts pods."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BLOCK = (128, 128)


def local_rank_kernel(x_ref, o_ref):
    rank = lax.axis_index("x") * 2 + lax.axis_index("y")
    o_ref[...] = x_ref[...] + rank.astype(jnp.float32)


def per_pod(x):
    call = plgpu.kernel(local_rank_kernel, out_type=jax.ShapeDtypeStruct(BLOCK, jnp.float32))
    return call(x) / lax.axis_size("pod")


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:8]).reshape(2, 2, 2), ("pod", "x", "y"))
    run = jax.jit(jax.shard_map(per_pod, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(BLOCK, jnp.float32)).max())
