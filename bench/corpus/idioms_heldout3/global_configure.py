"""A configure() function that rebinds module globals with the global statement before the launch."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128,)
BARRIER_AXES = None
N_PEERS = 1


def configure(axes, peers):
    global BARRIER_AXES, N_PEERS
    BARRIER_AXES = axes
    N_PEERS = peers


def kernel(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=BARRIER_AXES)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


if __name__ == "__main__":
    configure(("mesh_x", "mesh_y"), 4)
    mesh = jax.make_mesh((2, N_PEERS // 2), BARRIER_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        scratch_types=[plgpu.SemaphoreType.REGULAR])
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
