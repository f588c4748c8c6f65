"""Build the nineteenth held-out families corpus `famheld19`, written blind: user-style Mosaic GPU kernels written for
this set whose configuration Python no earlier set used (or, for four, only earlier idiom sets: below), bases adapted
from JAX's own tests that no earlier set took, and one-edit mutants of them by famheld19_mutate.py (operators written
from JAX's own checks, blind to the checker: nothing under server/, tests/, docs/, bench/results.md or CHANGELOG.md was
read, and neither pallas-lsp nor score.py / score_families.py was run).

usage: build_famheld19.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld19/user/NAME.py  the kernels of KERNELS_A (host numpy), KERNELS_B (standard library) and KERNELS_C (language
                          and data-model forms), written for this set (2-space indents, single-quoted strings). The
                          Python that carries the values each kernel depends on: host numpy (np.lcm.reduce of byte
                          widths into a swizzle, np.repeat of a tile height into row tiles on a barrier array,
                          np.vander's leading power as block rows, np.trim_zeros of a padded size vector as a block,
                          np.linalg.solve of a 2 x 2 system for a block's rows and columns, np.ediff1d of block
                          boundaries into block rows and a step count, np.loadtxt of an inline text table into a grid),
                          the standard library (ntpath.split / basename of a Windows config path into a mesh axis, a
                          reduction op and a vector width; zlib.adler32 of a kernel name picking a dtype variant;
                          statistics.NormalDist.from_samples(...).mean as a swizzle; statistics.median_grouped of
                          sampled register counts; statistics.linear_regression's intercept as a pipeline depth;
                          math.copysign of a signed zero as a peer offset) and language / data-model forms
                          (set.intersection of two height sets, set.isdisjoint of output and operand names deciding
                          the operand count that a host function is star-unpacked with, set.issuperset of role
                          capability sets counting compute warpgroups, the __wrapped__ links that stacked
                          functools.wraps decorators leave followed with hasattr in a while loop, bin(MASK).count('1')
                          as a device count, chr(ord(BASE) + 1) as a mesh axis, hasattr defaults on a config object).
                          Checked by grepping every earlier kernel text (bench/corpus/build*.py, the *_mutate.py files
                          and bench/corpus/idioms*/, recursively) for each name: none of lcm.reduce, np.repeat,
                          np.vander, trim_zeros, linalg.solve, ediff1d, loadtxt, ntpath, adler32, NormalDist,
                          median_grouped, linear_regression, copysign, .intersection(, isdisjoint or issuperset occurs
                          there; __wrapped__, bin(, chr( / ord( and hasattr occur in earlier idiom files only
                          (idioms_heldout8/update_wrapper_defaults.py, idioms_heldout6/bin_hex_roundtrip.py,
                          idioms_heldout3 and idioms_heldout15 chr_ord_axis_letters.py, idioms_heldout4/
                          getattr_default_hasattr.py, idioms_heldout13/subclasshook_config.py), in no earlier famheld
                          builder. (My first check ran `grep -l -F -- NAME FILES idioms*/ -r`, where the `--` made
                          `-r` a file name, so the idiom folders were never searched. Found after the first stage-2
                          labelling; nine user bases whose mechanism did occur earlier were then rewritten with new
                          configuration Python around the same kernels: csv.DictReader -> ntpath, os.path.splitext ->
                          zlib.adler32, math.frexp (famheld17 used np.frexp; idioms math.frexp) -> struct.calcsize ->
                          NormalDist, numbers.Integral -> median_grouped, dataclass(order=True) -> set.intersection,
                          __code__.co_argcount -> set.isdisjoint, a for loop's else clause -> __wrapped__, issubclass
                          -> set.issuperset; struct.calcsize and __wrapped__ were themselves chosen with the broken
                          check: calcsize occurs in idioms_heldout3 and was replaced, __wrapped__ was kept, as were
                          bin().count, chr / ord and hasattr, for want of unused forms that fit as naturally.)
                          Kernels: TMA copies into tiled / swizzled SMEM over plgpu.kernel grids (1-D and 2-D), TMA
                          row tiles on a barrier array, emit_pipeline (1-D and 2-D, one with tiled and swizzled
                          BlockSpecs), emit_pipeline_warp_specialized with two compute warpgroups and no outputs,
                          barriers with arrival counts, WGMMA into an ACC under run_scoped (bf16 and f16),
                          set_max_registers in producer / consumer warpgroups, fori_loops (a hand-written TMA loop,
                          an SMEM update, a scalar carry), and under jax.shard_map a multimem_load_reduce all-reduce
                          with layout_cast, a plgpu.remote_ref store with a semaphore handshake, a multimem_store of a
                          WGMMA-layout tile and semaphore_signal_multicast.
  famheld19/jax/NAME.py   tests that no earlier set took as a base (checked by a script against the test names in
                          every bench/corpus builder / mutator, bench/corpus/idioms*/ and every /work/*-out/
                          manifest.json), at the mirror's HEAD cec06d116c05: of tests/pallas/gpu_pallas_distributed_
                          test.py PallasCallRemoteDMATest.test_remote_dma_with_retries,
                          test_semaphore_signal_multicast_collective_axes_warp_level; PallasCallMultimemThreadUnsafeTest
                          .test_reduce_scatter (float32, "add", 1), test_reduce_scatter_different_axes (1),
                          test_reduce_scatter_large_minor_dims, test_reduce_scatter_auto_vec_size (2048),
                          test_reduce_scatter_auto_vec_size_int (2048), test_all_gather (float32, 1),
                          test_all_gather_different_axes (1), test_all_gather_large_minor_dims,
                          test_all_gather_auto_vec_size (2048) (JAX's ops/gpu reduce_scatter / all_gather, their
                          plgpu.kernel patched to the harness's Lane kernel with mock.patch.object as the tests do);
                          of tests/pallas/mgpu_matmul_test.py MatrixMultiplicationSm90ATest.
                          test_hopper_matmul_grid_tiling and test_hopper_mixed_type_matmul_grid_tiling (M, 1); of
                          tests/pallas/gpu_pallas_interpret_test.py InterpretTest.test_wait_for_barrier_twice and
                          test_warps_get_parent_warpgroups_barrier_phase (lowered for the GPU, not interpreted). Also
                          built, and dropped at stage 2 (below): of mosaic_gpu_test.py
                          test_reshape_tiled_with_indexing and test_wgmma_mixed_fp8 (e4m3fn, e5m2); of
                          gpu_pallas_interpret_test.py test_tiling_and_swizzle_transforms, test_add_over_grid (1, 1, 1,
                          True), test_copy_gmem_to_smem_two_threads, test_copy_gmem_to_smem_parallel_two_threads and
                          test_copy_gmem_to_smem_multiple_arrivals_at_barrier (with_race=True),
                          test_single_barrier_with_multiple_arrival (2), test_hopper_matmul,
                          test_warps_share_shared_memory, test_barrier_wait_in_multiple_threads_ok (1, 1, 16),
                          test_mpmd_warp_specialize. Not taken: the untaken assertRaises, print, inline PTX
                          (test_e8m0_reciprocal_ptx), MLIR-error, export, helper (planar snake), cluster, TCGen05 /
                          TMEM tests (build_famheld.py's EXCLUDE convention) and tests that take the ops' blackwell
                          kernels. Each keeps the test's kernel and first parameter set, its self.kernel /
                          self.pallas_call harness rewritten as a plain plgpu.kernel launch under the test class's Lane
                          semantics. Host adaptations, each commented where it is made: the harness's self.pallas_call
                          for a grid and self.default_transforms (PALLAS_CALL_GRID, DEFAULT_TRANSFORMS, GRID_IMPORTS
                          reused from build_famheld16.py, as famheld15 wrote them), the distributed harness's
                          self.kernel written out as lane_kernel, decorator launches written as plain assignments,
                          the parameters as module constants, check_hopper_matmul / check_hopper_mixed_type_matmul
                          written out, an H100's SM count for the ops (hopper_matmul_mgpu.get_num_sms = lambda: 132,
                          hopper_mixed_type_matmul_mgpu.backend answering core_count=132, as build_famheld.py does),
                          the interpret tests' interpret=InterpretParams(...), use_abstract_mesh and
                          force_gpu_interpret_mode dropped, the distributed tests' process_index guards and
                          process_allgather dropped (one process), the numerical checks dropped (kernels are only
                          lowered).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for CUDA, never
compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld19).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to --per-base operators,
the ones the earlier bases got least first, and up to --per-op mutants of each, sampled with a fixed seed (an operator
for at most --max-per-op bases; build_famheld.capped_mutation_cli); edits anywhere in the file but the docstring line.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld19_dropped.json.

Stage-1 fixes: every user base (the first twenty and the nine rewritten ones) lowered clean on 0.10.2, 0.11.2 and
0.12.0.1 as first written. One adapted test was fixed: jax_hopper_matmul_grid_tiling as first written raised an
AttributeError on all three releases at the jitted matmul (get_num_sms asks the host's CPU device for core_count); the
host adaptation above was added (and written into jax_hopper_mixed_type_matmul_grid_tiling and jax_hopper_matmul from
the start), and it then lowered clean. Twelve adapted tests do not lower clean as JAX wrote them and are dropped by
stage 2 (famheld19_dropped.json): seven interpret-only kernels (test_add_over_grid, the three
test_copy_gmem_to_smem_* tests, test_single_barrier_with_multiple_arrival, test_tiling_and_swizzle_transforms,
test_mpmd_warp_specialize: element counts not a multiple of 128, 64-byte TMA copies, "Failed to infer a possible set
of layouts", unstack with Warpgroup semantics), test_hopper_matmul ("Mosaic GPU kernel exceeds available shared
memory: smem_bytes=262208" on every release; the test runs it interpreted on an abstract H100),
test_warps_share_shared_memory ("Op memref.load does not support warp semantics." on 0.11.2 and 0.12.0.1),
test_barrier_wait_in_multiple_threads_ok ("Too many CTA barriers requested" on 0.12.0.1), test_reshape_tiled_with_
indexing (TransferPlanDerivationError on 0.12.0.1) and test_wgmma_mixed_fp8 (0.10.2: "Mixed input dtypes for matrix
multiplication unsupported"; 0.12.0.1: TransferPlanDerivationError). Operator renames: after the first stage-2
labelling six operator names that named the base they were written for were found chosen for other bases and renamed
to names true to both (fh19_ediff_smem_double -> fh19_smem_rows_double, fh19_trim_dtype_f32 -> fh19_dtype_f16_to_f32,
fh19_vander_depth_0 -> fh19_pipeline_depth_0, fh19_lcm_acc_f16 -> fh19_acc_f16, fh19_warp_y_int ->
fh19_out_8x128_int32, later fh19_copysign_out_rows -> fh19_out_rows_half and fh19_coll_mesh_y ->
fh19_mesh_axis_x_to_y). The base rewrites above changed the operator set, so stage 2 was built again (twice); each
time the files the new manifest no longer names were deleted with their labels (the dropped bases' stage-1 labels
kept) and the rest labelled; the final stage 2 is the one the commands below build.
Counts: 47 bases built, 35 kept (20 user, 15 jax), 12 dropped; 209 mutants (6 per base but
jax_warps_get_parent_warpgroups_barrier_phase, which has 5 operators); 732 labels of the manifest's 244 files
(labels.json also keeps the dropped bases' stage-1 labels: 768 in all); broken 0 / 0 / 0; failing files 130 / 129 /
129 (0.10.2 / 0.11.2 / 0.12.0.1), all of them mutants; 79 mutants clean on every release, 1 with outcomes that differ
by release (ntpath_allreduce__layout_missing.fh19_ntpath_no_cast_0 fails on 0.10.2 only: the default semantics
there are Lane). 95 of the 120 user-base mutants edit the configuration Python (a module-level line, or the body of a
module-level while loop, dict literal, config class or host function the configuration uses), not the JAX call.
12 mutants (sampled with random.Random(1914); six multi-device among them) relabelled alone, each in its own label.py
run over a folder holding only that file (and a one-entry manifest.json), the folder's path as long as
/work/famheld19-out (messages are cut at 400 characters and one may carry the file's path): 36 / 36 labels agree on
every field (outcome, exception, line, line file, raise site, code, class, message, before_kernel; paths normalised).

The commands that built /work/famheld19-out (from bench/corpus/; the first two run again after each change of the
bases, the next three after each change of the operators, stale files and labels deleted before the last):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  ../../.venv/bin/python build_famheld19.py /work/famheld19-out
  nice -n 15 ../../.venv/bin/python label.py /work/famheld19-out --jobs 1 --only famheld19 $PY
  cp /work/famheld19-out/labels.json /tmp/famheld19_stage1.json
  ../../.venv/bin/python build_famheld19.py /work/famheld19-out --keep /tmp/famheld19_stage1.json --per-base 6 --per-op 1
  nice -n 15 ../../.venv/bin/python label.py /work/famheld19-out --jobs 1 --only famheld19 $PY
"""

