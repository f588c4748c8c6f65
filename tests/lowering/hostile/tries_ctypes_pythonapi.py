"""Reaches libc's system() through ctypes.pythonapi (loaded before the check)."""
import ctypes

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    ctypes.pythonapi.system(b"touch pallas-hostile-pythonapi")  # refused: looks up the native symbol 'system'
