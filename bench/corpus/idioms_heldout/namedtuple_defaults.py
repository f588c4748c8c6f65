"""collections.namedtuple with defaults; instances built positionally and by keyword."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

Plan = collections.namedtuple("Plan", "axes op vec_size shape dtype",
                              defaults=("add", 4, (256, 128), jnp.float32))


def make_kernel(plan):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=plan.axes, reduction_op=plan.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(plan.shape, vec_size=plan.vec_size))

    return kernel


if __name__ == "__main__":
    plan = Plan(("x",), vec_size=2)
    mesh = jax.make_mesh((2,), plan.axes)
    call = plgpu.kernel(make_kernel(plan), out_type=jax.ShapeDtypeStruct(plan.shape, plan.dtype))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(plan.shape, plan.dtype)))
