"""Starts a program through _posixsubprocess (no audit event of its own)."""
import _posixsubprocess

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    _posixsubprocess.fork_exec([b"touch", b"pallas-hostile-fork-exec"])  # refused: starts the program
