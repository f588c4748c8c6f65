"""A lane group object: its __len__ is the vector width the layout uses."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class LaneGroup:
    vec = 8

    def __init__(self, dtype):
        self.dtype = dtype

    def __len__(self):
        return self.vec


def body(x_ref, y_ref):
    lanes = LaneGroup(jnp.float16)
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes="t", reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=len(lanes)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("t",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float16)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
