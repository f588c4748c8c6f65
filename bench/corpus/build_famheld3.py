"""Build the third held-out families corpus `famheld3` (issue 27): JAX code none of `families`,
`famheld` and `famheld2` used, and one-edit mutants of it by famheld3_mutate.py (operators written
from JAX's own checks, blind to the checker).

usage: build_famheld3.py OUT --jax-src PATH --site-packages PATH [--keep LABELS] [--per-base N]
                         [--per-op N] [--seed S]

Sources (all JAX's own code, never committed: OUT is outside the repository):
  famheld3/tests/  test methods of tests/pallas/mosaic_gpu_test.py that no earlier set took: the
                   Blackwell class PallasCallTCGen05Test (tcgen05 MMA, TMEM, tensor-core barriers;
                   `families` excluded tcgen05 / TMEM, but a CPU host lowers them as sm_90:
                   docs/measurements/blackwell-lowering.md), PallasCallWarpPrimitiveSemanticsTest
                   (famheld2 took one of its tests), and the tests of `families`' own classes that
                   its EXCLUDE dropped and famheld2 did not take (copy variants, pipelines with
                   element dims / empty grids, warp-specialized pipelines with collective or
                   stationary inputs, SMEM aliasing, dynamic work scheduling, the cluster core_map),
                   one test and its first parameter set per file, harness kept (build_families.py's
                   extraction, build_famheld.py's product parameters and host adaptations);
  famheld3/tests/  tests/pallas/mgpu_examples_test.py's Blackwell matmul tutorial (matmul0 ..
                   matmul6, the kernels of docs/pallas/gpu/blackwell_matmul.md), one file per
                   kernel, the problem scaled from 4096 x 8192 x 4096 to 512 (the test's reference
                   matmul runs on the CPU);
  famheld3/ops/    the installed ops/gpu Blackwell kernels (blackwell_matmul_mgpu, two configs, one
                   collective; blackwell_ragged_dot_mgpu, collective), the module's source (0.10.2's
                   copy: 0.12's uses plgpu.warp_map, which 0.10.2 lacks) with a driver that calls it
                   once on small inputs, every config value written in the driver;
  famheld3/docs/   docs/pallas/gpu/reference.md's pl.run_state + pl.core_map(plgpu.Mesh) kernel.
Stage 1 (no --keep): the clean bases, to be labelled (label.py --only famheld3).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of
each, sampled with a fixed seed. Nothing here decides whether a mutant fails: label.py lowers it.
Dropped bases and why: OUT/famheld3_dropped.json.

The commands that built /work/famheld3-out (from bench/corpus/):
  SITES=/work/main/.venv-jax010/lib/python3.11/site-packages
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld3.py /work/famheld3-out --jax-src /work/.mirror/jax-ml+jax/repo --site-packages $SITES
  nice -n 10 python3 label.py /work/famheld3-out --jobs 2 --only famheld3 $PY
  cp /work/famheld3-out/labels.json /tmp/famheld3_stage1.json
  python3 build_famheld3.py /work/famheld3-out ... --keep /tmp/famheld3_stage1.json --per-base 6
  nice -n 10 python3 label.py /work/famheld3-out --jobs 2 --only famheld3 $PY
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import re
from pathlib import Path

from famheld3_mutate import famheld3_mutants

_build = importlib.import_module("build")
_self_calls, read_jax_file = _build._self_calls, _build.read_jax_file
_families = importlib.import_module("build_families")
_first_params, _test_file = _families._first_params, _families._test_file
_famheld = importlib.import_module("build_famheld")
_first_of_product, _adapt = _famheld._first_of_product, _famheld._adapt
_famheld2 = importlib.import_module("build_famheld2")

MOSAIC = "tests/pallas/mosaic_gpu_test.py"
EXAMPLES = "tests/pallas/mgpu_examples_test.py"
# Tests a CPU lowering cannot judge or that expect an error: an expected exception, printed
# output, inline MLIR, mocks, the interpreter.
EXCLUDE = re.compile(r"assertRaises|capture_stdout|debug_print|print_layout|inline_mgpu|mock\.|interpret"
                     r"|export\.")
# Tests of the classes above already taken by famheld2 (and every test `families` took: its
# classes are listed by name below, never whole).
FAMHELD2_TOOK = {"test_copy_gmem_to_smem_from_different_warps"}
# (class, tests: None for every test of the class that passes EXCLUDE).
TEST_CLASSES = (
    ("PallasCallTCGen05Test", None),
    ("PallasCallWarpPrimitiveSemanticsTest", None),
    # `families`' classes: the tests its EXCLUDE dropped that famheld2 did not take.
    ("PallasCallTest", ("test_axis_indices_in_grid", "test_cond", "test_copy_gmem_to_smem_clamped_arrivals",
                        "test_copy_gmem_to_smem_contiguous", "test_copy_gmem_to_smem_gather",
                        "test_copy_layout", "test_copy_smem_to_gmem_reduction",
                        "test_copy_smem_to_gmem_scatter",
                        "test_copy_smem_to_gmem_with_multiple_gmem_indexers",
                        "test_smem_aliasing_works_basic", "test_smem_aliasing_works_for_quantization",
                        "test_broadcast_in_dim_tcgen05_native_layout",
                        "test_broadcast_in_dim_does_not_crash_on_small_shape")),
    ("PipelineTest", ("test_emit_with_element_dim", "test_emit_with_empty_grid", "test_pipeline_mode")),
    ("WarpSpecializedPipelineTest", ("test_collective", "test_stationary_input")),
    ("HelpersTest", ("test_dynamic_work_scheduling",)),
    ("CoreMapTest", ("test_cluster",)),
)
# Line-for-line host adaptations (each keeps the line count): famheld2's, and the Blackwell
# capability asked of the device (a CPU host lowers for sm_90 whatever the test targets).
TEST_ADAPT = (*_famheld2.TEST_ADAPT,
              (re.compile(r"jtu\.is_cuda_compute_capability_at_least\(\"10\.0\"\)"), "True"))
# The SM count asked of the device: an H100's / B200's 132 / 148 is no matter for lowering; 132 as in
# build_families.py's OPS_ADAPT (plus the spelling the Blackwell kernels use).
SM_COUNT = (*[(p, n.split("  #")[0]) for p, n in _families.OPS_ADAPT],
            (re.compile(r"jax\.local_devices\(\)\[0\]\.core_count"), "132"))
EXAMPLES_ADAPT = (*TEST_ADAPT, *SM_COUNT, (re.compile(r"\b8192\b"), "512"))
# A product's first point that the test's own skips reject ("swizzle too big" for n=64 at swizzle
# 128): the first point they keep.
ARGS = {"test_simple_matmul": "m=64, n=128, swizzle=128, ab_type=jnp.float16, lhs_tmem=False, "
                              "transpose_lhs=False, transpose_rhs=False"}

OPS_DRIVER = '''

if __name__ == "__main__":
  # One call of the kernel on small inputs (the module's own __main__ sweeps configs on a GPU).
{body}'''


def _matmul_driver(*, steps: int, collective: bool, epilogue_n: int, minor: str, width: int) -> str:
    """The Blackwell matmul op's driver for one tuning config (the two configs differ in these)."""
    return f"""\
  a = jnp.ones((1024, 512), jnp.float16)
  b = jnp.ones((512, 1024), jnp.float16)
  config = TuningConfig(
      tile_m=128,
      tile_n=128,
      tile_k=64,
      max_concurrent_steps={steps},
      collective={collective},
      epilogue_tile_n={epilogue_n},
      grid_minor_dim=MatmulDimension.{minor},
      grid_tile_width={width},
  )
  out = jax.jit(functools.partial(matmul_kernel, config=config))(a, b)
  print(out.shape)
"""

