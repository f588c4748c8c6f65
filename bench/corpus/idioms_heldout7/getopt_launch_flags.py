"""`getopt.getopt` parses a fixed argument list; `--local` makes the launcher skip the shard_map."""
import getopt

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
ARGV = ["--op", "add", "--local"]

opts, _ = getopt.getopt(ARGV, "", ["op=", "local"])
OPTIONS = dict(opts)
REDUCTION = OPTIONS["--op"]
SHARDED = "--local" not in OPTIONS


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("d",), reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("d",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    if SHARDED:
        run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    else:
        run = jax.jit(call)
    print(run(jnp.ones(SHAPE, jnp.float16)))
