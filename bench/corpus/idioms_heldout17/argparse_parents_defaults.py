"""A child `ArgumentParser(parents=[common])` inherits the axes option and its default; the command line sets only the reduction."""
import argparse

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)

COMMON = argparse.ArgumentParser(add_help=False)
COMMON.add_argument("--axes", nargs=2, default=("dune", "playa"))
PARSER = argparse.ArgumentParser(parents=[COMMON])
PARSER.add_argument("--op", default="max")
ARGS = PARSER.parse_args(["--op", "min"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(ARGS.axes), reduction_op=ARGS.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dune", "playa"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.bfloat16)))
