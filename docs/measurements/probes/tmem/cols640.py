"""A Blackwell MMA step (the probes' base): acc (128, 128) f32 in TMEM += a (128, 64) @ b (64, 128) f16 in SMEM."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

M, K, N = 128, 64, 128
# f16 operands in 128-byte swizzled tiles of (8, 64): what tcgen05_mma reads from SMEM.
TRANSFORMS = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))


def matmul_kernel(o_ref, a_smem, b_smem, acc_tmem, t1, t2, mma_done):
    plgpu.tcgen05_mma(acc_tmem, a_smem, b_smem, mma_done, accumulate=False)
    plgpu.barrier_wait(mma_done)
    o_ref[...] = plgpu.async_load_tmem(acc_tmem)


if __name__ == "__main__":
    matmul = plgpu.kernel(
        matmul_kernel,
        out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
        scratch_types=[plgpu.SMEM((M, K), jnp.float16, transforms=TRANSFORMS),
                        plgpu.SMEM((K, N), jnp.float16, transforms=TRANSFORMS),
                        plgpu.TMEM((M, N), jnp.float32), plgpu.TMEM((M, 256), jnp.float32), plgpu.TMEM((M, 256), jnp.float32),
                        plgpu.Barrier(orders_tensor_core=True)],
    )
    print(jax.jit(matmul)())
