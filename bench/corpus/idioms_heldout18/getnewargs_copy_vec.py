"""`copy.copy` of an int subclass rebuilds it from `__getnewargs__`, which doubles the stored width."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 256)
VEC_HALF = 1


class Width(int):
    def __new__(cls, lanes):
        return super().__new__(cls, lanes)

    def __getnewargs__(self):
        return (int(self) * 2,)


VEC = int(copy.copy(Width(VEC_HALF)))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("holm", "ness"), reduction_op="or"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("holm", "ness"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
