"""The reduction is given as a Python builtin (`max`); its `__name__` is the op name the kernel gets."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
COMBINE = max

REDUCTION = COMBINE.__name__


def body(x_ref, y_ref):
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=("w",), reduction_op=REDUCTION)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("w",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
