"""Registers an exit hook that would write a file after the check (dropped, never run)."""
import atexit

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    atexit.register(lambda: open("pallas-hostile-atexit", "w").close())  # dropped
