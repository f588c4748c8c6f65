"""lax.axis_index on a name that no mesh binds: NameError at trace time."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(y_ref):
    me = lax.axis_index("z")
    y_ref[...] = jnp.full(y_ref.shape, me, y_ref.dtype)


if __name__ == "__main__":
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.int32))
    print(jax.jit(call)())
