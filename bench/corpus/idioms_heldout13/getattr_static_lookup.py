"""Class-level settings are read with `inspect.getattr_static`, which skips an instance `__getattr__` fallback."""
import inspect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Knobs:
    axes = ("rank",)
    op = "add"
    vec = 2

    def __getattr__(self, name):
        return None


knobs = Knobs()
AXES = inspect.getattr_static(knobs, "axes")
OP = inspect.getattr_static(knobs, "op")
VEC = inspect.getattr_static(knobs, "vec")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("rank",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
