"""Pickles its state to a file."""
import pickle

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    with open("state.pkl", "wb") as f:  # refused: opens 'state.pkl' for writing
        pickle.dump({"step": 1}, f)
