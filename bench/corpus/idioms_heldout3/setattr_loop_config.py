"""A plain config object filled by a setattr loop over (name, value) pairs, patched via __dict__.update."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class Config:
    pass


cfg = Config()
for key, value in [("axes", ("a",)), ("reduction", "add"), ("vec", 1), ("shape", (128, 128))]:
    setattr(cfg, key, value)
cfg.__dict__.update(axes=("workers",), vec=2)


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=cfg.axes, reduction_op=cfg.reduction),
        plgpu.Layout.WG_STRIDED(cfg.shape, vec_size=cfg.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("workers",))
    out_type = jax.ShapeDtypeStruct(cfg.shape, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
