"""Replaces itself with another program (os.execv)."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.execv("/bin/sh", ["sh", "-c", "touch pallas-hostile-exec"])  # refused: os.exec*
