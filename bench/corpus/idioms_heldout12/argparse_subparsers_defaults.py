"""An argparse sub-command's `set_defaults` carries the reduction, dtype and width of the "reduce" job."""
import argparse

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)

parser = argparse.ArgumentParser(prog="collective")
commands = parser.add_subparsers(dest="command", required=True)
reduce_cmd = commands.add_parser("reduce")
reduce_cmd.set_defaults(reduction="max", dtype="bfloat16", vec_size=2)
reduce_cmd.add_argument("--axis", default="expert")
broadcast_cmd = commands.add_parser("broadcast")
broadcast_cmd.set_defaults(reduction=None, dtype="float32", vec_size=4)
ARGS = parser.parse_args(["reduce"])
DTYPE = jnp.dtype(ARGS.dtype)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(ARGS.axis,), reduction_op=ARGS.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=ARGS.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("expert",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
