"""A registry's `__setitem__` stores kernels under normalised keys and records their axes; the launch reads them back."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class Registry:
    def __init__(self):
        self._entries = {}

    def __setitem__(self, key, spec):
        name = key.replace("-", "_").lower()
        self._entries[name] = {"axes": tuple(spec["axes"]), "op": spec.get("op", "add")}

    def lookup(self, name):
        return self._entries[name]


REGISTRY = Registry()
REGISTRY["All-Reduce"] = {"axes": ["span", "bay"]}
REGISTRY["Max-Reduce"] = {"axes": ["span", "bay"], "op": "max"}
ENTRY = REGISTRY.lookup("all_reduce")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=ENTRY["axes"], reduction_op=ENTRY["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("span", "bay"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
