"""Forks; the child would write a file."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    if os.fork() == 0:  # refused: forks a process (os.fork)
        open("pallas-hostile-fork", "w").close()
        os._exit(0)
