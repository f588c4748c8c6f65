"""A frozen dataclass config, specialised with dataclasses.replace, drives a reduce kernel."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass(frozen=True)
class ReduceConfig:
    axes: tuple = ("x", "y")
    op: str = "add"
    dtype: object = jnp.float32
    vec_size: int = 4
    shape: tuple = (256, 128)


def build(cfg: ReduceConfig):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=cfg.axes, reduction_op=cfg.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(cfg.shape, vec_size=cfg.vec_size))

    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(cfg.shape, cfg.dtype))


if __name__ == "__main__":
    base = ReduceConfig()
    cfg = dataclasses.replace(base, dtype=jnp.bfloat16, vec_size=8, op="max")
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    f = jax.jit(jax.shard_map(build(cfg), mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(cfg.shape, cfg.dtype)))
