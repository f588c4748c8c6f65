"""Build the fourteenth held-out families corpus `famheld14` (issue 27), written blind: user-style Mosaic GPU
kernels written for this set (no earlier set, `families`, `famheld` ... `famheld13`, used them), bases adapted from
JAX's own tests that no earlier set took, and one-edit mutants of them by famheld14_mutate.py (operators written from
JAX's own checks, blind to the checker: nothing under server/, tests/, docs/rules*, docs/design.md or CHANGELOG.md
was read, and neither pallas-lsp nor score.py / score_families.py was run).

usage: build_famheld14.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld14/user/NAME.py  the kernels of KERNELS_A / KERNELS_B, written for this set (2-space indents, single-quoted
                          strings). What is new against famheld ... famheld13 (checked by a script that greps every
                          earlier kernel text, i.e. the long string constants of bench/corpus/build*.py, the
                          *_mutate.py files and bench/corpus/idioms*/, for each mechanism) is the Python that carries
                          the values the kernel depends on: host numpy (np.searchsorted, np.argmin +
                          np.unravel_index, np.broadcast_shapes, np.geomspace + np.flatnonzero,
                          np.unique(return_counts=True), np.digitize, np.frombuffer of header bytes, a numpy
                          structured-dtype record, np.interp over a measured table, np.percentile(method=),
                          np.cumsum / np.diff / np.concatenate, np.binary_repr, np.gcd.reduce / np.lcm,
                          np.array_split, np.ndindex), host JAX (jax.eval_shape of a reference function as out_type,
                          jnp.promote_types, jax.tree_util.register_pytree_node_class / tree_map / tree_flatten, a
                          Mesh's .shape mapping) and plain Python (match sequence patterns with alternatives, capture
                          and a guard, a descriptor whose __delete__ restores a default, iter(callable, sentinel),
                          math.sqrt / math.isclose, str.encode('utf-16-le') length and bytes.hex, a
                          collections.Counter intersection with &).
  famheld14/jax/NAME.py   tests that no earlier set took as a base (checked by a script against the test names in
                          every bench/corpus builder / mutator and every /work/*/manifest.json): of
                          tests/pallas/mosaic_gpu_test.py (mirror HEAD cec06d116c05) PallasCallTest.
                          test_copy_with_sole_swizzle_lowers_correctly (swizzle=32),
                          test_copy_with_transforms_and_indexing, test_copy_gmem_to_smem_in_run_scoped,
                          test_scoped_copy_with_transforms, test_collective_arrival_count; PallasCallSm90ATest.
                          test_load_store_wgmma_transposed; PipelineTest.test_nested_emit,
                          test_emit_with_grid_invariant_output, test_emit_with_no_output, test_emit_with_carry;
                          WarpSpecializedPipelineTest.test_carry_accumulate (its defaults m=n=256,
                          num_compute_wgs=2); CoreMapTest.test_cross_wg_barrier, test_multiple_wg_with_grid; of
                          tests/pallas/gpu_pallas_distributed_test.py PallasCallMultimemTest.test_multimem_store_tma
                          and PallasCallRemoteDMATest.test_semaphore_signal_collective_axes. Also built, and dropped
                          at stage 2 (below): PallasCallTest.test_indexing_after_transpose,
                          test_wgmma_load_from_transposed_smem, test_wgmma_store_to_transposed_smem and
                          PallasCallSm90ATest.test_wgmma_registers_init_with_update. Each keeps the test's kernel and
                          first parameter set, its self.kernel / self.pallas_call harness rewritten as a plain
                          plgpu.kernel launch under the test class's Lane semantics. Host adaptations, each commented
                          where it is made: the harness's self.pallas_call for grid=() written out (PALLAS_CALL: a
                          plgpu.kernel around an emit_pipeline with an empty grid that stages each operand as its
                          BlockSpec says), self.default_transforms copied (DEFAULT_TRANSFORMS, itemsize_bits written
                          with jnp.dtype), self.is_wg_semantics() as a False constant, 0.10's plgpu.load index
                          argument chosen by jax.__version__, decorator launches written as plain assignments, the
                          numerical checks (and the distributed tests' comparisons) dropped (kernels are only lowered).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for CUDA, never
compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld14).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to --per-base operators,
the ones the earlier bases got least first, and up to --per-op mutants of each, sampled with a fixed seed (an operator
for at most --max-per-op bases; build_famheld.capped_mutation_cli); edits anywhere in the file but the docstring line.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld14_dropped.json.

Stage-1 fixes of my own bugs (first labelling, /work/famheld14-out): digitize_bucket_pipeline's chosen table row
(128 rows, 2 stages, three refs) overflowed SMEM on every release ("smem_bytes=393232 > max_smem_bytes=232448"; now
(64, 2)); ndindex_tile_stores stored (64, 64) column tiles of a tiled bf16 SMEM ref, which TMA refuses ("async_copy
needs the SMEM reference to be contiguous"; now whole-row (32, 128) tiles, TILES (4, 1)); promote_types_add added a
bf16 and an f32 window read without a layout, which 0.10.2 refused ("Incompatible FragmentedArray layouts"; now both
read by plgpu.load in one WG_STRIDED layout, VEC 4); frombuffer_head_transpose took transpose_ref of the raw scratch
ref, which 0.11.2 / 0.12.0.1 refused ("The 'memory_space' attribute is not available on traced array"; now of
smem.at[:]); sqrt_isclose_transpose stored a WGMMA value through transpose_ref of swizzled SMEM, which 0.10.2 refused
("Can't transpose the swizzled dimension"; now a layout_cast to WGMMA_TRANSPOSED stored through .T). Edits before
stage 2 for the operators, not failures: interp_registers_wgmma's table [236, 164, 116] (so the rounding to a multiple
of 8 matters) and its `M, K, N` line, mesh_shape_allreduce's layout_cast on a line of its own, utf16_strided_fma's
out_type written with dtype=. Every user base then lowered clean on 0.10.2, 0.11.2 and 0.12.0.1. Four adapted tests
did not and were dropped by stage 2 (famheld14_dropped.json): test_indexing_after_transpose (0.11.2 / 0.12.0.1: the
memory_space error above), test_wgmma_load_from_transposed_smem and test_wgmma_store_to_transposed_smem (0.10.2:
"Can't transpose the swizzled dimension"; 0.12.0.1: TransferPlanDerivationError "GMEM transfer does not access a whole
number of complete 32 byte sectors"), test_wgmma_registers_init_with_update (0.12.0.1: TransferPlanDerivationError
"Failed to synthesize a transfer pattern that avoids bank conflicts"); four other tests were added in their place.
Counts: 44 bases built, 40 kept (25 user, 15 jax); 240 mutants (6 per base); 840 labels of the manifest's 280 files
(labels.json also keeps the dropped bases' stage-1 labels); broken 0 / 0 / 0; failing files 173 / 171 / 173 (0.10.2 /
0.11.2 / 0.12.0.1), all of them mutants; 63 mutants clean on every release, 8 with outcomes that differ by release.
22 mutants (20 sampled with random.Random(2411), 2 multi-device ones added to the one sampled) relabelled alone, each
in its own label.py run over a folder holding only that file: 66 / 66 labels agree on outcome, exception, line, raise
site, code, class and message (paths normalised).

The commands that built /work/famheld14-out (from bench/corpus/; the first two run again after each stage-1 fix):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  ../../.venv/bin/python build_famheld14.py /work/famheld14-out
  nice -n 10 ../../.venv/bin/python label.py /work/famheld14-out --jobs 1 --only famheld14 $PY
  cp /work/famheld14-out/labels.json /tmp/famheld14_stage1.json
  ../../.venv/bin/python build_famheld14.py /work/famheld14-out --keep /tmp/famheld14_stage1.json --per-base 6 --per-op 1
  nice -n 10 ../../.venv/bin/python label.py /work/famheld14-out --jobs 1 --only famheld14 $PY
"""

from __future__ import annotations

import importlib

from famheld14_mutate import famheld14_mutants

