"""Build the seventh held-out families corpus `famheld7` (issue 27), written blind: JAX's own code that no
earlier set (`families`, `famheld` ... `famheld6`) used as a base, and one-edit mutants of it by
famheld7_mutate.py (operators written from JAX's own checks, blind to the checker).

usage: build_famheld7.py OUT --jax-src PATH [--keep LABELS] [--per-base N] [--per-op N] [--seed S]

Sources (all JAX's own code at the mirror's HEAD, never committed: OUT is outside the repository):
  famheld7/tests/  tests no earlier set took:
                   tests/pallas/mosaic_gpu_test.py's PallasCallTest tests that `families`' EXCLUDE dropped
                   (RefUnion, float8) and no later set listed, each under PallasCallTest (Lane) and its
                   Warpgroup twin PallasCallWGTest;
                   tests/pallas/gpu_pallas_interpret_distributed_test.py (every earlier set left it out: its
                   pl.pallas_call / plgpu.kernel under jax.shard_map lowered for real, famheld4's way with the
                   other interpreter tests: `interpret=InterpretParams(...)` -> `interpret=False`);
                   tests/pallas/mgpu_matmul_test.py's MatrixMultiplicationTCGen05Test and
                   mgpu_ragged_dot_test.py's RaggedDotTCGen05TestCase (earlier sets took only the Hopper
                   classes of these files), sizes scaled down (the reference runs on the CPU);
                   one test and its first parameter set per file (build_families.py's extraction).
  famheld7/ops/    drivers of the installed jax.experimental.pallas.ops.gpu kernels with configurations and
                   entry-point options no earlier driver used (a Hopper matmul clustered along M with a
                   32-column epilogue, the mixed-type matmul warpgroups along M, the ragged dot with a
                   transposed RHS and group sizes kept in SMEM, the transposed ragged dot with 128-row
                   blocks, causal flash attention without the schedule barrier and with residuals,
                   grouped-query attention, the Blackwell matmul with 256-wide tiles or bfloat16 128-deep K
                   tiles, the Blackwell ragged dot with its grid along M, all_gather of float32 rows over 4
                   devices / int32 columns over 2, reduce_scatter with max over int32 / min over bfloat16,
                   the Hopper matmuls' C / cluster / warpgroup variants). The op
                   is IMPORTED from the release under test (its module source was a base of `families`,
                   `famheld` or `famheld3`, so it is never copied nor mutated): each base is the driver,
                   and its mutants edit only what the op's user writes (configuration, shapes, dtypes,
                   meshes, axis names).
  famheld7/docs/   docs/pallas/gpu/collective_matmul.md (no earlier set read the page): its runnable cell,
                   the all-gather collective matmul on an Explicit mesh of the host's devices, sizes scaled
                   down, with the imports the page leaves out.
Every file's `__main__` launches its kernels through jax.jit (or the test's own call); label.py lowers them
for CUDA on this CPU host (never compiled or run). The SM count the ops ask the device for is answered by
a host line (`type(jax.devices()[0]).core_count = 132`), and attention's CUDA version as famheld4 did.
Stage 1 (no --keep): the clean bases, to be labelled (label.py --only famheld7).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of each,
sampled with a fixed seed. Nothing here decides whether a mutant fails: label.py lowers it.
Dropped bases and why: OUT/famheld7_dropped.json.

The commands that built /work/famheld7-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld7.py /work/famheld7-out --jax-src /work/.mirror/jax-ml+jax/repo
  nice -n 15 python3 label.py /work/famheld7-out --jobs 1 --only famheld7 $PY
  cp /work/famheld7-out/labels.json /tmp/famheld7_stage1.json
  python3 build_famheld7.py /work/famheld7-out --jax-src /work/.mirror/jax-ml+jax/repo \\
      --keep /tmp/famheld7_stage1.json --per-base 6 --per-op 1
  nice -n 15 python3 label.py /work/famheld7-out --jobs 1 --only famheld7 $PY
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import re
from pathlib import Path

from famheld7_mutate import famheld7_mutants

_build = importlib.import_module("build")
_self_calls, read_jax_file = _build._self_calls, _build.read_jax_file
_families = importlib.import_module("build_families")
_first_params, _test_file = _families._first_params, _families._test_file
_famheld = importlib.import_module("build_famheld")
_first_of_product, _adapt, _md_block = _famheld._first_of_product, _famheld._adapt, _famheld._md_block
_famheld4 = importlib.import_module("build_famheld4")

MOSAIC = "tests/pallas/mosaic_gpu_test.py"
FRESH_MOSAIC = ("test_smem_aliasing_works_with_subbyte_dtypes", "test_ref_union_caching",
                "test_loading_from_ref_union_works", "test_smem_aliased_refs_collision", "test_fp8_relayout")
# (test file, class that defines the tests, tests, classes whose __main__ runs them).
TEST_SOURCES = (
    (MOSAIC, "PallasCallTest", FRESH_MOSAIC, ("PallasCallTest", "PallasCallWGTest")),
    ("tests/pallas/gpu_pallas_interpret_distributed_test.py", "InterpretDistributedTest",
     ("test_pallas_call_under_shard_map", "test_kernel_under_shard_map"), ("InterpretDistributedTest",)),
    ("tests/pallas/mgpu_matmul_test.py", "MatrixMultiplicationTCGen05Test", ("test_blackwell_matmul",),
     ("MatrixMultiplicationTCGen05Test",)),
    ("tests/pallas/mgpu_ragged_dot_test.py", "RaggedDotTCGen05TestCase", ("test_ragged_dot",),
     ("RaggedDotTCGen05TestCase",)),
    # Left out with its reason (famheld7_dropped.json): the test skips itself unconditionally.
    ("tests/pallas/mgpu_ragged_dot_test.py", "RaggedDotTestCase", ("test_ragged_dot_transposed",),
     ("RaggedDotTestCase",)),
)
# A product's first point that the test's own skip rejects (nothing sharded): the first point it keeps.
ARGS = {
    "test_pallas_call_under_shard_map": "num_devices=2, shard_input=False, shard_output=True",
    "test_kernel_under_shard_map": "num_devices=2, shard_input=False, shard_output=True",
}
EXCLUDE = re.compile(r"assertRaises|capture_stdout|mock\.")
# Line-for-line host adaptations (each keeps the line count): famheld4's, and the Blackwell test's own
# capability skip (a CPU host lowers for sm_90 whatever the test targets, as famheld3's TCGen05 tests).
TEST_ADAPT = (*_famheld4.TEST_ADAPT,
              (re.compile(r"self\.skip_unless_tcgen05\(\)"), "pass  # host adaptation: no GPU to ask"))
UNCONDITIONAL_SKIP = re.compile(r"^    self\.skipTest\(", re.M)

OPS_PRELUDE = """\
\"\"\"{doc}\"\"\"
import functools

