"""Output types built with jax.tree.map over a dict of shapes; two outputs, one broadcast each."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPES = {"a": (128, 128), "b": (256, 128)}
AXES = ("x",)


def kernel(a_ref, b_ref, out_a, out_b):
    plgpu.multimem_store(a_ref[...], out_a, AXES)
    plgpu.multimem_store(b_ref[...], out_b, AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), AXES)
    out_types = jax.tree.map(lambda shape: jax.ShapeDtypeStruct(shape, jnp.float32), SHAPES,
                             is_leaf=lambda node: isinstance(node, tuple))
    call = plgpu.kernel(kernel, out_type=(out_types["a"], out_types["b"]))
    inputs = jax.tree.map(lambda shape: jnp.ones(shape, jnp.float32), SHAPES,
                          is_leaf=lambda node: isinstance(node, tuple))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(inputs["a"], inputs["b"]))
