"""An `html.parser.HTMLParser` subclass reads the axes from a dashboard snippet's `<axis name=...>` tags."""
from html.parser import HTMLParser

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
NAMES = ("host", "device")
SNIPPET = "<ul>" + "".join(f'<li><axis name="{name}"></axis></li>' for name in NAMES) + "</ul>"


class AxisCollector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.axes = []

    def handle_starttag(self, tag, attrs):
        if tag == "axis":
            self.axes.append(dict(attrs)["name"])


collector = AxisCollector()
collector.feed(SNIPPET)
collector.close()
AXES = tuple(collector.axes)


def fan_out_kernel(y_ref, smem):
    smem[...] = jnp.zeros(SHAPE, jnp.float32)
    plgpu.commit_smem()

    @pl.when(lax.axis_index(AXES[0]) == 0)
    def _():
        plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, AXES))

    plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("host", "device"))
    call = plgpu.kernel(
        fan_out_kernel,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        scratch_types=[plgpu.SMEM(SHAPE, jnp.float32)],
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(f())
