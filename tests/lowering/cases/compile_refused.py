"""The user's own .compile() on a Lowered is refused: the check lowers only."""
import jax
import jax.numpy as jnp


def double(x):
    return x * 2


if __name__ == "__main__":
    lowered = jax.jit(double).lower(jnp.ones((4,), jnp.float32))
    compiled = lowered.compile()
    print(compiled(jnp.ones((4,), jnp.float32)))
