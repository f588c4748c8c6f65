import inspect
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
OUT = "out_type" if "out_type" in inspect.signature(plgpu.kernel).parameters else "out_shape"
SCR = "scratch_types" if "scratch_types" in inspect.signature(plgpu.kernel).parameters else "scratch_shapes"
F32 = jax.ShapeDtypeStruct(SHAPE, jnp.float32)


def store_xy(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, ("x", "y"))


def store_x(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, ("x",))


def run(body, mesh, **kw):
    call = plgpu.kernel(body, **{OUT: F32})
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False, **kw))
    return f(jnp.ones(SHAPE, jnp.float32))


def signal_xy(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes=("x", "y"))
    o_ref[...] = jnp.zeros(SHAPE, jnp.float32)


def copy_xy(x_ref, y_ref, smem):
    smem[...] = x_ref[...]
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, plgpu.multicast_ref(y_ref, ("x", "y")))
    plgpu.wait_smem_to_gmem(0)


def index_only(x_ref, y_ref):
    y_ref[...] = x_ref[...] + lax.axis_index("x").astype(jnp.float32)


def run_scratch(body, mesh, scratch, nargs=1):
    call = plgpu.kernel(body, **{OUT: F32, SCR: scratch})
    args = (jnp.ones(SHAPE, jnp.float32),) * nargs
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P() if nargs else (), out_specs=P(), check_vma=False))
    return f(*args)


def plain(x_ref, y_ref):
    y_ref[...] = x_ref[...] + 1.0

MESH = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))

def outer(x):
    call = plgpu.kernel(store_xy, **{OUT: F32})
    inner = jax.shard_map(call, in_specs=P(), out_specs=P(), check_vma=False)
    return inner(x)

if __name__ == "__main__":
    f = jax.jit(jax.shard_map(outer, mesh=MESH, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, jnp.float32)))
