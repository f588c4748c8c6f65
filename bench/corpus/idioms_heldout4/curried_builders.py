"""Curried configuration: each call fixes one setting and returns the next function."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def over(axes):
    def reducing(reduction):
        def width(vec):
            def body(x_ref, y_ref):
                y_ref[...] = plgpu.layout_cast(
                    plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction),
                    plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec),
                )
            return body
        return width
    return reducing


if __name__ == "__main__":
    body = over(("ring", "tree"))("and")(4)
    mesh = jax.make_mesh((2, 2), ("ring", "tree"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(body, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