import jax
from jax import lax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas.ops.gpu import {module}

type(jax.devices()[0]).core_count = 132  # host adaptation: an H100's SM count (no GPU on this host)
P = jax.sharding.PartitionSpec
"""

# (stem, module, one-line doc, driver): every configuration value written in the driver.
OPS_CASES = (
    ("hopper_matmul_cluster_m", "hopper_matmul_mgpu",
     "The Hopper matmul clustered along M, a 32-column epilogue, warpgroups along N.", """\
def run():
  m, k, n = 512, 512, 512
  a = jnp.ones((m, k), jnp.float16)
  b = jnp.ones((k, n), jnp.float16)
  config = hopper_matmul_mgpu.TuningConfig(
      tile_m=64,
      tile_n=128,
      tile_k=64,
      max_concurrent_steps=3,
      epi_tile_n=32,
      epi_tile_m=64,
      grid_minor_dim=hopper_matmul_mgpu.MatmulDimension.M,
      grid_tile_width=2,
      wg_dimension=hopper_matmul_mgpu.MatmulDimension.N,
      cluster_dimension=hopper_matmul_mgpu.MatmulDimension.M,
  )
  out = jax.jit(functools.partial(hopper_matmul_mgpu.matmul, config=config))(a, b, None)
  print(out.shape)
"""),
    ("mixed_matmul_wg_m", "hopper_mixed_type_matmul_mgpu",
     "The mixed-type (int8 x float16) Hopper matmul with its warpgroups along M and no epilogue tiling.", """\
