"""Signals its parent process."""
import os
import signal

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    os.kill(os.getppid(), signal.SIGCONT)  # refused: sends signal
