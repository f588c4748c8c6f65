"""Connects to a server on 127.0.0.1 (the port the test listens on, from port.txt)."""
import socket

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    port = int(open("port.txt").read())
    socket.socket().connect(("127.0.0.1", port))  # refused: connects a socket to 127.0.0.1:
