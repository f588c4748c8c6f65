"""The settings are resolved in a `concurrent.futures.ThreadPoolExecutor`; `future.result()` returns them."""
import concurrent.futures

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


def resolve(key):
    table = {"axes": ("x",), "op": "add", "dtype": "float16", "vec": 8}
    return key, table[key]


with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    futures = [pool.submit(resolve, key) for key in ("axes", "op", "dtype", "vec")]
    RESOLVED = dict(f.result() for f in concurrent.futures.as_completed(futures))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=RESOLVED["axes"], reduction_op=RESOLVED["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=RESOLVED["vec"]),
    )


if __name__ == "__main__":
    dtype = jnp.dtype(RESOLVED["dtype"])
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, dtype)))
