"""Build the fifth held-out families corpus `famheld5` (issue 27): user-style Mosaic GPU kernels written for
this set (none of `families`, `famheld`, `famheld2`, `famheld3`, `famheld4` used them), and one-edit
mutants of them by famheld5_mutate.py (operators written from JAX's own checks, blind to the checker).

usage: build_famheld5.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S]

Sources: the kernels in KERNELS below (OUT/famheld5/user/NAME.py), written for this set in the style of
JAX's GPU docs (reference.md, pipelining.md, blackwell_matmul.md, the collective kernels of
ops/gpu) the way users write them: tuning in config dataclasses, dicts, argparse defaults, Enums, module
constants, helper defaults, functools.partial decorators and small class wrappers. They cover TMA copies
with barriers, pl.run_scoped, producer / consumer threads, clusters with TMA multicast and ClusterBarrier,
register layouts (WGMMA, WG_STRIDED, iota), emit_pipeline (with a carry) and
emit_pipeline_warp_specialized, WGMMA (pipelined, warp-specialized, single tile), tcgen05 MMA into TMEM
and a TMEM round trip, set_max_registers, grouped TMA stores, atomics, nd_loop, lax.cond / fori_loop in a
kernel, and multi-device kernels under jax.shard_map (remote_ref with semaphores, TMA over NVLINK,
multimem_store, multimem_load_reduce, semaphore_signal_multicast, multicast_ref) over a mesh of the host's
devices (jax.make_mesh / jax.sharding.Mesh of jax.devices()[:2], as the earlier sets' distributed files).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them.
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld5).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of each,
sampled with a fixed seed (an operator for at most --max-per-op bases); edits anywhere in the file
(config, helpers, kernel, driver).
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why:
OUT/famheld5_dropped.json.

The commands that built /work/famheld5-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld5.py /work/famheld5-out
  nice -n 10 python3 label.py /work/famheld5-out --jobs 2 --only famheld5 $PY
  cp /work/famheld5-out/labels.json /tmp/famheld5_stage1.json
  python3 build_famheld5.py /work/famheld5-out --keep /tmp/famheld5_stage1.json --per-base 8 --per-op 1
  nice -n 10 python3 label.py /work/famheld5-out --jobs 2 --only famheld5 $PY
"""

from __future__ import annotations

import importlib

from famheld5_mutate import famheld5_mutants

_famheld = importlib.import_module("build_famheld")

