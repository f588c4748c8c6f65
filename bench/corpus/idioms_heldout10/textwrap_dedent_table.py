"""A settings table in an indented triple-quoted string, dedented with textwrap and split into fields."""
import textwrap

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
TABLE = textwrap.dedent("""
    axis   ring
    op     add
    vec    4
    rows   128
""").strip()
SETTINGS = dict(line.split() for line in TABLE.splitlines())
SHAPE = (int(SETTINGS["rows"]), 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(SETTINGS["axis"],), reduction_op=SETTINGS["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(SETTINGS["vec"])),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (SETTINGS["axis"],))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
