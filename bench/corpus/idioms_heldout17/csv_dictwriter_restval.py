"""A `csv.DictWriter(restval="add")` fills the missing "op" column; reading the row back gives the reduction."""
import csv
import io

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
FIELDS = ["outer", "inner", "op"]

BUFFER = io.StringIO()
WRITER = csv.DictWriter(BUFFER, fieldnames=FIELDS, restval="add")
WRITER.writeheader()
WRITER.writerow({"outer": "wadi", "inner": "erg"})
ROW = next(csv.DictReader(io.StringIO(BUFFER.getvalue())))
AXES = (ROW["outer"], ROW["inner"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=ROW["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("wadi", "erg"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
