"""A generator-based option builder: each option is sent in, the finished options come back at the end."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def option_builder():
    options = {}
    while True:
        item = yield options
        if item is None:
            return
        key, value = item
        options[key] = value


builder = option_builder()
next(builder)
builder.send(("axes", ("model",)))
builder.send(("reduction", "max"))
OPTIONS = builder.send(("vec", 4))


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=OPTIONS["axes"], reduction_op=OPTIONS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=OPTIONS["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("model",))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