from __future__ import annotations

import importlib

from famheld19_mutate import famheld19_mutants

_famheld = importlib.import_module("build_famheld")
# The harness pieces of the adapted tests, as famheld15 / famheld16 wrote them out.
_fh16 = importlib.import_module("build_famheld16")

KERNELS_A: dict[str, str] = {
    "lcm_swizzle_wgmma": r'''
"""One WGMMA of two TMA-loaded, tiled and swizzled bf16 operands into an f32 accumulator under run_scoped; the swizzle is np.lcm.reduce of the byte widths the three operand layouts want."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# Byte widths of an LHS row, an RHS row and an epilogue row: one swizzle must be a multiple of each.
WIDTHS = [32, 64, 128]
SWIZZLE = int(np.lcm.reduce(WIDTHS))
DTYPE = jnp.bfloat16
M, K, N = 64, 128, 64
ELEMS = SWIZZLE // jnp.dtype(DTYPE).itemsize
TRANSFORMS = (plgpu.TilingTransform((8, ELEMS)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_ref, a_smem, b_smem, bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bar)
  plgpu.barrier_wait(bar)

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    plgpu.wgmma_wait(0)
    return acc[...]

  o_ref[...] = pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))


matmul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
    scratch_types=[
        plgpu.SMEM((M, K), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((K, N), DTYPE, transforms=TRANSFORMS),
        plgpu.Barrier(num_arrivals=2),
    ],
)

if __name__ == '__main__':
  print(SWIZZLE, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
    "repeat_row_tiles": r'''
"""Row tiles of an f32 array TMA-loaded each onto its own barrier of an array, offset in SMEM and stored whole by TMA; the tiles are np.repeat of one tile height, as many times as the array holds."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TILE = 64
COUNT = 3
TILES = np.repeat(TILE, COUNT)
ROWS, COLS = int(TILES.sum()), 128


def kernel(x_gmem, o_gmem, smem, bars):
  start = 0
  for t, height in enumerate(TILES):
    rows = pl.ds(start, int(height))
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem.at[rows], bars.at[t])
    start += int(height)
  start = 0
  for t, height in enumerate(TILES):
    rows = pl.ds(start, int(height))
    plgpu.barrier_wait(bars.at[t])
    smem[rows] = smem[rows] + float(t)
    start += int(height)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


offset_tiles = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((ROWS, COLS), jnp.float32), plgpu.Barrier(num_barriers=len(TILES))],
)

if __name__ == '__main__':
  print(TILES, jax.jit(offset_tiles)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "vander_rows": r'''
"""A 1-D emit_pipeline of x * y - x over f32 row blocks; the block rows are the leading power of a Vandermonde row, np.vander([BASE], N=POWERS)[0, 0]."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BASE = 4
POWERS = 4
# np.vander puts the highest power first: [4 ** 3, 4 ** 2, 4, 1].
BLOCK_ROWS = int(np.vander([BASE], N=POWERS)[0, 0])
COLS = 128
STEPS = 4
SHAPE = (STEPS * BLOCK_ROWS, COLS)


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec((BLOCK_ROWS, COLS), lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...] - x_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def mul_sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK_ROWS, jax.jit(mul_sub)(x, x).sum())
''',
    "trim_zeros_block": r'''
"""A 2-D emit_pipeline of x - y over f16 blocks; the block is what np.trim_zeros leaves of a zero-padded size vector."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

PADDED = np.array([0, 0, 64, 128, 0])
BLOCK = tuple(int(v) for v in np.trim_zeros(PADDED))
SHAPE = (256, 512)
DTYPE = jnp.float16
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i, j: (i, j))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(BLOCK, GRID, jax.jit(sub)(x, x).sum())
''',
    "solve_block": r'''
"""Each CTA of a 2-D grid TMA-loads a tiled, swizzled f16 block, negates it in SMEM and stores it; the block's rows and columns solve a 2 x 2 system (their sum and difference) with np.linalg.solve."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# rows + cols = 192, rows - cols = 64.
SYSTEM = np.array([[1, 1], [1, -1]])
TOTALS = np.array([192, 64])
BLOCK = tuple(int(round(v)) for v in np.linalg.solve(SYSTEM, TOTALS))
SHAPE = (512, 256)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('m') * BLOCK[0], BLOCK[0])
  cols = pl.ds(lax.axis_index('n') * BLOCK[1], BLOCK[1])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows, cols], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = -smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows, cols])
  plgpu.wait_smem_to_gmem(0)


negate = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(BLOCK, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=GRID,
    grid_names=('m', 'n'),
)

