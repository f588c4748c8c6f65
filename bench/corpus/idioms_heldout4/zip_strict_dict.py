"""Field names and a row of values are paired with dict(zip(..., strict=True))."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

FIELDS = ("axes", "reduction", "vec_size", "dtype")
ROW = (("a0", "a1"), "max", 8, jnp.float16)


def body_for(cfg):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=cfg["axes"], reduction_op=cfg["reduction"]),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=cfg["vec_size"]),
        )
    return body


if __name__ == "__main__":
    cfg = dict(zip(FIELDS, ROW, strict=True))
    mesh = jax.make_mesh((2, 2), ("a0", "a1"))
    out = jax.ShapeDtypeStruct(SHAPE, cfg["dtype"])
    call = plgpu.kernel(body_for(cfg), out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
