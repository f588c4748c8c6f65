"""Says it has started (a file named by the test), then computes forever: a check only a
cancel or a timeout ends. No child process, no JAX: the cancel must reach Python code."""
import os

with open(os.environ["PALLAS_LSP_STARTED_FILE"], "w") as f:
    f.write("started")
n = 0
while True:
    n = (n * 31 + 7) % 1_000_003
