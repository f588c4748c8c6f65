"""Build the held-out families corpus `famheld` (issue 27): JAX kernels the `families` corpus did not
use, and one-edit mutants of them by famheld_mutate.py (operators written apart from family_mutate.py).

usage: build_famheld.py OUT --jax-src PATH --site-packages PATH [--keep LABELS] [--per-base N] [--seed S]

Sources (all JAX's own code, never committed: OUT is outside the repository):
  famheld/tests/  test methods of tests/pallas/gpu_pallas_distributed_test.py (remote DMA / semaphore /
                  TMA tests, no multicast), mgpu_matmul_test.py (Hopper matmul tests) and
                  mgpu_attention_test.py (the backward flash attention test), one test and its first
                  parameter set per file, harness kept (build_families.py's extraction), shapes of the
                  matmul tests scaled from 4096 to 512 (the test's reference matmul runs on the CPU);
  famheld/ops/    installed ops/gpu collectives the families corpus skipped (collective_matmul_mgpu,
                  all_gather_mgpu, reduce_scatter_mgpu), source copied, driven under shard_map;
  famheld/docs/   complete kernels of docs/pallas/gpu/pipelining.md and reference.md, with the
                  imports and inputs the page defines elsewhere, and quickstart.md's add_vectors moved
                  to Mosaic GPU.
Stage 1 (no --keep): the clean bases, to be labelled (label.py --only famheld).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base mutants sampled with a fixed seed, one per operator first. Nothing here decides whether a
mutant fails: label.py lowers it. Dropped bases and why: OUT/famheld_dropped.json (their files and
stage-1 labels stay in OUT, outside the manifest).

The commands that built /work/famheld-out (from bench/corpus/, the worktree's .venv):
  python build_famheld.py /work/famheld-out --jax-src /work/.mirror/jax-ml+jax/repo \
      --site-packages /work/main/.venv-jax010/lib/python3.11/site-packages
  nice -n 10 python label.py /work/famheld-out --jobs 1 --only famheld \
      --python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python
  python build_famheld.py /work/famheld-out ... --keep /work/famheld-out/labels.json   (same arguments)
  nice -n 10 python label.py /work/famheld-out ...                                      (same arguments)
"""

from __future__ import annotations

import argparse
import ast
import collections
import importlib
import json
import random
import re
from pathlib import Path

from famheld_mutate import famheld_mutants

_build = importlib.import_module("build")
_self_calls, read_jax_file, write = _build._self_calls, _build.read_jax_file, _build.write
# The harness extraction of build_families.py: a test method with one parameter set as a file.
_families = importlib.import_module("build_families")
_first_params, _test_file, clean_everywhere = (_families._first_params, _families._test_file,
                                               _families.clean_everywhere)

# (test file, class -> the classes whose __main__ runs it (a Warpgroup twin reuses the bodies),
#  tests to take (None: all that pass EXCLUDE), what the __main__ block sets before the call: the
#  imported ops/gpu kernels ask the device for its SM count and the CUDA runtime for its version,
#  which a CPU host cannot answer; the driver answers for an H100 with CUDA 12.9).
H100 = "types.SimpleNamespace(get_default_device=lambda: types.SimpleNamespace(core_count=132))"
TEST_SOURCES = (
    ("tests/pallas/gpu_pallas_distributed_test.py",
     {"PallasCallRemoteDMATest": ("PallasCallRemoteDMATest", "PallasCallRemoteDMAWGTest")}, None, ()),
    ("tests/pallas/mgpu_matmul_test.py",
     {"MatrixMultiplicationSm90ATest": ("MatrixMultiplicationSm90ATest",)}, None,
     ("import types", "hopper_matmul_mgpu.get_num_sms = lambda: 132",
      f"hopper_mixed_type_matmul_mgpu.backend = {H100}")),
    ("tests/pallas/mgpu_attention_test.py",
     {"FlashAttentionTestCase": ("FlashAttentionTestCase",)}, ("test_bwd_flash_attention",),
     ("import types",
      "attention_mgpu.cuda_versions = types.SimpleNamespace(cuda_runtime_get_version=lambda: 12090)")),
)
# Tests a CPU lowering for sm_90a cannot judge: expected errors, device-count skips, inline MLIR,
# profilers, multicast (the jax/ corpus's family), mocks.
EXCLUDE = re.compile(r"assertRaises|skipTest\(['\"]Test requires|inline_mgpu|profile|multicast|mock\.")
# Warpgroup twins: only these tests (lowering budget on a shared 2-core host).
WG_TESTS = ("test_remote_dma_basic", "test_remote_dma_tma_load", "test_copy_tma", "test_remote_dma_in_loop")

