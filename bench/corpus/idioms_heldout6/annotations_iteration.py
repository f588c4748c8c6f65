"""A config class's raw `__annotations__` dict is iterated: the fields annotated AXIS are the axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXIS, OP, WIDTH = "axis", "op", "width"


class Topology:
    outer: AXIS = "hosts"
    inner: AXIS = "gpus"
    reduction: OP = "max"
    vec_size: WIDTH = 8


AXES = tuple(getattr(Topology, name) for name, kind in Topology.__annotations__.items() if kind == AXIS)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=Topology.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Topology.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("hosts", "gpus"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
