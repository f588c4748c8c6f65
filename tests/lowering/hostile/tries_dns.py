"""Looks up a host name."""
import socket

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    socket.getaddrinfo("localhost", 80)  # refused: looks up the host name 'localhost'
