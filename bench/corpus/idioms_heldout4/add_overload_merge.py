"""Configs merge with +: __add__ keeps the left side's fields and fills the ones it left as None."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
FIELDS = ("axes", "reduction", "vec_size", "dtype")


class Config:
    def __init__(self, **values):
        for name in FIELDS:
            self.__dict__[name] = values.get(name)

    def __add__(self, other):
        merged = {}
        for name in FIELDS:
            mine = getattr(self, name)
            merged[name] = mine if mine is not None else getattr(other, name)
        return Config(**merged)


DEFAULTS = Config(axes=("x",), reduction="add", vec_size=4, dtype=jnp.float32)
USER = Config(axes=("x", "y"), dtype=jnp.int32, reduction="min")


def make_body(cfg):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=cfg.axes, reduction_op=cfg.reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=cfg.vec_size),
        )
    return body


if __name__ == "__main__":
    cfg = USER + DEFAULTS
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    out = jax.ShapeDtypeStruct(SHAPE, cfg.dtype)
    call = plgpu.kernel(make_body(cfg), out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