# name -> source of each user-style base after its first newline (2-space indents as in JAX's docs).
KERNELS: dict[str, str] = {
    "all_gather_multicast_tma": r'''
"""An all-gather: each device TMA-stores its shard into its slot of every peer via plgpu.multicast_ref."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS = "x"
NUM_DEVICES = 2
SHARD_ROWS, COLS = 64, 128


def all_gather_kernel(x_gmem, y_gmem, x_smem, barrier, done):
  me = lax.axis_index(AXIS)
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  slot = pl.ds(me * SHARD_ROWS, SHARD_ROWS)
  plgpu.copy_smem_to_gmem(x_smem, plgpu.multicast_ref(y_gmem, AXIS).at[slot])
  plgpu.wait_smem_to_gmem(0)
  plgpu.semaphore_signal_multicast(done, collective_axes=AXIS)
  pl.semaphore_wait(done, NUM_DEVICES)


def all_gather(x):
  return plgpu.kernel(
      all_gather_kernel,
      out_type=jax.ShapeDtypeStruct((NUM_DEVICES * SHARD_ROWS, COLS), x.dtype),
      scratch_types=[plgpu.SMEM((SHARD_ROWS, COLS), x.dtype), plgpu.Barrier(),
                     plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((NUM_DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(all_gather, mesh=mesh, in_specs=P(AXIS), out_specs=P(), check_vma=False))
  print(fn(jnp.ones((NUM_DEVICES * SHARD_ROWS, COLS), jnp.float32)).shape)
''',
    "atomic_histogram_count": r'''
"""Fold the blocks of a vector into one shared accumulator with plgpu.atomic_add, one block per grid step."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK = 256
NUM_BLOCKS = 4


def kernel(x_ref, o_ref, acc_ref):
  b = lax.axis_index("b")
  window = pl.ds(b * BLOCK, BLOCK)
  o_ref[window] = jnp.abs(x_ref[window])
  plgpu.atomic_add(acc_ref, x_ref[window])


def fold(x):
  return plgpu.kernel(
      kernel,
      out_type=(jax.ShapeDtypeStruct((NUM_BLOCKS * BLOCK,), jnp.float32),
                jax.ShapeDtypeStruct((BLOCK,), jnp.float32)),
      grid=(NUM_BLOCKS,),
      grid_names=("b",),
  )(x)


if __name__ == "__main__":
  print(jax.jit(fold)(jnp.linspace(-1, 1, NUM_BLOCKS * BLOCK, dtype=jnp.float32))[1][:4])
''',
    "bf16_downcast": r'''
"""Down-cast float32 activations to bfloat16 in SMEM, the swizzle chosen by a helper per dtype."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 128, 128
IN_DTYPE, OUT_DTYPE = jnp.float32, jnp.bfloat16


def smem_transforms(dtype, swizzle=128):
  elems = swizzle // jnp.dtype(dtype).itemsize
  return (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(swizzle))


def kernel(x_gmem, o_gmem, x_smem, o_smem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  o_smem[...] = x_smem[...].astype(OUT_DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def downcast(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), OUT_DTYPE),
      scratch_types=[
          plgpu.SMEM((ROWS, COLS), IN_DTYPE, transforms=smem_transforms(IN_DTYPE)),
          plgpu.SMEM((ROWS, COLS), OUT_DTYPE, transforms=smem_transforms(OUT_DTYPE)),
          plgpu.Barrier(),
      ],
  )(x)


if __name__ == "__main__":
  print(jax.jit(downcast)(jnp.ones((ROWS, COLS), IN_DTYPE)).dtype)
''',
    "class_wrapper_kernel": r'''
"""A small class wraps a fused multiply-add kernel; its launch parameters are attributes set in __init__."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class FusedMultiplyAdd:
  def __init__(self, size, block=256, dtype=jnp.float32, alpha=0.5):
    self.size = size
    self.block = block
    self.dtype = dtype
    self.alpha = alpha
    self.num_blocks = size // block

  def _body(self, x_ref, y_ref, o_ref):
    i = lax.axis_index("i")
    window = pl.ds(i * self.block, self.block)
    o_ref[window] = x_ref[window] * self.alpha + y_ref[window]

  def __call__(self, x, y):
    return plgpu.kernel(
        self._body,
        out_type=jax.ShapeDtypeStruct((self.size,), self.dtype),
        grid=(self.num_blocks,),
        grid_names=("i",),
    )(x, y)


if __name__ == "__main__":
  fma = FusedMultiplyAdd(2048)
  x = jnp.ones((2048,), jnp.float32)
  print(jax.jit(fma)(x, x)[:4])
''',
    "cluster_barrier_sync": r'''
"""Blocks of a 2-block cluster synchronize with a ClusterBarrier before writing their halves."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

CLUSTER_AXIS = "c"
CLUSTER_SIZE = 2
BLOCK = 512


def kernel(x_ref, o_ref, cluster_barrier):
  c = lax.axis_index(CLUSTER_AXIS)
  window = pl.ds(c * BLOCK, BLOCK)
  o_ref[window] = x_ref[window] * 3.0
  plgpu.barrier_arrive(cluster_barrier)
  plgpu.barrier_wait(cluster_barrier)


def tripled(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.ClusterBarrier(collective_axes=(CLUSTER_AXIS,))],
      grid=(CLUSTER_SIZE,),
      grid_names=("g",),
      cluster=(CLUSTER_SIZE,),
      cluster_names=(CLUSTER_AXIS,),
  )(x)


if __name__ == "__main__":
  print(jax.jit(tripled)(jnp.ones((CLUSTER_SIZE * BLOCK,), jnp.float32))[:4])
''',
    "cluster_multicast_load": r'''
"""A two-block cluster: both blocks receive the same tile by TMA multicast and add their own row block."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

CLUSTER = 2
BLOCK = (64, 128)


def kernel(shared_gmem, x_gmem, o_gmem, shared_smem, x_smem, barriers):
  c = lax.axis_index("cluster")
  rows = pl.ds(c * BLOCK[0], BLOCK[0])
  plgpu.copy_gmem_to_smem(shared_gmem, shared_smem, barriers.at[0], collective_axes="cluster")
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], x_smem, barriers.at[1])
  plgpu.barrier_wait(barriers.at[0])
  plgpu.barrier_wait(barriers.at[1])
  x_smem[...] = x_smem[...] + shared_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


def biased(shared, x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[
          plgpu.SMEM(BLOCK, jnp.float32),
          plgpu.SMEM(BLOCK, jnp.float32),
          plgpu.Barrier(num_barriers=2),
      ],
      grid=(CLUSTER,),
      grid_names=("blocks",),
      cluster=(CLUSTER,),
      cluster_names=("cluster",),
  )(shared, x)


if __name__ == "__main__":
  shared = jnp.ones(BLOCK, jnp.float32)
  x = jnp.zeros((CLUSTER * BLOCK[0], BLOCK[1]), jnp.float32)
  print(jax.jit(biased)(shared, x).sum())
''',
    "cond_scale_flag": r'''
"""A kernel that picks a scale with lax.cond on a flag read from GMEM (SMEM scalar staging)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SIZE = 512
SCALES = {"train": 2.0, "eval": 1.0}


def kernel(flag_ref, x_ref, o_ref):
  flag = flag_ref[0]
  scale = lax.cond(flag > 0, lambda: jnp.float32(SCALES["train"]), lambda: jnp.float32(SCALES["eval"]))
  o_ref[...] = x_ref[...] * scale


def scaled(flag, x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))(flag, x)


if __name__ == "__main__":
  flag = jnp.array([1], jnp.int32)
  print(jax.jit(scaled)(flag, jnp.ones((SIZE,), jnp.float32))[:4])
''',
    "double_buffer_barriers": r'''
"""Manual double buffering: two SMEM slots, an array of two barriers, the next tile prefetched."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE = (64, 128)
STEPS = 4
SLOTS = 2


def kernel(x_gmem, o_gmem, bufs, acc, barriers):
  def fetch(step, slot):
    plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(step * TILE[0], TILE[0])], bufs.at[slot], barriers.at[slot])

  fetch(0, 0)
  acc[...] = jnp.zeros(TILE, jnp.float32)

  def body(step, _):
    slot = step % SLOTS

    @pl.when(step + 1 < STEPS)
    def _prefetch():
      fetch(step + 1, 1 - slot)

    plgpu.barrier_wait(barriers.at[slot])
    acc[...] = acc[...] + bufs[slot]
    return ()

  lax.fori_loop(0, STEPS, body, ())
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(acc, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def accumulate(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(TILE, jnp.float32),
      scratch_types=[plgpu.SMEM((SLOTS, *TILE), jnp.float32), plgpu.SMEM(TILE, jnp.float32),
                     plgpu.Barrier(num_barriers=SLOTS)],
  )(x)


if __name__ == "__main__":
  print(jax.jit(accumulate)(jnp.ones((STEPS * TILE[0], TILE[1]), jnp.float32)).sum())
''',
    "exchange_shards_remote": r'''
"""Two devices swap shards over NVLINK: plgpu.remote_ref plus a REGULAR semaphore, under jax.shard_map."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS = "x"
NUM_DEVICES = 2
SHARD = (128, 128)


def peer_of(axis=AXIS):
  return 1 - lax.axis_index(axis)


def exchange_kernel(x_ref, y_ref, done_sem):
  other = peer_of()
  neighbor = plgpu.remote_ref(y_ref, other)
  neighbor[...] = x_ref[...]
  pl.semaphore_signal(done_sem, device_id=other)
  pl.semaphore_wait(done_sem)


def exchange(x):
  return plgpu.kernel(
      exchange_kernel,
      out_type=jax.ShapeDtypeStruct(SHARD, jnp.float32),
      scratch_types=[plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((NUM_DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(exchange, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  rows = NUM_DEVICES * SHARD[0]
  x = jnp.arange(rows * SHARD[1], dtype=jnp.float32).reshape(rows, SHARD[1])
  print(fn(x).shape)
''',
    "fori_tile_sum": r'''
"""Sum the row tiles of a matrix with lax.fori_loop, loading each tile with TMA into one SMEM buffer."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE_ROWS = 64
COLS = 128
NUM_TILES = 4


def kernel(x_gmem, o_gmem, tile_smem, acc_smem, barrier):
  acc_smem[...] = jnp.zeros((TILE_ROWS, COLS), jnp.float32)

  def body(i, carry):
    plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(i * TILE_ROWS, TILE_ROWS)], tile_smem, barrier)
    plgpu.barrier_wait(barrier)
    acc_smem[...] = acc_smem[...] + tile_smem[...]
    return carry

  lax.fori_loop(0, NUM_TILES, body, None)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(acc_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


tile_sum = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((TILE_ROWS, COLS), jnp.float32),
    scratch_types=[
        plgpu.SMEM((TILE_ROWS, COLS), jnp.float32),
        plgpu.SMEM((TILE_ROWS, COLS), jnp.float32),
        plgpu.Barrier(),
    ],
)

if __name__ == "__main__":
  x = jnp.ones((NUM_TILES * TILE_ROWS, COLS), jnp.float32)
  print(jax.jit(tile_sum)(x).sum())
''',
    "grid_2d_names": r'''
"""A bias add over a 2-D named grid; block offsets from lax.axis_index on both names."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BM, BN = 64, 64
GRID_NAMES = ("row", "col")


def offsets():
  return tuple(lax.axis_index(name) for name in GRID_NAMES)


def add_bias_kernel(x_gmem, bias_gmem, o_gmem, x_smem, b_smem, barriers):
  i, j = offsets()
  window = (pl.ds(i * BM, BM), pl.ds(j * BN, BN))
  plgpu.copy_gmem_to_smem(x_gmem.at[window], x_smem, barriers.at[0])
  plgpu.copy_gmem_to_smem(bias_gmem.at[:, pl.ds(j * BN, BN)], b_smem, barriers.at[1])
  plgpu.barrier_wait(barriers.at[0])
  plgpu.barrier_wait(barriers.at[1])
  x_smem[...] = x_smem[...] + b_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[window])
  plgpu.wait_smem_to_gmem(0)


def add_bias(x, bias):
  m, n = x.shape
  return plgpu.kernel(
      add_bias_kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SMEM((BM, BN), x.dtype), plgpu.SMEM((BM, BN), x.dtype),
                     plgpu.Barrier(num_barriers=2)],
      grid=(m // BM, n // BN),
      grid_names=GRID_NAMES,
  )(x, bias)


if __name__ == "__main__":
  x = jnp.zeros((128, 256), jnp.float32)
  bias = jnp.ones((BM, 256), jnp.float32)
  print(jax.jit(add_bias)(x, bias).sum())
''',
    "grouped_tma_stores": r'''
"""Two outputs written by grouped TMA stores (commit_group=False, then one committing store)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (64, 128)
OUT_TYPES = (jax.ShapeDtypeStruct(SHAPE, jnp.float32), jax.ShapeDtypeStruct(SHAPE, jnp.float32))


def kernel(x_gmem, lo_gmem, hi_gmem, x_smem, lo_smem, hi_smem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  x = x_smem[...]
  lo_smem[...] = jnp.minimum(x, 0.0)
  hi_smem[...] = jnp.maximum(x, 0.0)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(lo_smem, lo_gmem, commit_group=False)
  plgpu.copy_smem_to_gmem(hi_smem, hi_gmem)
  plgpu.wait_smem_to_gmem(0)


split = plgpu.kernel(
    kernel,
    out_type=OUT_TYPES,
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32)] * 3 + [plgpu.Barrier()],
)

if __name__ == "__main__":
  lo, hi = jax.jit(split)(jnp.linspace(-1, 1, 64 * 128, dtype=jnp.float32).reshape(SHAPE))
  print(lo.sum(), hi.sum())
''',
    "iota_pattern_fill": r'''
"""Fill an int32 output with column indices: broadcasted_iota cast to the WGMMA layout (no inputs)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 128)
OFFSET = 7


def kernel(o_smem_out, o_smem, done):
  del done
  cols = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, SHAPE, 1), plgpu.Layout.WGMMA)
  o_smem[...] = cols + OFFSET
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_smem_out)
  plgpu.wait_smem_to_gmem(0)


fill = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.int32), plgpu.Barrier()],
)

if __name__ == "__main__":
  print(jax.jit(fill)()[0, :4])
''',
    "layout_row_sum": r'''
"""Row sums of a WGMMA-layout tile: the value is cast to the layout, reduced, and stored per row."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 128, 128
TRANSFORMS = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def kernel(x_gmem, o_gmem, x_smem, sums_smem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  x = plgpu.layout_cast(x_smem[...], plgpu.Layout.WGMMA)
  sums_smem[...] = jnp.sum(x, axis=1).astype(jnp.float32)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(sums_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def row_sums(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS,), jnp.float32),
      scratch_types=[
          plgpu.SMEM((ROWS, COLS), jnp.float32, transforms=TRANSFORMS),
          plgpu.SMEM((ROWS,), jnp.float32),
          plgpu.Barrier(),
      ],
  )(x)


if __name__ == "__main__":
  print(jax.jit(row_sums)(jnp.ones((ROWS, COLS), jnp.float32))[:4])
''',
    "max_registers_split": r'''
"""Two warpgroups with different register budgets (plgpu.set_max_registers), one per half of the output."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

REGISTERS = {"light": 40, "heavy": 232}
HALF = 1024


def kernel(x_ref, o_ref):
  wg = lax.axis_index("wg")

  @pl.when(wg == 0)
  def _light():
    plgpu.set_max_registers(REGISTERS["light"], action="decrease")
    o_ref[pl.ds(0, HALF)] = x_ref[pl.ds(0, HALF)] + 1.0

  @pl.when(wg == 1)
  def _heavy():
    plgpu.set_max_registers(REGISTERS["heavy"], action="increase")
    o_ref[pl.ds(HALF, HALF)] = jnp.exp(x_ref[pl.ds(HALF, HALF)])


def run(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((2 * HALF,), jnp.float32),
                      num_threads=2, thread_name="wg")(x)


if __name__ == "__main__":
  print(jax.jit(run)(jnp.zeros((2 * HALF,), jnp.float32))[:4])
''',
    "multimem_allreduce": r'''
"""An all-reduce of a (64, 32) slice: plgpu.multimem_load_reduce over the mesh axis, the op from a dict."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
MESH_AXIS = "x"
REDUCE = {"op": "add", "vector_length": 2, "dtype": jnp.float32}


def allreduce_kernel(x_ref, y_ref, sem_ref):
  layout = plgpu.Layout.WG_STRIDED((64, 32), vec_size=REDUCE["vector_length"])
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(x_ref.at[16:-16], collective_axes=MESH_AXIS, reduction_op=REDUCE["op"]),
      layout,
  )
  other = 1 - lax.axis_index(MESH_AXIS)
  pl.semaphore_signal(sem_ref, 1, device_id=other)
  pl.semaphore_wait(sem_ref)


def allreduce(x):
  return plgpu.kernel(
      allreduce_kernel,
      out_type=jax.ShapeDtypeStruct((64, 32), REDUCE["dtype"]),
      scratch_types=[plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((2,), (MESH_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  x = jnp.ones((2 * 96, 32), REDUCE["dtype"])
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(MESH_AXIS), out_specs=P(MESH_AXIS),
                             check_vma=False))
  print(fn(x).shape)
''',
    "multimem_broadcast": r'''
"""Device 0 broadcasts a tile to every device with plgpu.multimem_store; a config dataclass names the axis."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


@dataclasses.dataclass(frozen=True)
class BroadcastConfig:
  axis: str = "devices"
  num_devices: int = 2
  tile: tuple = (128, 128)
  root: int = 0


def make_broadcast(cfg):
  def kernel(y_ref, sem):
    @pl.when(lax.axis_index(cfg.axis) == cfg.root)
    def _store():
      value = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, cfg.tile, 1), plgpu.Layout.WGMMA)
      plgpu.multimem_store(value, y_ref, (cfg.axis,))

    other = 1 - lax.axis_index(cfg.axis)
    pl.semaphore_signal(sem, 1, device_id=other)
    pl.semaphore_wait(sem)

  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(cfg.tile, jnp.int32),
      scratch_types=[plgpu.SemaphoreType.REGULAR],
  )


if __name__ == "__main__":
  cfg = BroadcastConfig()
  mesh = jax.make_mesh((cfg.num_devices,), (cfg.axis,), axis_types=(jax.sharding.AxisType.Auto,))
  call = jax.shard_map(make_broadcast(cfg), mesh=mesh, in_specs=(), out_specs=P(cfg.axis), check_vma=False)
  print(jax.jit(call)().shape)
''',
    "nd_loop_persistent": r'''
"""A persistent kernel: a fixed number of blocks loop over all output tiles with plgpu.nd_loop."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE = (64, 128)
TILES_M, TILES_N = 4, 2
NUM_SMS = 2


def kernel(x_gmem, o_gmem, x_smem, barrier):
  @plgpu.nd_loop((TILES_M, TILES_N), collective_axes="sm")
  def _tile(loop_info):
    mi, ni = loop_info.index
    window = (pl.ds(mi * TILE[0], TILE[0]), pl.ds(ni * TILE[1], TILE[1]))
    plgpu.copy_gmem_to_smem(x_gmem.at[window], x_smem, barrier)
    plgpu.barrier_wait(barrier)
    x_smem[...] = x_smem[...] + 1.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[window])
    plgpu.wait_smem_to_gmem(0)


def incremented(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SMEM(TILE, x.dtype), plgpu.Barrier()],
      grid=(NUM_SMS,),
      grid_names=("sm",),
  )(x)


if __name__ == "__main__":
  print(jax.jit(incremented)(jnp.zeros((TILES_M * TILE[0], TILES_N * TILE[1]), jnp.float32)).sum())
''',
    "partial_decorated_kernel": r'''
"""A kernel declared with a functools.partial(plgpu.kernel, ...) decorator; scratch in a constant."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

N = 128
D = 64
SCRATCH = [plgpu.SMEM((N, D), jnp.float32), plgpu.Barrier(num_arrivals=1)]


@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((N, D), jnp.float32),
    scratch_types=SCRATCH,
)
def square_kernel(x_gmem, o_gmem, x_smem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  v = x_smem[...]
  x_smem[...] = v * v
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


if __name__ == "__main__":
  print(jax.jit(square_kernel)(jnp.full((N, D), 3.0, jnp.float32)).sum())
''',
    "pipeline_add_argparse": r'''
"""Element-wise add of two long vectors with plgpu.emit_pipeline; sizes from argparse defaults."""
import argparse

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def parse_args(argv=None):
  p = argparse.ArgumentParser()
  p.add_argument("--size", type=int, default=4096)
  p.add_argument("--block", type=int, default=256)
  p.add_argument("--num-blocks", type=int, default=2)
  p.add_argument("--stages", type=int, default=2)
  return p.parse_args(argv)


def make_add(args):
  steps = args.size // (args.block * args.num_blocks)

  def add_body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] + y_smem[...]

  def kernel(x_gmem, y_gmem, o_gmem):
    b = lax.axis_index("blocks")
    spec = plgpu.BlockSpec((args.block,), lambda s: (b * steps + s,))
    pipeline = plgpu.emit_pipeline(
        add_body,
        grid=(steps,),
        in_specs=[spec, spec],
        out_specs=[spec],
        max_concurrent_steps=args.stages,
    )
    pipeline(x_gmem, y_gmem, o_gmem)

  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((args.size,), jnp.float32),
      grid=(args.num_blocks,),
      grid_names=("blocks",),
  )


if __name__ == "__main__":
  args = parse_args([])
  x = jnp.arange(args.size, dtype=jnp.float32)
  print(jax.jit(make_add(args))(x, x)[:4])
''',
    "pipeline_carry_rowsum": r'''
"""A column-block sum carried through emit_pipeline's init_carry; the carry lives in registers."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS = 64
COLS = 1024
BLOCK_COLS = 128
MAX_CONCURRENT = 3


def kernel(x_gmem, o_gmem, o_smem):
  def body(_, x_smem, carry):
    return carry + x_smem[...]

  total = plgpu.emit_pipeline(
      body,
      grid=(COLS // BLOCK_COLS,),
      in_specs=[plgpu.BlockSpec((ROWS, BLOCK_COLS), lambda j: (0, j))],
      max_concurrent_steps=MAX_CONCURRENT,
      init_carry=plgpu.layout_cast(jnp.zeros((ROWS, BLOCK_COLS), jnp.float32),
                                   plgpu.Layout.WG_STRIDED((ROWS, BLOCK_COLS), vec_size=2)),
  )(x_gmem)
  o_smem[...] = total
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


block_sum = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, BLOCK_COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, BLOCK_COLS), jnp.float32)],
)

if __name__ == "__main__":
  print(jax.jit(block_sum)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "producer_consumer_threads": r'''
"""Two Pallas threads: thread 0 loads a tile, thread 1 waits on a barrier and writes it doubled."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

NUM_THREADS = 2
TILE = (128, 128)
PRODUCER, CONSUMER = 0, 1


def kernel(x_gmem, o_gmem, tile_smem, loaded, ready):
  tid = lax.axis_index("thread")

  @pl.when(tid == PRODUCER)
  def _produce():
    plgpu.copy_gmem_to_smem(x_gmem, tile_smem, loaded)
    plgpu.barrier_wait(loaded)
    plgpu.barrier_arrive(ready)

  @pl.when(tid == CONSUMER)
  def _consume():
    plgpu.barrier_wait(ready)
    tile_smem[...] = tile_smem[...] * 2.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(tile_smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


def doubled(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(TILE, jnp.float32),
      scratch_types=[
          plgpu.SMEM(TILE, jnp.float32),
          plgpu.Barrier(num_arrivals=1),
          plgpu.Barrier(num_arrivals=1),
      ],
      num_threads=NUM_THREADS,
      thread_name="thread",
  )(x)


if __name__ == "__main__":
  print(jax.jit(doubled)(jnp.ones(TILE, jnp.float32)).sum())
''',
    "reduce_scatter_multimem": r'''
"""A reduce-scatter: each device reduces its own row slice across the mesh with multimem_load_reduce."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
NUM_DEVICES = 2
ROWS_PER_DEVICE, COLS = 64, 128


def reduce_scatter_kernel(x_ref, y_ref, done, *, axis_name):
  me = lax.axis_index(axis_name)
  mine = x_ref.at[pl.ds(me * ROWS_PER_DEVICE, ROWS_PER_DEVICE)]
  y_ref[...] = plgpu.layout_cast(
      plgpu.multimem_load_reduce(mine, collective_axes=axis_name, reduction_op="add"),
      plgpu.Layout.WG_STRIDED((ROWS_PER_DEVICE, COLS), vec_size=4),
  )
  plgpu.semaphore_signal_multicast(done, collective_axes=axis_name)
  pl.semaphore_wait(done, NUM_DEVICES)


def reduce_scatter(x, axis_name="x"):
  return plgpu.kernel(
      functools.partial(reduce_scatter_kernel, axis_name=axis_name),
      out_type=jax.ShapeDtypeStruct((ROWS_PER_DEVICE, COLS), x.dtype),
      scratch_types=[plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:NUM_DEVICES]), ("x",))
  x = jnp.ones((NUM_DEVICES * NUM_DEVICES * ROWS_PER_DEVICE, COLS), jnp.float32)
  fn = jax.jit(jax.shard_map(reduce_scatter, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))
  print(fn(x).shape)