if __name__ == '__main__':
  print(BLOCK, GRID, jax.jit(negate)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "ediff1d_loop": r'''
"""A fori_loop over row blocks of an f32 array, each TMA-loaded on one barrier, incremented in SMEM and TMA-stored before the next; the block rows and step count are np.ediff1d of a list of block boundaries."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BOUNDS = [0, 32, 64, 96, 128, 160, 192, 224, 256]
SIZES = np.ediff1d(BOUNDS)
BLOCK_ROWS = int(SIZES[0])
STEPS = len(SIZES)
COLS = 64


def kernel(x_gmem, o_gmem, smem, bar):
  def step(i, carry):
    rows = pl.ds(i * BLOCK_ROWS, BLOCK_ROWS)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
    plgpu.barrier_wait(bar)
    smem[...] = smem[...] + 1.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
    plgpu.wait_smem_to_gmem(0)
    return carry

  lax.fori_loop(0, STEPS, step, ())


increment = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((BOUNDS[-1], COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), jnp.float32), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(SIZES, STEPS, jax.jit(increment)(jnp.ones((BOUNDS[-1], COLS), jnp.float32)).sum())
''',
    "loadtxt_grid": r'''
"""Each CTA of a 2-D grid TMA-loads a tiled, swizzled bf16 block, adds one in SMEM and stores it; the grid is a row of numbers np.loadtxt reads from an inline text table."""
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

TABLE = 'grid_rows grid_cols\n2 4\n'
GRID = tuple(int(g) for g in np.loadtxt(io.StringIO(TABLE), skiprows=1, dtype=int))
SHAPE = (256, 512)
BLOCK = (SHAPE[0] // GRID[0], SHAPE[1] // GRID[1])
DTYPE = jnp.bfloat16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('r') * BLOCK[0], BLOCK[0])
  cols = pl.ds(lax.axis_index('c') * BLOCK[1], BLOCK[1])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows, cols], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] + jnp.asarray(1, DTYPE)
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows, cols])
  plgpu.wait_smem_to_gmem(0)


add_one = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(BLOCK, DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=GRID,
    grid_names=('r', 'c'),
)

if __name__ == '__main__':
  print(GRID, BLOCK, jax.jit(add_one)(jnp.ones(SHAPE, DTYPE)).sum())
''',
}

KERNELS_B: dict[str, str] = {
    "ntpath_allreduce": r'''
"""An f32 all-reduce with multimem_load_reduce under shard_map, layout_cast to a WG_STRIDED layout; the mesh axis is the folder and the reduction op and vector width the file name of a Windows config path, split with ntpath (host-independent)."""
import ntpath

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
CONFIG_PATH = r'C:\mgpu\nodes\add_2.cfg'
FOLDER, NAME = ntpath.split(CONFIG_PATH)
AXIS = ntpath.basename(FOLDER)
OP, VEC = NAME.removesuffix('.cfg').split('_')
VEC = int(VEC)
DEVICES = 2
SHAPE = (64, 256)


def kernel(x_ref, y_ref):
  total = plgpu.multimem_load_reduce(x_ref, collective_axes=(AXIS,), reduction_op=OP)
  total = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC))
  y_ref[...] = total


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(AXIS, OP, VEC, fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
    "adler32_dtype": r'''
"""A tiled, swizzled (64, 128) tile TMA-loaded, negated in SMEM and stored back by TMA; its dtype is the variant a zlib.adler32 checksum of the kernel's name picks, modulo the number of variants."""
import zlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

KERNEL_NAME = b'negate'
VARIANTS = (jnp.float16, jnp.bfloat16, jnp.float32)
# adler32(b'negate') % 3 is 1: the bf16 variant.
DTYPE = VARIANTS[zlib.adler32(KERNEL_NAME) % len(VARIANTS)]
ROWS, COLS = 64, 128
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  plgpu.copy_gmem_to_smem(x_gmem, smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = -smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem)
  plgpu.wait_smem_to_gmem(0)


negate = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(DTYPE, jax.jit(negate)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "normaldist_swizzle_pipeline": r'''
"""A 2-D emit_pipeline of x * y over f16 blocks staged tiled and swizzled; the swizzle is the mean of a statistics.NormalDist fitted with from_samples to the row widths in bytes seen so far."""
import statistics

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROW_BYTES_SEEN = [112, 128, 144]
SWIZZLE = int(statistics.NormalDist.from_samples(ROW_BYTES_SEEN).mean)
DTYPE = jnp.float16
BLOCK = (64, SWIZZLE // jnp.dtype(DTYPE).itemsize)
SHAPE = (256, 256)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])
TRANSFORMS = (plgpu.TilingTransform((8, BLOCK[1])), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i, j: (i, j), transforms=TRANSFORMS)

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def mul(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(SWIZZLE, BLOCK, jax.jit(mul)(x, x).sum())
''',
    "linear_regression_depth": r'''
"""A 1-D emit_pipeline of x + y * y over f32 row blocks; the depth is the intercept statistics.linear_regression fits to measured (steps, microseconds) pairs, rounded."""
import statistics

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

STEPS_MEASURED = [1, 2, 3, 4]
MICROSECONDS = [5, 7, 9, 11]
FIT = statistics.linear_regression(STEPS_MEASURED, MICROSECONDS)
DEPTH = int(round(FIT.intercept))
STEPS = 12
BLOCK = (32, 128)
SHAPE = (STEPS * BLOCK[0], BLOCK[1])


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] + y_smem[...] * y_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def add_square(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(FIT, DEPTH, jax.jit(add_square)(x, x).sum())
''',
    "copysign_remote": r'''
"""Under shard_map, each device handshakes with its peer by semaphores and writes its shard into the peer's output through plgpu.remote_ref; the peer offset is math.copysign(1, DIRECTION) of a signed zero (-0.0: the previous device)."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
DEVICES = 2
DIRECTION = -0.0
OFFSET = int(math.copysign(1, DIRECTION))
AXIS = 'peers'
ROWS, COLS = 16, 128


def kernel(x_ref, y_ref, ready, done):
  peer = lax.rem(lax.axis_index(AXIS) + OFFSET + DEVICES, DEVICES)
  pl.semaphore_signal(ready, device_id=peer)
  pl.semaphore_wait(ready)
  plgpu.remote_ref(y_ref, peer)[...] = x_ref[...]
  pl.semaphore_signal(done, device_id=peer)
  pl.semaphore_wait(done)


def pass_along(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR, plgpu.SemaphoreType.REGULAR])(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(pass_along, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))
  print(OFFSET, fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
    "median_grouped_registers": r'''
"""A producer warpgroup TMA-loads a tile and a consumer warpgroup scales it by a fori_loop's running sum in SMEM and stores it; the consumer's register count is statistics.median_grouped of sampled counts grouped in classes of 8."""
import statistics

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

LOW = 40
CONSUMER_SAMPLES = [224, 232, 240]
HIGH = int(statistics.median_grouped(CONSUMER_SAMPLES, 8))
ITERS = 3
SHAPE = (128, 128)


def kernel(x_gmem, o_gmem, smem, loaded):
  wg = lax.axis_index('wg')

  @pl.when(wg == 0)
  def _producer():
    plgpu.set_max_registers(LOW, action='decrease')
    plgpu.copy_gmem_to_smem(x_gmem, smem, loaded)

  @pl.when(wg == 1)
  def _consumer():
    plgpu.set_max_registers(HIGH, action='increase')
    plgpu.barrier_wait(loaded)
    scale = lax.fori_loop(0, ITERS, lambda i, s: s + 1.0, jnp.float32(0.0))
    smem[...] = smem[...] * scale
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem)
    plgpu.wait_smem_to_gmem(0)


scale_up = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(SHAPE, jnp.float32), plgpu.Barrier()],
    num_threads=2,
    thread_name='wg',
)

if __name__ == '__main__':
  print(LOW, HIGH, jax.jit(scale_up)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
}

