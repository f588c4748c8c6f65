"""Saves an array with jax.numpy.save."""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    jnp.save("weights.npy", jnp.zeros(3))  # refused: opens 'weights.npy' for writing
