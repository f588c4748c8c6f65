"""A class decorator stamps a WG_STRIDED layout factory onto every kernel spec it registers."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SPECS = []


def strided(vec):
    def decorate(cls):
        cls.layout = staticmethod(lambda shape: plgpu.Layout.WG_STRIDED(shape, vec_size=vec))
        SPECS.append(cls)
        return cls
    return decorate


@strided(vec=4)
class SumF32:
    dtype = jnp.float32
    op = "add"
    shape = (128, 256)


@strided(vec=8)
class MaxBF16:
    dtype = jnp.bfloat16
    op = "max"
    shape = (128, 128)


def make_body(spec):
    def body(x_ref, y_ref):
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op=spec.op),
            spec.layout(spec.shape),
        )
    return body


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("dev",))
    for spec in SPECS:
        call = plgpu.kernel(
            make_body(spec),
            out_type=jax.ShapeDtypeStruct(spec.shape, spec.dtype),
            compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
        )
        f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
        print(f(jnp.ones(spec.shape, spec.dtype)))
