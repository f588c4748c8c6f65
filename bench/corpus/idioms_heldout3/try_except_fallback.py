"""Optional settings looked up with try/except KeyError fallbacks and a getattr on jnp for the dtype."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
OVERRIDES = {"dtype": "bfloat16"}

try:
    AXIS = OVERRIDES["axis"]
except KeyError:
    AXIS = "torus"
try:
    DTYPE = getattr(jnp, OVERRIDES["dtype"])
except (KeyError, AttributeError):
    DTYPE = jnp.float32


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=(AXIS,))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (AXIS,))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
