"""A nested base profile is deep-copied and the copy edited; the kernel uses the copy."""
import copy

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)

BASE = {
    "mesh": {"axes": ["x"], "shape": [8]},
    "collective": {"reduction": "add", "vec_size": 4},
}


def two_level_profile():
    profile = copy.deepcopy(BASE)
    profile["mesh"]["axes"].append("y")
    profile["mesh"]["shape"] = [4, 2]
    profile["collective"]["reduction"] = "xor"
    return profile


PROFILE = two_level_profile()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=tuple(PROFILE["mesh"]["axes"]),
                                   reduction_op=PROFILE["collective"]["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PROFILE["collective"]["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(tuple(PROFILE["mesh"]["shape"]), ("x", "y"))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.int32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
