"""A descriptor's `__set_name__` records the class attribute names as the mesh axis names."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Axis:
    declared = []  # noqa: RUF012 (a registry shared by the class)

    def __init__(self, size):
        self.size = size

    def __set_name__(self, owner, name):
        self.name = name
        Axis.declared.append(self)


class Topology:
    rows = Axis(2)
    cols = Axis(2)


AXES = tuple(axis.name for axis in Axis.declared)
SIZES = tuple(axis.size for axis in Axis.declared)


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("rows", "cols"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
