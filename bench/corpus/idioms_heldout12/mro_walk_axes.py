"""Each class of a launcher hierarchy declares its own `AXIS`; walking `__mro__` collects them all."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Launcher:
    pass


class HostLauncher(Launcher):
    AXIS = "host"


class ChipLauncher(HostLauncher):
    AXIS = "chip"


def axes_of(cls):
    found = [vars(klass)["AXIS"] for klass in cls.__mro__ if "AXIS" in vars(klass)]
    return tuple(reversed(found))


AXES = axes_of(ChipLauncher)


def fan_out_kernel(y_ref, smem):
    smem[...] = jnp.zeros(SHAPE, jnp.int32)
    plgpu.commit_smem()

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))

    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("host", "chip"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.int32)],
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
