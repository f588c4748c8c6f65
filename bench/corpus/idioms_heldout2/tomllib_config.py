"""Settings parsed with tomllib.loads from a literal TOML string."""
import jax
import jax.numpy as jnp
import tomllib
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

TOML = """
axes = ["x"]
shape = [256, 128]

[reduce]
op = "add"
vec_size = 4
"""
CFG = tomllib.loads(TOML)
AXES = tuple(CFG["axes"])
SHAPE = tuple(CFG["shape"])


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=CFG["reduce"]["op"])
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CFG["reduce"]["vec_size"]))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
