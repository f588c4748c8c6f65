"""A tuning object implements `__format__`; `f"{tuning:vec}"` renders its vector width, read by `int`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


class Tuning:
    def __init__(self, bytes_per_load):
        self.bytes_per_load = bytes_per_load

    def __format__(self, spec):
        if spec == "vec":
            return str(self.bytes_per_load // 2)
        return f"Tuning({self.bytes_per_load})"


TUNING = Tuning(32)
VEC_SIZE = int(f"{TUNING:vec}")


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("col",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC_SIZE),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("col",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float16),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float16)))
