"""A frozen dataclass with its own __init__ sets derived fields through object.__setattr__ (the frozen
guard is bypassed on purpose)."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass(frozen=True, init=False)
class Launch:
    axes: tuple
    dtype: object
    vec_size: int

    def __init__(self, axes_csv, dtype):
        object.__setattr__(self, "axes", tuple(axes_csv.split("+")))
        object.__setattr__(self, "dtype", jnp.dtype(dtype))
        object.__setattr__(self, "vec_size", 16 // jnp.dtype(dtype).itemsize)


LAUNCH = Launch("front+back", jnp.float32)
SHAPE = (256, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=LAUNCH.axes, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=LAUNCH.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("front", "back"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, LAUNCH.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, LAUNCH.dtype)))
