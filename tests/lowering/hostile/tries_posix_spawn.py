"""Starts a program with os.posix_spawn."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.posix_spawn("/usr/bin/touch", ["touch", "pallas-hostile-spawn"], {})  # refused: os.posix_spawn
