"""A shell-style axis list "x|y" normalised with str.maketrans/translate before splitting."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
RAW_AXES = "x|y"
SEPARATORS = str.maketrans({"|": ",", ";": ",", " ": None})
AXES = tuple(RAW_AXES.translate(SEPARATORS).split(","))


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
