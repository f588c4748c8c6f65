"""Candidate layouts made with itertools.starmap over (shape, vec_size) pairs; the first that fits is used."""
import itertools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
VEC_CHOICES = [(SHAPE, 4), (SHAPE, 2)]


def strided(shape, vec):
    return plgpu.Layout.WG_STRIDED(shape, vec_size=vec)


LAYOUTS = list(itertools.starmap(strided, VEC_CHOICES))


def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("ring",), reduction_op="add"),
        LAYOUTS[0],
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("ring",))
    out_type = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(kernel, out_type=out_type,
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out_type.shape, out_type.dtype)))
