"""The settings class is built at run time by `dataclasses.make_dataclass` from (name, type, default) triples."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
Settings = dataclasses.make_dataclass(
    "Settings",
    [
        ("axes", tuple, dataclasses.field(default=("left", "right"))),
        ("op", str, dataclasses.field(default="min")),
        ("vec", int, dataclasses.field(default=2)),
    ],
)
SETTINGS = Settings()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=SETTINGS.axes, reduction_op=SETTINGS.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS.vec),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("left", "right"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.int32)))