OPS_CASES = (
    ("blackwell_matmul_mgpu", _matmul_driver(steps=4, collective=False, epilogue_n=64, minor="N", width=1)),
    ("blackwell_matmul_mgpu", _matmul_driver(steps=2, collective=True, epilogue_n=32, minor="M", width=2)),
    ("blackwell_ragged_dot_mgpu", """\
  m, k, n, num_groups = 1024, 512, 512, 4
  a = jnp.ones((m, k), jnp.float16)
  b = jnp.ones((num_groups, k, n), jnp.float16)
  group_sizes = jnp.array([256, 256, 256, 256], jnp.int32)
  config = TuningConfig(
      tile_m=128,
      tile_n=128,
      tile_k=64,
      max_concurrent_steps=4,
      collective=True,
      grid_tile_width=1,
      grid_minor_dim=blackwell_matmul_mgpu.MatmulDimension.N,
      epilogue_tile_n=64,
  )
  out = jax.jit(functools.partial(ragged_dot_kernel, config=config))(a, b, group_sizes)
  print(out.shape)
"""),
)

Base = tuple[str, str, list[tuple[int, int]]]


def _module(jax_src: Path, rel: str):
    source = read_jax_file(jax_src, rel)
    tree = ast.parse(source)
    main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                      and "__main__" in ast.unparse(node.test))
    return source, tree, source.splitlines(keepends=True), main_guard


def test_bases(jax_src: Path, dropped: dict) -> list[Base]:
    source, tree, lines, main_guard = _module(jax_src, MOSAIC)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    all_methods = {m.name: m for cls in classes.values() for m in cls.body if isinstance(m, ast.FunctionDef)}
    found: list[Base] = []
    for cls_name, wanted in TEST_CLASSES:
        methods = {m.name: m for m in classes[cls_name].body if isinstance(m, ast.FunctionDef)}
        for name, method in methods.items():
            if not name.startswith("test_") or (wanted and name not in wanted) or name in FAMHELD2_TOOK:
                continue
            stem = f"{Path(MOSAIC).stem}.{cls_name}.{name}"
            helper_names = _self_calls(method) - {"kernel", "skipTest", "assertAllClose", "enter_context",
                                                  "pallas_call"}
            helpers = [methods.get(h) or all_methods[h] for h in sorted(helper_names)
                       if h in methods or h in all_methods]
            text = "".join(lines[method.lineno - 1:method.end_lineno]) + "".join(
                "".join(lines[h.lineno - 1:h.end_lineno]) for h in helpers)
            if excluded := EXCLUDE.search(text):
                dropped[stem] = (f"uses {excluded.group(0)!r}: an expected error, printed output, "
                                 "inline MLIR, a mock")
                continue
            args = ARGS.get(name) or _first_params(method, source)
            if args is None:
                args = _first_of_product(method, source)
            if args is None:
                dropped[stem] = "parameterization not a literal list"
                continue
            ranges = [(method.lineno, method.end_lineno)] + [(h.lineno, h.end_lineno) for h in helpers]
            text = _adapt(_test_file(source, lines, method, main_guard.lineno, cls_name, args), TEST_ADAPT)
            last = text.rstrip("\n").count("\n") + 1
            found.append((stem, text, [*ranges, (last, last)]))
    return found


