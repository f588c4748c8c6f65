"""A kernel is named by a URI; `urllib.parse.urlsplit` gives semantics (scheme), dtype (host), op (path)."""
import urllib.parse

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
URI = "lane://bfloat16/max"

parts = urllib.parse.urlsplit(URI)
SEMANTICS = plgpu.LoweringSemantics[parts.scheme.capitalize()]
DTYPE = jnp.dtype(parts.netloc)
REDUCTION = parts.path.lstrip("/")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=("mesh",), reduction_op=REDUCTION)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("mesh",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
