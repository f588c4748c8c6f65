"""The launch constants are published read-only through types.MappingProxyType; a write attempt is refused."""
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

_constants = {"axes": ("left", "right"), "reduction": "max", "vec_size": 4, "dtype": jnp.int32}
CONSTANTS = types.MappingProxyType(_constants)


def try_override():
    try:
        CONSTANTS["reduction"] = "add"
    except TypeError:
        return False
    return True


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=CONSTANTS["axes"], reduction_op=CONSTANTS["reduction"]
        ),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONSTANTS["vec_size"]),
    )


if __name__ == "__main__":
    assert not try_override()
    mesh = jax.make_mesh((2, 2), ("left", "right"))
    out = jax.ShapeDtypeStruct(SHAPE, CONSTANTS["dtype"])
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
