"""Build the twentieth held-out families corpus `famheld20`, written blind: user-style Mosaic GPU kernels written for
this set whose configuration Python no earlier set used, bases adapted from JAX's own tests that no earlier set took,
and one-edit mutants of them by famheld20_mutate.py (operators written from JAX's own checks, blind to the checker:
nothing under server/, tests/, docs/, bench/results.md or CHANGELOG.md was read, and neither pallas-lsp nor score.py /
score_families.py was run).

usage: build_famheld20.py OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]

Sources:
  famheld20/user/NAME.py  the kernels of KERNELS_A (host numpy), KERNELS_B (standard library) and KERNELS_C (language
                          and data-model forms), written for this set (2-space indents, single-quoted strings), the
                          kernel bodies in the styles famheld19's user bases lowered clean with. The Python that
                          carries the values each kernel depends on: host numpy (np.poly1d of coefficients evaluated
                          at a warp count as block rows; np.base_repr(1, base=2, padding=7) bit-reversed into a
                          swizzle; np.pad of a row count with the column count as a block; np.fromfunction of a
                          per-axis rule as a 2-D grid; np.add.reduceat of segment widths at split points as WGMMA M and
                          K; np.min_scalar_type of a peak value as a dtype), the standard library (math.gamma of a
                          small argument as a pipeline depth; math.atan2 of rows over columns, in degrees, choosing
                          streamed or whole row blocks; math.ulp(2.0 ** 59) as a swizzle) and language / data-model
                          forms (str.rfind of a dotted config key's last component as the kernel's axis name;
                          str.isnumeric filtering a spec string's tokens into a block, its last token the dtype;
                          oct() of an octal launch mode whose two digits are the device count and the signals waited
                          for; a function bound with classmethod(...) on a config class splitting a register budget
                          between producer and consumer; a dict's .copy() with one override read by the kernel while
                          the mesh reads the defaults). Checked by grepping every earlier kernel text (`grep -rlF NAME
                          bench/corpus/` filtered to the build*.py, *_mutate.py and idioms*/ files, recursively, no
                          `--`) for each name: none of poly1d, base_repr, np.pad, fromfunction, reduceat,
                          min_scalar_type, gamma, atan2, math.ulp / ulp(, rfind, isnumeric, oct(, classmethod( or
                          .copy() occurs there. (Candidates dropped by the same check because their names occur in an
                          earlier file: np.histogram (build_famheld5), np.quantile (build_famheld16), unicodedata
                          (build.py, idioms_heldout8), random.shuffle (idioms_heldout6 / 15), operator.ior
                          (idioms_heldout13 ior_dunder_settings), and nearly every data-model hook the brief listed:
                          __set_name__, __init_subclass__, __class_getitem__, match, send, ExitStack, attrgetter,
                          singledispatch, accumulate, pairwise, ChainMap, Counter, deque, auto, InitVar, NamedTuple,
                          Fraction, Template, textwrap, shlex, configparser, json, bisect, heapq, array, from_bytes,
                          divmod, partition, format_map all occur in earlier files.) math.sumprod and itertools.batched
                          were not used: 0.10.2's interpreter is Python 3.11.
                          Kernels: TMA copies into tiled / swizzled SMEM over plgpu.kernel grids (1-D and 2-D, bf16,
                          f16, f32 and a dtype picked by numpy), a hand-written TMA fori_loop, emit_pipeline (1-D f32
                          and 2-D tiled / swizzled f16), WGMMA into an ACC under run_scoped (f16 and bf16),
                          set_max_registers in producer / consumer warpgroups with a fori_loop carry, and under
                          jax.shard_map a plgpu.remote_ref store with a semaphore handshake,
                          semaphore_signal_multicast and a multimem_load_reduce all-reduce with layout_cast.
  famheld20/jax/NAME.py   tests that no earlier set took as a base (checked by a script against the test names in
                          every bench/corpus builder / mutator, bench/corpus/idioms*/ and every /work/*-out/
                          manifest.json, with and without the test_ prefix), at the mirror's HEAD cec06d116c05: of
                          tests/pallas/mosaic_gpu_test.py PallasCallTest.test_load_to_strided_layout_with_indexing
                          (SMEM, WG_STRIDED((128,), vec_size=1)), test_broadcast_in_dim_wg_strided_majormost_dim,
                          test_inline_mgpu_scalar_args, PallasCallSm90ATest.test_load_to_wgmma_row_col_layout_with_
                          indexing (SMEM, WGMMA.reduce(1), 64), PallasCallWGTest.test_smem_aliasing_refunions_in_wg_
                          semantics_can_have_distinct_transforms (the WG class's Warpgroup semantics: the test skips
                          under Lane); of gpu_pallas_distributed_test.py PallasCallMultimemThreadUnsafeTest.
                          test_all_gather_auto_vec_size_int (2048) (JAX's ops/gpu all_gather, its plgpu.kernel patched
                          to the harness's Lane kernel as the test does; famheld19's _collective); of
                          gpu_pallas_interpret_test.py InterpretTest.test_warpgroup_gets_warps_barrier_phase (lowered
                          for the GPU, not interpreted). Also built, and dropped at stage 2 (below): of
                          mosaic_gpu_test.py test_inline_mgpu_layout_args (WGMMA); of gpu_pallas_distributed_test.py
                          PallasCallRemoteDMATest.test_remote_dma_inline_mgpu; of gpu_pallas_interpret_test.py
                          test_indexing_singleton_barrier_ok and test_multiple_barriers_with_single_arrival (2). Not
                          taken: the untaken assertRaises, print, MLIR-error, export, profiler, helper (planar snake),
                          cluster, TCGen05 / TMEM tests (build_famheld.py's EXCLUDE convention), mgpu_torch_test.py
                          (torch) and mgpu_examples_test.py's test_matmul3-5 (Mosaic GPU examples, not Pallas). Each
                          keeps the test's kernel and first parameter set, its self.kernel / self.pallas_call harness
                          rewritten as a plain plgpu.kernel launch under the test class's semantics. Host adaptations,
                          each commented where it is made: the harness's self.pallas_call for a grid
                          (PALLAS_CALL_GRID, GRID_IMPORTS reused from build_famheld16.py; for the WG test its
                          lowering_semantics set to Warpgroup), the distributed harness's self.kernel written out as
                          lane_kernel (build_famheld19.py's LANE_KERNEL), decorator launches written as plain
                          assignments, the parameters as module constants, LOAD_SHIM (plgpu.load as the tests call it,
                          without an index, passing an empty index on 0.10.2, whose plgpu.load requires one: the
                          four plgpu.load tests raised "load() missing 1 required positional argument: 'idx'" on
                          0.10.2 as first written), the interpret test's interpret=InterpretParams(...) dropped, the
                          distributed tests' process_index guards and process_allgather dropped (one process), the
                          numerical checks dropped (kernels are only lowered).
Each file's `__main__` launches every kernel through jax.jit on concrete inputs; label.py lowers them (for CUDA, never
compiled or run).
Stage 1 (no --keep): the bases, to be labelled (label.py --only famheld20).
Stage 2 (--keep LABELS): the bases clean under every labelled release, each with up to --per-base operators, the ones
the earlier bases got least first, and up to --per-op mutants of each, sampled with a fixed seed (an operator for at
most --max-per-op bases; build_famheld.capped_mutation_cli); edits anywhere in the file but the docstring line.
Nothing here decides whether a mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld20_dropped.json.

Stage-1 fixes: every user base (fourteen) lowered clean on 0.10.2, 0.11.2 and 0.12.0.1 as first written. Of the eight
adapted tests first built, the four that call plgpu.load raised on 0.10.2 (its plgpu.load requires an index; 0.12.0.1's
takes none); LOAD_SHIM was added and three of them then lowered clean; test_inline_mgpu_layout_args still raises on
0.12.0.1 ("TransferPlanDerivationError: GMEM transfer does not access a whole number of complete 32 byte sectors")
and test_remote_dma_inline_mgpu raises on 0.10.2 ("NotImplementedError: Peer device references are not allowed in the
lowering of this primitive."): both dropped. Three interpret tests were then added to make up the number:
test_warpgroup_gets_warps_barrier_phase lowered clean; test_indexing_singleton_barrier_ok ("`indices` must not be
longer than `shape`" on 0.11.2 and 0.12.0.1: a single barrier indexed by the thread index) and
test_multiple_barriers_with_single_arrival (0.10.2: a (1,) int32 SMEM ref "must have a number of elements that is a
multiple of 128"; 0.11.2 / 0.12.0.1: "Unimplemented primitive ... unstack") are dropped. Operator fix before stage 2:
fh20_union_swizzle_256's pattern was first written across two source lines and matched nothing; rewritten to match
the one line (no mutant or label predates it).
Counts: 25 bases built, 21 kept (14 user, 7 jax), 4 dropped; 126 mutants (6 per base); 441 labels of the manifest's
147 files (labels.json also keeps the dropped bases' stage-1 labels: 453 in all); broken 0 / 0 / 0; failing files 88 /
85 / 85 (0.10.2 / 0.11.2 / 0.12.0.1), all of them mutants; 37 mutants clean on every release, 5 whose outcome differs
by release (/work/famheld20-out/README.md lists them). 72 of the 84 user-base mutants edit the configuration Python (a
module-level line, the override of the copied dict, or the config class's body), not the JAX call.
Stability: 12 mutants (10 sampled with random.Random(2014), two multi-device ones added by hand) relabelled alone,
each in its own label.py run over a folder holding only that file (and a one-entry manifest.json), the folder's path
as long as /work/famheld20-out: 36 / 36 labels agree on every field (outcome, exception, line, line file, raise site,
code, class, message, before_kernel; paths normalised).

The commands that built /work/famheld20-out (from bench/corpus/; the first two run again after each change of the
bases):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  ../../.venv/bin/python build_famheld20.py /work/famheld20-out
  nice -n 15 ../../.venv/bin/python label.py /work/famheld20-out --jobs 1 --only famheld20 $PY
  cp /work/famheld20-out/labels.json /tmp/famheld20_stage1.json
  ../../.venv/bin/python build_famheld20.py /work/famheld20-out --keep /tmp/famheld20_stage1.json --per-base 6 --per-op 1
  nice -n 15 ../../.venv/bin/python label.py /work/famheld20-out --jobs 1 --only famheld20 $PY
"""

