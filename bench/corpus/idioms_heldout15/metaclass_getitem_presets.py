"""A metaclass defines `__getitem__`, so the preset class itself is subscripted by preset name."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)


class PresetTable(type):
    def __getitem__(cls, name):
        return cls._presets[name]


class Presets(metaclass=PresetTable):
    _presets = {
        "fp32": {"axes": ("bank", "vault"), "op": "add", "vec": 4},
        "half": {"axes": ("bank", "vault"), "op": "min", "vec": 8},
    }


PRESET = Presets["half"]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=PRESET["axes"], reduction_op=PRESET["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=PRESET["vec"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("bank", "vault"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float16)))