_famheld = importlib.import_module("build_famheld")

KERNELS_A: dict[str, str] = {
    "searchsorted_leaky_pipeline": r'''
"""A 2-D emit_pipeline of a leaky ReLU over f32 blocks; the block rows are the largest candidate under a budget, by np.searchsorted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

CANDIDATE_ROWS = np.array([16, 32, 64, 128, 256])
ROW_BUDGET = 100
BLOCK_ROWS = int(CANDIDATE_ROWS[np.searchsorted(CANDIDATE_ROWS, ROW_BUDGET, side='right') - 1])
BLOCK_COLS = 128
SHAPE = (512, 384)
GRID = (SHAPE[0] // BLOCK_ROWS, SHAPE[1] // BLOCK_COLS)
SLOPE = 0.01
DEPTH = 2


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec((BLOCK_ROWS, BLOCK_COLS), lambda i, j: (i, j))

  def body(_, x_smem, o_smem):
    x = x_smem[...]
    o_smem[...] = jnp.maximum(x, x * SLOPE)

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, o_gmem)


def leaky_relu(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == '__main__':
  print(BLOCK_ROWS, GRID, jax.jit(leaky_relu)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "argmin_unravel_wgmma": r'''
"""A gridded f16 WGMMA matmul with a K pipeline and a TMA store; the output tile is the cheapest cell of a cost table, by np.argmin / np.unravel_index."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

M_OPTIONS = (64, 128, 256)
N_OPTIONS = (64, 128, 256)
COST = np.array([
    [9.0, 7.5, 8.0],
    [6.0, 4.2, 5.1],
    [7.7, 6.3, 9.9],
])
IM, IN = np.unravel_index(np.argmin(COST), COST.shape)
TILE_M, TILE_N = M_OPTIONS[IM], N_OPTIONS[IN]
TILE_K = 64
M, N, K = 256, 256, 256
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_gmem, o_smem):
  mi = lax.axis_index('m')
  ni = lax.axis_index('n')

  def scope(acc):
    def body(_, a_smem, b_smem):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(1)

    plgpu.emit_pipeline(
        body,
        grid=(K // TILE_K,),
        in_specs=[
            plgpu.BlockSpec((TILE_M, TILE_K), lambda k: (mi, k), transforms=TRANSFORMS),
            plgpu.BlockSpec((TILE_K, TILE_N), lambda k: (k, ni), transforms=TRANSFORMS),
        ],
        max_concurrent_steps=2,
    )(a_gmem, b_gmem)
    plgpu.wgmma_wait(0)
    return acc[...]

  o_smem[...] = pl.run_scoped(scope, plgpu.ACC((TILE_M, TILE_N), jnp.float32)).astype(DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem.at[pl.ds(mi * TILE_M, TILE_M), pl.ds(ni * TILE_N, TILE_N)])
  plgpu.wait_smem_to_gmem(0)


def matmul(a, b):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((M, N), DTYPE),
      scratch_types=[plgpu.SMEM((TILE_M, TILE_N), DTYPE, transforms=TRANSFORMS)],
      grid=(M // TILE_M, N // TILE_N),
      grid_names=('m', 'n'),
  )(a, b)


if __name__ == '__main__':
  a = jnp.ones((M, K), DTYPE)
  b = jnp.ones((K, N), DTYPE)
  print((TILE_M, TILE_N), jax.jit(matmul)(a, b).shape)
''',
    "broadcast_shapes_mul": r'''
"""Two TMA loads onto one two-arrival barrier, a product in SMEM and a TMA store; the tile shape is np.broadcast_shapes of the operands'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

X_SHAPE = (128, 64)
Y_SHAPE = (128, 64)
SHAPE = np.broadcast_shapes(X_SHAPE, Y_SHAPE)
DTYPE = jnp.float32
LOADS = 2


def kernel(x_gmem, y_gmem, o_gmem, x_smem, y_smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, bar)
  plgpu.copy_gmem_to_smem(y_gmem, y_smem, bar)
  plgpu.barrier_wait(bar)
  x_smem[...] = x_smem[...] * y_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


mul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(SHAPE, DTYPE), plgpu.SMEM(SHAPE, DTYPE), plgpu.Barrier(num_arrivals=LOADS)],
)

if __name__ == '__main__':
  x = jnp.ones(X_SHAPE, DTYPE)
  y = jnp.full(Y_SHAPE, 2.0, DTYPE)
  print(SHAPE, jax.jit(mul)(x, y).sum())
''',
    "geomspace_swizzle_abt": r'''
"""An f16 WGMMA of A and a transposed B view (transpose_ref) from swizzled SMEM; the swizzle is the largest np.geomspace candidate that divides the row bytes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

M, N, K = 64, 128, 64
DTYPE = jnp.float16
ROW_BYTES = K * jnp.dtype(DTYPE).itemsize
SWIZZLES = np.geomspace(32, 128, num=3)
SWIZZLE = int(SWIZZLES[np.flatnonzero(ROW_BYTES % SWIZZLES == 0)[-1]])
ELEMS = SWIZZLE // jnp.dtype(DTYPE).itemsize
TRANSFORMS = (plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_ref, a_smem, b_smem, bars):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bars.at[0])
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bars.at[1])
  plgpu.barrier_wait(bars.at[0])
  plgpu.barrier_wait(bars.at[1])

  def scope(acc):
    plgpu.wgmma(acc, a_smem, plgpu.transpose_ref(b_smem, (1, 0)))
    plgpu.wgmma_wait(0)
    return acc[...]

  o_ref[...] = pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))


abt = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
    scratch_types=[
        plgpu.SMEM((M, K), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((N, K), DTYPE, transforms=TRANSFORMS),
        plgpu.Barrier(num_barriers=2),
    ],
)

if __name__ == '__main__':
  print(SWIZZLE, jax.jit(abt)(jnp.ones((M, K), DTYPE), jnp.ones((N, K), DTYPE)).sum())
''',
    "eval_shape_downcast": r'''
"""The left columns of an f32 tile staged by TMA, cast to bf16 and stored by TMA; the output type is jax.eval_shape of a reference function."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 128, 128
KEEP = 64
IN_DTYPE = jnp.float32
OUT_DTYPE = jnp.bfloat16


def reference(x):
  return x[:, :KEEP].astype(OUT_DTYPE)


X = jax.ShapeDtypeStruct((ROWS, COLS), IN_DTYPE)
OUT = jax.eval_shape(reference, X)


