"""Launch settings written in TOML inside the file and read with tomllib.loads."""
import jax
import jax.numpy as jnp
import tomllib
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CONFIG = tomllib.loads("""
[mesh]
names = ["replica", "stage"]
sizes = [2, 2]

[reduce]
op = "add"
vec = 2
dtype = "float32"
""")
SHAPE = (128, 128)
DTYPE = jnp.dtype(CONFIG["reduce"]["dtype"])


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(CONFIG["mesh"]["names"]),
                                   reduction_op=CONFIG["reduce"]["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG["reduce"]["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(CONFIG["mesh"]["sizes"]), tuple(CONFIG["mesh"]["names"]))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
