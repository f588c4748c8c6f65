"""Free-form tokens are filtered with `str.isidentifier`: only valid names become axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TOKENS = ["2x2", "sx", "-", "sy", "8"]

AXES = tuple(token for token in TOKENS if token.isidentifier())


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))
    plgpu.multimem_store(value, y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("sx", "sy"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
