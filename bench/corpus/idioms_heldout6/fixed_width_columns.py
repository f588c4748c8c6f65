"""A fixed-width text table is read by column slices and `str.strip`: this job's row gives op and width."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
TABLE = (
    "job       op    vec",
    "gradient  add   4  ",
    "maxpool   max   2  ",
)
JOB = "maxpool"

for line in TABLE[1:]:
    if line[0:10].strip() == JOB:
        reduction = line[10:16].strip()
        vec_size = int(line[16:].strip())


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("cube",), reduction_op=reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("cube",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