# Line-for-line adaptations to a CPU host (each keeps the line count).
TEST_ADAPT = (
    (re.compile(r"jtu\.is_cuda_compute_capability_equal\(\"9\.0\"\)"), "True"),
    (re.compile(r"\b4096\b"), "512"),
)
OPS_ADAPT = _families.OPS_ADAPT

OPS_DRIVER = '''

if __name__ == "__main__":
  # One call of the kernel on small inputs under shard_map over the host's devices.
  import numpy as np
{body}'''

OPS_CASES = (
    ("collective_matmul_mgpu", """\
  P = jax.sharding.PartitionSpec
  num_devices = jax.device_count()
  mesh = jax.sharding.Mesh(np.array(jax.devices()), ("x",))
  m_shard, n_shard, k = 256, 256, 512
  lhs = jnp.ones((num_devices * m_shard, k), jnp.float16)
  rhs = jnp.ones((k, num_devices * n_shard), jnp.float16)
  config = hopper_matmul_mgpu.TuningConfig(
      tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2,
      grid_minor_dim=MatmulDimension.N, grid_tile_width=1, wg_dimension=MatmulDimension.N,
  )
  kernel = functools.partial(all_gather_lhs_matmul, axis_name="x", config=config, dtype=jnp.float16)
  out = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=(P("x", None), P(None, "x")),
                              out_specs=P(None, "x"), check_vma=False))(lhs, rhs)
  print(out.shape)
"""),
    ("all_gather_mgpu", """\
  P = jax.sharding.PartitionSpec
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), ("x",))
  x = jnp.ones((512, 128), jnp.bfloat16)
  kernel = functools.partial(all_gather, axis_name="x", gather_dimension=1, vec_size=2, tile_size=512,
                             num_blocks=2)
  out = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(None, "x"), out_specs=P(None, "x"),
                              check_vma=False))(x)
  print(out.shape)
"""),
    ("reduce_scatter_mgpu", """\
  P = jax.sharding.PartitionSpec
  mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), ("x",))
  x = jnp.ones((1024, 256), jnp.float32)
  kernel = functools.partial(reduce_scatter, axis_name="x", scatter_dimension=1, reduction="add",
                             vec_size=4, tile_size=512, num_blocks=2)
  out = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P("x"), out_specs=P("x"),
                              check_vma=False))(x)
  print(out.shape)
"""),
)

DOCS_PRELUDE = """\
import functools
from functools import partial

import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
import numpy as np

P = jax.sharding.PartitionSpec
"""

COPY_BACK = "  plgpu.copy_smem_to_gmem(smem_ref, out_gmem_ref)\n  plgpu.wait_smem_to_gmem(0)\n"

