"""Class keywords handled by __init_subclass__ choose the axes and the lowering semantics."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Collective:
    axes = ("x",)
    semantics = plgpu.LoweringSemantics.Warpgroup

    def __init_subclass__(cls, axes=("x",), semantics=plgpu.LoweringSemantics.Warpgroup, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.axes = axes
        cls.semantics = semantics

    def kernel(self, x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=self.axes, reduction_op="add")
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))

    def launch(self, x, mesh):
        call = plgpu.kernel(
            self.kernel,
            out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
            compiler_params=plgpu.CompilerParams(lowering_semantics=self.semantics),
        )
        return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


class GridAllReduce(Collective, axes=("x", "y"), semantics=plgpu.LoweringSemantics.Lane):
    pass


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
    print(GridAllReduce().launch(jnp.ones(SHAPE, jnp.float32), mesh))
