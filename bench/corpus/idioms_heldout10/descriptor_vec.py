"""A validating data descriptor holds the vector width of the result layout."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Width:
    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, objtype=None):
        return getattr(obj, self.slot)

    def __set__(self, obj, value):
        if value not in (1, 2, 4, 8, 16):
            raise ValueError(f"bad width {value}")
        setattr(obj, self.slot, value)


class Tile:
    vec = Width()

    def __init__(self, vec):
        self.vec = vec


TILE = Tile(vec=8)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("i",), reduction_op="max"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=TILE.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("i",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
