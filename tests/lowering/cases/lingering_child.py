"""Leaves a child running that keeps the inherited stdout/stderr open."""
import os
import subprocess
import sys

import jax
import jax.numpy as jnp

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
with open(os.environ["PALLAS_LSP_CHILD_PID_FILE"], "w") as f:
    f.write(str(child.pid))
print(jax.jit(lambda x: x * 2)(jnp.ones(3)))
