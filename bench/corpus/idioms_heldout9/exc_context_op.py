"""A failed alias lookup is chained implicitly; the KeyError in `__context__` holds a name JAX knows."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

KNOWN_ALIASES = {"sum": "add", "bitxor": "xor"}


def translate(name):
    try:
        return KNOWN_ALIASES[name]
    except KeyError:
        raise RuntimeError("not an alias")  # noqa: B904 (implicit chaining is the idiom)


try:
    OP = translate("max")
except RuntimeError as error:
    OP = error.__context__.args[0]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("x", "y"), reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