from __future__ import annotations

import importlib

from famheld20_mutate import famheld20_mutants

_famheld = importlib.import_module("build_famheld")
# The harness pieces of the adapted tests, as famheld15 / famheld16 / famheld19 wrote them out.
_fh16 = importlib.import_module("build_famheld16")
_fh19 = importlib.import_module("build_famheld19")

KERNELS_A: dict[str, str] = {
    "poly1d_rows": r'''
"""A 1-D emit_pipeline of x * y + y over f32 row blocks; the block rows are a polynomial in the warp count, np.poly1d(COEFFS) evaluated at WARPS."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# rows = warps ** 2: highest power first, as np.poly1d reads its coefficients.
COEFFS = [1, 0, 0]
WARPS = 8
BLOCK_ROWS = int(np.poly1d(COEFFS)(WARPS))
COLS = 128
STEPS = 4
SHAPE = (STEPS * BLOCK_ROWS, COLS)


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec((BLOCK_ROWS, COLS), lambda i: (i, 0))

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] * y_smem[...] + y_smem[...]

  plgpu.emit_pipeline(body, grid=(STEPS,), in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=2)(x_gmem, y_gmem, o_gmem)


def mul_add(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, jnp.float32)
  print(BLOCK_ROWS, jax.jit(mul_add)(x, x).sum())
''',
    "base_repr_swizzle": r'''
"""Each CTA of a 1-D grid TMA-loads a tiled, swizzled f16 row block, squares it in SMEM and stores it; the swizzle is the bit-reversal of a zero-padded binary string, np.base_repr(ONE_HOT, base=2, padding=PAD)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ONE_HOT = 1
PAD = 7
BITS = np.base_repr(ONE_HOT, base=2, padding=PAD)
SWIZZLE = int(BITS[::-1], 2)
DTYPE = jnp.float16
COLS = SWIZZLE // jnp.dtype(DTYPE).itemsize
ROWS = 64
STEPS = 4
TRANSFORMS = (plgpu.TilingTransform((8, COLS)), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('i') * ROWS, ROWS)
  plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = smem[...] * smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
  plgpu.wait_smem_to_gmem(0)


square = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((STEPS * ROWS, COLS), DTYPE),
    scratch_types=[plgpu.SMEM((ROWS, COLS), DTYPE, transforms=TRANSFORMS), plgpu.Barrier()],
    grid=(STEPS,),
    grid_names=('i',),
)

if __name__ == '__main__':
  print(BITS, SWIZZLE, jax.jit(square)(jnp.ones((STEPS * ROWS, COLS), DTYPE)).sum())
''',
    "pad_block": r'''
"""Each CTA of a 2-D grid TMA-loads a tiled, swizzled bf16 block, adds one in SMEM and stores it; the block is a row count padded on the right with the column count, np.pad([ROWS], (0, 1), constant_values=COLS)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS = 64
COLS = 128
BLOCK = tuple(int(v) for v in np.pad([ROWS], (0, 1), constant_values=COLS))
SHAPE = (256, 512)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])
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
  print(BLOCK, GRID, jax.jit(add_one)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "fromfunction_grid": r'''
"""Each CTA of a 2-D grid TMA-loads an f32 block, negates it in SMEM and stores it; the grid is np.fromfunction of a per-axis rule, 2 ** (axis + 1) CTAs along each axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

AXES = 2
GRID = tuple(int(g) for g in np.fromfunction(lambda axis: 2 ** (axis + 1), (AXES,), dtype=int))
SHAPE = (256, 512)
BLOCK = (SHAPE[0] // GRID[0], SHAPE[1] // GRID[1])


def kernel(x_gmem, o_gmem, smem, bar):
  rows = pl.ds(lax.axis_index('gr') * BLOCK[0], BLOCK[0])
  cols = pl.ds(lax.axis_index('gc') * BLOCK[1], BLOCK[1])
  plgpu.copy_gmem_to_smem(x_gmem.at[rows, cols], smem, bar)
  plgpu.barrier_wait(bar)
  smem[...] = -smem[...]
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows, cols])
  plgpu.wait_smem_to_gmem(0)


negate = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
    scratch_types=[plgpu.SMEM(BLOCK, jnp.float32), plgpu.Barrier()],
    grid=GRID,
    grid_names=('gr', 'gc'),
)

if __name__ == '__main__':
  print(GRID, BLOCK, jax.jit(negate)(jnp.ones(SHAPE, jnp.float32)).sum())
''',
    "reduceat_wgmma": r'''
"""One WGMMA of two TMA-loaded, tiled and swizzled f16 operands into an f32 accumulator under run_scoped; M and K are np.add.reduceat of a list of segment widths at two split points."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SEGMENTS = [32, 32, 64, 64]
SPLITS = [0, 2]
M, K = (int(v) for v in np.add.reduceat(SEGMENTS, SPLITS))
N = 128
DTYPE = jnp.float16
SWIZZLE = 128
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
  print(M, K, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
    "min_scalar_type_dtype": r'''
"""A tiled, swizzled (64, 128) tile TMA-loaded, negated in SMEM and stored back by TMA; its dtype is the smallest that holds the data's peak value, np.min_scalar_type(PEAK)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

PEAK = 1000.5
DTYPE = jnp.dtype(np.min_scalar_type(PEAK))
ROWS, COLS = 64, 128
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // DTYPE.itemsize)), plgpu.SwizzleTransform(SWIZZLE))


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
}

KERNELS_B: dict[str, str] = {
    "gamma_depth": r'''
"""A 2-D emit_pipeline of x - y over f16 blocks staged tiled and swizzled; the pipeline depth is math.gamma of a small argument (gamma(n) = (n - 1)!), truncated."""
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ARG = 3
DEPTH = int(math.gamma(ARG))
DTYPE = jnp.float16
SWIZZLE = 128
BLOCK = (64, SWIZZLE // jnp.dtype(DTYPE).itemsize)
SHAPE = (256, 256)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])
TRANSFORMS = (plgpu.TilingTransform((8, BLOCK[1])), plgpu.SwizzleTransform(SWIZZLE))


def kernel(x_gmem, y_gmem, o_gmem):
  spec = plgpu.BlockSpec(BLOCK, lambda i, j: (i, j), transforms=TRANSFORMS)

  def body(_, x_smem, y_smem, o_smem):
    o_smem[...] = x_smem[...] - y_smem[...]

  plgpu.emit_pipeline(body, grid=GRID, in_specs=[spec, spec], out_specs=[spec],
                      max_concurrent_steps=DEPTH)(x_gmem, y_gmem, o_gmem)


def sub(x, y):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


if __name__ == '__main__':
  x = jnp.ones(SHAPE, DTYPE)
  print(DEPTH, jax.jit(sub)(x, x).sum())
''',
    "atan2_loop": r'''
"""A fori_loop over row blocks of an f32 array, each TMA-loaded on one barrier, doubled in SMEM and TMA-stored before the next; tall arrays (math.atan2 of rows over columns above 45 degrees) stream 32-row blocks, others go whole."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

ROWS, COLS = 256, 64
ANGLE = math.degrees(math.atan2(ROWS, COLS))
BLOCK_ROWS = 32 if ANGLE > 45 else ROWS
STEPS = ROWS // BLOCK_ROWS


def kernel(x_gmem, o_gmem, smem, bar):
  def step(i, carry):
    rows = pl.ds(i * BLOCK_ROWS, BLOCK_ROWS)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], smem, bar)
    plgpu.barrier_wait(bar)
    smem[...] = smem[...] * 2.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem, o_gmem.at[rows])
    plgpu.wait_smem_to_gmem(0)
    return carry

  lax.fori_loop(0, STEPS, step, ())


double = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
    scratch_types=[plgpu.SMEM((BLOCK_ROWS, COLS), jnp.float32), plgpu.Barrier()],
)

if __name__ == '__main__':
  print(round(ANGLE, 2), BLOCK_ROWS, STEPS, jax.jit(double)(jnp.ones((ROWS, COLS), jnp.float32)).sum())
''',
    "ulp_swizzle_wgmma": r'''
"""One WGMMA of two TMA-loaded, tiled and swizzled bf16 operands into an f32 accumulator under run_scoped; the swizzle is the spacing of doubles at a power of two, math.ulp(2.0 ** EXPONENT) (2 ** (EXPONENT - 52))."""
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

EXPONENT = 59
SWIZZLE = int(math.ulp(2.0 ** EXPONENT))
DTYPE = jnp.bfloat16
M, K, N = 64, 64, 128
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
  print(SWIZZLE, jax.jit(matmul)(jnp.ones((M, K), DTYPE), jnp.ones((K, N), DTYPE)).sum())
''',
}

KERNELS_C: dict[str, str] = {
    "rfind_remote": r'''
"""Under shard_map, each device handshakes with its peer by semaphores and writes its shard into the peer's output through plgpu.remote_ref; the kernel's axis name is the last dotted component of a config key, KEY[KEY.rfind('.') + 1:]."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
KEY = 'launch.mesh.peers'
AXIS = KEY[KEY.rfind('.') + 1:]
DEVICES = 2
ROWS, COLS = 16, 128


def kernel(x_ref, y_ref, ready, done):
  peer = lax.rem(lax.axis_index(AXIS) + 1, DEVICES)
  pl.semaphore_signal(ready, device_id=peer)
  pl.semaphore_wait(ready)
  plgpu.remote_ref(y_ref, peer)[...] = x_ref[...]
  pl.semaphore_signal(done, device_id=peer)
  pl.semaphore_wait(done)


def pass_along(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR, plgpu.SemaphoreType.REGULAR])(x)


