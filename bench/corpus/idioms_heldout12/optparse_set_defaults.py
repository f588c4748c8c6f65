"""Launch settings are `optparse` defaults (`set_defaults`), parsed from an empty argument list."""
import optparse

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

parser = optparse.OptionParser()
parser.add_option("--reduction", dest="reduction")
parser.add_option("--dtype", dest="dtype")
parser.add_option("--vec-size", dest="vec_size", type="int")
parser.add_option("--axis", dest="axes", action="append")
parser.set_defaults(reduction="and", dtype="int32", vec_size=4, axes=["x", "y"])
OPTIONS, _ = parser.parse_args([])
DTYPE = jnp.dtype(OPTIONS.dtype)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=tuple(OPTIONS.axes), reduction_op=OPTIONS.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=OPTIONS.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
