"""A hand-written iterator (`__next__`) hands out axis names; the kernel takes two with `next()`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class NameCursor:
    def __init__(self, *names):
        self.names = names
        self.position = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.position == len(self.names):
            raise StopIteration
        self.position += 1
        return self.names[self.position - 1]


cursor = NameCursor("data", "model")
AXES = (next(cursor), next(cursor))


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
