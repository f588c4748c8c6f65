"""Exception chaining (`raise ... from`): the handler reads the failed key from `__cause__` and falls back."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
PRESETS = {"tp8": {"axes": ("tp",), "op": "add"}}
FALLBACK = {"axes": ("dp", "tp"), "op": "add"}


class PresetError(Exception):
    pass


def preset(name):
    try:
        return PRESETS[name]
    except KeyError as missing:
        raise PresetError(f"no preset {name}") from missing


try:
    chosen = preset("dp2tp2")
except PresetError as error:
    assert isinstance(error.__cause__, KeyError)
    chosen = FALLBACK


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=chosen["axes"], reduction_op=chosen["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
