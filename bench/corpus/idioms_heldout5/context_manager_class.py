"""A class-based context manager edits a module-level settings dict for the duration of the with block
and restores it after."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

SETTINGS = {"axes": ("local",), "reduction": "add", "vec_size": 4, "dtype": jnp.float32}


class overrides:
    def __init__(self, **changes):
        self.changes = changes
        self.saved = {}

    def __enter__(self):
        for key, value in self.changes.items():
            self.saved[key] = SETTINGS[key]
            SETTINGS[key] = value

    def __exit__(self, *exc):
        SETTINGS.update(self.saved)
        return False


SHAPE = (128, 256)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["reduction"]
        ),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("global", "local"))
    with overrides(axes=("global", "local"), dtype=jnp.int32, reduction="xor"):
        call = plgpu.kernel(
            body,
            out_type=jax.ShapeDtypeStruct(SHAPE, SETTINGS["dtype"]),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(run(jnp.ones(SHAPE, SETTINGS["dtype"])))
