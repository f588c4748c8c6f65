"""Vector widths are handed out round-robin by `itertools.cycle`; this kernel gets the third."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

ROUND_ROBIN = itertools.cycle([1, 2])
VEC_LIST = [next(ROUND_ROBIN) for _ in range(3)]
VEC = VEC_LIST[-1]


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
    plgpu.multimem_store(value, y_ref, ("x", "y"))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
