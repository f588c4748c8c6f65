"""All-reduce whose every knob comes from a nested config dict, read inside a kernel factory."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

CONFIG = {
    "mesh": {"shape": (2,), "axes": ("x",)},
    "reduce": {"op": "add", "dtype": jnp.float32, "vec_size": 4},
    "block": (256, 128),
}


def make_kernel(cfg):
    reduce_cfg = cfg["reduce"]
    block = cfg["block"]

    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(
            x_ref, collective_axes=cfg["mesh"]["axes"], reduction_op=reduce_cfg["op"])
        y_ref[...] = plgpu.layout_cast(
            total, plgpu.Layout.WG_STRIDED(block, vec_size=reduce_cfg["vec_size"]))

    return kernel


def allreduce(x, mesh, cfg):
    call = plgpu.kernel(
        make_kernel(cfg),
        out_type=jax.ShapeDtypeStruct(cfg["block"], cfg["reduce"]["dtype"]),
    )
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


if __name__ == "__main__":
    mesh = jax.make_mesh(CONFIG["mesh"]["shape"], CONFIG["mesh"]["axes"])
    x = jnp.ones(CONFIG["block"], CONFIG["reduce"]["dtype"])
    print(allreduce(x, mesh, CONFIG))
