"""A `match` on a spec tuple with a sequence pattern and a guard picks the lowering semantics."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
SPEC = ("float16", "add", "lane", "fast")


def semantics_of(spec):
    match spec:
        case (_, _, _, *flags) if "safe" in flags:
            return plgpu.LoweringSemantics.Warpgroup
        case (_, _, "lane", *_):
            return plgpu.LoweringSemantics.Lane
        case _:
            return plgpu.LoweringSemantics.Warpgroup


SEMANTICS = semantics_of(SPEC)
DTYPE = jnp.dtype(SPEC[0])


def body(x_ref, y_ref):
    y_ref[...] = plgpu.multimem_load_reduce(x_ref, collective_axes=("q",), reduction_op=SPEC[1])


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("q",))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=SEMANTICS))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, DTYPE)))
