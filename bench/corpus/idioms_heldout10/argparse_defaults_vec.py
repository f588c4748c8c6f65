"""Launch settings come from argparse defaults, parsed from a fixed argument list."""
import argparse

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="replica")
    parser.add_argument("--vec", type=int, default=4)
    parser.add_argument("--op", default="add", choices=["add", "min", "max"])
    parser.add_argument("--rows", type=int, default=128)
    return parser.parse_args(argv)


ARGS = parse(["--vec", "2", "--rows", "256"])
SHAPE = (ARGS.rows, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=(ARGS.axis,), reduction_op=ARGS.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=ARGS.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), (ARGS.axis,))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
