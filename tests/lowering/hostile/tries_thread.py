"""Starts a thread that outlives the check and writes a file later."""
import threading
import time

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    def later():
        time.sleep(1.0)
        open("pallas-hostile-thread", "w").close()

    threading.Thread(target=later).start()  # lingers