''',
    "relu_pipeline_dict": r'''
"""A blocked ReLU over a 2-D grid of SMEM tiles with emit_pipeline, block sizes in a tuning dict."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

TUNING = {"block_m": 64, "block_n": 128, "max_concurrent_steps": 2}


def relu_body(_, x_smem, o_smem):
  o_smem[...] = jnp.maximum(x_smem[...], 0.0)


def relu(x, tuning=TUNING):
  m, n = x.shape
  bm, bn = tuning["block_m"], tuning["block_n"]

  def kernel(x_gmem, o_gmem):
    plgpu.emit_pipeline(
        relu_body,
        grid=(m // bm, n // bn),
        in_specs=[plgpu.BlockSpec((bm, bn), lambda i, j: (i, j))],
        out_specs=[plgpu.BlockSpec((bm, bn), lambda i, j: (i, j))],
        max_concurrent_steps=tuning["max_concurrent_steps"],
    )(x_gmem, o_gmem)

  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == "__main__":
  x = jnp.linspace(-1.0, 1.0, 256 * 256, dtype=jnp.float32).reshape(256, 256)
  print(jax.jit(relu)(x).mean())
''',
    "remote_tma_push": r'''
"""Asynchronous NVLINK transfer: TMA-store the local shard into the neighbour's output, then signal it."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS = "x"
SHARD = (64, 128)


