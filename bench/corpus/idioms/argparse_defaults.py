"""A benchmark script: axis name, dtype, op and vector size come from argparse defaults."""
import argparse

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def parse_args():
    parser = argparse.ArgumentParser(description="multimem all-reduce benchmark")
    parser.add_argument("--axis", default="devices")
    parser.add_argument("--dtype", default="bfloat16", choices=["float32", "bfloat16", "float16"])
    parser.add_argument("--op", default="max")
    parser.add_argument("--vec-size", type=int, default=8)
    parser.add_argument("--rows", type=int, default=256)
    return parser.parse_args()


def main():
    args = parse_args()
    shape = (args.rows, 128)
    dtype = jnp.dtype(args.dtype)

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=(args.axis,), reduction_op=args.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(shape, vec_size=args.vec_size))

    mesh = jax.make_mesh((2,), (args.axis,))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(shape, dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(shape, dtype)))


if __name__ == "__main__":
    main()
