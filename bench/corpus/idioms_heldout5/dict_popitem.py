"""Profiles are registered in insertion order; dict.popitem() takes the last one registered, which sets
the launch."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

PROFILES = {}
PROFILES["fp32"] = {"dtype": jnp.float32, "reduction": "add", "vec": 4}
PROFILES["bf16"] = {"dtype": jnp.bfloat16, "reduction": "max", "vec": 2}
PROFILES["fp16"] = {"dtype": jnp.float16, "reduction": "min", "vec": 4}
NAME, PROFILE = PROFILES.popitem()
SHAPE = (256, 128)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("slice",), reduction_op=PROFILE["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PROFILE["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("slice",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, PROFILE["dtype"]))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(NAME, run(jnp.ones(SHAPE, PROFILE["dtype"])))
