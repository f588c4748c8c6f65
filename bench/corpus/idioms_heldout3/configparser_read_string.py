"""An INI block parsed with configparser.read_string; typed getters give the sizes and widths."""
import configparser

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PARSER = configparser.ConfigParser()
PARSER.read_string("""
[collective]
axis = mesh_dev
devices = 2
reduction = min
vec = 8
""")
SECTION = PARSER["collective"]


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(SECTION["axis"],),
                                   reduction_op=SECTION["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SECTION.getint("vec")),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((SECTION.getint("devices"),), (SECTION["axis"],))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
