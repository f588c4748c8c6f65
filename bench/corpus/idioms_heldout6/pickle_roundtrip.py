"""A settings object survives a `pickle.dumps`/`pickle.loads` round trip (as from a cache) before use."""
import pickle

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Saved:
    def __init__(self, axes, op, vec_size):
        self.axes = axes
        self.op = op
        self.vec_size = vec_size


restored = pickle.loads(pickle.dumps(Saved(("pp", "dp"), "add", 2)))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=restored.axes, reduction_op=restored.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=restored.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pp", "dp"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
