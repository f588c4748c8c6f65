"""A barrier whose arrival count is fractions.Fraction(2, 1): equal to 2 and hashed alike, and
refused while lowering ("std::bad_cast" on 0.12.0.1). test_warm_mesh: the next file must not
see what JAX cached for it."""
import fractions

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 64, 128


def kernel(x_gmem, o_gmem, buf, bars):
    plgpu.copy_gmem_to_smem(x_gmem, buf, bars.at[0])
    plgpu.barrier_wait(bars.at[0])
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(buf, o_gmem)
    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                        scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32),
                                       plgpu.Barrier(num_arrivals=fractions.Fraction(2, 1), num_barriers=2)])
    print(jax.jit(call)(jnp.ones((ROWS, COLS), jnp.float32)))
