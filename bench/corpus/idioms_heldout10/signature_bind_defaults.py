"""inspect.signature(...).bind fills in a builder's defaults before the kernel is made."""
import inspect

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def reduce_spec(axes, op="add", vec=4, shape=(128, 128), dtype=jnp.float32):
    return None


BOUND = inspect.signature(reduce_spec).bind(("left", "right"), vec=2)
BOUND.apply_defaults()
SPEC = BOUND.arguments


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SPEC["axes"], reduction_op=SPEC["op"]),
        plgpu.Layout.WG_STRIDED(SPEC["shape"], vec_size=SPEC["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), SPEC["axes"])
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SPEC["shape"], SPEC["dtype"]))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SPEC["shape"], SPEC["dtype"])))
