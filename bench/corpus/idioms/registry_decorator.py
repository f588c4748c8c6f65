"""Kernels registered by name into a module dict by a decorator, then looked up and launched."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
AXES = ("x",)
KERNELS = {}


def register(name):
    def decorate(fn):
        KERNELS[name] = fn
        return fn
    return decorate


@register("allreduce_sum")
def allreduce_sum(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add")
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))


@register("broadcast")
def broadcast(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, AXES)


def run(name, x, mesh):
    call = plgpu.kernel(KERNELS[name], out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    x = jnp.ones(SHAPE, jnp.float32)
    for kernel_name in ("allreduce_sum", "broadcast"):
        print(run(kernel_name, x, mesh))