if __name__ == '__main__':
  # The mesh is built with the axis the launcher was configured with.
  mesh = jax.make_mesh((DEVICES,), ('peers',), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(pass_along, mesh=mesh, in_specs=P('peers'), out_specs=P('peers'), check_vma=False))
  print(AXIS, fn(jnp.ones((DEVICES * ROWS, COLS), jnp.float32)).shape)
''',
    "isnumeric_block": r'''
"""Each CTA of a 2-D grid TMA-loads a tiled, swizzled block, adds one in SMEM and stores it; the block is the tokens of a spec string that str.isnumeric accepts, the dtype its last token."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

SPEC = 'block 64 x 128 of bfloat16'
TOKENS = SPEC.split()
BLOCK = tuple(int(t) for t in TOKENS if t.isnumeric())
DTYPE = jnp.dtype(TOKENS[-1])
SHAPE = (256, 512)
GRID = (SHAPE[0] // BLOCK[0], SHAPE[1] // BLOCK[1])
SWIZZLE = 128
TRANSFORMS = (plgpu.TilingTransform((8, SWIZZLE // DTYPE.itemsize)), plgpu.SwizzleTransform(SWIZZLE))


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
  print(BLOCK, DTYPE, jax.jit(add_one)(jnp.ones(SHAPE, DTYPE)).sum())
''',
    "oct_signal": r'''
"""Under shard_map, a cross-device barrier: each device signals a semaphore on every peer with semaphore_signal_multicast, waits for the signals and writes its index; the device count and the signals waited for are the two digits of an octal launch mode, oct(MODE)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
MODE = 0o22
DEVICES, WAITS = (int(d) for d in oct(MODE).removeprefix('0o'))
AXIS = 'x'
SHAPE = (256,)


