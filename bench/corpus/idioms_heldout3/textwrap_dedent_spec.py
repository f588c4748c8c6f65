"""The run's settings written as an indented key = value block, textwrap.dedent-ed and parsed line by line."""
import textwrap

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SPEC = textwrap.dedent("""
    axes = expert
    devices = 2
    reduction = max
    dtype = bfloat16
    vec = 2
""")


def parse(text):
    settings = {}
    for line in text.strip().splitlines():
        key, _, value = line.partition("=")
        settings[key.strip()] = value.strip()
    return settings


SETTINGS = parse(SPEC)
SHAPE = (128, 128)
DTYPE = jnp.dtype(SETTINGS["dtype"])


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(SETTINGS["axes"],),
                                   reduction_op=SETTINGS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(SETTINGS["vec"])),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((int(SETTINGS["devices"]),), (SETTINGS["axes"],))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
