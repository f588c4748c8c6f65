"""The plan is a module constant found by name in globals(), from the dtype's name."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

PLAN_FLOAT32 = {"reduction": "add", "vec_size": 4}
PLAN_UINT32 = {"reduction": "or", "vec_size": 2}


def plan_for(dtype):
    return globals()["PLAN_" + jnp.dtype(dtype).name.upper()]


def make_body(dtype):
    plan = plan_for(dtype)

    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("k", "l"), reduction_op=plan["reduction"]),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=plan["vec_size"]),
        )
    return body


if __name__ == "__main__":
    dtype = jnp.uint32
    mesh = jax.make_mesh((2, 2), ("k", "l"))
    out = jax.ShapeDtypeStruct(SHAPE, dtype)
    call = plgpu.kernel(make_body(dtype), out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