def kernel(o_ref, sem):
  plgpu.semaphore_signal_multicast(sem, collective_axes=AXIS)
  pl.semaphore_wait(sem, WAITS)
  o_ref[...] = jnp.full(o_ref.shape, lax.axis_index(AXIS), o_ref.dtype)


def rendezvous():
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32),
                      scratch_types=[plgpu.SemaphoreType.REGULAR])()


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(rendezvous, mesh=mesh, in_specs=(), out_specs=P(AXIS), check_vma=False))
  print(DEVICES, WAITS, fn().shape)
''',
    "classmethod_registers": r'''
"""A producer warpgroup TMA-loads a tile and a consumer warpgroup scales it by a fori_loop's running sum in SMEM and stores it; the two register counts split a budget through a function bound with classmethod(...) on a config class."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


def _split(cls, producer):
  return producer, cls.TOTAL - producer


class Budget:
  TOTAL = 272
  split = classmethod(_split)


LOW, HIGH = Budget.split(40)
ITERS = 4
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
    scale = lax.fori_loop(0, ITERS, lambda i, s: s + 0.5, jnp.float32(0.0))
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
    "dict_copy_allreduce": r'''
"""An f32 all-reduce with multimem_load_reduce under shard_map, layout_cast to a WG_STRIDED layout; the kernel reads a .copy() of a defaults dict with one override, the mesh the defaults themselves."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
DEFAULTS = {'axis': 'nodes', 'op': 'add', 'vec': 1}
CONFIG = DEFAULTS.copy()
CONFIG['vec'] = 2
MESH_AXIS = DEFAULTS['axis']
DEVICES = 2
SHAPE = (64, 256)


