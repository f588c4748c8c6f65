"""Kernel options kept in a dataclass and splatted into the builder with **dataclasses.asdict()."""
from dataclasses import asdict, dataclass, field

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclass
class Options:
    axes: tuple = ("dp",)
    reduction_op: str = "max"
    vec: int = 8
    dtype: object = jnp.bfloat16
    shape: tuple = field(default_factory=lambda: (128, 256))


def make_kernel(axes, reduction_op, vec, shape, dtype):
    def kernel(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=axes, reduction_op=reduction_op),
            plgpu.Layout.WG_STRIDED(shape, vec_size=vec),
        )
    return kernel


if __name__ == "__main__":
    opts = Options()
    mesh = jax.make_mesh((2,), ("dp",))
    call = plgpu.kernel(make_kernel(**asdict(opts)),
                        out_type=jax.ShapeDtypeStruct(opts.shape, opts.dtype))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(opts.shape, opts.dtype)))
