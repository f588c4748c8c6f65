"""The script fails before it reaches any kernel (an error of the user's own code that no rule
classes: a KeyError of a dict is PAL079's, a finding, since design.md 218)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CONFIG = {"rows": "128x", "cols": 128}


def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...]


if __name__ == "__main__":
    shape = (int(CONFIG["rows"]), CONFIG["cols"])
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, jnp.float32))
    print(jax.jit(call)(jnp.ones(shape, jnp.float32)))
