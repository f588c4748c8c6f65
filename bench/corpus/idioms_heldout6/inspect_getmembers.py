"""`inspect.getmembers` of a config class with a predicate: the attributes named AXIS_* give the axes."""
import inspect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class MeshConfig:
    AXIS_A = "cores"
    AXIS_B = "boards"
    REDUCTION = "xor"
    VEC_SIZE = 4


members = inspect.getmembers(MeshConfig, lambda value: isinstance(value, str))
AXES = tuple(value for name, value in members if name.startswith("AXIS_"))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=MeshConfig.REDUCTION),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=MeshConfig.VEC_SIZE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("boards", "cores"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
