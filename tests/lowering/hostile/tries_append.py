"""Appends to a file of the workspace."""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    with open("victim.txt", "a") as f:  # refused: opens 'victim.txt' for writing
        f.write("more")
