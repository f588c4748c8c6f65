"""Runs a shell command with os.system."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.system("touch pallas-hostile-system")  # refused: runs the shell command 'touch pallas-hostile-system'
