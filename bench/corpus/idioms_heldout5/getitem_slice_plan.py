"""A mesh spec class whose __getitem__ takes slices: the kernel reduces over spec[:2], a sub-spec of
the first two axes."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


class MeshSpec:
    def __init__(self, *entries):
        self._entries = entries  # (axis name, size) pairs

    def __getitem__(self, key):
        picked = self._entries[key]
        return MeshSpec(*picked) if type(key) is slice else picked

    def names(self):
        return tuple(name for name, _ in self._entries)

    def sizes(self):
        return tuple(size for _, size in self._entries)


SPEC = MeshSpec(("data", 2), ("model", 2), ("pipe", 2))
ACTIVE = SPEC[:2]
SHAPE = (256, 128)
DTYPE = jnp.float32


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=ACTIVE.names(), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(ACTIVE.sizes(), ("data", "model"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
