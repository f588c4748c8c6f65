"""A compact mesh spec "data2model2" is parsed character by character with `str.isdigit`."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
SPEC = "data2model2"


def parse(spec):
    names, sizes, word, digits = [], [], "", ""
    for char in spec + "|":
        if char.isdigit():
            digits += char
            continue
        if digits:
            names.append(word)
            sizes.append(int(digits))
            word, digits = "", ""
        word += char
    return tuple(names), tuple(sizes)


AXES, SIZES = parse(SPEC)


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=AXES, reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh(SIZES, AXES)
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.float32)))
