"""Human-written axis labels are normalised by a chain of str.replace calls before they name the mesh
and the collective axes."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec

LABELS = ("tensor-parallel axis", "data axis")


def normalise(label):
    return label.replace(" axis", "").replace("-parallel", "").replace("-", "_")


AXES = tuple(normalise(label) for label in LABELS)  # ("tensor", "data")


def body(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(y_ref.dtype, (128, 128), 1), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, collective_axes=AXES)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("tensor", "data"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    print(run())
