"""A class decorator registers the config class; __post_init__ derives fields from others."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CONFIGS = []


def registered(cls):
    CONFIGS.append(cls)
    return cls


@registered
@dataclasses.dataclass
class ReduceConfig:
    dtype: object = jnp.float32
    op: str = "add"
    axis: str = "x"
    shape: tuple = (256, 128)

    def __post_init__(self):
        self.vec_size = 16 // jnp.dtype(self.dtype).itemsize
        self.axes = (self.axis,)


def build(cfg):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=cfg.axes, reduction_op=cfg.op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(cfg.shape, vec_size=cfg.vec_size))

    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(cfg.shape, cfg.dtype))


if __name__ == "__main__":
    cfg = CONFIGS[0]()
    mesh = jax.make_mesh((2,), cfg.axes)
    f = jax.jit(jax.shard_map(build(cfg), mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(cfg.shape, cfg.dtype)))
