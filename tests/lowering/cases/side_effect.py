"""A jitted function with host callbacks and a visible result: none of it may run."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

OUT = os.environ["PALLAS_LSP_SIDE_EFFECT_FILE"]


def touch(_):
    with open(OUT, "a") as f:
        f.write("callback ran\n")
    return np.zeros((), np.float32)


@jax.jit
def step(x):
    jax.debug.callback(touch, x)
    jax.debug.print("x = {}", x)
    y = io_callback(touch, jax.ShapeDtypeStruct((), jnp.float32), x)
    return x + 1 + y


if __name__ == "__main__":
    result = step(jnp.ones((), jnp.float32))
    # Executed, step would give 2.0; lowered only, the check hands back zeros.
    with open(OUT + ".result", "w") as f:
        f.write(str(float(result)))
