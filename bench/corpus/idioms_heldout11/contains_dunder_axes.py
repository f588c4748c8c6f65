"""A mesh description with __contains__: the reduction spans "pod" only when the mesh has it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class MeshSpec:
    def __init__(self, names, shape):
        self.names = names
        self.shape = shape

    def __contains__(self, axis):
        return axis in self.names

    def make(self):
        return jax.make_mesh(self.shape, self.names)


SPEC = MeshSpec(("pod", "dev"), (2, 2))


def reduction_axes(spec):
    axes = ("dev",)
    if "pod" in spec:
        axes = ("pod", *axes)
    return axes


def make_body(axes):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op="add"),
            plgpu.Layout.WG_STRIDED(SHAPE, vec_size=2),
        )
    return body


if __name__ == "__main__":
    call = plgpu.kernel(
        make_body(reduction_axes(SPEC)),
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=SPEC.make(), in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
