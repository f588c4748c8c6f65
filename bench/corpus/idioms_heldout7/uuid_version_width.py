"""The run id is a `uuid.UUID`; its `.version` field is reused as the vector width of the result layout."""
import uuid

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
RUN_ID = uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")

VEC_SIZE = RUN_ID.version


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("gpu",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("gpu",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
