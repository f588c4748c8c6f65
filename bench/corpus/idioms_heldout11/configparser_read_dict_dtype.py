"""Per-kernel sections in a configparser (read_dict), with a DEFAULT section for shared values."""
import configparser

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CONFIG = configparser.ConfigParser()
CONFIG.read_dict({
    "DEFAULT": {"axis": "dev", "rows": "128", "cols": "128"},
    "sum": {"dtype": "float32", "op": "add", "vec": "4"},
    "peak": {"dtype": "float16", "op": "max", "vec": "8"},
})


def make_body(section):
    shape = (section.getint("rows"), section.getint("cols"))

    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=(section["axis"],), reduction_op=section["op"]),
            plgpu.Layout.WG_STRIDED(shape, vec_size=section.getint("vec")),
        )
    return body, shape


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for name in CONFIG.sections():
        section = CONFIG[name]
        body, shape = make_body(section)
        dtype = jnp.dtype(section["dtype"])
        call = plgpu.kernel(
            body,
            out_type=jax.ShapeDtypeStruct(shape, dtype),
            grid=(1,),
            grid_names=("blocks",),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(shape, dtype)))