# (page, a text that only the kernel's ```python block contains, (old, new) replacements in that block:
# the inputs the page defines in prose or elsewhere, sizes for a lowering rather than a GPU run, and
# each adaptation commented where it is made).
DOCS_CASES = (
    ("docs/pallas/gpu/pipelining.md", "def matmul(a, b, tile_m=128, tile_n=128, swizzle=128):",
     (("m = 132 * 128", "m = 2 * 128"),
      # 0.10.2's emit_pipeline has no delay_release (a TypeError): dropped, the other releases' default.
      ("        delay_release=1,\n", ""))),
    ("docs/pallas/gpu/pipelining.md",
     "def matmul_warp_specialized(a, b, tile_m=128, tile_n=128, swizzle=128,",
     (("m = 132 * 128", "m = 2 * 128"),)),
    ("docs/pallas/gpu/reference.md", "def body(out_ref):\n  sem_ref = pl.get_global", ()),
    ("docs/pallas/gpu/reference.md", "def exchange_shards(x_ref, y_ref, done_sem):",
     (("mesh = jax.make_mesh((2,), (\"x\",))",
       "mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), (\"x\",))\n"
       "x = jnp.ones((2 * 8, 128), jnp.float32)"),)),
    ("docs/pallas/gpu/reference.md", "def exchange_shards(x_ref, y_ref, smem_ref, local_barrier, done_sem):",
     (("mesh = jax.make_mesh((2,), (\"x\",))",
       "mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), (\"x\",))\n"
       "x = jnp.ones((2 * 8, 128), jnp.float32)"),
      # The page's scratch list is not runnable as printed (an array for the SMEM buffer, and
      # plgpu.Semaphore, which no release has): written as the page's prose describes it.
      ("scratch_shapes=[x, plgpu.Barrier(), plgpu.Semaphore.REGULAR]",
       "scratch_shapes=[plgpu.SMEM(x.shape, x.dtype), plgpu.Barrier(), plgpu.SemaphoreType.REGULAR]"),)),
    # The GMEM->SMEM copy sketches of reference.md ("..." where the page leaves the rest of the body and
    # the kernel's output): completed with the smallest body that uses what was copied (the SMEM tile
    # written back to the output) and the call on one (128, 128) float16 input.
    ("docs/pallas/gpu/reference.md", "def body(in_gmem_ref, out_gmem_ref, smem_ref, barrier):",
     (("  ...\n", COPY_BACK),
      ("out_shape=...,", "out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),"),
      ("plgpu.kernel(\n", "x = jnp.ones((128, 128), jnp.float16)\ny = plgpu.kernel(\n"),
      ("\n)\n", "\n)(x)\n"))),
    ("docs/pallas/gpu/reference.md", "  plgpu.copy_gmem_to_smem(in_gmem_ref2, smem_ref2, barrier)\n",
     (("  ...\n", COPY_BACK),
      ("out_shape=...,", "out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),"),
      # The page's scratch list has one SMEM buffer for the body's two.
      ("scratch_shapes=[plgpu.SMEM(x.shape, x.dtype), plgpu.Barrier(num_arrivals=2)]",
       "scratch_shapes=[plgpu.SMEM(x.shape, x.dtype), plgpu.SMEM(x.shape, x.dtype),\n"
       "                 plgpu.Barrier(num_arrivals=2)]"),
      ("plgpu.kernel(\n", "x = jnp.ones((128, 128), jnp.float16)\ny = plgpu.kernel(\n"),
      ("\n)\n", "\n)(x, x)\n"))),
    ("docs/pallas/gpu/reference.md", "in_gmem_ref2.at[block_id], smem_ref2, barrier)",
     (("  ...\n", COPY_BACK),
      ("out_shape=...,", "out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),\n  cluster=(2,),\n"
                         "  cluster_names=(\"cluster\",),"),
      ("scratch_shapes=[plgpu.SMEM(x.shape, x.dtype), plgpu.Barrier(num_arrivals=2)]",
       "scratch_shapes=[plgpu.SMEM(x.shape, x.dtype), plgpu.SMEM(x.shape, x.dtype),\n"
       "                 plgpu.Barrier(num_arrivals=2)]"),
      ("plgpu.kernel(\n", "x = jnp.ones((128, 128), jnp.float16)\nx2 = jnp.ones((2, 128, 128), jnp.float16)\n"
                         "y = plgpu.kernel(\n"),
      ("\n)\n", "\n)(x, x2)\n"))),
    # The page's complete plgpu.kernel examples: a grid over GMEM refs, two Pallas threads and a
    # barrier, a cluster-collective copy (the last two write to an `o_ref` / `out_ref` the kernel
    # does not have: the page's slip for its y_ref).
    ("docs/pallas/gpu/reference.md", "# x_ref and y_ref are in GMEM!", ()),
    ("docs/pallas/gpu/reference.md", "def producer_thread():", (("out_ref[...]", "y_ref[...]"),)),
    ("docs/pallas/gpu/reference.md", "Specifying collective_axes will enable TMA multicast",
     (("o_ref.at[", "y_ref.at["),)),
)