def kernel(x_gmem, o_gmem, x_smem, o_smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem.at[:, pl.ds(0, KEEP)], x_smem, bar)
  plgpu.barrier_wait(bar)
  o_smem[...] = x_smem[...].astype(OUT_DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(o_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


downcast = plgpu.kernel(
    kernel,
    out_type=OUT,
    scratch_types=[plgpu.SMEM((ROWS, KEEP), IN_DTYPE), plgpu.SMEM(OUT.shape, OUT.dtype), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(OUT, jax.jit(downcast)(jnp.ones(X.shape, X.dtype)).shape)
''',
    "promote_types_add": r'''
"""A blocked add of a bf16 and an f32 vector over a 1-D grid, both loaded from GMEM windows in one WG_STRIDED layout; the output dtype is jnp.promote_types of the inputs'."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

X_DTYPE = jnp.bfloat16
Y_DTYPE = jnp.float32
OUT_DTYPE = jnp.promote_types(X_DTYPE, Y_DTYPE)
N = 4096
BLOCK = 512
VEC = 4


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, y_ref, o_ref):
  win = pl.ds(lax.axis_index('blk') * BLOCK, BLOCK)
  layout = plgpu.Layout.WG_STRIDED((BLOCK,), vec_size=VEC)
  x = load_regs(x_ref.at[win], layout).astype(OUT_DTYPE)
  y = load_regs(y_ref.at[win], layout).astype(OUT_DTYPE)
  o_ref[win] = x + y


add = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((N,), OUT_DTYPE),
    grid=(N // BLOCK,),
    grid_names=('blk',),
)

if __name__ == '__main__':
  x = jnp.ones((N,), X_DTYPE)
  y = jnp.ones((N,), Y_DTYPE)
  print(OUT_DTYPE, jax.jit(add)(x, y)[:4])
''',
    "pytree_config_ws": r'''
"""A warp-specialized pipeline adding two inputs over a 2-D grid; the block is a registered pytree scaled by jax.tree_util.tree_map."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


@jax.tree_util.register_pytree_node_class
class Tiles:
  def __init__(self, rows, cols):
    self.rows, self.cols = rows, cols

  def tree_flatten(self):
    return (self.rows, self.cols), None

  @classmethod
  def tree_unflatten(cls, aux, children):
    return cls(*children)


BASE = Tiles(32, 64)
BLOCK = jax.tree_util.tree_map(lambda v: v * 2, BASE)
LEAVES, TREEDEF = jax.tree_util.tree_flatten(BLOCK)
SHAPE = (256, 256)
STEPS = (SHAPE[0] // BLOCK.rows, SHAPE[1] // BLOCK.cols)
COMPUTE_WGS = 1
AXIS = 'wg'


def kernel(x_gmem, y_gmem, o_gmem):
  spec = pl.BlockSpec(tuple(LEAVES), lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] + y_smem[...]

  plgpu.emit_pipeline_warp_specialized(
      body,
      grid=STEPS,
      in_specs=[spec, spec],
      out_specs=[spec],
      max_concurrent_steps=2,
      num_compute_wgs=COMPUTE_WGS,
      memory_registers=40,
      wg_axis=AXIS,
  )(x_gmem, y_gmem, o_gmem)


def add(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
                      num_threads=COMPUTE_WGS + 1, thread_name=AXIS)(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(LEAVES, TREEDEF, jax.jit(add)(x, x).sum())
''',
    "mesh_shape_allreduce": r'''
"""An f32 mean all-reduce with multimem_load_reduce under shard_map; axis name and device count are read off the Mesh's shape mapping."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
MESH = jax.make_mesh((2,), ('peers',), axis_types=(jax.sharding.AxisType.Auto,))
AXIS = next(iter(MESH.shape))
SIZE = MESH.shape[AXIS]
SHAPE = (128, 128)
VEC = 4


def kernel(x_ref, y_ref, sem):
  total = plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op='add')
  total = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
  y_ref[...] = total / SIZE
  pl.semaphore_signal(sem, 1, device_id=1 - lax.axis_index(AXIS))
  pl.semaphore_wait(sem)


def mean(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == '__main__':
  fn = jax.jit(jax.shard_map(mean, mesh=MESH, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(AXIS, SIZE, fn(jnp.ones((SIZE * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
    "unique_counts_roles": r'''
"""A loader warpgroup and two math warpgroups meeting on barriers around a TMA round trip; thread count and arrivals are np.unique counts of a role list."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROLES = np.array(['load', 'math', 'math'])
NAMES, COUNTS = np.unique(ROLES, return_counts=True)
PER_ROLE = dict(zip(NAMES.tolist(), COUNTS.tolist()))
THREADS = len(ROLES)
MATH_WGS = PER_ROLE['math']
ROWS, COLS = 128, 128
PART = ROWS // MATH_WGS
AXIS = 'role'


def kernel(x_gmem, o_gmem, smem, loaded, computed):
  wg = lax.axis_index(AXIS)

  @pl.when(wg == 0)
  def _load():
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)

  @pl.when(wg > 0)
  def _math():
    plgpu.barrier_wait(loaded)
    rows = pl.ds((wg - 1) * PART, PART)
    smem[rows] = smem[rows] * smem[rows]
    plgpu.commit_smem()
    plgpu.barrier_arrive(computed)

  @pl.when(wg == 0)
  def _store():
    plgpu.barrier_wait(computed)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(),
                   plgpu.Barrier(num_arrivals=MATH_WGS)],
    num_threads=THREADS,
    thread_name=AXIS,
)

if __name__ == '__main__':
  print(PER_ROLE, jax.jit(square)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "digitize_bucket_pipeline": r'''
"""A 1-D emit_pipeline with two outputs over row blocks; block rows and stages are a table row chosen by np.digitize of the problem size."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

EDGES = np.array([1 << 12, 1 << 16, 1 << 20])
TABLE = [(32, 1), (32, 2), (64, 2), (128, 3)]
ROWS, COLS = 512, 128
BUCKET = int(np.digitize(ROWS * COLS, EDGES))
BLOCK_ROWS, STAGES = TABLE[BUCKET]


def kernel(x_gmem, y_gmem, z_gmem):
  spec = pl.BlockSpec((BLOCK_ROWS, COLS), lambda i: (i, 0))

  def body(_, x_smem, y_smem, z_smem):
    x = x_smem[...]
    y_smem[...] = x * 2.0 + 1.0
    z_smem[...] = x * x

  plgpu.emit_pipeline(body, grid=(ROWS // BLOCK_ROWS,), in_specs=[spec], out_specs=[spec, spec],
                      max_concurrent_steps=STAGES)(x_gmem, y_gmem, z_gmem)


def affine_and_square(x):
  out = jax.ShapeDtypeStruct(x.shape, x.dtype)
  return plgpu.kernel(kernel, out_type=(out, out))(x)


if __name__ == '__main__':
  y, z = jax.jit(affine_and_square)(jnp.ones((ROWS, COLS), jnp.float32))
  print(BUCKET, (BLOCK_ROWS, STAGES), y.shape, z.shape)
''',
    "frombuffer_head_transpose": r'''
"""A heads-major f32 tensor copied by TMA into a transposed SMEM view (transpose_ref) and stored sequence-major; sizes are np.frombuffer of a header."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

HEADER = b'\x04\x00\x40\x00\x40\x00'
HEADS, SEQ, DIM = np.frombuffer(HEADER, dtype='<u2').tolist()
DTYPE = jnp.float32
PERM = (1, 0, 2)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, plgpu.transpose_ref(smem.at[:], PERM), bar)
  plgpu.barrier_wait(bar)
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


heads_to_seq = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((SEQ, HEADS, DIM), DTYPE),
    scratch_types=[plgpu.SMEM((SEQ, HEADS, DIM), DTYPE), plgpu.Barrier()],
)

if __name__ == '__main__':
  x = jnp.ones((HEADS, SEQ, DIM), DTYPE)
  print((HEADS, SEQ, DIM), jax.jit(heads_to_seq)(x).shape)
''',
    "record_dtype_multimem": r'''
"""A root device loads a tile in the WGMMA layout and multimem_stores its double to every device; sizes, device count and root are a numpy structured record."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
RECORD = np.dtype([('rows', '<i4'), ('cols', '<i4'), ('devices', '<i4'), ('root', '<i4')])
CFG = np.array([(128, 64, 2, 0)], dtype=RECORD)[0]
ROWS, COLS, DEVICES, ROOT = (int(CFG[name]) for name in RECORD.names)
AXIS = 'x'


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, y_ref, sem):
  me = lax.axis_index(AXIS)

  @pl.when(me == ROOT)
  def _root():
    tile = load_regs(x_ref, plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile * 2.0, y_ref, AXIS)

  pl.semaphore_signal(sem, 1, device_id=(me + 1) % DEVICES)
  pl.semaphore_wait(sem)


def broadcast(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(broadcast, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(CFG, fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
    "interp_registers_wgmma": r'''
"""A producer warpgroup TMA-loads A and B, a consumer runs one f16 WGMMA; set_max_registers counts come from np.interp over a measured table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

WARPGROUPS = np.array([2, 3, 4])
CONSUMER_REGS = np.array([236, 164, 116])
THREADS = 2
HIGH = int(np.interp(THREADS, WARPGROUPS, CONSUMER_REGS)) // 8 * 8
LOW = 40
M, K, N = 64, 64, 128
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // 2)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_gmem, a_smem, b_smem, o_smem, bars):
  wg = lax.axis_index('wg')

  @pl.when(wg == 0)
  def _producer():
    plgpu.set_max_registers(LOW, action='decrease')
    plgpu.copy_gmem_to_smem(a_gmem, a_smem, bars.at[0])
    plgpu.copy_gmem_to_smem(b_gmem, b_smem, bars.at[1])

  @pl.when(wg == 1)
  def _consumer():
    plgpu.set_max_registers(HIGH, action='increase')
    plgpu.barrier_wait(bars.at[0])
    plgpu.barrier_wait(bars.at[1])

    def scope(acc):
      plgpu.wgmma(acc, a_smem, b_smem)
      plgpu.wgmma_wait(0)
      return acc[...]

    o_smem[...] = pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(o_smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


matmul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
    scratch_types=[
        plgpu.SMEM((M, K), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((K, N), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((M, N), jnp.float32),
        plgpu.Barrier(num_barriers=2),
    ],
    num_threads=THREADS,
    thread_name='wg',
)

if __name__ == '__main__':
  print(LOW, HIGH, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
}


KERNELS_B: dict[str, str] = {
    "percentile_block_grid": r'''
"""Each CTA of a 1-D grid TMA-loads a row block, normalises it with rsqrt in SMEM and stores it; the block rows are the 75th np.percentile of measured lengths."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SEQ_LENS = np.array([96, 120, 128, 200, 64, 130, 128, 110])
BLOCK = int(np.percentile(SEQ_LENS, 75, method='lower'))
ROWS, COLS = 512, 128
EPS = 1e-6


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('row') * BLOCK, BLOCK)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  x = smem[...]
  smem[...] = x * lax.rsqrt(x * x + EPS)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


normalise = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK, COLS), jnp.float32), plgpu.Barrier()],
    grid=(ROWS // BLOCK,),
    grid_names=('row',),
)

