"""A register conversion to float8_e8m0fnu (Blackwell's scale type) in a plgpu.kernel."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].astype(jnp.float8_e8m0fnu)


if __name__ == "__main__":
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float8_e8m0fnu))
    print(jax.jit(call)(jax.ShapeDtypeStruct((128, 128), jnp.bfloat16)))
