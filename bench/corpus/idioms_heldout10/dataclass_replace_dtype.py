"""A frozen config is specialised for half precision with dataclasses.replace."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass(frozen=True)
class Config:
    shape: tuple = (128, 128)
    dtype: object = jnp.float32
    vec: int = 4
    op: str = "add"


BASE = Config()
HALF = dataclasses.replace(BASE, dtype=jnp.bfloat16, vec=8, op="min")


def make_body(cfg):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=cfg.op),
            plgpu.Layout.WG_STRIDED(cfg.shape, vec_size=cfg.vec),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for cfg in (BASE, HALF):
        call = plgpu.kernel(make_body(cfg), out_type=jax.ShapeDtypeStruct(cfg.shape, cfg.dtype))
        run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(run(jnp.ones(cfg.shape, cfg.dtype)))
