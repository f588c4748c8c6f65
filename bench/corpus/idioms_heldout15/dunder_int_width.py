"""A `Width` object converts itself with `__int__`; `int(width)` is what reaches the layout's vector size."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Width:
    def __init__(self, bytes_per_load, dtype):
        self.bytes_per_load = bytes_per_load
        self.dtype = jnp.dtype(dtype)

    def __int__(self):
        return self.bytes_per_load // self.dtype.itemsize


DTYPE = jnp.bfloat16
WIDTH = Width(16, DTYPE)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("coil", "tap"), reduction_op="min"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(WIDTH)),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("coil", "tap"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
