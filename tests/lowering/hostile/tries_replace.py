"""Replaces a file of the workspace with another."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.replace("ckpt/old.npz", "victim.txt")  # refused: renames 'ckpt/old.npz' to 'victim.txt'
