"""A non-data descriptor (`__get__` only) gives class defaults; the instance dict shadows some of them."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Default:
    def __init__(self, value):
        self.value = value

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        return self.value


class Plan:
    axes = Default(("x",))
    reduction = Default("max")
    dtype = Default(jnp.float32)


plan = Plan()
# Without __set__, a write into the instance dict wins over the descriptor on lookup.
plan.__dict__["axes"] = ("x", "y")
plan.__dict__["reduction"] = "add"
vec_size = 4


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=plan.axes, reduction_op=plan.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, plan.dtype),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, plan.dtype)))