def run():
  a = jnp.ones((512, 256), jnp.int8)
  b = jnp.ones((256, 512), jnp.float16)
  config = hopper_mixed_type_matmul_mgpu.TuningConfig(
      tile_m=64,
      tile_n=128,
      tile_k=64,
      max_concurrent_steps=2,
      epi_tile_n=None,
      epi_tile_m=None,
      grid_minor_dim=hopper_mixed_type_matmul_mgpu.MatmulDimension.M,
      grid_tile_width=1,
      wg_dimension=hopper_mixed_type_matmul_mgpu.MatmulDimension.M,
  )
  kernel = functools.partial(hopper_mixed_type_matmul_mgpu.mixed_matmul_kernel,
                             out_dtype=jnp.float16, config=config)
  print(jax.jit(kernel)(a, b).shape)
"""),
    ("ragged_dot_transposed_rhs", "ragged_dot_mgpu",
     "The Hopper ragged dot with a transposed RHS and its group sizes left in SMEM.", """\
def run():
  m, k, n, num_groups = 512, 256, 256, 3
  lhs = jnp.ones((m, k), jnp.float16)
  rhs = jnp.ones((num_groups, n, k), jnp.float16)
  group_sizes = jnp.array([100, 284, 128], jnp.int32)
  kernel = functools.partial(
      ragged_dot_mgpu.ragged_dot,
      block_m=64,
      block_n=128,
      block_k=64,
      max_concurrent_steps=2,
      grid_block_n=1,
      transpose_rhs=True,
      load_group_sizes_to_register=False,
  )
  print(jax.jit(kernel)(lhs, rhs, group_sizes=group_sizes).shape)
"""),
    ("transposed_ragged_dot_wide", "transposed_ragged_dot_mgpu",
     "The transposed ragged dot (ragged K) with 128-row blocks and uneven groups.", """\
def run():
  k, m, n, num_groups = 512, 256, 256, 3
  lhs = jnp.ones((k, m), jnp.float16)
  rhs = jnp.ones((k, n), jnp.float16)
  group_sizes = jnp.array([192, 64, 256], jnp.int32)
  kernel = functools.partial(
      transposed_ragged_dot_mgpu.transposed_ragged_dot,
      block_m=128,
      block_n=64,
      block_k=64,
      max_concurrent_steps=3,
      grid_block_n=2,
  )
  print(jax.jit(kernel)(lhs, rhs, group_sizes=group_sizes).shape)
"""),
    ("attention_causal_residuals", "attention_mgpu",
     "Causal flash attention without the schedule barrier, saving its residuals.", """\
import types
attention_mgpu.cuda_versions = types.SimpleNamespace(cuda_runtime_get_version=lambda: 12091)  # host


def run():
  batch_size, seq_len, num_heads, head_dim = 1, 512, 2, 64
  q = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  k = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  v = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  config = attention_mgpu.TuningConfig(block_q=64, block_kv=64, max_concurrent_steps=2,
                                       use_schedule_barrier=False, causal=True)
  out, residuals = jax.jit(functools.partial(attention_mgpu.attention, config=config,
                                             save_residuals=True))(q, k, v)
  print(out.shape, [r.shape for r in residuals])
"""),
    ("blackwell_matmul_wide", "blackwell_matmul_mgpu",
     "The Blackwell matmul with 256-wide tiles, a 128-column epilogue and a 4-wide grid along N.", """\
def run():
  a = jnp.ones((512, 512), jnp.float16)
  b = jnp.ones((512, 1024), jnp.float16)
  config = blackwell_matmul_mgpu.TuningConfig(
      tile_m=128,
      tile_n=256,
      tile_k=64,
      max_concurrent_steps=2,
      collective=False,
      epilogue_tile_n=128,
      grid_minor_dim=blackwell_matmul_mgpu.MatmulDimension.N,
      grid_tile_width=4,
  )
  print(jax.jit(functools.partial(blackwell_matmul_mgpu.matmul_kernel, config=config))(a, b).shape)
"""),
    ("blackwell_ragged_dot_single", "blackwell_ragged_dot_mgpu",
     "The Blackwell ragged dot on CTA pairs, its grid along M, three stages.", """\
def run():
  m, k, n, num_groups = 512, 256, 512, 2
  a = jnp.ones((m, k), jnp.float16)
  b = jnp.ones((num_groups, k, n), jnp.float16)
  group_sizes = jnp.array([320, 192], jnp.int32)
  config = blackwell_ragged_dot_mgpu.TuningConfig(
      tile_m=128,
      tile_n=128,
      tile_k=64,
      max_concurrent_steps=3,
      collective=True,
      grid_tile_width=2,
      grid_minor_dim=blackwell_ragged_dot_mgpu.blackwell_matmul_mgpu.MatmulDimension.M,
  )
  kernel = functools.partial(blackwell_ragged_dot_mgpu.ragged_dot_kernel, config=config)
  print(jax.jit(kernel)(a, b, group_sizes).shape)
