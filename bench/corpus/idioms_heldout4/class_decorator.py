"""A class decorator with arguments stamps the collective settings onto the kernel class."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def collective_over(*axes, reduction):
    def stamp(cls):
        cls.axes = axes
        cls.reduction = reduction
        return cls
    return stamp


@collective_over("north", "south", reduction="xor")
class ParityKernel:
    vec_size = 1

    def body(self, x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=self.axes, reduction_op=self.reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=self.vec_size),
        )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("north", "south"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(ParityKernel().body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
