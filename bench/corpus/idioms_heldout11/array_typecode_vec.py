"""Per-launch widths kept in an array.array('b'); the typecode bounds them to small ints."""
import array

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
DTYPES = (jnp.float32, jnp.float16)
VECS = array.array("b", [4, 2])


def make_body(vec):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for dtype, vec in zip(DTYPES, VECS.tolist(), strict=True):
        call = plgpu.kernel(
            make_body(vec),
            out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, dtype)))
