"""Touches an existing file (pathlib.Path.touch)."""
from pathlib import Path

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    Path("victim.txt").touch()  # refused: victim.txt