if __name__ == '__main__':
  print(BLOCK, jax.jit(normalise)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "cumsum_segments_barriers": r'''
"""Segments of a tile TMA-loaded onto an array of barriers and scaled one by one; segment offsets are np.cumsum / np.diff of their lengths."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SEGMENTS = [32, 64, 32]
OFFSETS = np.concatenate([[0], np.cumsum(SEGMENTS)])
SIZES = np.diff(OFFSETS)
ROWS, COLS = int(OFFSETS[-1]), 128
SCALES = (1.0, 2.0, 3.0)
PIECES = list(zip(OFFSETS[:-1].tolist(), SIZES.tolist()))


def kernel(x_gmem, o_gmem, smem, bars):
  for s, (start, size) in enumerate(PIECES):
    rows = pl.ds(start, size)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[s])
  for s, (start, size) in enumerate(PIECES):
    rows = pl.ds(start, size)
    plgpu.barrier_wait(bars.at[s])
    smem[rows] = smem[rows] * SCALES[s]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


scale_segments = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=len(SEGMENTS))],
)

if __name__ == '__main__':
  print(PIECES, jax.jit(scale_segments)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "match_sequence_relu": r'''
"""A swizzled bf16 tile loaded into the WGMMA register layout, ReLU'd and stored back by TMA; the tile spec is decoded by match sequence patterns with a guard."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SPEC = ['bf16', 64, 128, 'swizzle', 128]


def decode(spec):
  match spec:
    case [('bf16' | 'f16') as name, int(rows), int(cols), 'swizzle', int(sw)] if sw in (32, 64, 128):
      return name, rows, cols, sw
    case [name, int(rows), int(cols)]:
      return name, rows, cols, 0
    case _:
      raise ValueError(f'bad tile spec {spec!r}')


NAME, ROWS, COLS, SWIZZLE = decode(SPEC)
DTYPE = {'bf16': jnp.bfloat16, 'f16': jnp.float16, 'f32': jnp.float32}[NAME]
if SWIZZLE:
  TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))
else:
  TRANSFORMS = ()


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  x = load_regs(smem, plgpu.Layout.WGMMA)
  smem[...] = jnp.maximum(x, jnp.asarray(0, DTYPE))
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


relu = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(NAME, (ROWS, COLS), SWIZZLE, jax.jit(relu)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "descriptor_delete_squeezed": r'''
"""A batched emit_pipeline with a squeezed batch dimension (pl.Squeezed); depth and block come from descriptors whose __delete__ restores the default."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Setting:
  def __init__(self, key, default):
    self.key, self.default = key, default

  def __get__(self, obj, owner=None):
    if obj is None:
      return self
    return obj.__dict__.get(self.key, self.default)

  def __set__(self, obj, value):
    obj.__dict__[self.key] = value

  def __delete__(self, obj):
    obj.__dict__.pop(self.key, None)


class PipelineConfig:
  depth = Setting('depth', 2)
  block = Setting('block', 64)


CFG = PipelineConfig()
CFG.depth = 4
CFG.block = 128
del CFG.depth
BATCH, ROWS, COLS = 4, 256, 64


def kernel(x_gmem, o_gmem):
  spec = pl.BlockSpec((pl.Squeezed(), CFG.block, COLS), lambda b, i: (b, i, 0))

  def body(_, x_smem, o_smem):
    o_smem[...] = x_smem[...] + 1.0

  plgpu.emit_pipeline(body, grid=(BATCH, ROWS // CFG.block), in_specs=[spec], out_specs=[spec],
                      max_concurrent_steps=CFG.depth)(x_gmem, o_gmem)


def inc(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


if __name__ == '__main__':
  print(CFG.depth, CFG.block, jax.jit(inc)(jnp.ones((BATCH, ROWS, COLS), jnp.float32)).sum())
''',
    "iter_sentinel_cluster": r'''
"""A weight tile multicast by TMA over a cluster of two after a ClusterBarrier, times each CTA's own rows; the cluster settings are read with iter(callable, sentinel)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TOKENS = iter(['cluster', '2', 'axis', 'cx', 'rows', '128', '--', 'stale', '4'])
FIELDS = list(iter(lambda: next(TOKENS), '--'))
CFG = dict(zip(FIELDS[::2], FIELDS[1::2]))
CLUSTER = int(CFG['cluster'])
AXIS = CFG['axis']
ROWS = int(CFG['rows'])
COLS = 64
PART = ROWS // CLUSTER


def kernel(x_gmem, w_gmem, o_gmem, x_smem, w_smem, x_bar, w_bar, peers):
  rows = pl.ds(lax.axis_index(AXIS) * PART, PART)
  plgpu.barrier_arrive(peers)
  plgpu.barrier_wait(peers)
  plgpu.copy_gmem_to_smem(w_gmem, w_smem, w_bar, collective_axes=AXIS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], x_smem, x_bar)
  plgpu.barrier_wait(w_bar)
  plgpu.barrier_wait(x_bar)
  x_smem[...] = x_smem[...] * w_smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


weigh = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[
        plgpu.SMEM((PART, COLS), jnp.float32),
        plgpu.SMEM((PART, COLS), jnp.float32),
        plgpu.Barrier(),
        plgpu.Barrier(),
        plgpu.ClusterBarrier(collective_axes=(AXIS,)),
    ],
    grid=(CLUSTER,),
    grid_names=('cta',),
    cluster=(CLUSTER,),
    cluster_names=(AXIS,),
)

if __name__ == '__main__':
  x = jnp.ones((ROWS, COLS), jnp.float32)
  w = jnp.full((PART, COLS), 0.5, jnp.float32)
  print(CFG, jax.jit(weigh)(x, w).sum())
''',
    "sqrt_isclose_transpose": r'''
"""A square f16 tile transposed through registers: TMA load, WGMMA-layout load, a WGMMA_TRANSPOSED store into the .T view, TMA store; the side is math.sqrt of an area and math.isclose checks it is square."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

AREA = 4096.0
SIDE = int(math.sqrt(AREA))
SQUARE = math.isclose(SIDE * SIDE, AREA, rel_tol=1e-9)
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_gmem, o_gmem, in_smem, out_smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, in_smem, bar)
  plgpu.barrier_wait(bar)
  x = load_regs(in_smem, plgpu.Layout.WGMMA)
  if SQUARE:
    out_smem.T[...] = plgpu.layout_cast(x, plgpu.Layout.WGMMA_TRANSPOSED)
  else:
    out_smem[...] = x
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(out_smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


transpose = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((SIDE, SIDE), DTYPE),
    scratch_types=[
        plgpu.SMEM((SIDE, SIDE), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((SIDE, SIDE), DTYPE, transforms=TRANSFORMS),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(SIDE, SQUARE, jax.jit(transpose)(jnp.ones((SIDE, SIDE), DTYPE)).shape)
''',
    "utf16_strided_fma": r'''
"""Two f16 tiles loaded in a WG_STRIDED layout and combined as x * y + x; the element size is the length of a UTF-16 code unit and the vector width 16 bytes over it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

CODEC = 'utf-16-le'
UNIT = len('x'.encode(CODEC))
DTYPE = {2: jnp.float16, 4: jnp.float32}[UNIT]
ALIGN = int(b'\x10'.hex(), 16)
VEC = ALIGN // UNIT
SHAPE = (64, 256)
LAYOUT = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(x_ref, y_ref, o_ref):
  x = load_regs(x_ref, LAYOUT)
  y = load_regs(y_ref, LAYOUT)
  o_ref[...] = plgpu.layout_cast(x * y + x, LAYOUT)


fma = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, dtype=DTYPE),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(UNIT, VEC, jax.jit(fma)(x, x).sum())
''',
    "counter_and_depth": r'''
"""A two-input emit_pipeline with delay_release on one input; the pipeline depth is the minimum of a collections.Counter intersection (&) of wanted and allowed stages."""
import collections

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

WANT = collections.Counter(x=3, y=3)
CAP = collections.Counter(x=2, y=4)
DEPTH = min((WANT & CAP).values())
RELEASE = collections.Counter(x=1)
SHAPE = (256, 128)
BLOCK = (32, 128)


def kernel(x_gmem, y_gmem, o_gmem):
  x_spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0), delay_release=RELEASE['x'])
  y_spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0), delay_release=RELEASE['y'])
  o_spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=(SHAPE[0] // BLOCK[0],), in_specs=[x_spec, y_spec], out_specs=[o_spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(DEPTH, dict(RELEASE), jax.jit(sub)(x, x).sum())
''',
    "lcm_gcd_mixed": r'''
"""An f16 and an f32 tile loaded with one WG_STRIDED layout and summed in f32; the shared vector width is np.gcd.reduce and the columns np.lcm of two widths."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

DTYPES = (jnp.float16, jnp.float32)
WIDTHS = [16 // jnp.dtype(d).itemsize for d in DTYPES]
VEC = int(np.gcd.reduce(WIDTHS))
COLS = int(np.lcm(128, 192))
SHAPE = (64, COLS)
LAYOUT = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC)


def load_regs(ref, layout):
  try:
    return plgpu.load(ref, layout=layout, optimized=False)
  except TypeError:  # 0.10 wants an index argument
    return plgpu.load(ref, (), layout=layout, optimized=False)


def kernel(h_ref, f_ref, o_ref):
  h = load_regs(h_ref, LAYOUT).astype(jnp.float32)
  f = load_regs(f_ref, LAYOUT)
  o_ref[...] = h + f


mixed_add = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  h = jnp.ones(SHAPE, DTYPES[0])
  f = jnp.ones(SHAPE, DTYPES[1])
  print(WIDTHS, VEC, COLS, jax.jit(mixed_add)(h, f).sum())
''',
    "array_split_warpgroups": r'''
"""Two warpgroups each update their rows of a TMA-loaded tile and meet on a two-arrival barrier before the store; the row ranges are np.array_split of the rows."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 128, 64
WARPGROUPS = 2
PARTS = np.array_split(np.arange(ROWS), WARPGROUPS)
BOUNDS = [(int(part[0]), len(part)) for part in PARTS]


def kernel(x_gmem, o_gmem, smem, loaded, done):
  wg = lax.axis_index('wg')

  @pl.when(wg == 0)
  def _load():
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)

  plgpu.barrier_wait(loaded)
  for k, (start, size) in enumerate(BOUNDS):
    @pl.when(wg == k)
    def _update():
      rows = pl.ds(start, size)
      smem[rows] = smem[rows] + float(k + 1)

  plgpu.commit_smem()
  plgpu.barrier_arrive(done)

  @pl.when(wg == 0)
  def _store():
    plgpu.barrier_wait(done)
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


update = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(),
                   plgpu.Barrier(num_arrivals=WARPGROUPS)],
    num_threads=WARPGROUPS,
    thread_name='wg',
)

if __name__ == '__main__':
  print(BOUNDS, jax.jit(update)(jnp.zeros((ROWS, COLS), jnp.float32)).sum())
''',
    "ndindex_tile_stores": r'''
"""A swizzled bf16 tile halved in SMEM and stored as four row tiles by TMA in one commit group; the tile order is np.ndindex over the tile grid."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE = (32, 128)
TILES = (4, 1)
SHAPE = (TILE[0] * TILES[0], TILE[1] * TILES[1])
ORDER = list(np.ndindex(*TILES))
DTYPE = jnp.bfloat16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * jnp.asarray(0.5, DTYPE)
  plgpu.commit_smem()
  for i, j in ORDER:
    r = pl.ds(i * TILE[0], TILE[0])
    c = pl.ds(j * TILE[1], TILE[1])
    plgpu.copy_smem_to_gmem(smem.at[r, c], o_gmem.at[r, c], commit_group=False)
  plgpu.commit_smem_to_gmem_group()
  plgpu.wait_smem_to_gmem(0)


halve = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(SHAPE, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(ORDER, jax.jit(halve)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "binary_repr_signal": r'''
"""A TMA-staged tile incremented after a device barrier by semaphore_signal_multicast; the mesh axes are the set bits of np.binary_repr of a mask."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
NAMES = ('pod', 'x', 'y')
SIZES = {'pod': 1, 'x': 2, 'y': 2}
MASK = 0b010
BITS = np.binary_repr(MASK, width=len(NAMES))
AXES = tuple(name for name, bit in zip(NAMES, BITS) if bit == '1')
MESH_SHAPE = tuple(SIZES[a] for a in AXES)
DEVICES = math.prod(MESH_SHAPE)
ROWS, COLS = 128, 64


def kernel(x_gmem, o_gmem, smem, bar, sem):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXES)
  pl.semaphore_wait(sem, DEVICES)
  smem[...] = smem[...] + 1.0
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


def synced_inc(x):
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
      scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(), plgpu.SemaphoreType.REGULAR],
  )(x)


if __name__ == '__main__':
  mesh = jax.make_mesh(MESH_SHAPE, AXES, axis_types=(jax.sharding.AxisType.Auto,) * len(AXES))
  spec = P(AXES)
  fn = jax.jit(jax.shard_map(synced_inc, mesh=mesh, in_specs=spec, out_specs=spec, check_vma=False))
  print(BITS, AXES, fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
}


# Adapted from tests/pallas/mosaic_gpu_test.py and gpu_pallas_distributed_test.py at the mirror's HEAD (cec06d116c05;
# test names in each docstring): the test's kernel kept with its first parameter set (or its defaults), its
# self.kernel / self.pallas_call harness rewritten as a plain plgpu.kernel launch under the semantics its test class's
# harness sets (Lane for every class taken here), and a __main__ driver.
DEFAULT_TRANSFORMS = r'''

def default_transforms(*, swizzle=128, dtype):
  # Host adaptation: the test harness's self.default_transforms (dtypes.itemsize_bits written with jnp.dtype).
  swizzle_elems = 8 * swizzle // (jnp.dtype(dtype).itemsize * 8)
  return (
      plgpu.TilingTransform((8, swizzle_elems)),
      plgpu.SwizzleTransform(swizzle),
  )
'''

PALLAS_CALL = r'''

def pallas_call(kernel_fn, *, out_shape, in_specs=(), out_specs=(), scratch_shapes=()):
  # Host adaptation: the test harness's self.pallas_call for grid=() (a plgpu.kernel around an emit_pipeline with an
  # empty grid that stages each operand as its BlockSpec says), under the test class's Lane semantics.
  def normalize(specs, count):
    if not specs:
      return [pl.BlockSpec()] * count
    if not isinstance(specs, (list, tuple)):
      return [specs]
    return list(specs)

  def wrapper(*args_gmem):
    split = len(args_gmem) - len(scratch_shapes)
    gmem_refs, scratch_refs = args_gmem[:split], args_gmem[split:]
    num_outputs = len(jax.tree.leaves(out_shape))
    num_inputs = len(gmem_refs) - num_outputs
    plgpu.emit_pipeline(
        lambda _, *refs: kernel_fn(*refs, *scratch_refs),
        grid=(),
        in_specs=normalize(in_specs, num_inputs),
        out_specs=normalize(out_specs, num_outputs),
    )(*gmem_refs)

  return plgpu.kernel(
      wrapper,
      out_type=out_shape,
      scratch_types=scratch_shapes,
      compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
  )
'''

KERNELS_JAX: dict[str, str] = {
    "jax_copy_with_sole_swizzle": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_with_sole_swizzle_lowers_correctly (swizzle=32): a TMA round trip through SMEM with only a SwizzleTransform."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

swizzle = 32
dtype = jnp.float32
trailing_dim = 8 * swizzle // 32
shape = [128, trailing_dim]


def kernel(x_ref, o_ref, scratch_ref, barrier_ref):
  plgpu.copy_gmem_to_smem(x_ref, scratch_ref, barrier_ref)
  plgpu.barrier_wait(barrier_ref)
  plgpu.copy_smem_to_gmem(scratch_ref, o_ref)
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, dtype),
    scratch_types=(
        plgpu.SMEM(
            tuple(shape),
            dtype,
            transforms=(plgpu.SwizzleTransform(swizzle),),
        ),
        plgpu.Barrier(),
    ),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.ones(shape, dtype=dtype).reshape(shape)
  print(jax.jit(f)(x).shape)
''',
    "jax_copy_with_transforms_and_indexing": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_with_transforms_and_indexing: two TMA loads into slices of a transposed, tiled and swizzled SMEM view."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''


def kernel(x_ref, o_ref, scratch_ref, barrier_ref):
  transposed_scratch = plgpu.transpose_ref(scratch_ref, (1, 0, 2, 3))
  for i in range(2):
    plgpu.copy_gmem_to_smem(x_ref, transposed_scratch.at[:, i], barrier_ref)
    plgpu.barrier_wait(barrier_ref)
  plgpu.copy_smem_to_gmem(transposed_scratch, o_ref)
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
f = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([1, 2, 64, 64], jnp.float32),
    scratch_types=(
        plgpu.SMEM((2, 1, 64, 64), jnp.float32,
                   transforms=default_transforms(dtype=jnp.float32)),
        plgpu.Barrier()
    ),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(64 * 64, dtype=jnp.float32).reshape(1, 64, 64)
  print(jax.jit(f)(x).shape)
''',
    "jax_wgmma_load_from_transposed_smem": r'''
"""mosaic_gpu_test.py PallasCallTest.test_wgmma_load_from_transposed_smem: an f16 tile TMA-loaded to swizzled SMEM and read in the WGMMA layout through a transposed view."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''


shape = (128, 128)
dtype = jnp.float16
is_wg_semantics = False  # Host adaptation: the Lane class's self.is_wg_semantics().

transforms = ()
if not is_wg_semantics:
  transforms = default_transforms(swizzle=128, dtype=dtype)


def kernel(x_ref, o_ref, smem_ref, barrier):
  plgpu.copy_gmem_to_smem(x_ref, smem_ref, barrier)
  plgpu.barrier_wait(barrier)
  smem_ref_t = plgpu.transpose_ref(smem_ref, (1, 0))
  # TODO(b/540761884): If we skip the layout, we end up inferring WGStrided
  # and emitting vector.load along a non-contiguous dimension and failing
  # the MLIR verifier
  if LOAD_TAKES_INDEX:
    x = plgpu.load(smem_ref_t, (), layout=plgpu.Layout.WGMMA)
  else:
    x = plgpu.load(smem_ref_t, layout=plgpu.Layout.WGMMA)
  o_ref[...] = x


# Host adaptation: 0.10's plgpu.load takes an index argument.
LOAD_TAKES_INDEX = jax.__version__.startswith('0.10')
# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape[::-1], dtype),
    scratch_types=[
        plgpu.SMEM(shape, dtype, transforms=transforms), plgpu.Barrier()
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(math.prod(shape), dtype=dtype).reshape(shape)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_wgmma_store_to_transposed_smem": r'''
"""mosaic_gpu_test.py PallasCallTest.test_wgmma_store_to_transposed_smem: a WGMMA-layout f16 tile stored into a transposed view of swizzled SMEM and copied out."""
import math

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''


shape = (128, 128)
dtype = jnp.float16
is_wg_semantics = False  # Host adaptation: the Lane class's self.is_wg_semantics().

transforms = ()
if not is_wg_semantics:
  transforms = default_transforms(swizzle=128, dtype=dtype)


def kernel(x_ref, o_ref, smem_ref):
  if LOAD_TAKES_INDEX:
    x = plgpu.load(x_ref, (), layout=plgpu.Layout.WGMMA, optimized=False)
  else:
    x = plgpu.load(x_ref, layout=plgpu.Layout.WGMMA, optimized=False)
  plgpu.transpose_ref(smem_ref, (1, 0))[...] = x
  o_ref[...] = smem_ref[...]


# Host adaptation: 0.10's plgpu.load takes an index argument.
LOAD_TAKES_INDEX = jax.__version__.startswith('0.10')
# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape[::-1], dtype),
    scratch_types=[plgpu.SMEM(shape[::-1], dtype, transforms=transforms)],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(math.prod(shape), dtype=dtype).reshape(shape)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_indexing_after_transpose": r'''
"""mosaic_gpu_test.py PallasCallTest.test_indexing_after_transpose: two TMA loads into slices of a transposed 4-D SMEM view, one store of the whole buffer."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(x_ref, o_ref, smem_ref, barrier_ref):
  smem_transposed = plgpu.transpose_ref(smem_ref, (1, 0, 2, 3))
  for i in range(2):
    plgpu.copy_gmem_to_smem(x_ref, smem_transposed.at[:, i], barrier_ref)
    plgpu.barrier_wait(barrier_ref)
  plgpu.copy_smem_to_gmem(smem_ref, o_ref)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([2, 32, 2, 128], jnp.float32),
    scratch_types=[
        plgpu.SMEM([2, 32, 2, 128], jnp.float32),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(32 * 2 * 128, dtype=jnp.float32).reshape(32, 2, 128)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_copy_gmem_to_smem_in_run_scoped": r'''
"""mosaic_gpu_test.py PallasCallTest.test_copy_gmem_to_smem_in_run_scoped: a barrier and an SMEM buffer allocated by nested run_scoped around a TMA load."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(x_ref_gmem, o_ref):
  def body(barrier_ref):
    def inner_body(scratch_ref):
      plgpu.copy_gmem_to_smem(x_ref_gmem, scratch_ref, barrier_ref)
      plgpu.barrier_wait(barrier_ref)
      o_ref[...] = scratch_ref[...] + 1
    pl.run_scoped(inner_body, plgpu.SMEM((256,), jnp.float32))
  pl.run_scoped(body, plgpu.Barrier())


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([256], jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jnp.arange(256).astype(jnp.float32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_nested_emit": r'''
"""mosaic_gpu_test.py PipelineTest.test_nested_emit: an emit_pipeline over GMEM refs with an empty grid around a 4-step emit_pipeline of (32, 16) blocks."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

num_steps = 4


def kernel(x_gmem, o_gmem):
  plgpu.emit_pipeline(
      nested_kernel,
      in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)],
      out_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)],
      grid=(),
  )(x_gmem, o_gmem)


def nested_kernel(_, x_gmem, o_gmem):
  plgpu.emit_pipeline(
      nested_kernel_body,
      in_specs=[pl.BlockSpec((32, 16), lambda i: (0, i))],
      out_specs=[pl.BlockSpec((32, 16), lambda i: (0, i))],
      grid=(num_steps,),
      max_concurrent_steps=2,
  )(x_gmem, o_gmem)


def nested_kernel_body(_, x_smem, o_smem):
  o_smem[...] = x_smem[...] + 1.0


x = jnp.arange(32 * num_steps * 16)
x = x.reshape(-1, num_steps * 16).astype(jnp.float32)
# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(jax.jit(kernel_fn)(x).shape)
''',
    "jax_emit_with_grid_invariant_output": r'''
"""mosaic_gpu_test.py PipelineTest.test_emit_with_grid_invariant_output: a 4-step emit_pipeline whose output BlockSpec maps every step to block (0, 0)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

num_steps = 4


def kernel(x_gmem, o_gmem):
  plgpu.emit_pipeline(
      kernel_body,
      in_specs=[pl.BlockSpec((32, 16), lambda i: (0, i))],
      out_specs=[pl.BlockSpec((32, 16), lambda i: (0, 0))],
      grid=(num_steps,),
      max_concurrent_steps=2,
  )(x_gmem, o_gmem)


def kernel_body(_, x_smem, o_smem):
  o_smem[...] = x_smem[...] + 1.0


x = jnp.arange(32 * num_steps * 16)
x = x.reshape(-1, num_steps * 16).astype(jnp.float32)
# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  # The test's comparison of the first 16 columns needs the run; the kernel is only lowered.
  print(jax.jit(kernel_fn)(x).shape)
''',
    "jax_emit_with_no_output": r'''
"""mosaic_gpu_test.py PipelineTest.test_emit_with_no_output: an input-only emit_pipeline (delay_release=1) accumulating rows into a run_scoped SMEM buffer."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

m, n = 16, 128


def kernel(x_gmem, o_gmem):
  def acc_scope(acc_ref):
    acc_ref[...] = jnp.zeros_like(acc_ref)
    def body(_, x_smem):
      acc_ref[...] += x_smem[...]  # Can't += in a lambda...
    in_specs = [plgpu.BlockSpec((1, n), lambda i: (i, 0), delay_release=1)]
    plgpu.emit_pipeline(
        body,
        in_specs=in_specs,
        grid=(m,),
        max_concurrent_steps=2,
    )(x_gmem)
    return acc_ref[...]

  acc = pl.run_scoped(acc_scope, plgpu.SMEM((1, n), dtype=jnp.float32))

  o_gmem[...] = acc[...]


dtype = jnp.float32
x = jax.random.uniform(jax.random.key(0), (m, n)).astype(dtype)

# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((1, n), dtype),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(jax.jit(kernel_fn)(x).shape)
''',
    "jax_multiple_wg_with_grid": r'''
"""mosaic_gpu_test.py CoreMapTest.test_multiple_wg_with_grid: two warpgroups on a 2x2 named grid write rows indexed by multi-axis axis_index."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(o_ref):
  xy_idx = jax.lax.axis_index(("x", "y"))
  yx_idx = jax.lax.axis_index(("y", "x"))
  wg_idx = jax.lax.axis_index("wg")
  num_wgs = jax.lax.axis_size("wg")
  o_ref[xy_idx, wg_idx] = jnp.broadcast_to(
      yx_idx * num_wgs + wg_idx, (128,)
  )


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((4, 2, 128), np.int32),
    grid=(2, 2),
    grid_names=("x", "y"),
    num_threads=2,
    thread_name="wg",
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(jax.jit(kernel)().shape)
''',
    "jax_scoped_copy_with_transforms": r'''
"""mosaic_gpu_test.py PallasCallTest.test_scoped_copy_with_transforms: a TMA load into a run_scoped tiled and swizzled SMEM buffer, doubled into an SMEM output block."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + PALLAS_CALL + r'''


ts = default_transforms(dtype=jnp.float32)
def kernel(x_ref, o_ref, barrier_ref):
  def body(tmp_ref):
    plgpu.copy_gmem_to_smem(x_ref, tmp_ref, barrier_ref)
    plgpu.barrier_wait(barrier_ref)
    o_ref[...] = tmp_ref[...] * 2
  pl.run_scoped(body, plgpu.SMEM((128, 64), jnp.float32, transforms=ts))

in_spec = pl.BlockSpec(memory_space=plgpu.GMEM)
out_spec = plgpu.BlockSpec(transforms=ts, memory_space=plgpu.SMEM)
f = pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct([128, 64], jnp.float32),
    in_specs=(in_spec,),
    out_specs=out_spec,
    scratch_shapes=[plgpu.Barrier()],
)

if __name__ == '__main__':
  x = jnp.arange(128 * 64, dtype=jnp.float32).reshape(128, 64)
  print(jax.jit(f)(x).shape)
''',
    "jax_emit_with_carry": r'''
"""mosaic_gpu_test.py PipelineTest.test_emit_with_carry: an output-only emit_pipeline that broadcasts an int carry into each (64, 64) block."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

num_steps = 4


def kernel(o_gmem):
  plgpu.emit_pipeline(
      kernel_body,
      out_specs=[pl.BlockSpec((64, 64), lambda i: (0, i))],
      grid=(num_steps,),
      max_concurrent_steps=2,
      init_carry=0,
  )(o_gmem)


def kernel_body(_, o_smem, carry):
  o_smem[...] = lax.broadcast(carry, o_smem.shape)
  return carry + 1


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics.
kernel_fn = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((64, num_steps * 64), jnp.int32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(jax.jit(kernel_fn)().shape)
''',
    "jax_carry_accumulate": r'''
"""mosaic_gpu_test.py WarpSpecializedPipelineTest.test_carry_accumulate (m=256, n=256, num_compute_wgs=2): a warp-specialized pipeline whose compute_context carries a WG_STRIDED accumulator."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax._src.pallas.mosaic_gpu import pipeline as mgpu_pipeline

m, n, num_compute_wgs = 256, 256, 2
blk_m = blk_n = 64


def kernel(x_gmem, acc_gmem, acc_smem):
  def _compute_thread(pipeline_fn):
    # Cast the init value to the same layout as x_smem, so the pipeline loop
    # carry has a constant signature.
    o_acc = plgpu.layout_cast(
      jnp.full((blk_m, blk_n,), 0, dtype=jnp.float32),
      plgpu.Layout.WG_STRIDED((blk_m, blk_n), vec_size=2))
    # Pass control to the pipeline emitter and return the final carry.
    o_final = pipeline_fn(o_acc)
    # Note that both compute WGs are doing identical work so the potential
    # race condition on the store here won't affect the result.
    acc_smem[...] = o_final
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(acc_smem, acc_gmem)
    plgpu.wait_smem_to_gmem(0)

  def tiled_acc_kernel(_, x_smem, carry):
    new_carry = x_smem[...] + carry
    return new_carry

  pipeline = mgpu_pipeline.emit_pipeline_warp_specialized(
      tiled_acc_kernel,
      grid=(m // blk_m, n // blk_n),
      max_concurrent_steps=2,
      num_compute_wgs=num_compute_wgs,
      memory_registers=40,
      wg_axis="wg",
      compute_context=_compute_thread,
      in_specs=[
          pl.BlockSpec(
              block_shape=(blk_m, blk_n), index_map=lambda i, j: (i, j)
          )
      ],
      out_specs=[],
  )
  pipeline(x_gmem)


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics added.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((blk_m, blk_n), jnp.float32),
    scratch_types=[
        plgpu.SMEM((blk_m, blk_n), jnp.float32),
    ],
    compiler_params=plgpu.CompilerParams(approx_math=True, lowering_semantics=plgpu.LoweringSemantics.Lane),
    num_threads=num_compute_wgs + 1,
    thread_name="wg",
)

if __name__ == '__main__':
  x = jax.random.uniform(jax.random.key(0), (m, n), dtype=jnp.float32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_cross_wg_barrier": r'''
"""mosaic_gpu_test.py CoreMapTest.test_cross_wg_barrier: two warpgroups arrive on and wait for a two-arrival barrier, then write their rows."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(o_ref, barrier):
  plgpu.barrier_arrive(barrier)
  plgpu.barrier_wait(barrier)
  wg_idx = jax.lax.axis_index("wg")
  o_ref[wg_idx] = jnp.broadcast_to(wg_idx, (128,))


# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((2, 128), np.int32),
    # Each warpgroup is a single logical thread!
    scratch_types=[plgpu.Barrier(num_arrivals=2)],
    num_threads=2,
    thread_name="wg",
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(jax.jit(kernel)().shape)
''',
    "jax_collective_arrival_count": r'''
"""mosaic_gpu_test.py PallasCallTest.test_collective_arrival_count: four arrivals on a four-arrival ClusterBarrier over a cluster of two, then a wait."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(dst, collective_barrier):
  plgpu.barrier_arrive(collective_barrier)
  plgpu.barrier_arrive(collective_barrier)
  plgpu.barrier_arrive(collective_barrier)
  plgpu.barrier_arrive(collective_barrier)
  plgpu.barrier_wait(collective_barrier)
  dst[...] = jnp.ones_like(dst)


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics; the call made by jax.jit.
f = plgpu.kernel(
  kernel,
  out_type=jax.ShapeDtypeStruct((128,), jnp.int32),
  scratch_types=[plgpu.ClusterBarrier(collective_axes=("x",), num_arrivals=4)],
  cluster=(2,),
  cluster_names=("x",),
  compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  y = jax.jit(f)()
  print(y.shape)
''',
    "jax_load_store_wgmma_transposed": r'''
"""mosaic_gpu_test.py PallasCallSm90ATest.test_load_store_wgmma_transposed: an f32 tile read and written through .T in the WGMMA_TRANSPOSED layout, 64-byte swizzle."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''


transforms = default_transforms(swizzle=64, dtype=jnp.float32)


def kernel(x_gmem, o_ref, x_smem, barrier):
  plgpu.copy_gmem_to_smem(x_gmem, x_smem, barrier)
  plgpu.barrier_wait(barrier)
  if LOAD_TAKES_INDEX:
    x = plgpu.load(x_smem.T, (), layout=plgpu.Layout.WGMMA_TRANSPOSED)
  else:
    x = plgpu.load(x_smem.T, layout=plgpu.Layout.WGMMA_TRANSPOSED)
  x_smem.T[...] = x + 1
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(x_smem, o_ref)
  plgpu.wait_smem_to_gmem(0)


# Host adaptation: 0.10's plgpu.load takes an index argument.
LOAD_TAKES_INDEX = jax.__version__.startswith('0.10')
# Host adaptation: the test's @self.kernel(...) decorator as plgpu.kernel with the class's Lane semantics.
kernel = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct([8, 64], jnp.float32),
    scratch_types=[
        plgpu.SMEM((8, 64), jnp.float32, transforms=transforms),
        plgpu.Barrier(),
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  x = jax.random.uniform(jax.random.key(42), shape=(8, 64), dtype=jnp.float32)
  print(jax.jit(kernel)(x).shape)
''',
    "jax_wgmma_registers_init_with_update": r'''
"""mosaic_gpu_test.py PallasCallSm90ATest.test_wgmma_registers_init_with_update: an ACC initialised from a tile, doubled, then updated by an f16 WGMMA with a register LHS, under pl.run_state."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + PALLAS_CALL + r'''


def kernel(a_ref, b_ref, i_ref, o_ref):
  def scope(acc_ref):
    acc_ref[...] *= 2
    plgpu.wgmma(acc_ref, a_ref[...], b_ref)
  o_ref[...] = pl.run_state(scope)(plgpu.ACC.init(i_ref[...]))


key1, key2, key3 = jax.random.split(jax.random.key(42), 3)
a = jax.random.uniform(key1, shape=(64, 128), dtype=jnp.float16)
b = jax.random.uniform(key2, shape=(128, 192), dtype=jnp.float16)
i = jax.random.uniform(key3, shape=(64, 192), dtype=jnp.float16) * 10

transforms = default_transforms(dtype=jnp.float16)
f = pallas_call(
    kernel,
    in_specs=[
        plgpu.BlockSpec(transforms=transforms),
        plgpu.BlockSpec(transforms=transforms),
        plgpu.BlockSpec(transforms=transforms),
    ],
    out_shape=jax.ShapeDtypeStruct((64, 192), jnp.float16),
)

if __name__ == '__main__':
  print(jax.jit(f)(a, b, i).shape)
''',
    "jax_multimem_store_tma": r'''
"""gpu_pallas_distributed_test.py PallasCallMultimemTest.test_multimem_store_tma: device 0 stores an iota tile to swizzled SMEM and TMA-stores it to a multicast_ref."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + DEFAULT_TRANSFORMS + r'''

P = jax.sharding.PartitionSpec


def kernel(y_ref, smem_ref, sem):
  @pl.when(lax.axis_index('x') == 0)
  def _store():
    output = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 1), plgpu.Layout.WGMMA)
    smem_ref[...] = output
    plgpu.copy_smem_to_gmem(smem_ref, plgpu.multicast_ref(y_ref, 'x'))
    plgpu.wait_smem_to_gmem(0)
  other_dev_id = 1 - lax.axis_index('x')
  pl.semaphore_signal(sem, 1, device_id=other_dev_id)
  pl.semaphore_wait(sem)


transforms = default_transforms(dtype=jnp.int32)
# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
kernel_call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32),
    scratch_types=[
        plgpu.SMEM((128, 128), jnp.int32, transforms=transforms),
        plgpu.SemaphoreType.REGULAR,
    ],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  mesh = jax.sharding.Mesh(jax.devices()[:2], ["x"])
  y = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=P("x"), check_vma=False,
      )
  )()
  # The test's process_allgather and comparison need the run; the kernel is only lowered.
  print(y.shape)
''',
    "jax_semaphore_signal_collective_axes": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_semaphore_signal_collective_axes: a multicast signal of one of two semaphores, a wait for both devices, semaphore_read outputs."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(y_ref, sem_out_ref, sem):
  plgpu.semaphore_signal_multicast(sem.at[0], collective_axes='x')
  # Wait for the multicast signal (each device gets signaled by all devices)
  pl.semaphore_wait(sem.at[0], 2)  # Wait for signals from both devices
  y_ref[...] = jnp.ones_like(y_ref)
  sem_out_ref[0] = pl.semaphore_read(sem.at[0])
  sem_out_ref[1] = pl.semaphore_read(sem.at[1])


# Host adaptation: the harness's self.kernel as plgpu.kernel with the class's Lane semantics added.
kernel_call = plgpu.kernel(
    kernel,
    out_type=(
        jax.ShapeDtypeStruct((8, 128), jnp.float32),
        jax.ShapeDtypeStruct((2,), jnp.int32),
    ),
    scratch_types=[plgpu.SemaphoreType.REGULAR((2,))],
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  y, sem_out = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=P(None), check_vma=False,
      )
  )()
  # The test's comparisons (and its CUDA-version escape) need the run; the kernel is only lowered.
  print(y.shape, sem_out.shape)
''',
}


KERNELS: dict[str, str] = {**KERNELS_A, **KERNELS_B}


def bases() -> list[tuple[str, str, str, list[tuple[int, int]]]]:
    """(part, stem, text, line ranges a mutant may edit) of each base: the whole file."""
    out = []
    for part, table in (("user", KERNELS), ("jax", KERNELS_JAX)):
        texts = {name: text.removeprefix("\n") for name, text in table.items()}
        out += [(part, name, text, [(1, text.count("\n") + 1)]) for name, text in sorted(texts.items())]
    return out


def main() -> None:
    _famheld.capped_mutation_cli(__doc__, "famheld14", bases(), famheld14_mutants, seed=2411)


if __name__ == "__main__":
    main()