def kernel(x_ref, y_ref):
  total = plgpu.multimem_load_reduce(x_ref, collective_axes=(CONFIG['axis'],), reduction_op=CONFIG['op'])
  total = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=CONFIG['vec']))
  y_ref[...] = total


def allreduce(x):
  return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))(x)


if __name__ == '__main__':
  mesh = jax.make_mesh((DEVICES,), (MESH_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  fn = jax.jit(jax.shard_map(allreduce, mesh=mesh, in_specs=P(MESH_AXIS), out_specs=P(MESH_AXIS), check_vma=False))
  print(CONFIG, fn(jnp.ones((DEVICES * SHAPE[0], SHAPE[1]), jnp.float32)).shape)
''',
}


# Adapted from tests/pallas/mosaic_gpu_test.py and gpu_pallas_distributed_test.py at the mirror's HEAD (cec06d116c05;
# test names in each docstring): the test's kernel kept with its first parameter set, its self.kernel /
# self.pallas_call harness rewritten as a plain plgpu.kernel launch under the test class's semantics (the harness
# pieces as famheld15 / famheld16 / famheld19 wrote them out, reused from build_famheld16.py and build_famheld19.py),
# and a __main__ driver.
PALLAS_CALL_GRID = _fh16.PALLAS_CALL_GRID
GRID_IMPORTS = _fh16.GRID_IMPORTS
LANE_KERNEL = _fh19.LANE_KERNEL
INTERPRET = _fh19.INTERPRET
# plgpu.load's index argument: required on 0.10.2, optional on 0.11.2, gone on 0.12.0.1. The tests call it as 0.12.0.1
# does (no index); LOAD_SHIM keeps that call on every release (the whole ref, an empty index, where one is required).
LOAD_SHIM = r'''
import inspect


def load(src, **kwargs):
  # Host adaptation: plgpu.load as the test calls it (no index), an empty index passed where the release requires one.
  if inspect.signature(plgpu.load).parameters.get('idx', None) is not None and (
      inspect.signature(plgpu.load).parameters['idx'].default is inspect.Parameter.empty):
    return plgpu.load(src, (), **kwargs)
  return plgpu.load(src, **kwargs)
'''


KERNELS_JAX: dict[str, str] = {
    "jax_multiple_barriers_with_single_arrival": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_multiple_barriers_with_single_arrival (num_threads=2): thread 1 writes its index into a (1,) int32 SMEM ref and arrives on its barrier of a one-arrival barrier array; thread 0 waits on every barrier and writes the sum into a scalar int32 output."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

# The test's first parameter.
num_threads = 2


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((), jnp.int32),
    scratch_types=dict(
        smem_ref=plgpu.SMEM((num_threads - 1,), jnp.int32),
        barrier_ref=plgpu.Barrier(
            num_arrivals=1, num_barriers=num_threads - 1
        ),
    ),
    num_threads=num_threads,
    thread_name='t',
)
def _kernel(out_ref, smem_ref, barrier_ref):
  thread_id = jax.lax.axis_index('t')

  @pl.when(thread_id == 0)
  def _():
    for b in range(num_threads - 1):
      plgpu.barrier_wait(barrier_ref.at[b])
    out_ref[...] = sum(smem_ref[...])

  @pl.when(thread_id > 0)
  def _():
    smem_ref[thread_id - 1] = thread_id
    plgpu.barrier_arrive(barrier_ref.at[thread_id - 1])


if __name__ == '__main__':
  # The test's comparison needs the interpreter; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
    "jax_indexing_singleton_barrier_ok": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_indexing_singleton_barrier_ok: one thread arrives on its own entry (barrier_ref.at[thread_id]) of a single, unarrayed barrier and writes a scalar int32 output."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu


# ''' + INTERPRET + r'''
@functools.partial(
    plgpu.kernel,
    out_type=jax.ShapeDtypeStruct((), jnp.int32),
    scratch_types=(plgpu.Barrier(),),
    num_threads=1,
    thread_name='t',
)
def _kernel(out_ref, barrier_ref):
  thread_id = jax.lax.axis_index('t')
  plgpu.barrier_arrive(barrier_ref.at[thread_id])
  out_ref[...] = 42


if __name__ == '__main__':
  # The test's comparison needs the interpreter; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
    "jax_warpgroup_gets_warps_barrier_phase": r'''
"""gpu_pallas_interpret_test.py InterpretTest.test_warpgroup_gets_warps_barrier_phase: a warpgroup arrives on a one-arrival barrier and every warp of a core_map over a WarpMesh waits on it, twice; the warpgroup then arrives and waits itself and writes a scalar int32 output."""
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

  @pl.core_map(plgpu.WarpMesh(axis_name='warp'))
  def _per_warp():
    plgpu.barrier_wait(barrier)

  plgpu.barrier_arrive(barrier)

  @pl.core_map(plgpu.WarpMesh(axis_name='warp'))
  def _per_warp():
    plgpu.barrier_wait(barrier)

  # warpgroup can wait, since its consituent warps observed prior phases
  plgpu.barrier_arrive(barrier)
  plgpu.barrier_wait(barrier)
  out_ref[...] = 42


if __name__ == '__main__':
  # The test's comparison needs the interpreter; the kernel is only lowered.
  print(jax.jit(_kernel)().shape)
''',
    "jax_load_to_strided_layout_with_indexing": r'''
"""mosaic_gpu_test.py PallasCallTest.test_load_to_strided_layout_with_indexing (src_memory_space=SMEM, layout=WG_STRIDED((128,), vec_size=1)): each row of a (2, 128) f32 SMEM input plgpu.load-ed at a WG_STRIDED layout and stored into the SMEM output's row."""
''' + GRID_IMPORTS + LOAD_SHIM + PALLAS_CALL_GRID + r'''
# The test's first parameter set.
src_memory_space = plgpu.SMEM
layout = plgpu.Layout.WG_STRIDED((128,), vec_size=1)


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct([2, 128], jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=src_memory_space)],
    out_specs=plgpu.BlockSpec(memory_space=plgpu.SMEM),
)
def kernel(x_ref, o_ref):
  for i in range(2):
    x = load(x_ref.at[i], layout=layout)
    o_ref[i, ...] = x


