"""The script's own code fails before it reaches any kernel: int() of a setting that is no
number raises ValueError on the user's line. The program's own error is PAL079's class (the
static analysis runs the same int() on the same text), not a failed check (design.md 239)."""
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
