"""Settings are popped from a queue with iter(callable, sentinel) until the END marker."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def read_settings():
    queue = ["END", ("vec_size", 4), ("reduction", "add"), ("axes", ("m",))]
    return dict(iter(queue.pop, "END"))


SETTINGS = read_settings()


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["reduction"]
        ),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec_size"]),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((8,), ("m",))
    out = jax.ShapeDtypeStruct(SHAPE, jnp.float32)
    call = plgpu.kernel(
        body, out_type=out,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(out.shape, out.dtype)))
