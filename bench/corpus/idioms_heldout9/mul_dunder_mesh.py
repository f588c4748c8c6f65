"""`Axis("x", 2) * Axis("y", 2)` (a custom `__mul__`) gives both the mesh and the collective axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Axis:
    def __init__(self, name, size):
        self.names = (name,)
        self.sizes = (size,)

    def __mul__(self, other):
        product = Axis.__new__(Axis)
        product.names = self.names + other.names
        product.sizes = self.sizes + other.sizes
        return product


GRID = Axis("x", 2) * Axis("y", 2)


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, GRID.names)


if __name__ == "__main__":
    mesh = jax.make_mesh(GRID.sizes, ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
