"""Makes a temp file in the workspace instead of TMPDIR."""
import tempfile

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    tempfile.mkstemp(dir=".", prefix="pallas-hostile-")  # refused: for writing
