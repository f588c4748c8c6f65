"""Changes the working directory to the root, then writes there."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.chdir("/")  # refused: changes the working directory to '/'
    open("pallas-hostile-chdir", "w").close()