def example_bases(jax_src: Path, dropped: dict) -> list[Base]:
    """mgpu_examples_test.py: one file per tutorial kernel (matmul0 .. matmul6); the kernel (a module
    function), the test method and its `_test_matmul` helper may be edited."""
    source, tree, lines, main_guard = _module(jax_src, EXAMPLES)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MatmulTutorialTCGen05Test")
    methods = {m.name: m for m in cls.body if isinstance(m, ast.FunctionDef)}
    found: list[Base] = []
    cases = [("test_matmul", f"matmul{i}", f"matmul{i}") for i in range(3)] + \
            [(f"test_matmul{i}", "", f"matmul{i}") for i in range(3, 7)]
    for test, args, kernel in cases:
        method = methods[test]
        ranges = [(functions[kernel].lineno, functions[kernel].end_lineno),
                  (method.lineno, method.end_lineno),
                  (methods["_test_matmul"].lineno, methods["_test_matmul"].end_lineno)]
        text = _adapt(_test_file(source, lines, method, main_guard.lineno, cls.name, args), EXAMPLES_ADAPT)
        found.append((f"{Path(EXAMPLES).stem}.{kernel}", text, ranges))
    return found


def ops_bases(site: Path) -> list[Base]:
    found: list[Base] = []
    for index, (module, body) in enumerate(OPS_CASES):
        text = (site / "jax" / "experimental" / "pallas" / "ops" / "gpu" / f"{module}.py").read_text(
            encoding="utf-8")
        tree = ast.parse(text)
        main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                          and "__main__" in ast.unparse(node.test))
        lines = _adapt(text, SM_COUNT).splitlines(keepends=True)
        out = "".join(lines[:main_guard.lineno - 1]).rstrip("\n") + "\n" + OPS_DRIVER.format(body=body)
        # The module's benchmark main() and reference helpers are never called by the driver.
        kernels = [n for n in tree.body if isinstance(n, ast.FunctionDef)
                   and n.name not in ("main", "ragged_dot_reference", "sample_group_sizes")]
        driver_start = out.count("\n") - body.count("\n") + 1
        ranges = [(n.lineno, n.end_lineno) for n in kernels] + [(driver_start, out.count("\n"))]
        found.append((f"{module}.{index}", out, ranges))
    return found


def docs_bases(jax_src: Path) -> list[Base]:
    """docs/pallas/gpu/reference.md's pl.run_state + pl.core_map(plgpu.Mesh(...)) kernel (famheld took
    the page's plgpu.kernel twin of it, not this one), with build_famheld.py's imports."""
    page = read_jax_file(jax_src, "docs/pallas/gpu/reference.md")
    block = _famheld._md_block(page, "def run_kernel(refs):")
    text = _famheld.DOCS_PRELUDE + "\n" + block
    start = _famheld.DOCS_PRELUDE.count("\n") + 2
    return [("reference.run_state_core_map", text, [(start, text.count("\n"))])]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--jax-src", type=Path, required=True)
    ap.add_argument("--site-packages", type=Path, required=True, help="site-packages of the oldest release")
    ap.add_argument("--keep", type=Path, help="labels.json of stage 1: mutate the bases clean under all")
    ap.add_argument("--per-base", type=int, default=6)
    ap.add_argument("--per-op", type=int, default=1, help="mutants of each chosen operator per base")
    ap.add_argument("--seed", type=int, default=2029)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    dropped: dict[str, str] = {}
    bases = [("tests", *b) for b in test_bases(a.jax_src, dropped)] + \
            [("tests", *b) for b in example_bases(a.jax_src, dropped)] + \
            [("ops", *b) for b in ops_bases(a.site_packages)] + \
            [("docs", *b) for b in docs_bases(a.jax_src)]
    labels = json.loads(a.keep.read_text()) if a.keep else None

    def up_to_per_op(by_op: dict[str, list], ops: list[str], rng: random.Random) -> list:
        return [m for op in ops for m in rng.sample(by_op[op], min(a.per_op, len(by_op[op])))]

    _famheld.write_mutation_set(a.out, "famheld3", bases, labels, dropped, famheld3_mutants,
                                a.per_base, up_to_per_op, rng)


if __name__ == "__main__":
    main()