KERNELS_C: dict[str, str] = {
    "intersection_rows": r'''
"""Each CTA of a 1-D grid TMA-loads a tiled, swizzled f16 row block, squares it in SMEM and stores it; the block rows are the largest height in the set.intersection of the heights TMA boxes allow and those the SMEM budget allows."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

BY_TMA = {64, 128, 256}
BY_SMEM = {32, 64, 128}
BLOCK_ROWS = max(BY_TMA.intersection(BY_SMEM))
ROWS, COLS = 512, 64
DTYPE = jnp.float16
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('blk') * BLOCK_ROWS, BLOCK_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=(ROWS // BLOCK_ROWS,),
    grid_names=('blk',),
)

if __name__ == '__main__':
  print(BLOCK_ROWS, jax.jit(square)(jnp.ones((ROWS, COLS), DTYPE)).sum())
''',
    "isdisjoint_arrivals": r'''
"""Four TMA loads onto one barrier, combined in SMEM by a host-written function and TMA-stored; the operand count, and the barrier's arrival count, is the number of operand names, less one when set.isdisjoint finds an output aliasing an operand (which is then not loaded); the kernel's refs are split by it."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


def combine(a, b, c, d):
  return a * b + c * d


OPERANDS = ('a', 'b', 'c', 'd')
OUTPUTS = ('o',)
# An output that aliases an operand is not loaded again.
NUM_OPERANDS = len(OPERANDS) if set(OUTPUTS).isdisjoint(OPERANDS) else len(OPERANDS) - 1
SHAPE = (64, 128)
DTYPE = jnp.float32


def kernel(*refs):
  gmem_in = refs[:NUM_OPERANDS]
  o_gmem = refs[NUM_OPERANDS]
  smem = refs[NUM_OPERANDS + 1:2 * NUM_OPERANDS + 1]
  bar = refs[-1]
  for src, dst in zip(gmem_in, smem):
    plgpu.copy_gmem_to_smem(src, dst, bar)
  plgpu.barrier_wait(bar)
  smem[0][...] = combine(*(ref[...] for ref in smem))
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem[0], o_gmem)
  plgpu.wait_smem_to_gmem(0)


fused = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
    scratch_types=[plgpu.SMEM(SHAPE, DTYPE) for _ in range(NUM_OPERANDS)] + [plgpu.Barrier(num_arrivals=NUM_OPERANDS)],
)

if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(NUM_OPERANDS, jax.jit(fused)(*[x] * NUM_OPERANDS).sum())
''',
    "wrapped_layers_block": r'''
"""Each CTA of a 1-D grid TMA-loads an f32 row block, applies a host-written update ITERS times in a fori_loop in SMEM and stores it; the update is wrapped by stacked functools.wraps decorators, and the block rows are 64 times the number of __wrapped__ links followed back to it."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def stage(fn):
  @functools.wraps(fn)
  def wrapper(value):
    return fn(value)
  return wrapper


def relax(value):
  return value * 0.5 + 1.0


UPDATE = stage(stage(stage(relax)))
LAYERS = 0
probe = UPDATE
while hasattr(probe, '__wrapped__'):
  probe = probe.__wrapped__
  LAYERS += 1
BLOCK_ROWS = 64 * LAYERS
ROWS, COLS = 384, 128
ITERS = 3


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('i') * BLOCK_ROWS, BLOCK_ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)

  def step(_, carry):
    smem[...] = UPDATE(smem[...])
    return carry

  lax.fori_loop(0, ITERS, step, ())
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


relax_blocks = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), jnp.float32), plgpu.Barrier()],
    grid=(ROWS // BLOCK_ROWS,),
    grid_names=('i',),
)

if __name__ == '__main__':
  print(LAYERS, BLOCK_ROWS, jax.jit(relax_blocks)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "issuperset_wgs": r'''
"""The compute warpgroups of a warp-specialized emit_pipeline (no outputs) each add twice their share of every (64, 64) f32 block into an SMEM accumulator, then one TMA store; the compute warpgroup count is how many roles' capability sets are a superset (set.issuperset) of what compute needs, the thread count how many roles there are."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

NEEDS = {'mma', 'smem'}
ROLES = {
    'memory': {'tma', 'smem'},
    'mainloop': {'mma', 'smem', 'registers'},
    'epilogue': {'mma', 'smem'},
}
COMPUTE_WGS = sum(caps.issuperset(NEEDS) for caps in ROLES.values())
NUM_THREADS = len(ROLES)
BLK_M, BLK_N = 64, 64
M, N = 128, 256
GRID = (M // BLK_M, N // BLK_N)
ROWS_PER_WG = BLK_M // COMPUTE_WGS
spec = plgpu.BlockSpec((BLK_M, BLK_N), lambda i, j: (i, j))


def kernel(x_gmem, o_gmem, acc, bar):
  @pl.when(lax.axis_index('wg') == 0)
  def _zero():
    acc[...] = jnp.zeros_like(acc)

  plgpu.barrier_arrive(bar)
  plgpu.barrier_wait(bar)

  def body(_, x_smem):
    rows = pl.ds(lax.axis_index('wg') * ROWS_PER_WG, ROWS_PER_WG)
    acc[rows] += x_smem[rows] * 2.0

  plgpu.emit_pipeline_warp_specialized(
      body,
      grid=GRID,
      max_concurrent_steps=2,
      num_compute_wgs=COMPUTE_WGS,
      memory_registers=40,
      wg_axis='wg',
      in_specs=[spec],
  )(x_gmem)

  plgpu.barrier_arrive(bar)
  plgpu.barrier_wait(bar)

  @pl.when(lax.axis_index('wg') == 0)
  def _store():
    plgpu.copy_smem_to_gmem(acc, o_gmem)
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)


sum_twice = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((BLK_M, BLK_N), jnp.float32),
    scratch_types=[plgpu.SMEM((BLK_M, BLK_N), jnp.float32), plgpu.Barrier(num_arrivals=NUM_THREADS)],
    num_threads=NUM_THREADS,
    thread_name='wg',
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  print(COMPUTE_WGS, NUM_THREADS, jax.jit(sum_twice)(jnp.ones((M, N), jnp.float32)).sum())
''',
    "popcount_multimem": r'''
"""Under shard_map, device 0 pushes a WGMMA-layout f32 tile to every peer with multimem_store, then a semaphore handshake; the device count is the number of set bits in a device mask, bin(MASK).count('1')."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
MASK = 0b0101
DEVICES = bin(MASK).count('1')
AXIS = 'x'
SHAPE = (128, 128)


def kernel(y_ref, sem):
  me = lax.axis_index(AXIS)

  @pl.when(me == 0)
  def _root():
    tile = plgpu.layout_cast(jnp.full(SHAPE, 2.0, jnp.float32), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, AXIS)

  pl.semaphore_signal(sem, 1, device_id=lax.rem(me + 1, DEVICES))
  pl.semaphore_wait(sem)


def broadcast():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(broadcast, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(DEVICES, fn().shape)
''',
    "chr_ord_signal": r'''
"""Under shard_map, a cross-device barrier: each device signals a semaphore on every peer with semaphore_signal_multicast, waits for all of them and writes its index; the mesh axis name is the letter after a base letter, chr(ord(BASE) + 1)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
BASE = 'w'
AXIS = chr(ord(BASE) + 1)
DEVICES = 2
SHAPE = (256,)


def kernel(o_ref, sem):
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXIS)
  pl.semaphore_wait(sem, DEVICES)
  o_ref[...] = jnp.full(o_ref.shape, lax.axis_index(AXIS), o_ref.dtype)


def rendezvous():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(rendezvous, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(AXIS, fn().shape)
''',
    "hasattr_wgmma": r'''
"""One WGMMA of two TMA-loaded, tiled and swizzled f16 operands into an f32 accumulator under run_scoped; the swizzle and K come from a config object's attributes, hasattr choosing each default the config does not set."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


class Config:
  tile_k = 64
  swizzle = 128


CONFIG = Config()
K = CONFIG.tile_k if hasattr(CONFIG, 'tile_k') else 32
SWIZZLE = CONFIG.swizzle if hasattr(CONFIG, 'swizzle') else 64
M, N = 64, 128
DTYPE = jnp.float16
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // jnp.dtype(DTYPE).itemsize)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(a_gmem, b_gmem, o_ref, a_smem, b_smem, bar):
  plgpu.copy_gmem_to_smem(a_gmem, a_smem, bar)
  plgpu.copy_gmem_to_smem(b_gmem, b_smem, bar)
  plgpu.barrier_wait(bar)

  def scope(acc):
    plgpu.wgmma(acc, a_smem, b_smem)
    plgpu.wgmma_wait(0)
    return acc[...]

  o_ref[...] = pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))


matmul = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((M, N), jnp.float32),
    scratch_types=[
        plgpu.SMEM((M, K), DTYPE, transforms=TRANSFORMS),
        plgpu.SMEM((K, N), DTYPE, transforms=TRANSFORMS),
        plgpu.Barrier(num_arrivals=2),
    ],
)

if __name__ == '__main__':
  print(K, SWIZZLE, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
}


# Adapted from tests/pallas/mosaic_gpu_test.py, gpu_pallas_distributed_test.py, gpu_pallas_interpret_test.py and
# mgpu_matmul_test.py at the mirror's HEAD (cec06d116c05; test names in each docstring): the test's kernel kept with
# its first parameter set, its self.kernel / self.pallas_call harness rewritten as a plain plgpu.kernel launch under the
# test classes' Lane semantics (the harness pieces as famheld15 / famheld16 wrote them out, reused from
# build_famheld16.py), the interpret tests' interpret=InterpretParams(...) dropped (lowered for the GPU, as the kernels
# are written), and a __main__ driver.
DEFAULT_TRANSFORMS = _fh16.DEFAULT_TRANSFORMS
PALLAS_CALL = _fh16.PALLAS_CALL
PALLAS_CALL_GRID = _fh16.PALLAS_CALL_GRID
GRID_IMPORTS = _fh16.GRID_IMPORTS
LANE = 'compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),'
INTERPRET = 'Host adaptation: interpret=InterpretParams(...) dropped: lowered for the GPU, not interpreted.'

# The distributed tests' self.kernel, patched into the ops module by mock.patch.object as the tests do.
LANE_KERNEL = r'''
_kernel = plgpu.kernel


def lane_kernel(*args, **kwargs):
  # Host adaptation: the harness's self.kernel (TestCase.kernel): the class's Lane semantics in compiler_params.
  compiler_params = dataclasses.replace(
      kwargs.pop("compiler_params", plgpu.CompilerParams()),
      lowering_semantics=plgpu.LoweringSemantics.Lane,
  )
  return _kernel(*args, compiler_params=compiler_params, **kwargs)
'''


