"""`__getattribute__` override: reading `axes`/`op` is redirected to the fields of the active profile."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Profile:
    active = "wide"
    wide_axes = ("data", "model")
    narrow_axes = ("data",)
    wide_op = "add"
    narrow_op = "min"

    def __getattribute__(self, name):
        if name in ("axes", "op"):
            prefix = object.__getattribute__(self, "active")
            return object.__getattribute__(self, f"{prefix}_{name}")
        return object.__getattribute__(self, name)


profile = Profile()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=profile.axes, reduction_op=profile.op),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=8),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.bfloat16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.bfloat16)))