if __name__ == '__main__':
  x = jnp.arange(2 * 128, dtype=jnp.float32).reshape(2, 128)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_broadcast_in_dim_wg_strided_majormost_dim": r'''
"""mosaic_gpu_test.py PallasCallTest.test_broadcast_in_dim_wg_strided_majormost_dim: a (128,) f32 vector plgpu.load-ed at WG_STRIDED((128,), 1) and broadcast along a new majormost dimension into a (64, 128) output."""
''' + GRID_IMPORTS + LOAD_SHIM + PALLAS_CALL_GRID + r'''

@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct((64, 128), jnp.float32),
)
def kernel(x_ref, y_ref):
  to_be_broadcasted = load(
      x_ref, layout=plgpu.Layout.WG_STRIDED((128,), 1)
  )
  broadcasted = lax.broadcast_in_dim(to_be_broadcasted, (64, 128), (1,))
  y_ref[...] = broadcasted


if __name__ == '__main__':
  result = jax.random.uniform(jax.random.key(0), shape=(128,), dtype=jnp.float32)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(result).shape)
''',
    "jax_load_to_wgmma_row_col_layout_with_indexing": r'''
"""mosaic_gpu_test.py PallasCallSm90ATest.test_load_to_wgmma_row_col_layout_with_indexing (src_memory_space=SMEM, layout=WGMMA.reduce(1), m=64): each row of a (2, 64) f32 SMEM input plgpu.load-ed (optimized) at the WGMMA row layout and stored into the SMEM output's row."""
''' + GRID_IMPORTS + LOAD_SHIM + PALLAS_CALL_GRID + r'''
# The test's first parameter set.
src_memory_space = plgpu.SMEM
layout = plgpu.Layout.WGMMA.reduce(1)
m = 64


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct([2, m], jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=src_memory_space)],
    out_specs=plgpu.BlockSpec(memory_space=plgpu.SMEM),
)
def kernel(x_ref, o_ref):
  for i in range(2):
    x = load(
        x_ref.at[i], layout=layout, optimized=src_memory_space == plgpu.SMEM
    )
    o_ref[i, ...] = x