def _collective(test: str, summary: str, op: str, params: str, shape: str, dtype: str, dim_kw: str, dim: str,
                extra: str) -> str:
    """A PallasCallMultimemThreadUnsafeTest test: _test_reduce_scatter / _test_all_gather written out with its
    first parameter set (the comparison dropped)."""
    module = "reduce_scatter_mgpu" if op == "reduce_scatter" else "all_gather_mgpu"
    return (f'''"""gpu_pallas_distributed_test.py PallasCallMultimemThreadUnsafeTest.{test}: {summary}"""
import dataclasses
from unittest import mock

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu
from jax.experimental.pallas.ops.gpu import {module}
from jax.experimental.pallas.ops.gpu.{module} import {op}

P = jax.sharding.PartitionSpec
''' + LANE_KERNEL + f'''

# The test's parameters, as _test_{op} receives them.
{params}
shape, dtype = {shape}, {dtype}
{dim_kw} = {dim}

devices = jax.devices()[:2]
mesh = jax.sharding.Mesh(devices, ["x"])
if jnp.issubdtype(dtype, jnp.floating):
  x = jax.random.uniform(jax.random.key(42), shape, dtype=dtype, minval=-1.0, maxval=1.0)
else:
  x = jax.random.randint(jax.random.key(42), shape, dtype=dtype, minval=-1000, maxval=1000)


def body(x):
  return {op}(
      x,
      axis_name="x",
      {dim_kw}={dim_kw},
{extra}      vec_size=vec_size,
      tile_size=tile_size,
      num_blocks=num_blocks,
  )


spec = P(*([None] * {dim_kw}), "x")

if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process).
  with mock.patch.object(
      jax.experimental.pallas.ops.gpu.{module}.plgpu,
      "kernel",
      lane_kernel,
  ):
    y = jax.jit(
        jax.shard_map(
            body, mesh=mesh, in_specs=spec, out_specs=spec, check_vma=False
        )
    )(x)
  # The test's process_allgather and comparison need the run; the kernel is only lowered.
  print(y.shape)
''')


KERNELS_JAX: dict[str, str] = {
    "jax_reshape_tiled_with_indexing": r'''
"""mosaic_gpu_test.py PallasCallTest.test_reshape_tiled_with_indexing: a (2, 64, 2, 64) f16 array TMA-copied into SMEM tiled (8, 1, 64) and swizzled by 128 bytes, its second slice reshaped to (64, 128) and stored (a Tokamax GLU regression test)."""
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# This is a regression test from a Tokamax GLU kernel.
dtype = jnp.float16
shape1, shape2 = (2, 64, 2, 64), (64, 128)
swizzle = 128
# Host adaptation: dtypes.itemsize_bits(dtype) written with jnp.dtype.
swizzle_elems = 8 * swizzle // (jnp.dtype(dtype).itemsize * 8)
transforms = (
    plgpu.TilingTransform((8, 1, swizzle_elems)),
    plgpu.SwizzleTransform(swizzle),
)


def kernel(src_ref, dst_ref, smem_ref, barrier):
  plgpu.copy_gmem_to_smem(src_ref, smem_ref, barrier)
  plgpu.barrier_wait(barrier)
  dst_ref[...] = smem_ref.at[1].reshape(shape2)[...]


# Host adaptation: the test's @functools.partial(self.kernel, ...) decorator as plgpu.kernel with the class's Lane
# semantics.
kernel = plgpu.kernel(
    kernel,
    scratch_types=[
        plgpu.SMEM(shape1, dtype, transforms=transforms),
        plgpu.Barrier(),
    ],
    out_type=jax.ShapeDtypeStruct(shape2, dtype),
    ''' + LANE + r'''
)

if __name__ == '__main__':
  x = jnp.arange(math.prod(shape1), dtype=dtype).reshape(shape1)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_wgmma_mixed_fp8": r'''
"""mosaic_gpu_test.py PallasCallSm90ATest.test_wgmma_mixed_fp8 (lhs_dtype=float8_e4m3fn, rhs_dtype=float8_e5m2): a (64, 128) e4m3 by transposed (64, 128) e5m2 WGMMA into an f32 ACC under run_scoped, the operands staged by default_transforms, through the pallas_call harness over a (1, 1) grid."""
''' + GRID_IMPORTS + DEFAULT_TRANSFORMS + PALLAS_CALL_GRID + r'''

lhs_dtype, rhs_dtype = jnp.float8_e4m3fn, jnp.float8_e5m2
m, k, n = 64, 128, 64


def kernel(a_ref, b_ref, o_ref):

  def scope(acc_ref):
    plgpu.wgmma(acc_ref, a_ref, plgpu.transpose_ref(b_ref, (1, 0)))
    return acc_ref[...]

  o_ref[...] = pl.run_scoped(scope, plgpu.ACC((m, n), jnp.float32))


# Small integers are exact in both e4m3 and e5m2, so the reference matmul is
# exact and the comparison is insensitive to FP8 rounding.
a = jax.random.randint(jax.random.key(0), (m, k), -8, 8).astype(lhs_dtype)
b = jax.random.randint(jax.random.key(1), (n, k), -8, 8).astype(rhs_dtype)

# Both FP8 types are 1 byte, so the LHS and RHS share the same transforms.
transforms = default_transforms(dtype=lhs_dtype)
res_fn = pallas_call(
    kernel,
    in_specs=[
        plgpu.BlockSpec(
            (m, k),
            lambda i, j: (i, j),
            transforms=transforms,
        ),
        plgpu.BlockSpec(
            (n, k),
            lambda *i: i,
            transforms=transforms,
        ),
    ],
    out_specs=plgpu.BlockSpec((m, n), lambda *i: i),
    out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
    grid=(1, 1),
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(res_fn)(a, b).shape)
''',
    "jax_remote_dma_with_retries": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_remote_dma_with_retries: under shard_map over two devices, each copies its (8, 128) f32 shard to its own output, handshakes, stores it through plgpu.remote_ref into the peer's output and handshakes again; the jitted call is repeated 51 times."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(x_ref, y_ref, ready_sem, recv_sem):
  other_dev_id = 1 - lax.axis_index('x')
  y_ref[...] = x_ref[...]
  pl.semaphore_signal(ready_sem, device_id=other_dev_id)
  pl.semaphore_wait(ready_sem)
  neighbor_ptr = plgpu.remote_ref(y_ref, other_dev_id)
  neighbor_ptr[...] = x_ref[...]
  pl.semaphore_signal(recv_sem, device_id=other_dev_id)
  pl.semaphore_wait(recv_sem)


x = jnp.arange(2 * 8 * 128.0, dtype=jnp.float32).reshape((2 * 8, 128))
def body(x):
  # Host adaptation: the harness's self.kernel as plgpu.kernel, the class's Lane semantics in its compiler_params.
  return plgpu.kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
      scratch_types=[
          plgpu.SemaphoreType.REGULAR,
          plgpu.SemaphoreType.REGULAR,
      ],
      ''' + LANE + r'''
  )(x)


if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process).
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  jit_body = jax.jit(
      jax.shard_map(
          body, mesh=mesh, in_specs=P('x'), out_specs=P('x'),
          check_vma=False,
      )
  )
  y = x
  for _ in range(51):
    y = jit_body(y)
  # The test's comparison needs the run; the kernel is only lowered.
  print(y.shape)
''',
    "jax_semaphore_signal_multicast_collective_axes_warp_level": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_semaphore_signal_multicast_collective_axes_warp_level: under shard_map over two devices, one warp per device (core_map over a WarpMesh) multicasts a signal on its slot of a (2,) semaphore array, then every device waits on both slots and writes their values."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec


def kernel(y_ref, sem_out_ref, sem):
  dev_idx = jax.lax.axis_index("x")

  @pl.core_map(plgpu.WarpMesh(axis_name="warp"))
  def _per_warp():
    warp_idx = jax.lax.axis_index("warp")

    @pl.when(warp_idx == dev_idx)
    def _():
      # One warp on each device signals. In total, both semaphores get signaled once.
      plgpu.semaphore_signal_multicast(sem.at[warp_idx], collective_axes="x")

      y_ref[0, 0] = 1.0

  pl.semaphore_wait(sem.at[0], 1)
  pl.semaphore_wait(sem.at[1], 1)

  sem_out_ref[0] = pl.semaphore_read(sem.at[0])
  sem_out_ref[1] = pl.semaphore_read(sem.at[1])


# Host adaptation: the harness's self.kernel as plgpu.kernel, the class's Lane semantics in its compiler_params.
kernel_call = plgpu.kernel(
    kernel,
    out_type=(
        jax.ShapeDtypeStruct((8, 128), jnp.float32),
        jax.ShapeDtypeStruct((2,), jnp.int32),
    ),
    scratch_types=[plgpu.SemaphoreType.REGULAR((2,))],
    ''' + LANE + r'''
)

if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process).
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ["x"])
  _, sem_out = jax.jit(
      jax.shard_map(
          kernel_call, mesh=mesh, in_specs=(), out_specs=(P(None), P(None)), check_vma=False,
      )
  )()
  # The test's comparison needs the run; the kernel is only lowered.
  print(sem_out.shape)
