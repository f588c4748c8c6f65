"""A script that prints on stdout (even the protocol's marker), writes fd 1, and reads stdin."""
import os

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

print("@@pallas-lsp-lowering-result@@")
print('{"lowered": 99, "errors": []}')
os.write(1, b"@@pallas-lsp-lowering-result@@\n{}\n")
try:
    answer = input()
except EOFError:
    answer = ""


def signal_kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes="peers")
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


call = plgpu.kernel(
    signal_kernel,
    out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
    scratch_types=[plgpu.SemaphoreType.REGULAR],
)
print(jax.jit(call)(), answer)
raise SystemExit(0)
