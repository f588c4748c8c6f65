"""The script fails before it reaches any kernel, inside a library: JAX's own Python code
refuses the shape (an error of no rule's class; one the user's code or the standard library it
calls raises itself is PAL079's, a finding, since design.md 218 and 239)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CONFIG = {"rows": "128x", "cols": 128}


def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...]


if __name__ == "__main__":
    shape = jax.ShapeDtypeStruct((CONFIG["rows"], CONFIG["cols"]), jnp.float32).shape
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, jnp.float32))
    print(jax.jit(call)(jnp.ones(shape, jnp.float32)))
