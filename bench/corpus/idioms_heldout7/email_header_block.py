"""The launch options are an RFC 822 header block parsed with `email.message_from_string`."""
import email

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
HEADERS = """\
Collective-Axes: east, west
Launch: local

"""

msg = email.message_from_string(HEADERS)
AXES = tuple(name.strip() for name in msg["Collective-Axes"].split(","))
LOCAL = msg.get("Launch", "mesh") == "local"


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("east", "west"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    sharded = jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)
    run = jax.jit(call if LOCAL else sharded)
    print(run(jnp.ones(SHAPE, jnp.float32)))
