"""The script fails before it reaches any kernel, inside a library: JAX's own Python code
refuses to reshape the input to the configured rows (an error of no rule's class; one the
user's code or the standard library it calls raises itself is PAL079's, a finding, since
design.md 218 and 239, as is a shape JAX refuses to canonicalize, design.md 254)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CONFIG = {"rows": 100, "cols": 128}


def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...]


if __name__ == "__main__":
    shape = jax.ShapeDtypeStruct((CONFIG["rows"], CONFIG["cols"]), jnp.float32).shape
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, jnp.float32))
    print(jax.jit(call)(jnp.ones((128, 128), jnp.float32).reshape(shape)))
