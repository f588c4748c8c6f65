"""Kernel settings classes are made at run time with type(name, bases, namespace)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


class Base:
    axes = ("x",)
    reduction = "add"
    vec_size = 4


def settings_class(name, **overrides):
    return type(name, (Base,), dict(overrides))


Wide = settings_class("Wide", axes=("x", "y"), vec_size=2)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Wide.axes, reduction_op=Wide.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Wide.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