# quickstart.md's first kernel (add_vectors) with the page's own pallas_call and inputs. JAX 0.12.0.1
# has no Mosaic GPU lowering for pl.pallas_call (a bare AssertionError with plgpu.CompilerParams, measured),
# so the quickstart kernels run as the page writes them: pallas_call's default GPU backend.
QUICKSTART = """\
{prelude}
{kernel}

@jax.jit
def add_vectors(x: jax.Array, y: jax.Array) -> jax.Array:
  return pl.pallas_call(
      add_vectors_kernel,
      out_shape=jax.ShapeDtypeStruct.like(x)
  )(x, y)


if __name__ == "__main__":
  print(add_vectors(jnp.arange(8), jnp.arange(8)))
"""


Base = tuple[str, str, list[tuple[int, int]]]


def _adapt(text: str, adapt) -> str:
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        for pattern, new in adapt:
            line = pattern.sub(new, line)
        lines[i] = line
    return "".join(lines)


def _first_of_product(method: ast.FunctionDef, source: str) -> str | None:
    """The first point of a @parameterized.product whose axes are expressions (`tuple(MatmulDimension)`):
    each axis's first value, written `(EXPR)[0]` when it is not a literal tuple."""
    for deco in method.decorator_list:
        if isinstance(deco, ast.Call) and ast.unparse(deco.func).endswith("parameterized.product"):
            chosen = []
            for kw in deco.keywords:
                if isinstance(kw.value, (ast.Tuple, ast.List)) and kw.value.elts:
                    chosen.append(f"{kw.arg}={ast.get_source_segment(source, kw.value.elts[0])}")
                else:
                    chosen.append(f"{kw.arg}=({ast.get_source_segment(source, kw.value)})[0]")
            return ", ".join(chosen)
    return None


def test_bases(jax_src: Path, dropped: dict) -> list[Base]:
    found: list[Base] = []
    for rel, classes, wanted, host in TEST_SOURCES:
        source = read_jax_file(jax_src, rel)
        tree = ast.parse(source)
        lines = source.splitlines(keepends=True)
        main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                          and "__main__" in ast.unparse(node.test))
        all_methods = {m.name: m for cls in tree.body if isinstance(cls, ast.ClassDef)
                       for m in cls.body if isinstance(m, ast.FunctionDef)}
        for cls in tree.body:
            if not isinstance(cls, ast.ClassDef) or cls.name not in classes:
                continue
            methods = {m.name: m for m in cls.body if isinstance(m, ast.FunctionDef)}
            for name, method in methods.items():
                if not name.startswith("test_") or (wanted and name not in wanted):
                    continue
                helper_names = _self_calls(method) - {"kernel", "skipTest", "assertAllClose", "enter_context"}
                helpers = [methods.get(h) or all_methods[h] for h in sorted(helper_names)
                           if h in methods or h in all_methods]
                text = "".join(lines[method.lineno - 1:method.end_lineno]) + "".join(
                    "".join(lines[h.lineno - 1:h.end_lineno]) for h in helpers)
                stem = f"{Path(rel).stem}.{cls.name}.{name}"
                if excluded := EXCLUDE.search(text):
                    dropped[stem] = (f"uses {excluded.group(0)!r}: expects an error, needs more devices, "
                                     "inline MLIR, a profiler or multicast")
                    continue
                args = _first_params(method, source)
                if args is None:
                    args = _first_of_product(method, source)
                if args is None:
                    dropped[stem] = "parameterization not a literal list"
                    continue
                args = re.sub(r"\b4096\b", "512", args)
                ranges = [(method.lineno, method.end_lineno)] + [(h.lineno, h.end_lineno) for h in helpers]
                for variant in classes[cls.name]:
                    if variant != cls.name and name not in WG_TESTS:
                        continue
                    text = _adapt(_test_file(source, lines, method, main_guard.lineno, variant, args),
                                  TEST_ADAPT)
                    guard = "if __name__ == '__main__':\n"
                    patches = "".join(f"  {line}  # host adaptation\n" for line in host)
                    text = text.replace(guard, guard + patches)
                    # The driver's call line too: its arguments are the test's configuration.
                    last = text.rstrip("\n").count("\n") + 1
                    found.append((f"{Path(rel).stem}.{variant}.{name}", text, [*ranges, (last, last)]))
    return found