def ring_next(axis=AXIS, size=2):
  return (lax.axis_index(axis) + 1) % size


def push_kernel(x_ref, y_ref, smem_ref, local_barrier, done_sem):
  plgpu.copy_gmem_to_smem(x_ref, smem_ref, local_barrier)
  plgpu.barrier_wait(local_barrier)
  dst = ring_next()
  plgpu.copy_smem_to_gmem(smem_ref, plgpu.remote_ref(y_ref, dst))
  plgpu.wait_smem_to_gmem(0)
  pl.semaphore_signal(done_sem, device_id=dst)
  pl.semaphore_wait(done_sem)


def push(x):
  return plgpu.kernel(
      push_kernel,
      out_type=jax.ShapeDtypeStruct(SHARD, jnp.float32),
      scratch_types=[plgpu.SMEM(SHARD, jnp.float32), plgpu.Barrier(), plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((2,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(push, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(fn(jnp.ones((2 * SHARD[0], SHARD[1]), jnp.float32)).shape)
''',
    "run_scoped_helper": r'''
"""Negate a tile in SMEM allocated by pl.run_scoped inside a small helper."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (128, 64)
DTYPE = jnp.float32


def staged(x_gmem, o_gmem, fn, shape=SHAPE, dtype=DTYPE):
  def scoped(smem, barrier):
    plgpu.copy_gmem_to_smem(x_gmem, smem, barrier)
    plgpu.barrier_wait(barrier)
    smem[...] = fn(smem[...])
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)

  pl.run_scoped(scoped, plgpu.SMEM(shape, dtype), plgpu.Barrier(num_arrivals=1))


def negate_kernel(x_gmem, o_gmem):
  staged(x_gmem, o_gmem, lambda v: -v)


if __name__ == "__main__":
  negate = plgpu.kernel(negate_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE))
  print(jax.jit(negate)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "signal_multicast_barrier": r'''
"""A cross-device barrier: every device signals all peers with semaphore_signal_multicast, then waits."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
AXIS_NAME = "x"
DEVICES = 2


def device_barrier(sem, axis=AXIS_NAME, num_devices=DEVICES):
  plgpu.semaphore_signal_multicast(sem, collective_axes=axis)
  pl.semaphore_wait(sem, num_devices)


def kernel(x_ref, o_ref, sem):
  o_ref[...] = x_ref[...] + 1.0
  device_barrier(sem)


def step(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      scratch_types=[plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == "__main__":
  mesh = jax.make_mesh((DEVICES,), (AXIS_NAME,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P(AXIS_NAME), out_specs=P(AXIS_NAME), check_vma=False))
  print(fn(jnp.zeros((DEVICES * 128, 128), jnp.float32)).sum())
''',
    "softmax_rows_wgmma_layout": r'''
"""Row-wise max of exp: each block loads a swizzled (64, 128) tile and reduces in the WGMMA layout."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK_ROWS = 64
COLS = 128
SWIZZLE = 128


def _transforms(dtype, swizzle=SWIZZLE):
  elems = swizzle // jnp.dtype(dtype).itemsize
  return (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(swizzle))


def rowmax_kernel(x_gmem, o_gmem, x_smem, m_smem, barrier):
  rows = pl.ds(lax.axis_index("b") * BLOCK_ROWS, BLOCK_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], x_smem, barrier)
  plgpu.barrier_wait(barrier)
  x = plgpu.layout_cast(x_smem[...], plgpu.Layout.WGMMA)
  m_smem[...] = jnp.max(jnp.exp(x), axis=1)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(m_smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


@functools.partial(jax.jit, static_argnames=("approx",))
def row_max_exp(x, approx=True):
  return plgpu.kernel(
      rowmax_kernel,
      out_type=jax.ShapeDtypeStruct((x.shape[0],), x.dtype),
      scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), x.dtype, transforms=_transforms(x.dtype)),
                     plgpu.SMEM((BLOCK_ROWS,), x.dtype), plgpu.Barrier()],
      grid=(x.shape[0] // BLOCK_ROWS,),
      grid_names=("b",),
      compiler_params=plgpu.CompilerParams(approx_math=approx),
  )(x)


if __name__ == "__main__":
  print(row_max_exp(jnp.ones((256, COLS), jnp.float32)).sum())
''',
    "strided_vector_enum": r'''
"""An activation chosen by an Enum, applied to a 1-D vector cast to a WG_STRIDED layout."""
import enum

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


class Activation(enum.Enum):
  RELU = "relu"
  SIGMOID = "sigmoid"
  TANH = "tanh"


SIZE = 1024
VEC = 2


def apply(act, x):
  if act is Activation.RELU:
    return jnp.maximum(x, 0.0)
  if act is Activation.SIGMOID:
    return jax.nn.sigmoid(x)
  return jnp.tanh(x)


def make_kernel(act=Activation.TANH):
  def kernel(x_ref, o_ref):
    x = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED((SIZE,), vec_size=VEC))
    o_ref[...] = apply(act, x)

  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((SIZE,), jnp.float32))


if __name__ == "__main__":
  x = jnp.linspace(-2.0, 2.0, SIZE, dtype=jnp.float32)
  print(jax.jit(make_kernel())(x)[:4])
  print(jax.jit(make_kernel(Activation.RELU))(x)[:4])
''',
    "tcgen05_matmul_config": r'''
"""A Blackwell matmul: tcgen05 MMA into a TMEM accumulator, pipelined over K (a tuning dataclass)."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class TuningConfig:
  tile_m: int = 128
  tile_n: int = 128
  tile_k: int = 64
  max_concurrent_steps: int = 2


def matmul0(a, b, config=TuningConfig()):
  dtype = a.dtype
  m, k = a.shape
  _, n = b.shape
  tile_m, tile_n, tile_k = config.tile_m, config.tile_n, config.tile_k
  swizzle = plgpu.find_swizzle(tile_k * jnp.dtype(dtype).itemsize * 8)
  swizzle_elems = swizzle // jnp.dtype(dtype).itemsize
  transforms = (plgpu.TilingTransform((8, swizzle_elems)), plgpu.SwizzleTransform(swizzle))
  k_iters = k // tile_k

  def kernel(a_gmem, b_gmem, out_gmem, acc_tmem, acc_smem, consumed_barriers):
    mi = lax.axis_index("m")
    ni = lax.axis_index("n")

    def do_mma(idxs, a_smem, b_smem):
      (ki,) = idxs
      arrive_slot = ki % 2
      plgpu.tcgen05_mma(acc_tmem, a_smem, b_smem, barrier=consumed_barriers.at[arrive_slot],
                        accumulate=(ki > 0))
      plgpu.barrier_wait(consumed_barriers.at[1 - arrive_slot])

    plgpu.barrier_arrive(consumed_barriers.at[1])
    block_kwargs = dict(transforms=transforms, delay_release=1)
    plgpu.emit_pipeline(
        do_mma,
        in_specs=[
            plgpu.BlockSpec((tile_m, tile_k), lambda ki: (mi, ki), **block_kwargs),
            plgpu.BlockSpec((tile_k, tile_n), lambda ki: (ki, ni), **block_kwargs),
        ],
        grid=(k_iters,),
        max_concurrent_steps=config.max_concurrent_steps,
    )(a_gmem, b_gmem)
    plgpu.barrier_wait(consumed_barriers.at[1 - (k_iters % 2)])
    acc_smem[...] = plgpu.async_load_tmem(acc_tmem).astype(dtype)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(acc_smem, out_gmem.at[pl.ds(mi * tile_m, tile_m), pl.ds(ni * tile_n, tile_n)])
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)

  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((m, n), dtype),
      grid=(m // tile_m, n // tile_n),
      grid_names=("m", "n"),
      scratch_types=dict(
          acc_tmem=plgpu.TMEM((tile_m, tile_n), jnp.float32),
          acc_smem=plgpu.SMEM((tile_m, tile_n), dtype, transforms=transforms),
          consumed_barriers=plgpu.Barrier(num_arrivals=1, num_barriers=2, orders_tensor_core=True),
      ),
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((256, 256), jnp.float16)
  b = jnp.ones((256, 256), jnp.float16)
  print(jax.jit(matmul0)(a, b).shape)
''',
    "tma_row_scale": r'''
"""Scale each row block of a matrix, staged through SMEM with TMA (a frozen config dataclass)."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class ScaleConfig:
  block_rows: int = 64
  cols: int = 128
  dtype: object = jnp.float32
  scale: float = 2.0


def make_scale(rows, cfg=ScaleConfig()):
  grid = (rows // cfg.block_rows,)

  def body(x_gmem, o_gmem, x_smem, barrier):
    i = lax.axis_index("rows")
    window = pl.ds(i * cfg.block_rows, cfg.block_rows)
    plgpu.copy_gmem_to_smem(x_gmem.at[window], x_smem, barrier)
    plgpu.barrier_wait(barrier)
    x_smem[...] = x_smem[...] * cfg.scale
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[window])
    plgpu.wait_smem_to_gmem(0)

  return plgpu.kernel(
      body,
      out_type=jax.ShapeDtypeStruct((rows, cfg.cols), cfg.dtype),
      scratch_types=[plgpu.SMEM((cfg.block_rows, cfg.cols), cfg.dtype), plgpu.Barrier()],
      grid=grid,
      grid_names=("rows",),
  )


if __name__ == "__main__":
  x = jnp.ones((256, 128), jnp.float32)
  print(jax.jit(make_scale(256))(x).sum())
''',
    "tmem_roundtrip": r'''
"""Stage a tile through TMEM on Blackwell: store registers to TMEM, commit, load back and scale."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

M, N = 128, 128
TMEM_SHAPE = (M, N)
TRANSFORMS = (plgpu.TilingTransform((8, 32)), plgpu.SwizzleTransform(128))


def kernel(x_gmem, o_gmem, x_smem, tmem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  plgpu.async_store_tmem(tmem, plgpu.layout_cast(x_smem[...], plgpu.Layout.TCGEN05))
  plgpu.commit_tmem()
  x_smem[...] = plgpu.async_load_tmem(tmem) * 2.0
  plgpu.wait_load_tmem()
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def roundtrip(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
      scratch_types=[plgpu.SMEM((M, N), jnp.float32, transforms=TRANSFORMS),
                     plgpu.TMEM(TMEM_SHAPE, jnp.float32), plgpu.Barrier()],
  )(x)


if __name__ == "__main__":
  print(jax.jit(roundtrip)(jnp.ones((M, N), jnp.float32)).sum())
''',
    "wgmma_pipeline_matmul": r'''
"""A Hopper matmul: emit_pipeline over K, WGMMA into an ACC scratch (a tuning dataclass)."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@dataclasses.dataclass(frozen=True)
class MatmulConfig:
  tile_m: int = 128
  tile_n: int = 128
  swizzle: int = 128
  max_concurrent_steps: int = 2


def matmul(a, b, config=MatmulConfig()):
  dtype = a.dtype
  m, k = a.shape
  _, n = b.shape
  swizzle_elems = config.swizzle // jnp.dtype(dtype).itemsize
  tile_k = swizzle_elems
  transforms = (plgpu.TilingTransform((8, swizzle_elems)), plgpu.SwizzleTransform(config.swizzle))

  def kernel(a_gmem, b_gmem, o_gmem, o_smem, acc):
    pid_m = lax.axis_index("m")
    pid_n = lax.axis_index("n")

    def step(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(0)

    pipeline = plgpu.emit_pipeline(
        step,
        in_specs=[
            plgpu.BlockSpec((config.tile_m, tile_k), lambda kk: (pid_m, kk), transforms=transforms),
            plgpu.BlockSpec((tile_k, config.tile_n), lambda kk: (kk, pid_n), transforms=transforms),
        ],
        grid=(k // tile_k,),
        max_concurrent_steps=config.max_concurrent_steps,
    )
    pipeline(a_gmem, b_gmem)
    o_smem[...] = acc[...].astype(dtype)
    plgpu.commit_smem()
    m_slice = pl.ds(pid_m * config.tile_m, config.tile_m)
    n_slice = pl.ds(pid_n * config.tile_n, config.tile_n)
    plgpu.copy_smem_to_gmem(o_smem, o_gmem.at[m_slice, n_slice])
    plgpu.wait_smem_to_gmem(0)

  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((m, n), dtype),
      scratch_types=[
          plgpu.SMEM((config.tile_m, config.tile_n), dtype, transforms=transforms),
          plgpu.ACC((config.tile_m, config.tile_n), jnp.float32),
      ],
      grid=(m // config.tile_m, n // config.tile_n),
      grid_names=("m", "n"),
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((256, 512), jnp.float16)
  b = jnp.ones((512, 256), jnp.float16)
  print(jax.jit(matmul)(a, b).shape)
''',
    "wgmma_single_tile": r'''
"""One 64x128 output tile from a single WGMMA, the accumulator from pl.run_scoped(plgpu.ACC)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

M, K, N = 64, 64, 128
DTYPE = jnp.float16
SWIZZLE = 128
ELEMS = SWIZZLE // jnp.dtype(DTYPE).itemsize
TRANSFORMS = (plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, o_smem, barriers):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, barriers.at[0])
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, barriers.at[1])
  plgpu.barrier_wait(barriers.at[0])
  plgpu.barrier_wait(barriers.at[1])

  def compute(acc_ref):
    plgpu.wgmma(acc_ref, a_smem, b_smem)
    return acc_ref[...]

  out = pl.run_scoped(compute, plgpu.ACC((M, N), jnp.float32))
  o_smem[...] = out.astype(DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def tile_matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((M, N), DTYPE),
      scratch_types=[
          plgpu.SMEM((M, K), DTYPE, transforms=TRANSFORMS),
          plgpu.SMEM((K, N), DTYPE, transforms=TRANSFORMS),
          plgpu.SMEM((M, N), DTYPE, transforms=TRANSFORMS),
          plgpu.Barrier(num_barriers=2),
      ],
  )(a, b)


if __name__ == "__main__":
  print(jax.jit(tile_matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).shape)
''',
    "ws_matmul_dict": r'''
"""A warp-specialized matmul (two compute warpgroups and one memory thread), tuned by a dict."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

DEFAULTS = dict(tile_m=128, tile_n=64, compute_wgs=2, memory_registers=40, stages=2, swizzle=128)


def matmul_ws(a, b, **overrides):
  cfg = {**DEFAULTS, **overrides}
  dtype = a.dtype
  m, k = a.shape
  _, n = b.shape
  elems = cfg["swizzle"] // jnp.dtype(dtype).itemsize
  tile_k = elems
  tile_m, tile_n, wgs = cfg["tile_m"], cfg["tile_n"], cfg["compute_wgs"]
  transforms = (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(cfg["swizzle"]))

  def kernel(a_gmem, b_gmem, o_gmem, o_smem):
    wg = lax.axis_index("wg")
    wg_slice = pl.ds(wg * tile_n, tile_n)
    pid_m = lax.axis_index("m")
    pid_n = lax.axis_index("n")

    def compute_thread(pipeline):
      acc = plgpu.layout_cast(jnp.full((tile_m, tile_n), 0, jnp.float32), plgpu.Layout.WGMMA)
      final = pipeline(acc)
      o_smem[:, wg_slice] = final[...].astype(dtype)

    def body(_, a_smem, b_smem, carry):
      def do_wgmma(acc_ref):
        plgpu.wgmma(acc_ref, a_smem, b_smem.at[:, wg_slice])
      return pl.run_state(do_wgmma)(plgpu.ACC.init(carry))

    pipeline = plgpu.emit_pipeline_warp_specialized(
        body,
        in_specs=[
            plgpu.BlockSpec((tile_m, tile_k), lambda kk: (pid_m, kk), transforms=transforms),
            plgpu.BlockSpec((tile_k, tile_n * wgs), lambda kk: (kk, pid_n), transforms=transforms),
        ],
        grid=(k // tile_k,),
        compute_context=compute_thread,
        max_concurrent_steps=cfg["stages"],
        num_compute_wgs=wgs,
        memory_registers=cfg["memory_registers"],
        wg_axis="wg",
    )
    pipeline(a_gmem, b_gmem)
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(
        o_smem, o_gmem.at[pl.ds(pid_m * tile_m, tile_m), pl.ds(pid_n * tile_n * wgs, tile_n * wgs)])
    plgpu.wait_smem_to_gmem(0)

  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((m, n), dtype),
      scratch_types=[plgpu.SMEM((tile_m, tile_n * wgs), dtype, transforms=transforms)],
      grid=(m // tile_m, n // (tile_n * wgs)),
      grid_names=("m", "n"),
      num_threads=wgs + 1,
      thread_name="wg",
  )(a, b)


if __name__ == "__main__":
  a = jnp.ones((256, 256), jnp.float16)
  b = jnp.ones((256, 256), jnp.float16)
  print(jax.jit(functools.partial(matmul_ws, stages=2))(a, b).shape)
''',
    "ws_pipeline_copy_scale": r'''
"""A warp-specialized element-wise pipeline: one memory warpgroup feeds one compute warpgroup (no carry)."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

BLOCK = (64, 128)
STEPS = 4
WS_CONFIG = {"num_compute_wgs": 1, "memory_registers": 40, "max_concurrent_steps": 2, "wg_axis": "wg"}


def body(_, x_smem, o_smem):
  o_smem[...] = x_smem[...] * 0.5


def kernel(x_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))
  pipeline = plgpu.emit_pipeline_warp_specialized(
      body,
      grid=(STEPS,),
      in_specs=[spec],
      out_specs=[spec],
      **WS_CONFIG,
  )
  pipeline(x_gmem, o_gmem)


def halve(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
      num_threads=WS_CONFIG["num_compute_wgs"] + 1,
      thread_name=WS_CONFIG["wg_axis"],
  )(x)


if __name__ == "__main__":
  print(jax.jit(halve)(jnp.ones((STEPS * BLOCK[0], BLOCK[1]), jnp.float32)).sum())
''',
}


def user_bases() -> list[tuple[str, str, str, list[tuple[int, int]]]]:
    """(part, stem, text, line ranges a mutant may edit) of each base: the whole file."""
    texts = {name: text.removeprefix("\n") for name, text in KERNELS.items()}
    return [("user", name, text, [(1, text.count("\n") + 1)]) for name, text in sorted(texts.items())]


def main() -> None:
    _famheld.capped_mutation_cli(__doc__, "famheld5", user_bases(), famheld5_mutants, seed=2031,
                                 per_base=7, max_per_op=12)


if __name__ == "__main__":
    main()
