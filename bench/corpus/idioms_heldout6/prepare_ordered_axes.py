"""A metaclass `__prepare__` namespace records the class body's axis declarations in order."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Recording(dict):
    def __init__(self):
        super().__init__()
        self.declared = []

    def __setitem__(self, key, value):
        if key.startswith("axis_"):
            self.declared.append(value)
        super().__setitem__(key, value)


class Collects(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return Recording()

    def __new__(mcs, name, bases, namespace):
        cls = super().__new__(mcs, name, bases, dict(namespace))
        cls.axes = tuple(namespace.declared)
        return cls


class Topology(metaclass=Collects):
    axis_outer = "rows"
    axis_inner = "cols"
    reduction = "add"
    vec_size = 2


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=Topology.axes, reduction_op=Topology.reduction),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=Topology.vec_size),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("rows", "cols"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
