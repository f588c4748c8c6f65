"""`__getattribute__` maps legacy attribute names onto the new ones, so `cfg.op` reads `cfg.reduction`."""
from typing import ClassVar

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Config:
    ALIASES: ClassVar[dict] = {"op": "reduction", "axes": "collective_axes"}

    def __init__(self):
        self.reduction = "max"
        self.op = "add"  # stored, but never read back: the alias wins
        self.collective_axes = ("grid",)

    def __getattribute__(self, name):
        aliases = object.__getattribute__(self, "ALIASES")
        return object.__getattribute__(self, aliases.get(name, name))


CFG = Config()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=CFG.axes, reduction_op=CFG.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("grid",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