if __name__ == '__main__':
  x = jnp.arange(2 * m, dtype=jnp.float32).reshape(2, m)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x).shape)
''',
    "jax_inline_mgpu_layout_args": r'''
"""mosaic_gpu_test.py PallasCallTest.test_inline_mgpu_layout_args (layout=WGMMA): a (128, 128) int8 tile loaded at the WGMMA layout and cast to bf16, its per-row bf16 scales at the row layout, multiplied inside an inline_mgpu body that broadcasts the scales."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu
''' + LOAD_SHIM + r'''
# The test's first parameter.
layout = plgpu.Layout.WGMMA
quant_dtype = jnp.int8
dtype = jnp.bfloat16
mgpu_layout = layout.to_mgpu()
shape = (128, 128)


def kernel(x_ref, x_scale_ref, o_ref):
  x = load(x_ref, layout=layout, optimized=False).astype(x_scale_ref.dtype)
  x_s = load(x_scale_ref, layout=layout.reduce(1), optimized=False)

  @plgpu.inline_mgpu(
      arg_types=(layout, layout.reduce(1)),
      return_type=plgpu.ShapeDtypeStruct(shape, dtype, layout=layout),
  )
  def custom_broadcast(ctx, x_fa, xs_fa):
    del ctx
    return xs_fa.broadcast_in_dim(shape, [0], layout=mgpu_layout) * x_fa

  o_ref[...] = custom_broadcast(x, x_s)


# Host adaptation: the harness's self.kernel decorator written as a plain launch under the class's Lane semantics.
launch = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(shape, dtype),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  rngs = list(jax.random.split(jax.random.key(0)))
  x = jax.random.randint(rngs.pop(), shape, minval=-10, maxval=10).astype(quant_dtype)
  x_s = jax.random.uniform(rngs.pop(), shape[0], minval=-100, maxval=100).astype(dtype)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(launch)(x, x_s).shape)
''',
    "jax_inline_mgpu_scalar_args": r'''
"""mosaic_gpu_test.py PallasCallTest.test_inline_mgpu_scalar_args: an inline_mgpu body given a scalar f32 GMEM ref and a WG_SPLAT scalar stores the scalar into the ref with memref.store."""
import jax
import jax.numpy as jnp
from jax._src.lib.mlir.dialects import memref as memref_dialect
from jax.experimental.pallas import mosaic_gpu as plgpu


def kernel(o_ref):
  @plgpu.inline_mgpu(
      arg_types=(plgpu.RefType(), plgpu.Layout.WG_SPLAT),
  )
  def write(ctx, ref, value):
    del ctx
    memref_dialect.store(value.registers.item(), ref, [])
  write(o_ref, jnp.array(42.0, dtype=jnp.float32))


# Host adaptation: the harness's self.kernel decorator written as a plain launch under the class's Lane semantics.
launch = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct((), jnp.float32),
    compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
)

if __name__ == '__main__':
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(launch)().shape)
''',
    "jax_remote_dma_inline_mgpu": r'''
"""gpu_pallas_distributed_test.py PallasCallRemoteDMATest.test_remote_dma_inline_mgpu: under shard_map over two devices, each device passes plgpu.remote_ref of its peer's (128,) f32 output to an inline_mgpu body taking a RefType (which does nothing with it)."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
''' + LANE_KERNEL + r'''

