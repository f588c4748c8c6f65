"""The launch lives in a `unittest.TestCase` whose `setUp` fixes the axes and op; `TestSuite.debug()` runs it, letting errors propagate."""
import unittest

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class LaunchCase(unittest.TestCase):
    def setUp(self):
        self.axes = ("hull", "keel")
        self.reduction = "max"

    def body(self, x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=self.axes, reduction_op=self.reduction),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
        )

    def test_launch(self):
        mesh = jax.make_mesh((2, 2), ("hull", "keel"))
        call = plgpu.kernel(
            self.body,
            out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(SHAPE, jnp.bfloat16)))


if __name__ == "__main__":
    unittest.TestSuite([LaunchCase("test_launch")]).debug()
