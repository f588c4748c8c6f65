"""A metaclass `__call__` post-processes every instance: it widens the axes to the whole mesh."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
MESH_AXES = ("pod", "chip")


class Widening(type):
    def __call__(cls, *args, **kwargs):
        instance = super().__call__(*args, **kwargs)
        instance.axes = tuple(dict.fromkeys(instance.axes + MESH_AXES))
        return instance


class StoreConfig(metaclass=Widening):
    def __init__(self, axes, vec_size=2, dtype=jnp.bfloat16):
        self.axes = axes
        self.vec_size = vec_size
        self.dtype = dtype


cfg = StoreConfig(("pod",))


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=cfg.vec_size))
    plgpu.multimem_store(value, y_ref, cfg.axes)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), MESH_AXES)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, cfg.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, cfg.dtype)))