"""),
    ("all_gather_rows_f32", "all_gather_mgpu",
     "all_gather along dimension 0 of a float32 array over 4 devices.", """\
AXIS = "x"


def run():
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]), (AXIS,))
  x = jnp.ones((4 * 64, 256), jnp.float32)
  kernel = functools.partial(all_gather_mgpu.all_gather, axis_name=AXIS, gather_dimension=0,
                             num_blocks=4, tile_size=1024, vec_size=4)
  out = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS),
                              check_vma=False))(x)
  print(out.shape)
"""),
    ("reduce_scatter_max_int", "reduce_scatter_mgpu",
     "reduce_scatter with a max over int32 along dimension 0, 4 devices.", """\
AXIS = "x"


def run():
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]), (AXIS,))
  x = jnp.ones((4 * 512, 128), jnp.int32)
  kernel = functools.partial(reduce_scatter_mgpu.reduce_scatter, axis_name=AXIS, scatter_dimension=0,
                             reduction="max", num_blocks=2, tile_size=512, vec_size=1)
  out = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS),
                              check_vma=False))(x)
  print(out.shape)
"""),
    ("hopper_matmul_bias_wg_m", "hopper_matmul_mgpu",
     "The Hopper matmul adding a float16 C, warpgroups along M, a 32-column epilogue, grid tiles 2 wide.", """\
def run():
  m, k, n = 512, 512, 256
  a = jnp.ones((m, k), jnp.float16)
  b = jnp.ones((k, n), jnp.float16)
  c = jnp.zeros((m, n), jnp.float16)
  config = hopper_matmul_mgpu.TuningConfig(
      tile_m=64,
      tile_n=64,
      tile_k=128,
      max_concurrent_steps=4,
      epi_tile_n=32,
      epi_tile_m=64,
      grid_minor_dim=hopper_matmul_mgpu.MatmulDimension.N,
      grid_tile_width=2,
      wg_dimension=hopper_matmul_mgpu.MatmulDimension.M,
  )
  out = jax.jit(functools.partial(hopper_matmul_mgpu.matmul, config=config))(a, b, c)
  print(out.shape)
"""),
    ("mixed_matmul_cluster_m_bf16", "hopper_mixed_type_matmul_mgpu",
     "The mixed-type (int8 x bfloat16) Hopper matmul clustered along M with a 32-column epilogue.", """\
def run():
  a = jnp.ones((512, 512), jnp.int8)
  b = jnp.ones((512, 256), jnp.bfloat16)
  config = hopper_mixed_type_matmul_mgpu.TuningConfig(
      tile_m=64,
      tile_n=64,
      tile_k=64,
      max_concurrent_steps=3,
      epi_tile_n=32,
      epi_tile_m=64,
      grid_minor_dim=hopper_mixed_type_matmul_mgpu.MatmulDimension.N,
      grid_tile_width=1,
      wg_dimension=hopper_mixed_type_matmul_mgpu.MatmulDimension.N,
      cluster_dimension=hopper_mixed_type_matmul_mgpu.MatmulDimension.M,
  )
  kernel = functools.partial(hopper_mixed_type_matmul_mgpu.mixed_matmul_kernel,
                             out_dtype=jnp.bfloat16, config=config)
  print(jax.jit(kernel)(a, b).shape)
"""),
    ("ragged_dot_bf16_deep_k", "ragged_dot_mgpu",
     "The Hopper ragged dot in bfloat16 with 128-deep K blocks and four N blocks per grid step.", """\
def run():
  m, k, n, num_groups = 512, 512, 512, 4
  lhs = jnp.ones((m, k), jnp.bfloat16)
  rhs = jnp.ones((num_groups, k, n), jnp.bfloat16)
  group_sizes = jnp.array([64, 0, 320, 128], jnp.int32)
  kernel = functools.partial(
      ragged_dot_mgpu.ragged_dot,
      block_m=64,
      block_n=64,
      block_k=128,
      max_concurrent_steps=3,
      grid_block_n=4,
  )
  print(jax.jit(kernel)(lhs, rhs, group_sizes=group_sizes).shape)
