"""Runs a program on a pseudo-terminal (pty.spawn)."""
import pty

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    pty.spawn(["touch", "pallas-hostile-pty"])  # refused: pty / os.forkpty