''',
    "jax_reduce_scatter": _collective(
        "test_reduce_scatter",
        'reduce_scatter (dtype=float32, reduction="add", vec_size=1) of JAX\'s ops/gpu/reduce_scatter_mgpu.py over two '
        'devices: a (1024, 64) f32 input summed across devices and scattered along dimension 0, tile_size=1024, '
        'num_blocks=4, its plgpu.kernel patched to the harness\'s Lane kernel.',
        "reduce_scatter",
        'dtype, reduction, vec_size = jnp.float32, "add", 1\ntile_size, num_blocks = 1024, 4',
        "(1024, 64)", "dtype", "scatter_dimension", "0",
        "      reduction=reduction,\n"),
    "jax_reduce_scatter_different_axes": _collective(
        "test_reduce_scatter_different_axes",
        'reduce_scatter (axis=1) of JAX\'s ops/gpu/reduce_scatter_mgpu.py over two devices: a (64, 1024, 32) f16 '
        'input summed across devices and scattered along dimension 1, tile_size=2048, vec_size=None, num_blocks=4, '
        'its plgpu.kernel patched to the harness\'s Lane kernel.',
        "reduce_scatter",
        'axis = 1\nreduction, vec_size = "add", None\ntile_size, num_blocks = 2048, 4',
        "(64, 1024, 32)", "jnp.float16", "scatter_dimension", "axis",
        "      reduction=reduction,\n"),
    "jax_all_gather": _collective(
        "test_all_gather",
        'all_gather (dtype=float32, vec_size=1) of JAX\'s ops/gpu/all_gather_mgpu.py over two devices: a (1024, 64) '
        'f32 input gathered along dimension 0, tile_size=1024, num_blocks=4, its plgpu.kernel patched to the '
        'harness\'s Lane kernel.',
        "all_gather",
        'dtype, vec_size = jnp.float32, 1\ntile_size, num_blocks = 1024, 4',
        "(1024, 64)", "dtype", "gather_dimension", "0", ""),
    "jax_all_gather_different_axes": _collective(
        "test_all_gather_different_axes",
        'all_gather (axis=1) of JAX\'s ops/gpu/all_gather_mgpu.py over two devices: a (64, 1024, 32) f16 input '
        'gathered along dimension 1, tile_size=2048, vec_size=None, num_blocks=4, its plgpu.kernel patched to the '
        'harness\'s Lane kernel.',
        "all_gather",
        'axis = 1\nvec_size = None\ntile_size, num_blocks = 2048, 4',
        "(64, 1024, 32)", "jnp.float16", "gather_dimension", "axis", ""),
    "jax_hopper_matmul_grid_tiling": r'''
"""mgpu_matmul_test.py MatrixMultiplicationSm90ATest.test_hopper_matmul_grid_tiling (grid_minor_dim=M, grid_tile_width=1): JAX's ops/gpu/hopper_matmul_mgpu.py matmul of two (4096, 4096) f16 arrays with (64, 64, 64) tiles, two concurrent steps, (64, 64) epilogue tiles and the warpgroups along M, through check_hopper_matmul."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas.ops.gpu import hopper_matmul_mgpu

grid_minor_dim, grid_tile_width = hopper_matmul_mgpu.MatmulDimension.M, 1
m, k, n = 4096, 4096, 4096
dtype = jnp.float16
tile_m, tile_n, tile_k = 64, 64, 64
max_concurrent_steps = 2
epi_tile_m, epi_tile_n = 64, 64
wg_dimension = hopper_matmul_mgpu.MatmulDimension.M

# Host adaptation: an H100's SM count (no GPU on this host to ask).
hopper_matmul_mgpu.get_num_sms = lambda: 132

# Host adaptation: check_hopper_matmul written out for c_dtype=None (its SMEM-size skip does not apply to these tiles).
key = jax.random.key(42)
k1, k2 = jax.random.split(key, 2)
a = jax.random.normal(k1, (m, k), dtype)
b = jax.random.normal(k2, (k, n), dtype)
c = None

spec = hopper_matmul_mgpu.TuningConfig(
    tile_m=tile_m,
    tile_n=tile_n,
    tile_k=tile_k,
    max_concurrent_steps=max_concurrent_steps,
    epi_tile_m=epi_tile_m,
    epi_tile_n=epi_tile_n,
    wg_dimension=wg_dimension,
    grid_minor_dim=grid_minor_dim,
    grid_tile_width=grid_tile_width,
)

if __name__ == '__main__':
  out = jax.jit(hopper_matmul_mgpu.matmul, static_argnums=(3,))(a, b, c, spec)
  # The test's comparison needs the run; the kernel is only lowered.
  print(out.shape)
''',
    "jax_tiling_and_swizzle_transforms": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_tiling_and_swizzle_transforms: three f16 SMEM scratch refs under different transforms (tiled (8, 64) and swizzled 128, swizzled 64 only, tiled (16, 32) only), filled with constants and summed (one slice of the first, the second reshaped, rows of the third) into a (128, 128) output."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu


# ''' + INTERPRET + r'''
@jax.jit
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((128, 128), jnp.float16),
    scratch_types=dict(
        smem_ref1=plgpu.SMEM(
            (2, 128, 128),
            jnp.float16,
            transforms=(
                plgpu.TilingTransform((8, 64)),
                plgpu.SwizzleTransform(128),
            ),
        ),
        smem_ref2=plgpu.SMEM(
            (4, 128, 32),
            jnp.float16,
            transforms=(plgpu.SwizzleTransform(64),),
        ),
        smem_ref3=plgpu.SMEM(
            (256, 128),
            jnp.float16,
            transforms=(plgpu.TilingTransform((16, 32)),),
        ),
    ),
)
def kernel(o_ref, smem_ref1, smem_ref2, smem_ref3):
  smem_ref1[...] = jnp.full_like(smem_ref1, 42.0)
  smem_ref2[...] = jnp.full_like(smem_ref2, 1.0)
  smem_ref3[...] = jnp.full_like(smem_ref3, 2.0)
  o_ref[...] = (smem_ref1[0, ...] + smem_ref2[...].reshape((128, 128))
                + smem_ref3[:128])


if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(kernel().shape)
''',
    "jax_add_over_grid": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_add_over_grid (tile_x=1, tile_y=1, tile_z=1, swap_grid_axes=True): a + b of two (4, 4, 4) int32 arrays read and written in GMEM, one (1, 1, 1) tile per step of a (4, 4) grid named ('y', 'x') (swapped) and four threads named 'z'."""
from typing import Any

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def _maybe_reverse(arg: tuple[Any], reverse: bool) -> tuple[Any]:
  if reverse:
    return tuple(reversed(arg))
  else:
    return arg


tile_x, tile_y, tile_z, swap_grid_axes = 1, 1, 1, True
dtype = jnp.int32
x, y, z = 4, 4, 4

assert x % tile_x == 0
assert y % tile_y == 0
assert z % tile_z == 0

a = jnp.arange(x * y * z, dtype=dtype).reshape((x, y, z))
b = jnp.ones((x, y, z), dtype=dtype)

x_iters = x // tile_x
y_iters = y // tile_y
z_iters = z // tile_z


def _kernel(a_gmem, b_gmem, out_gmem):
  xi = jax.lax.axis_index('x')
  yi = jax.lax.axis_index('y')
  zi = jax.lax.axis_index('z')
  xi_slice = pl.ds(xi * tile_x, tile_x)
  yi_slice = pl.ds(yi * tile_y, tile_y)
  zi_slice = pl.ds(zi * tile_z, tile_z)

  out_gmem[xi_slice, yi_slice, zi_slice] = (
      a_gmem[xi_slice, yi_slice, zi_slice]
      + b_gmem[xi_slice, yi_slice, zi_slice]
  )


