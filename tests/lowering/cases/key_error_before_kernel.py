"""The script reads a key its config dict lacks before it reaches any kernel: a KeyError of
the user's code that PAL079 predicts (design.md 218), so a finding, not a failed check."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CONFIG = {"shape": (128, 128)}


def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...]


if __name__ == "__main__":
    shape = CONFIG["shapes"]
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, jnp.float32))
    print(jax.jit(call)(jnp.ones(shape, jnp.float32)))
