"""Each parallelism group contributes a tuple of axes; sum(..., ()) joins them into the collective axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Group:
    def __init__(self, *axes):
        self.axes = axes


GROUPS = [Group("dcn"), Group("ici_x", "ici_y")]


def body(x_ref, y_ref):
    axes = sum((g.axes for g in GROUPS), ())
    plgpu.multimem_store(x_ref[...], y_ref, axes)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2, 2), ("dcn", "ici_x", "ici_y"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
