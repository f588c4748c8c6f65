"""Creates a folder (pathlib, parents too)."""
from pathlib import Path

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    Path("runs/1").mkdir(parents=True)  # refused: creates the folder 'runs/1'
