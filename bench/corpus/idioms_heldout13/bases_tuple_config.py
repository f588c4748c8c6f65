"""The settings are class attributes of mixins; the kernel reads them from `Launch.__bases__` in order."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class MeshPart:
    value = ("x",)


class OpPart:
    value = "add"


class DtypePart:
    value = jnp.bfloat16


class Launch(MeshPart, OpPart, DtypePart):
    pass


AXES, OP, DTYPE = (base.value for base in Launch.__bases__)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op=OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("x",))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