# ''' + INTERPRET + r'''
kernel = plgpu.kernel(
    _kernel,
    out_type=jax.ShapeDtypeStruct((x, y, z), dtype),
    grid=_maybe_reverse((x_iters, y_iters), swap_grid_axes),
    grid_names=_maybe_reverse(('x', 'y'), swap_grid_axes),
    num_threads=z_iters,
    thread_name='z',
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(a, b).shape)
''',
    "jax_copy_gmem_to_smem_two_threads": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_copy_gmem_to_smem_two_threads (with_race=True): thread 0 of two TMA-copies a (2, 8) int32 input into SMEM on a barrier, thread 1 stores the SMEM into the output (without waiting, as the racy parameter set has it)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

with_race = True
x = jnp.arange(16, dtype=jnp.int32).reshape((2, 8))


def _kernel(in_gmem, out_gmem, barrier, smem):
  tid = jax.lax.axis_index('t')

  @pl.when(tid == 0)
  def _():
    plgpu.copy_gmem_to_smem(in_gmem, smem, barrier)

  @pl.when(tid == 1)
  def _():
    if not with_race:
      plgpu.barrier_wait(barrier)
    out_gmem[...] = smem[...]


# ''' + INTERPRET + r'''
kernel = plgpu.kernel(
    _kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    scratch_types=dict(
        barrier=plgpu.Barrier(),
        smem=plgpu.SMEM(x.shape, x.dtype),
    ),
    num_threads=2,
    thread_name='t',
)

if __name__ == '__main__':
  # The test's race check needs the interpreter; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_copy_gmem_to_smem_parallel_two_threads": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_copy_gmem_to_smem_parallel_two_threads (with_race=True): each of two threads TMA-copies a (2, 8) int32 input into its own SMEM buffer on its own barrier of a two-barrier array and stores its row (not waiting, as the racy parameter set has it)."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

with_race = True
x = jnp.arange(16, dtype=jnp.int32).reshape((2, 8))


def _kernel(in_gmem, out_gmem, per_thread_barrier, smem0, smem1):
  tid = jax.lax.axis_index('t')

  def _per_thread_kernel(smem):
    plgpu.copy_gmem_to_smem(in_gmem, smem, per_thread_barrier.at[tid])
    if not with_race:
      plgpu.barrier_wait(per_thread_barrier.at[tid])
    out_gmem[tid, ...] = smem[tid, ...]

  # TODO(nrink): Investigate why this does not work with a single SMEM
  # buffer and `smem.at[0]` and `smem.at[1]`.
  pl.when(tid == 0)(functools.partial(_per_thread_kernel, smem=smem0))
  pl.when(tid == 1)(functools.partial(_per_thread_kernel, smem=smem1))


# ''' + INTERPRET + r'''
kernel = plgpu.kernel(
    _kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    scratch_types=dict(
        per_thread_barrier=plgpu.Barrier(num_barriers=2),
        smem0=plgpu.SMEM(x.shape, x.dtype),
        smem1=plgpu.SMEM(x.shape, x.dtype),
    ),
    num_threads=2,
    thread_name='t',
)

if __name__ == '__main__':
  # The test's race check needs the interpreter; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_copy_gmem_to_smem_multiple_arrivals_at_barrier": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_copy_gmem_to_smem_multiple_arrivals_at_barrier (with_race=True): two (2, 8) int32 inputs TMA-copied into two SMEM buffers on one barrier of two arrivals, their sum stored (without waiting, as the racy parameter set has it)."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

with_race = True
x = jnp.arange(16, dtype=jnp.int32).reshape((2, 8))
y = 2 * x


def _kernel(gmem0, gmem1, out_gmem, barrier, smem0, smem1):
  plgpu.copy_gmem_to_smem(gmem0, smem0, barrier)
  plgpu.copy_gmem_to_smem(gmem1, smem1, barrier)
  if not with_race:
    plgpu.barrier_wait(barrier)
  out_gmem[...] = smem0[...] + smem1[...]


# ''' + INTERPRET + r'''
kernel = plgpu.kernel(
    _kernel,
    out_type=jax.ShapeDtypeStruct.like(x),
    scratch_types=dict(
        barrier=plgpu.Barrier(num_arrivals=2),
        smem0=plgpu.SMEM(x.shape, x.dtype),
        smem1=plgpu.SMEM(x.shape, x.dtype),
    ),
)

if __name__ == '__main__':
  # The test's race check needs the interpreter; the kernel is only lowered.
  print(jax.jit(kernel)(x, y).shape)
''',
    "jax_single_barrier_with_multiple_arrival": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_single_barrier_with_multiple_arrival (num_threads=2): thread 1 writes its index into an int32 SMEM vector and arrives on a barrier of num_threads - 1 arrivals; thread 0 waits and stores the vector's sum into a scalar output."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

num_threads = 2


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((), jnp.int32),
    scratch_types=dict(
        smem_ref=plgpu.SMEM((num_threads - 1,), jnp.int32),
        barrier_ref=plgpu.Barrier(
            num_arrivals=num_threads - 1, num_barriers=1
        ),
    ),
    num_threads=num_threads,
    thread_name='t',
)
def _kernel(out_ref, smem_ref, barrier_ref):
  thread_id = jax.lax.axis_index('t')

  @pl.when(thread_id == 0)
  def _():
    plgpu.barrier_wait(barrier_ref)
    out_ref[...] = sum(smem_ref[...])

  @pl.when(thread_id > 0)
  def _():
    smem_ref[thread_id - 1] = thread_id
    plgpu.barrier_arrive(barrier_ref)


if __name__ == '__main__':
  # The test's comparisons need the interpreter; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
    "jax_wait_for_barrier_twice": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_wait_for_barrier_twice: three threads pass phases of a two-barrier array (thread 0 waits on barrier 0 twice, thread 1 arrives on it, thread 2 waits on barrier 1 and arrives on barrier 0), thread 0 writing a scalar int32 output between phases."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((), jnp.int32),
    scratch_types=dict(
        barrier_ref=plgpu.Barrier(num_arrivals=1, num_barriers=2)
    ),
    num_threads=3,
    thread_name='t',
)
def _kernel(out_ref, barrier_ref):
  thread_id = jax.lax.axis_index('t')

  @pl.when(thread_id == 0)
  def _():
    out_ref[...] = 1
    plgpu.barrier_wait(barrier_ref.at[0])
    out_ref[...] = 2
    plgpu.barrier_arrive(barrier_ref.at[1])
    plgpu.barrier_wait(barrier_ref.at[0])
    out_ref[...] = 3

  @pl.when(thread_id == 1)
  def _():
    plgpu.barrier_arrive(barrier_ref.at[0])

  @pl.when(thread_id == 2)
  def _():
    plgpu.barrier_wait(barrier_ref.at[1])
    plgpu.barrier_arrive(barrier_ref.at[0])


if __name__ == '__main__':
  # The test's comparisons need the interpreter; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
}


