"""A hand-written data descriptor (__get__ and __set__) checks and stores the reduction and the width
on each config instance."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Checked:
    """Stores the value in the instance under a private key, converted to the descriptor's type."""

    def __init__(self, key, kind):
        self.key = key
        self.kind = kind

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.__dict__[self.key]

    def __set__(self, obj, value):
        obj.__dict__[self.key] = self.kind(value)


class ReduceConfig:
    reduction = Checked("_reduction", str)
    vec_size = Checked("_vec_size", int)

    def __init__(self, reduction, vec_size, dtype):
        self.reduction = reduction
        self.vec_size = vec_size
        self.dtype = dtype


CONFIG = ReduceConfig("add", 2, jnp.int32)
SHAPE = (128, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op=CONFIG.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG.vec_size),
    )


if __name__ == "__main__":
    CONFIG.reduction = "xor"
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, CONFIG.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, CONFIG.dtype)))
