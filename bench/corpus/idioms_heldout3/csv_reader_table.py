"""A small CSV table of axes (name,size) read with csv.DictReader over an in-file string."""
import csv
import io

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TABLE = """name,size
dcn,2
ici,2
"""
ROWS = list(csv.DictReader(io.StringIO(TABLE)))
NAMES = tuple(row["name"] for row in ROWS)
SIZES = tuple(int(row["size"]) for row in ROWS)


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=NAMES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, NAMES)
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(kernel, out_type=out_type,
                        num_threads=1, thread_name="wg")
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
