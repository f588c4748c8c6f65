"""Uses tempfile the ordinary way: allowed, in the private folder, gone after."""
import tempfile

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    with tempfile.NamedTemporaryFile("w", delete=False) as f:  # allowed
        f.write("scratch")
    tempfile.mkdtemp()
