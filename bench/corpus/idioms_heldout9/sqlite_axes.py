"""The mesh axes are rows of an in-memory `sqlite3` table, selected in order."""
import sqlite3

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

DB = sqlite3.connect(":memory:")
DB.execute("CREATE TABLE axes (position INTEGER, name TEXT, size INTEGER)")
DB.executemany("INSERT INTO axes VALUES (?, ?, ?)", [(1, "model", 2), (0, "data", 2)])
ROWS = DB.execute("SELECT name, size FROM axes ORDER BY position").fetchall()
AXES = tuple(name for name, _ in ROWS)
SIZES = tuple(size for _, size in ROWS)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, ("data", "model"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