def ops_bases(sites: list[Path], dropped: dict) -> list[Base]:
    """Each case's module copied from the first site-packages given (its own __main__ replaced by the
    driver; the module's benchmark helpers are left out of the mutable lines: the driver never calls
    them)."""
    found: list[Base] = []
    for module, body in OPS_CASES:
        text = (sites[0] / "jax" / "experimental" / "pallas" / "ops" / "gpu" / f"{module}.py").read_text(
            encoding="utf-8")
        tree = ast.parse(text)
        main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                          and "__main__" in ast.unparse(node.test))
        lines = _adapt(text, [(p, n.split("  #")[0]) for p, n in OPS_ADAPT]).splitlines(keepends=True)
        out = "".join(lines[:main_guard.lineno - 1]).rstrip("\n") + "\n" + OPS_DRIVER.format(body=body)
        kernels = [n for n in tree.body if isinstance(n, ast.FunctionDef)
                   and not n.name.startswith("_") and n.name not in ("main", "is_nvshmem_used")]
        # The kernels and the driver (its configuration is what a user of the op writes).
        driver_start = out.count("\n") - body.count("\n") + 1
        ranges = [(n.lineno, n.end_lineno) for n in kernels] + [(driver_start, out.count("\n"))]
        found.append((module, out, ranges))
    return found


def _md_block(page: str, first_line: str) -> str:
    """The ```python block of ``page`` that contains ``first_line``."""
    blocks = re.findall(r"```(?:python|\{code-cell\} ipython3)[^\n]*\n(.*?)```", page, re.S)
    return next(b for b in blocks if first_line in b)


def docs_bases(jax_src: Path, dropped: dict) -> list[Base]:
    found: list[Base] = []
    for index, (rel, first_line, replacements) in enumerate(DOCS_CASES):
        block = _md_block(read_jax_file(jax_src, rel), first_line)
        for old, new in replacements:
            block = block.replace(old, new)
        # plgpu.kernel's keywords as every release here takes them (the page's out_shape= and
        # scratch_shapes= are refused by 0.12.0.1's Mesh).
        block = block.replace("out_shape=", "out_type=").replace("scratch_shapes=", "scratch_types=")
        text = DOCS_PRELUDE + "\n" + block
        start = DOCS_PRELUDE.count("\n") + 2
        found.append((f"{Path(rel).stem}.{index}", text, [(start, text.count("\n"))]))
    quickstart = read_jax_file(jax_src, "docs/pallas/quickstart.md")
    start = DOCS_PRELUDE.count("\n") + 2
    kernel = _md_block(quickstart, "def add_vectors_kernel").strip() + "\n"
    text = QUICKSTART.format(prelude=DOCS_PRELUDE, kernel=kernel)
    found.append(("quickstart.add_vectors", text, [(start, text.count("\n"))]))
    # The BlockSpec matmuls at 256x256 (the page's 1024: the check's reference matmul runs on the CPU).
    for index, first_line in enumerate(("def matmul_kernel(x_ref, y_ref, z_ref):",
                                        "def matmul_kernel(x_ref, y_ref, z_ref, *, activation):")):
        block = _md_block(quickstart, first_line)
        block = block.replace("1024", "256")
        text = DOCS_PRELUDE + "\n" + block
        found.append((f"quickstart.matmul.{index}", text, [(start, text.count("\n"))]))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--jax-src", type=Path, required=True)
    ap.add_argument("--site-packages", type=Path, action="append", required=True)
    ap.add_argument("--keep", type=Path, help="labels.json of stage 1: mutate the bases clean under all")
    ap.add_argument("--per-base", type=int, default=6)
    ap.add_argument("--seed", type=int, default=2027)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    dropped: dict[str, str] = {}
    bases = [("tests", *b) for b in test_bases(a.jax_src, dropped)] + \
            [("ops", *b) for b in ops_bases(a.site_packages, dropped)] + \
            [("docs", *b) for b in docs_bases(a.jax_src, dropped)]
    labels = json.loads(a.keep.read_text()) if a.keep else None

    def one_per_operator(by_op: dict[str, list], ops: list[str], rng: random.Random) -> list:
        return [rng.choice(by_op[op]) for op in ops]

    write_mutation_set(a.out, "famheld", bases, labels, dropped, famheld_mutants, a.per_base,
                       one_per_operator, rng)


