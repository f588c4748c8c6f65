"""Deletes a folder tree."""
import shutil

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    shutil.rmtree("ckpt")  # refused: deletes the folder tree 'ckpt'
