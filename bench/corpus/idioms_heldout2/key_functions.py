"""min/max/sorted with key= lambdas pick the reduction and the vector width from candidate tables."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
CANDIDATES = [("max", 3), ("add", 1), ("min", 2)]
WIDTHS = {2: "narrow", 4: "wide"}


def kernel(x_ref, y_ref):
    op = min(CANDIDATES, key=lambda pair: pair[1])[0]
    vec_size = max(WIDTHS, key=lambda width: width)
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=op)
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
