"""A sweep table is written with csv.writer into io.StringIO and read back with csv.DictReader."""
import csv
import io

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def sweep_table():
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["dtype", "op", "vec_size"])
    writer.writerow(["int32", "or", 2])
    writer.writerow(["bfloat16", "add", 4])
    return buf.getvalue()


def make_body(op, vec_size):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=op),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for row in csv.DictReader(io.StringIO(sweep_table())):
        dtype = jnp.dtype(row["dtype"])
        call = plgpu.kernel(
            make_body(row["op"], int(row["vec_size"])),
            out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, dtype)))
