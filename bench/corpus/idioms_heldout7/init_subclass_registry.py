"""Reducers register themselves through `__init_subclass__(op=...)`; the kernel uses the op name."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
REDUCERS = {}


class Reducer:
    def __init_subclass__(cls, op, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.op = op
        REDUCERS[cls.__name__] = cls


class Peak(Reducer, op="max"):
    pass


class Total(Reducer, op="add"):
    pass


CHOSEN = REDUCERS["Peak"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("shard",), reduction_op=CHOSEN.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("shard",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
