"""A recursive walk over a nested settings dict collects every leaf under "axis" keys, depth first."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
TREE = {
    "cluster": {"axis": "pod", "inner": {"axis": "dev", "dtype": "float32"}},
    "store": {"vec_size": 4},
}


def collect(node, key):
    found = []
    for name, value in node.items():
        if isinstance(value, dict):
            found += collect(value, key)
        elif name == key:
            found.append(value)
    return found


AXES = tuple(collect(TREE, "axis"))
DTYPE = jnp.dtype(collect(TREE, "dtype")[0])
VEC = collect(TREE, "vec_size")[0]


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
    plgpu.multimem_store(value, y_ref, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("pod", "dev"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