KERNELS_JAX.update({
    "jax_reduce_scatter_large_minor_dims": _collective(
        "test_reduce_scatter_large_minor_dims",
        'reduce_scatter of JAX\'s ops/gpu/reduce_scatter_mgpu.py over two devices: a (512, 32768) f16 input summed '
        'across devices and scattered along dimension 0, tile_size=8192, vec_size=4, num_blocks=4, its plgpu.kernel '
        'patched to the harness\'s Lane kernel.',
        "reduce_scatter",
        'reduction, vec_size = "add", 4\ntile_size, num_blocks = 8192, 4',
        "(512, 32768)", "jnp.float16", "scatter_dimension", "0",
        "      reduction=reduction,\n"),
    "jax_reduce_scatter_auto_vec_size": _collective(
        "test_reduce_scatter_auto_vec_size",
        'reduce_scatter (tile_size=2048) of JAX\'s ops/gpu/reduce_scatter_mgpu.py over two devices: a (1024, 64) f16 '
        'input summed across devices and scattered along dimension 0, the vector size left to the op, num_blocks=4, '
        'its plgpu.kernel patched to the harness\'s Lane kernel.',
        "reduce_scatter",
        'tile_size = 2048\nreduction, vec_size, num_blocks = "add", None, 4',
        "(1024, 64)", "jnp.float16", "scatter_dimension", "0",
        "      reduction=reduction,\n"),
    "jax_reduce_scatter_auto_vec_size_int": _collective(
        "test_reduce_scatter_auto_vec_size_int",
        'reduce_scatter (tile_size=2048) of JAX\'s ops/gpu/reduce_scatter_mgpu.py over two devices: a (1024, 64) '
        'int32 input summed across devices and scattered along dimension 0, the vector size left to the op, '
        'num_blocks=4, its plgpu.kernel patched to the harness\'s Lane kernel.',
        "reduce_scatter",
        'tile_size = 2048\nreduction, vec_size, num_blocks = "add", None, 4',
        "(1024, 64)", "jnp.int32", "scatter_dimension", "0",
        "      reduction=reduction,\n"),
    "jax_all_gather_large_minor_dims": _collective(
        "test_all_gather_large_minor_dims",
        'all_gather of JAX\'s ops/gpu/all_gather_mgpu.py over two devices: a (512, 32768) f16 input gathered along '
        'dimension 0, tile_size=8192, vec_size=4, num_blocks=4, its plgpu.kernel patched to the harness\'s Lane '
        'kernel.',
        "all_gather",
        'vec_size = 4\ntile_size, num_blocks = 8192, 4',
        "(512, 32768)", "jnp.float16", "gather_dimension", "0", ""),
    "jax_all_gather_auto_vec_size": _collective(
        "test_all_gather_auto_vec_size",
        'all_gather (tile_size=2048) of JAX\'s ops/gpu/all_gather_mgpu.py over two devices: a (1024, 64) f16 input '
        'gathered along dimension 0, the vector size left to the op, num_blocks=4, its plgpu.kernel patched to the '
        'harness\'s Lane kernel.',
        "all_gather",
        'tile_size = 2048\nvec_size, num_blocks = None, 4',
        "(1024, 64)", "jnp.float16", "gather_dimension", "0", ""),
    "jax_hopper_mixed_type_matmul_grid_tiling": r'''
"""mgpu_matmul_test.py MatrixMultiplicationSm90ATest.test_hopper_mixed_type_matmul_grid_tiling (grid_minor_dim=M, grid_tile_width=1): JAX's ops/gpu/hopper_mixed_type_matmul_mgpu.py mixed_matmul_kernel of a (4096, 4096) int8 LHS by a (4096, 4096) f16 RHS into f16, (64, 64, 64) tiles, two concurrent steps, (64, 64) epilogue tiles, the warpgroups along M, through check_hopper_mixed_type_matmul."""
import functools
import types

import jax
import jax.numpy as jnp
from jax.experimental.pallas.ops.gpu import hopper_matmul_mgpu
from jax.experimental.pallas.ops.gpu import hopper_mixed_type_matmul_mgpu

grid_minor_dim, grid_tile_width = hopper_matmul_mgpu.MatmulDimension.M, 1
m, k, n = 4096, 4096, 4096
lhs_dtype, rhs_dtype = jnp.int8, jnp.float16
tile_m, tile_n, tile_k = 64, 64, 64
max_concurrent_steps = 2
epi_tile_m, epi_tile_n = 64, 64
wg_dimension = hopper_matmul_mgpu.MatmulDimension.M

# Host adaptation: an H100's SM count (no GPU on this host to ask).
hopper_mixed_type_matmul_mgpu.backend = types.SimpleNamespace(
    get_default_device=lambda: types.SimpleNamespace(core_count=132))

# Host adaptation: check_hopper_mixed_type_matmul written out (its SMEM-size skip does not apply to these tiles).
out_dtype = rhs_dtype
(k1, k2) = jax.random.split(jax.random.key(42), 2)
lhs = jax.random.randint(
    k1, (m, k), minval=-5, maxval=5, dtype=jnp.int8
).astype(lhs_dtype)
rhs = jax.random.normal(k2, (k, n), rhs_dtype)

tuning_config = hopper_mixed_type_matmul_mgpu.TuningConfig(
    tile_m=tile_m,
    tile_n=tile_n,
    tile_k=tile_k,
    epi_tile_m=epi_tile_m,
    epi_tile_n=epi_tile_n,
    max_concurrent_steps=max_concurrent_steps,
    wg_dimension=wg_dimension,
    grid_minor_dim=grid_minor_dim,
    grid_tile_width=grid_tile_width,
)

if __name__ == '__main__':
  out = jax.jit(functools.partial(
      hopper_mixed_type_matmul_mgpu.mixed_matmul_kernel, out_dtype=out_dtype, config=tuning_config
  ))(lhs, rhs)
  # The test's comparison needs the run; the kernel is only lowered.
  print(out.shape)
''',
    "jax_hopper_matmul": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_hopper_matmul: JAX's ops/gpu/hopper_matmul_mgpu.py matmul of two (512, 512) f16 arrays plus an f32 C, (128, 128, 128) tiles, two concurrent steps, (64, 64) epilogue tiles and the warpgroups along M."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas.ops.gpu import hopper_matmul_mgpu

# Host adaptation: an H100's SM count (no GPU on this host to ask), for the test's abstract H100 device.
hopper_matmul_mgpu.get_num_sms = lambda: 132

(m, n, k) = 512, 512, 512
k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
a = jax.random.uniform(k1, (m, k), jnp.float16)
b = jax.random.uniform(k2, (k, n), jnp.float16)
c = jax.random.uniform(k3, (m, n), jnp.float32)

spec = hopper_matmul_mgpu.TuningConfig(
    tile_m=128,
    tile_n=128,
    tile_k=128,
    max_concurrent_steps=2,
    epi_tile_m=64,
    epi_tile_n=64,
    wg_dimension=hopper_matmul_mgpu.MatmulDimension.M,
)

if __name__ == '__main__':
  # Host adaptation: the test's use_abstract_mesh (an abstract H100) and force_gpu_interpret_mode dropped: the call
  # is jitted and lowered for the GPU, not interpreted.
  res = jax.jit(hopper_matmul_mgpu.matmul, static_argnums=(3,))(a, b, c, spec)
  # The test's comparison needs the run; the kernel is only lowered.
  print(res.shape)
''',
    "jax_warps_get_parent_warpgroups_barrier_phase": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_warps_get_parent_warpgroups_barrier_phase: a warpgroup arrives on and waits for a one-arrival barrier twice and arrives a third time; then every warp of a core_map over a WarpMesh waits on it, and a scalar int32 output is written."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((), jnp.int32),
    scratch_types=dict(
        barrier=plgpu.Barrier(num_arrivals=1),
    ),
)
def _kernel(out_ref, barrier):
  plgpu.barrier_arrive(barrier)
  plgpu.barrier_wait(barrier)
  plgpu.barrier_arrive(barrier)
  plgpu.barrier_wait(barrier)
  plgpu.barrier_arrive(barrier)

  @pl.core_map(plgpu.WarpMesh(axis_name='warp'))
  def _per_warp():
    plgpu.barrier_wait(barrier)

  out_ref[...] = 42


if __name__ == '__main__':
  # The test's comparison needs the interpreter; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
    "jax_warps_share_shared_memory": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_warps_share_shared_memory: under a core_map over a WarpMesh, warp 0 writes a scalar int32 SMEM ref and arrives on a barrier, warp 1 waits and copies the scalar into the output."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((), jnp.int32),
    scratch_types=dict(
        smem_ref=plgpu.SMEM((), jnp.int32),
        barrier=plgpu.Barrier(num_arrivals=1),
    ),
)
def _kernel(out_ref, smem_ref, barrier):
  @pl.core_map(plgpu.WarpMesh(axis_name='warp'))
  def _per_warp():
    warp_id = jax.lax.axis_index('warp')

    @pl.when(warp_id == 0)
    def _():
      smem_ref[...] = 1
      plgpu.barrier_arrive(barrier)

    @pl.when(warp_id == 1)
    def _():
      plgpu.barrier_wait(barrier)
      out_ref[...] = smem_ref[...]


if __name__ == '__main__':
  # The test's comparison needs the interpreter; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
    "jax_barrier_wait_in_multiple_threads_ok": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_barrier_wait_in_multiple_threads_ok (num_arriving_threads=1, num_observing_threads=1, num_threads=16): of sixteen threads, the first writes its index into a (16,) int32 output and arrives on a one-arrival barrier, the last writes its index and waits on it."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

num_arriving_threads, num_observing_threads, num_threads = 1, 1, 16


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((num_threads,), jnp.int32),
    scratch_types=dict(
        barrier_ref=plgpu.Barrier(
            num_arrivals=num_arriving_threads, num_barriers=1
        )
    ),
    num_threads=num_threads,
    thread_name='t',
)
def _kernel(out_ref, barrier_ref):
  thread_id = jax.lax.axis_index('t')

  @pl.when(thread_id < num_arriving_threads)
  def _():
    out_ref[thread_id] = thread_id
    plgpu.barrier_arrive(barrier_ref)

  @pl.when(thread_id >= num_threads - num_observing_threads)
  def _():
    out_ref[thread_id] = thread_id
    plgpu.barrier_wait(barrier_ref)


if __name__ == '__main__':
  # The test runs the kernel only; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
    "jax_mpmd_warp_specialize": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_mpmd_warp_specialize: a (5,) int32 output zeroed, then under mpmd_map over a WarpMesh warps 0 to 3 each copy their element of the input (warp 4 does not exist)."""
import functools

import jax
import jax.numpy as jnp
from jax._src.pallas import mpmd
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((5,), jnp.int32),
)
def _kernel(in_ref, out_ref):
  out_ref[...] = jnp.zeros((5,), jnp.int32)

  def _per_warp():
    warp_id = jax.lax.axis_index('warp')

    @pl.when(warp_id == 0)
    def _():
      out_ref[0] = in_ref[0]

    @pl.when(warp_id == 1)
    def _():
      out_ref[1] = in_ref[1]

    @pl.when(warp_id == 2)
    def _():
      out_ref[2] = in_ref[2]

    @pl.when(warp_id == 3)
    def _():
      out_ref[3] = in_ref[3]

    # this should never be reached
    @pl.when(warp_id == 4)
    def _():
      out_ref[4] = in_ref[4]

  mpmd.mpmd_map([(plgpu.WarpMesh(axis_name='warp'), _per_warp)])()


if __name__ == '__main__':
  x = jnp.arange(5, dtype=jnp.int32)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(_kernel)(x).shape)
''',
})


KERNELS: dict[str, str] = {**KERNELS_A, **KERNELS_B, **KERNELS_C}


def bases() -> list[tuple[str, str, str, list[tuple[int, int]]]]:
    """(part, stem, text, line ranges a mutant may edit) of each base: the whole file."""
    out = []
    for part, table in (("user", KERNELS), ("jax", KERNELS_JAX)):
        texts = {name: text.removeprefix("\n") for name, text in table.items()}
        out += [(part, name, text, [(1, text.count("\n") + 1)]) for name, text in sorted(texts.items())]
    return out


def main() -> None:
    _famheld.capped_mutation_cli(__doc__, "famheld19", bases(), famheld19_mutants, seed=1914)


if __name__ == "__main__":
    main()
