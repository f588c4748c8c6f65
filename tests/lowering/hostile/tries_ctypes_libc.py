"""Loads libc with ctypes (its system() would bypass every hook)."""
import ctypes

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    libc = ctypes.CDLL("libc.so.6")  # refused: loads the native library 'libc.so.6' (ctypes)
    libc.system(b"touch pallas-hostile-ctypes")