"""),
    ("attention_gqa", "attention_mgpu",
     "Flash attention with grouped queries (4 query heads over 2 KV heads), head_dim 128.", """\
import types
attention_mgpu.cuda_versions = types.SimpleNamespace(cuda_runtime_get_version=lambda: 12091)  # host


def run():
  batch_size, seq_len, head_dim = 1, 512, 128
  num_q_heads, num_kv_heads = 4, 2
  q = jnp.ones((batch_size, seq_len, num_q_heads, head_dim), jnp.float16)
  k = jnp.ones((batch_size, seq_len, num_kv_heads, head_dim), jnp.float16)
  v = jnp.ones((batch_size, seq_len, num_kv_heads, head_dim), jnp.float16)
  config = attention_mgpu.TuningConfig(block_q=64, block_kv=128, max_concurrent_steps=3)
  print(jax.jit(functools.partial(attention_mgpu.attention, config=config))(q, k, v).shape)
"""),
    ("blackwell_matmul_bf16_deep", "blackwell_matmul_mgpu",
     "The Blackwell matmul in bfloat16 with 128-deep K tiles, three stages, grid tiles along M.", """\
def run():
  a = jnp.ones((1024, 512), jnp.bfloat16)
  b = jnp.ones((512, 512), jnp.bfloat16)
  config = blackwell_matmul_mgpu.TuningConfig(
      tile_m=128,
      tile_n=128,
      tile_k=128,
      max_concurrent_steps=3,
      collective=False,
      epilogue_tile_n=64,
      grid_minor_dim=blackwell_matmul_mgpu.MatmulDimension.M,
      grid_tile_width=8,
  )
  print(jax.jit(functools.partial(blackwell_matmul_mgpu.matmul_kernel, config=config))(a, b).shape)
"""),
    ("all_gather_int_cols", "all_gather_mgpu",
     "all_gather of int32 columns over 2 devices, one element per vector.", """\
AXIS = "x"


def run():
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), (AXIS,))
  x = jnp.ones((256, 2 * 128), jnp.int32)
  kernel = functools.partial(all_gather_mgpu.all_gather, axis_name=AXIS, gather_dimension=1,
                             num_blocks=2, tile_size=256, vec_size=1)
  out = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(None, AXIS), out_specs=P(None, AXIS),
                              check_vma=False))(x)
  print(out.shape)
"""),
    ("reduce_scatter_min_bf16", "reduce_scatter_mgpu",
     "reduce_scatter with a min over bfloat16 columns, 4 devices, 8-element vectors.", """\
AXIS = "x"


def run():
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]), (AXIS,))
  x = jnp.ones((256, 4 * 256), jnp.bfloat16)
  kernel = functools.partial(reduce_scatter_mgpu.reduce_scatter, axis_name=AXIS, scatter_dimension=1,
                             reduction="min", num_blocks=4, tile_size=1024, vec_size=8)
  out = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(None, AXIS), out_specs=P(None, AXIS),
                              check_vma=False))(x)
  print(out.shape)
"""),
)
OPS_MAIN = '\n\nif __name__ == "__main__":\n  run()\n'

DOCS_PRELUDE = """\
\"\"\"docs/pallas/gpu/collective_matmul.md: its runnable cell (the all-gather LHS collective matmul).\"\"\"
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas.ops.gpu import collective_matmul_mgpu
from jax.experimental.pallas.ops.gpu import hopper_matmul_mgpu
from jax.experimental.pallas.ops.gpu.collective_matmul_mgpu import all_gather_lhs_matmul
from jax.experimental.pallas.ops.gpu.hopper_matmul_mgpu import MatmulDimension

type(jax.devices()[0]).core_count = 132  # host adaptation: an H100's SM count (no GPU on this host)
P = jax.sharding.PartitionSpec

