"""Catches the refusal with a bare except and goes on: still reported."""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    try:
        open("victim.txt", "w")  # refused: opens 'victim.txt' for writing
    except BaseException:
        pass
    step(jnp.ones(2))
