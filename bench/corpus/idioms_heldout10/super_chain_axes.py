"""Each layer of a launcher hierarchy adds its mesh axis through a super().__init__ chain."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Launcher:
    def __init__(self, axes=()):
        self.axes = tuple(axes)


class DataParallel(Launcher):
    def __init__(self, axes=()):
        super().__init__(("data", *axes))


class ModelParallel(DataParallel):
    def __init__(self):
        super().__init__(("model",))


LAUNCHER = ModelParallel()


def allreduce(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=LAUNCHER.axes, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(allreduce, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
