"""Axis names minted by a closure with a nonlocal counter ("ax0", "ax1"), used for the mesh and the store."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def name_minter(prefix):
    count = 0

    def mint():
        nonlocal count
        name = f"{prefix}{count}"
        count += 1
        return name
    return mint


mint = name_minter("ax")
AXES = (mint(), mint())


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), AXES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