"""
# (old, new) in the page's cell: the page's 1024-row shards for an 8xH100 at a size whose reference
# runs on the CPU, and the call printed.
DOCS_REPLACE = (("m_shard, n_shard, k = 1024, 1024, 1024", "m_shard, n_shard, k = 256, 256, 256"),
                ("  c = kernel(a, b)", "  c = kernel(a, b)\n  print(c.shape)"))

Base = tuple[str, str, list[tuple[int, int]]]


def test_bases(jax_src: Path, dropped: dict) -> list[Base]:
    found: list[Base] = []
    for rel, cls_name, wanted, variants in TEST_SOURCES:
        source = read_jax_file(jax_src, rel)
        tree = ast.parse(source)
        main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                          and "__main__" in ast.unparse(node.test))
        classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        all_methods = {m.name: m for cls in classes.values() for m in cls.body
                       if isinstance(m, ast.FunctionDef)}
        methods = {m.name: m for m in classes[cls_name].body if isinstance(m, ast.FunctionDef)}
        for name in wanted:
            method = methods[name]
            helper_names = _self_calls(method) - {"kernel", "skipTest", "assertAllClose", "enter_context",
                                                  "pallas_call"}
            helpers = [methods.get(h) or all_methods[h] for h in sorted(helper_names)
                       if h in methods or h in all_methods]
            lines = source.splitlines(keepends=True)
            text = "".join(lines[method.lineno - 1:method.end_lineno]) + "".join(
                "".join(lines[h.lineno - 1:h.end_lineno]) for h in helpers)
            for variant in variants:
                stem = f"{Path(rel).stem}.{variant}.{name}"
                if excluded := EXCLUDE.search(text):
                    dropped[stem] = f"uses {excluded.group(0)!r}: an expected error, printed output or a mock"
                    continue
                if UNCONDITIONAL_SKIP.search(text):
                    dropped[stem] = "the test skips itself unconditionally (self.skipTest at its top level)"
                    continue
                args = ARGS.get(name)
                if args is None:
                    args = _first_params(method, source)
                if args is None:
                    args = _first_of_product(method, source)
                if args is None:
                    dropped[stem] = "parameterization not a literal list"
                    continue
                mod = _famheld4._deinterpret(source, method, helpers) if "interpret" in rel else source
                mod_lines = mod.splitlines(keepends=True)
                ranges = [(method.lineno, method.end_lineno)] + [(h.lineno, h.end_lineno) for h in helpers]
                out = _adapt(_test_file(mod, mod_lines, method, main_guard.lineno, variant, args), TEST_ADAPT)
                last = out.rstrip("\n").count("\n") + 1
                found.append((stem, out, [*ranges, (last, last)]))
    return found


def ops_bases() -> list[Base]:
    found: list[Base] = []
    for stem, module, doc, driver in OPS_CASES:
        prelude = OPS_PRELUDE.format(doc=doc, module=module)
        text = prelude + "\n\n" + driver + OPS_MAIN
        start = prelude.count("\n") + 3
        found.append((stem, text, [(start, text.count("\n"))]))
    return found


def docs_bases(jax_src: Path) -> list[Base]:
    page = read_jax_file(jax_src, "docs/pallas/gpu/collective_matmul.md")
    block = _md_block(page, "m_shard, n_shard, k = 1024, 1024, 1024")
    for old, new in DOCS_REPLACE:
        assert old in block, old
        block = block.replace(old, new)
    text = DOCS_PRELUDE + "\nif __name__ == \"__main__\":\n" + "".join(
        f"  {line}" if line.strip() else "\n" for line in block.splitlines(keepends=True))
    start = DOCS_PRELUDE.count("\n") + 2
    return [("collective_matmul.run", text, [(start, text.count("\n"))])]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--jax-src", type=Path, required=True)
    ap.add_argument("--keep", type=Path, help="labels.json of stage 1: mutate the bases clean under all")
    ap.add_argument("--per-base", type=int, default=6)
    ap.add_argument("--per-op", type=int, default=1, help="mutants of each chosen operator per base")
    ap.add_argument("--seed", type=int, default=2037)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    dropped: dict[str, str] = {}
    bases = [("tests", *b) for b in test_bases(a.jax_src, dropped)] + \
            [("ops", *b) for b in ops_bases()] + [("docs", *b) for b in docs_bases(a.jax_src)]
    labels = json.loads(a.keep.read_text()) if a.keep else None

    def up_to_per_op(by_op: dict[str, list], ops: list[str], rng: random.Random) -> list:
        return [m for op in ops for m in rng.sample(by_op[op], min(a.per_op, len(by_op[op])))]

    _famheld.write_mutation_set(a.out, "famheld7", bases, labels, dropped, famheld7_mutants,
                                a.per_base, up_to_per_op, rng)


if __name__ == "__main__":
    main()
