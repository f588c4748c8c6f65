"""Saves an array with numpy.save."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    np.save("weights.npy", np.zeros(3))  # refused: opens 'weights.npy' for writing