def write_mutation_set(out: Path, name: str, bases: list, labels: dict | None, dropped: dict[str, str],
                       mutants_of, per_base: int, choose, rng: random.Random) -> None:
    """Write a held-out families set under OUT/NAME and merge it into OUT/manifest.json (what
    build_famheld2.py shares). Stage 1 (``labels`` None): the clean bases. Stage 2: the bases
    clean under every labelled release, each with up to ``per_base`` operators, the ones the
    earlier bases got least first (families balanced), and the mutants ``choose(by_op, ops,
    rng)`` picks of them. Bases dropped and why: OUT/NAME_dropped.json."""
    manifest: dict = {}
    given: collections.Counter = collections.Counter()
    for part, stem, text, ranges in bases:
        rel = f"{name}/{part}/{stem}.py"
        if labels is not None and not clean_everywhere(labels, rel):
            failures = "; ".join(f"{ver}: {rec.get('outcome')} {rec.get('exc_type') or rec.get('why') or ''} "
                                 f"{(rec.get('message') or '')[:160]}"
                                 for ver, rec in sorted(labels.get(rel, {}).items())
                                 if rec.get("outcome") != "ok") or "not labelled"
            dropped[stem] = f"does not lower cleanly: {failures}"
            continue
        write(out / rel, text, manifest, {"base": stem, "op": "clean"})
        if labels is None:
            continue
        by_op: dict[str, list] = {}
        for mutant in mutants_of(text, within=ranges):
            by_op.setdefault(mutant.op, []).append(mutant)
        ops = sorted(by_op, key=lambda op: (given[op], rng.random()))[:per_base]
        given.update(ops)
        for k, mutant in enumerate(choose(by_op, ops, rng)):
            write(out / f"{name}/{part}/{stem}__{mutant.op}_{k}.py", mutant.source, manifest,
                  {"base": stem, "op": mutant.op, "detail": mutant.detail, "family": mutant.op.split(".")[0]})
    manifest_path = out / "manifest.json"
    old = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    old = {rel: info for rel, info in old.items() if not rel.startswith(f"{name}/")}
    rel_manifest = {str(Path(p).relative_to(out)): info for p, info in manifest.items()}
    manifest_path.parent.mkdir(parents=True, exist_ok=True)
    manifest_path.write_text(json.dumps(old | rel_manifest, indent=1, sort_keys=True))
    (out / f"{name}_dropped.json").write_text(json.dumps(dropped, indent=1, sort_keys=True))
    counts = collections.Counter(info.get("family", "clean") for info in rel_manifest.values())
    print(json.dumps(counts, sort_keys=True), "total", len(rel_manifest), "dropped", len(dropped))


def capped_mutation_cli(doc: str, name: str, bases: list, mutants, seed: int, per_base: int = 6,
                        max_per_op: int = 6) -> None:
    """The command line and stage 2 of the user-kernel sets (build_famheld5.py, 6, 8, 9):
    ``OUT [--keep LABELS] [--per-base N] [--per-op N] [--seed S] [--max-per-op N]``. Each clean base
    gets up to --per-base operators (write_mutation_set's choice, the least given first) and up to
    --per-op sampled mutants of each; an operator already chosen for --max-per-op bases is not offered
    again (operators that fit every base). ``mutants(text, within)`` lists a base's mutants."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--keep", type=Path, help="labels.json of stage 1: mutate the bases clean under all")
    ap.add_argument("--per-base", type=int, default=per_base)
    ap.add_argument("--per-op", type=int, default=1, help="mutants of each chosen operator per base")
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--max-per-op", type=int, default=max_per_op,
                    help="bases an operator is chosen for at most (operators that fit every base)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    dropped: dict[str, str] = {}
    labels = json.loads(a.keep.read_text()) if a.keep else None

    chosen: collections.Counter = collections.Counter()

    def mutants_of(text: str, within: list[tuple[int, int]]) -> list:
        # Operators already chosen for --max-per-op bases are not offered again.
        return [m for m in mutants(text, within) if chosen[m.op] < a.max_per_op]

    def up_to_per_op(by_op: dict[str, list], ops: list[str], rng: random.Random) -> list:
        chosen.update(ops)
        return [m for op in ops for m in rng.sample(by_op[op], min(a.per_op, len(by_op[op])))]

    write_mutation_set(a.out, name, bases, labels, dropped, mutants_of, a.per_base, up_to_per_op, rng)


if __name__ == "__main__":
    main()
