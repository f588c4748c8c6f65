"""Changes a file's permissions."""
import os

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.chmod("victim.txt", 0o777)  # refused: changes the permissions of 'victim.txt'
