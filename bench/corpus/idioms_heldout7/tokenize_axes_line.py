"""A one-line spec is read with `tokenize.generate_tokens`; its NAME tokens after `=` are the axes."""
import io
import tokenize

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
LINE = "axes = (aa, bb)\n"

tokens = list(tokenize.generate_tokens(io.StringIO(LINE).readline))
equals = next(i for i, tok in enumerate(tokens) if tok.string == "=")
AXES = tuple(tok.string for tok in tokens[equals:] if tok.type == tokenize.NAME)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add")


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("aa", "bb"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
