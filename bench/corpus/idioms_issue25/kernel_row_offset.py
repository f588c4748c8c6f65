"""Each device adds its row of a 2 x 2 mesh to its block: lax.axis_index in the kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BLOCK = (128, 128)


def row_offset_kernel(x_ref, o_ref):
    row = lax.axis_index("x")
    o_ref[...] = x_ref[...] + row.astype(jnp.float32)


def main():
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
    call = plgpu.kernel(row_offset_kernel, out_type=jax.ShapeDtypeStruct(BLOCK, jnp.float32))
    step = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(step(jnp.ones(BLOCK, jnp.float32)).sum())


if __name__ == "__main__":
    main()
