"""A decorator with arguments records each kernel's collective settings on the function itself."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)


def collective(*, axes, reduction, vec_size, dtype):
    def mark(fn):
        fn.collective = {"axes": axes, "reduction": reduction, "vec_size": vec_size, "dtype": dtype}
        return fn
    return mark


@collective(axes=("replica", "stage"), reduction="max", vec_size=8, dtype=jnp.bfloat16)
def peak(x_ref, y_ref):
    spec = peak.collective
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=spec["axes"], reduction_op=spec["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=spec["vec_size"]),
    )


def launch(fn, mesh):
    out = jax.ShapeDtypeStruct(SHAPE, fn.collective["dtype"])
    call = plgpu.kernel(fn, out_type=out)
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    return run(jnp.ones(out.shape, out.dtype))


if __name__ == "__main__":
    print(launch(peak, jax.make_mesh((2, 2), ("replica", "stage"))))