def kernel(x_ref, y_ref):
  other_dev_id = 1 - lax.axis_index('x')
  neighbor_ptr = plgpu.remote_ref(y_ref, other_dev_id)

  @plgpu.inline_mgpu(arg_types=(plgpu.RefType(),))
  def write_inline(ctx, ref):
    del ctx
    pass

  write_inline(neighbor_ptr)


def body(x):
  return lane_kernel(
      kernel,
      out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
  )(x)


if __name__ == '__main__':
  # Host adaptation: the test's process_index guard dropped (one process).
  x = jnp.arange(128, dtype=jnp.float32)
  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  y = jax.jit(
      jax.shard_map(
          body, mesh=mesh, in_specs=P('x'), out_specs=P('x'), check_vma=False,
      )
  )(x)
  # The test's block_until_ready needs the run; the kernel is only lowered.
  print(y.shape)
''',
    "jax_all_gather_auto_vec_size_int": _fh19._collective(
        "test_all_gather_auto_vec_size_int",
        'all_gather (tile_size=2048) of JAX\'s ops/gpu/all_gather_mgpu.py over two devices: a (1024, 64) int32 input '
        'gathered along dimension 0, the vector size left to the op, num_blocks=4, its plgpu.kernel patched to the '
        'harness\'s Lane kernel.',
        "all_gather",
        'tile_size = 2048\nvec_size, num_blocks = None, 4',
        "(1024, 64)", "jnp.int32", "gather_dimension", "0", ""),
    "jax_smem_aliasing_refunions_in_wg_semantics_can_have_distinct_transforms": r'''
"""mosaic_gpu_test.py PallasCallWGTest.test_smem_aliasing_refunions_in_wg_semantics_can_have_distinct_transforms: two RefUnion scratch allocations of the same shapes, one given no transforms and one (1, 32) tiles swizzled 128 through inline_mgpu RefTypes; a (2, 256) f32 input plus one is written to the first and 128 elements of it copied out by TMA, under Warpgroup semantics."""
''' + GRID_IMPORTS + PALLAS_CALL_GRID.replace(
    "lowering_semantics=plgpu.LoweringSemantics.Lane,",
    "lowering_semantics=plgpu.LoweringSemantics.Warpgroup,  # Host adaptation: the WG test class's semantics.",
).replace("under the test class's Lane semantics", "under the WG test class's semantics") + r'''
in_shape = (2, 256)


@functools.partial(
    pallas_call,
    out_shape=jax.ShapeDtypeStruct([128], jnp.float32),
    in_specs=[pl.BlockSpec(in_shape)],
    out_specs=pl.BlockSpec((128,), memory_space=plgpu.GMEM),
    scratch_shapes=[
        plgpu.RefUnion(
            plgpu.SMEM(in_shape, jnp.float32),
            [
                plgpu.SMEM((256,), jnp.bfloat16),
                [plgpu.SMEM((128,), jnp.float32)]
            ],
        ),
        plgpu.RefUnion(
            plgpu.SMEM(in_shape, jnp.float32),
            [
                plgpu.SMEM((256,), jnp.bfloat16),
                [plgpu.SMEM((128,), jnp.float32)]
            ],
        ),
    ],
)
def kernel(x_ref, o_ref128, aliased_ref_1, aliased_ref_2):
  def _with_transform(ref, transforms):
    @plgpu.inline_mgpu(arg_types=(plgpu.RefType(transforms),))
    def f(ctx, smem_ref):
      del ctx, smem_ref
    f(ref)

  ref_1, [_, [smem_ref128]] = aliased_ref_1
  _with_transform(ref_1, ())
  ref_2, [_, [_]] = aliased_ref_2
  _with_transform(
      ref_2, (plgpu.TilingTransform((1, 32)), plgpu.SwizzleTransform(128))
  )

  ref_1[...] = x_ref[...] + 1
  plgpu.commit_smem()
  plgpu.copy_smem_to_gmem(smem_ref128, o_ref128)


if __name__ == '__main__':
  x = jnp.arange(512).astype(jnp.float32)
  # The test's comparison needs the run; the kernel is only lowered.
  print(jax.jit(kernel)(x.reshape(in_shape)).shape)
''',
}


KERNELS: dict[str, str] = {**KERNELS_A, **KERNELS_B, **KERNELS_C}


def bases() -> list[tuple[str, str, str, list[tuple[int, int]]]]:
    """(part, stem, text, line ranges a mutant may edit) of each base: the whole file."""
    out = []
    for part, table in (("user", KERNELS), ("jax", KERNELS_JAX)):
        texts = {name: text.removeprefix("\n") for name, text in table.items()}
        out += [(part, name, text, [(1, text.count("\n") + 1)]) for name, text in sorted(texts.items())]
    return out


def main() -> None:
    _famheld.capped_mutation_cli(__doc__, "famheld20", bases(), famheld20_mutants, seed=2014)


if __name__ == "__main__":
    main()
