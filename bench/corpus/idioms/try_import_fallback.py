"""Settings from an optional site module, with try/except fallbacks when it is absent."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

try:
    from site_tuning import MESH_AXES  # not installed here: the fallback is used
except ImportError:
    MESH_AXES = ("x",)

try:
    VEC_SIZE = int("4")
except ValueError:
    VEC_SIZE = 1

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=MESH_AXES, reduction_op="add")
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), MESH_AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
