"""The vector width is stored as an `lru_cache` maxsize and read back through `cache_parameters()`."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC = 2


@functools.lru_cache(maxsize=VEC, typed=True)
def axes_for(rank):
    return ("quarry", "seam")[:rank]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=axes_for(2), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=axes_for.cache_parameters()["maxsize"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("quarry", "seam"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
