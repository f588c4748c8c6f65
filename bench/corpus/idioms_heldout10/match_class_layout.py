"""A match statement with class patterns turns a layout description into a plgpu layout."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


@dataclasses.dataclass
class Strided:
    shape: tuple
    vec: int


@dataclasses.dataclass
class Tiled:
    pass


def to_layout(desc):
    match desc:
        case Strided(shape=shape, vec=vec):
            return plgpu.Layout.WG_STRIDED(shape, vec_size=vec)
        case Tiled():
            return plgpu.Layout.WGMMA
    raise TypeError(desc)


LAYOUT = to_layout(Strided(SHAPE, 4))


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("r",), reduction_op="add"),
        LAYOUT,
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("r",))
    params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32), compiler_params=params)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
