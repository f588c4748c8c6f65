"""`ConfigParser.getboolean` reads "off" as False, so the kernel gets Warpgroup semantics."""
import configparser

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
PARSER = configparser.ConfigParser()
PARSER.read_dict({"kernel": {"lane": "off", "op": "add"}})
SEMANTICS = (
    plgpu.LoweringSemantics.Lane
    if PARSER.getboolean("kernel", "lane")
    else plgpu.LoweringSemantics.Warpgroup
)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("weald", "down"), reduction_op=PARSER["kernel"]["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("weald", "down"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
