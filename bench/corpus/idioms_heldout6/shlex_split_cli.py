"""A command line is split with `shlex.split` (quoted multi-word values) and read as option pairs."""
import shlex

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
COMMAND = "reduce --axes 'rack slot' --op max --vec 8"

words = shlex.split(COMMAND)
options = dict(zip(words[1::2], words[2::2], strict=True))
AXES = tuple(options["--axes"].split())
REDUCTION = options["--op"]
VEC = int(options["--vec"])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rack", "slot"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
