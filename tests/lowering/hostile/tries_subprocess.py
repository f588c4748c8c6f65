"""Starts a program with subprocess."""
import subprocess

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    subprocess.run(["touch", "pallas-hostile-subprocess"])  # refused: starts the program 'touch
