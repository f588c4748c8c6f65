"""A mesh spec string "x:2,y:2" parsed with partition/split into names and sizes,
transposed with zip(*pairs)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_SPEC = "x:2,y:2"


def parse_spec(spec):
    pairs = []
    for item in spec.split(","):
        name, _, size = item.partition(":")
        pairs.append((name.strip(), int(size)))
    return pairs


NAMES, SIZES = zip(*parse_spec(MESH_SPEC), strict=True)


def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, collective_axes=NAMES)


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, NAMES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
