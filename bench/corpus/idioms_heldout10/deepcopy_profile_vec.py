"""A half-precision profile is a copy.deepcopy of the base profile with its nested values edited."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BASE = {"tile": {"shape": (128, 128), "vec": 4}, "dtype": jnp.float32, "axes": ("z",)}
HALF = copy.deepcopy(BASE)
HALF["tile"]["vec"] = 8
HALF["dtype"] = jnp.bfloat16


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=HALF["axes"], reduction_op="add"),
        plgpu.Layout.WG_STRIDED(HALF["tile"]["shape"], vec_size=HALF["tile"]["vec"]),
    )


if __name__ == "__main__":
    shape = HALF["tile"]["shape"]
    mesh = jax.make_mesh((2,), BASE["axes"])
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(shape, HALF["dtype"]))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(shape, HALF["dtype"])))
