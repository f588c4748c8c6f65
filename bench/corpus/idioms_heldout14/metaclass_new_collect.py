"""A metaclass `__new__` gathers the class attributes ending in `_AXIS` into an `AXES` tuple, in definition order."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class AxisCollector(type):
    def __new__(mcs, name, bases, namespace):
        namespace["AXES"] = tuple(value for key, value in namespace.items() if key.endswith("_AXIS"))
        return super().__new__(mcs, name, bases, namespace)


class Launch(metaclass=AxisCollector):
    DATA_AXIS = "data"
    MODEL_AXIS = "model"
    OP = "add"
    DTYPE = jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Launch.AXES, reduction_op=Launch.OP),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, Launch.DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, Launch.DTYPE)))
