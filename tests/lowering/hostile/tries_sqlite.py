"""Opens an SQLite database file."""
import sqlite3

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x * 2


if __name__ == "__main__":
    step(jnp.ones(4))
    sqlite3.connect("runs.db")  # refused: opens the database 'runs.db' (sqlite3)
