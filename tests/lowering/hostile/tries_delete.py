"""Deletes a file of the workspace."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.remove("victim.txt")  # refused: deletes 'victim.txt'
