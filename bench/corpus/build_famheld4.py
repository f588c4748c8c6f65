"""Build the fourth held-out families corpus `famheld4` (issue 27): JAX code none of `families`,
`famheld`, `famheld2` and `famheld3` used, and one-edit mutants of it by famheld4_mutate.py (operators
written from JAX's own checks, blind to the checker).

usage: build_famheld4.py OUT --jax-src PATH [--keep LABELS] [--per-base N] [--per-op N] [--seed S]

Sources (all JAX's own code at the earlier sets' commit, never committed: OUT is outside the repository):
  famheld4/tests/  the tests of tests/pallas/mosaic_gpu_test.py that no earlier set took: the tests of
                   `families`' classes that its FAMILY_API filter never made candidates (element-wise
                   and unary / binary ops, reductions with layouts, reshapes and concatenations of
                   WGMMA-layout values, loops, cond, run_scoped, the profiler, vmap of a kernel, custom
                   TILED layouts) and that famheld2 / famheld3 did not list, plus ExamplesTest's stage0 /
                   stage1 and DistributedTest (build_families.py's extraction, one test and its first
                   parameter set per file);
  famheld4/tests/  the GPU interpreter's tests (tests/pallas/gpu_pallas_interpret_test.py,
                   gpu_pallas_interpret_cluster_barrier_test.py, gpu_pallas_interpret_race_detection_test.py,
                   gpu_pallas_interpret_tcgen05_race_detection_test.py), which every earlier set excluded
                   for `interpret`: their kernels (SMEM with tiling / swizzle transforms, barriers over
                   thread / cluster meshes, TMA copies, warp specialisation, TMEM and tcgen05 MMA) lowered
                   for real: each `interpret=InterpretGPUParams(...)` argument becomes `interpret=False`
                   (pl.pallas_call's without compiler_params: `compiler_params=plgpu.CompilerParams()`,
                   the Mosaic GPU backend the interpreter stood for), the line count kept;
  famheld4/tests/  tests/pallas/mgpu_ragged_dot_test.py's Hopper ragged dot tests and
                   mgpu_attention_test.py's forward flash attention test (famheld took the backward one),
                   sizes scaled down (the reference runs on the CPU), the CUDA version answered.
Tests that expect an error, print, or patch internals are left out (EXCLUDE), and so are the
interpreter's tests of what only the interpreter accepts (a `@` matmul inside the kernel,
force_gpu_interpret_mode, skip_floating_point_ops, mpmd). A test parameterized by
`parameters(range(a, b))` is called with a.
Stage 1 (no --keep): the clean bases, to be labelled (label.py --only famheld4).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of
each, sampled with a fixed seed. Nothing here decides whether a mutant fails: label.py lowers it.
Dropped bases and why: OUT/famheld4_dropped.json.

The commands that built /work/famheld4-out (from bench/corpus/):
  PY="--python 0.10.2=/work/main/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \\
      --python 0.12.0.1=/work/main/.venv-jax012/bin/python"
  python3 build_famheld4.py /work/famheld4-out --jax-src /work/.mirror/jax-ml+jax/repo
  nice -n 10 python3 label.py /work/famheld4-out --jobs 2 --only famheld4 $PY
  cp /work/famheld4-out/labels.json /tmp/famheld4_stage1.json
  python3 build_famheld4.py /work/famheld4-out --jax-src /work/.mirror/jax-ml+jax/repo \\
      --keep /tmp/famheld4_stage1.json --per-base 8 --per-op 1
  nice -n 10 python3 label.py /work/famheld4-out --jobs 2 --only famheld4 $PY
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import re
from pathlib import Path

from famheld4_mutate import famheld4_mutants

_build = importlib.import_module("build")
_self_calls, read_jax_file = _build._self_calls, _build.read_jax_file
_families = importlib.import_module("build_families")
_first_params, _test_file = _families._first_params, _families._test_file
_famheld = importlib.import_module("build_famheld")
_first_of_product, _adapt = _famheld._first_of_product, _famheld._adapt
_famheld3 = importlib.import_module("build_famheld3")

MOSAIC = "tests/pallas/mosaic_gpu_test.py"
# (test file, class that defines the tests, tests: None for every test that passes EXCLUDE).
TEST_SOURCES = (
    # `families`' classes: tests its FAMILY_API never made candidates, famheld2 / famheld3 did not list
    # (test_memory_space_like and test_planar_snake launch no kernel).
    (MOSAIC, "PallasCallTest", (
        "test_jitted_function_containing_multiple_pallas_calls", "test_unary_op", "test_sign",
        "test_binary_op", "test_lax_div_int_rounding", "test_scalar_reduce", "test_reshape",
        "test_reshape_tiled", "test_reshape_splat", "test_slice_untiled_dim", "test_concatenate",
        "test_squeeze_to_scalar", "test_add_doubled_sum", "test_layer_norm", "test_swap_scalar_constant",
        "test_check", "test_scalar_load_store", "test_run_scoped", "test_fori_loop_array",
        "test_fori_loop_array_unrolled", "test_fori_loop_indexed_store", "test_while_loop",
        "test_cond_constant_output", "test_profiler", "test_profiler_warp_scope",
        "test_profiler_bounds_check_truncates", "test_optimization_barrier_constant", "test_subbyte_upcast",
        "test_reduce_with_layout", "test_cross_warp_reduction", "test_vmap_kernel",
        "test_replicated_layout")),
    (MOSAIC, "ExamplesTest", ("test_stage0", "test_stage1")),
    (MOSAIC, "HelpersTest", ("test_dynamic_work_scheduling_with_carry",)),
    (MOSAIC, "DistributedTest", ("test_lowering_with_explicit_sharding",)),
    # The GPU interpreter's tests, lowered for real.
    ("tests/pallas/gpu_pallas_interpret_test.py", "InterpretTest", None),
    ("tests/pallas/gpu_pallas_interpret_cluster_barrier_test.py", "GpuPallasInterpretClusterBarrierTest",
     None),
    ("tests/pallas/gpu_pallas_interpret_race_detection_test.py", "InterpretTest", None),
    ("tests/pallas/gpu_pallas_interpret_tcgen05_race_detection_test.py", "TCGen05RaceDetectionTest", None),
    # Tests of installed ops kernels no earlier set's tests took.
    ("tests/pallas/mgpu_ragged_dot_test.py", "RaggedDotTestCase",
     ("test_ragged_dot", "test_ragged_dot_shard_map_check_vma")),
    ("tests/pallas/mgpu_attention_test.py", "FlashAttentionTestCase", ("test_flash_attention",)),
)
# Tests a CPU lowering cannot judge or that expect an error (famheld3's), and the interpreter's tests of
# what only the interpreter accepts.
EXCLUDE = re.compile(_famheld3.EXCLUDE.pattern.replace("|interpret", "")
                     + r"|force_gpu_interpret_mode|skip_floating_point_ops|mpmd|\] @ |_raises\b")
# Line-for-line host adaptations (each keeps the line count): famheld3's, and the sizes of the ops tests
# (their reference runs on the CPU).
TEST_ADAPT = (*_famheld3.TEST_ADAPT, (re.compile(r"\b16 \* 1024\b"), "1024"),
              (re.compile(r"\bm, k, n = 1024, 2048, 1024\b"), "m, k, n = 1024, 512, 1024"))
# What a module's __main__ sets before the call (famheld's host answers).
HOST = {
    "tests/pallas/mgpu_attention_test.py": (
        "import types", "cuda_versions = types.SimpleNamespace(cuda_runtime_get_version=lambda: 12090)",
        "attention_mgpu.cuda_versions = cuda_versions"),
}

Base = tuple[str, str, list[tuple[int, int]]]


def _deinterpret(source: str, method: ast.FunctionDef, helpers: list[ast.FunctionDef]) -> str:
    """``source`` with each `interpret=...` keyword of the method (and its helpers) written as
    `interpret=False`, or for a pl.pallas_call without compiler_params as
    `compiler_params=plgpu.CompilerParams()`; newlines of the old argument kept, so no line moves."""
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    edits = []
    for root in (method, *helpers):
        for node in ast.walk(root):
            if not isinstance(node, ast.Call):
                continue
            func = ast.unparse(node.func)
            target = ast.unparse(node.args[0]) if func.endswith("partial") and node.args else func
            has_params = any(k.arg == "compiler_params" for k in node.keywords)
            for kw in node.keywords:
                if kw.arg != "interpret":
                    continue
                start = offsets[kw.lineno - 1] + kw.col_offset
                end = offsets[kw.end_lineno - 1] + kw.end_col_offset
                old = source[start:end]
                new = ("compiler_params=plgpu.CompilerParams()"
                       if target.endswith("pallas_call") and not has_params else "interpret=False")
                edits.append((start, end, new + "\n" * old.count("\n")))
    for start, end, new in sorted(edits, reverse=True):
        source = source[:start] + new + source[end:]
    return source


def test_bases(jax_src: Path, dropped: dict) -> list[Base]:
    found: list[Base] = []
    for rel, cls_name, wanted in TEST_SOURCES:
        source = read_jax_file(jax_src, rel)
        tree = ast.parse(source)
        main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                          and "__main__" in ast.unparse(node.test))
        classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        all_methods = {m.name: m for cls in classes.values() for m in cls.body
                       if isinstance(m, ast.FunctionDef)}
        methods = {m.name: m for m in classes[cls_name].body if isinstance(m, ast.FunctionDef)}
        for name, method in methods.items():
            if not name.startswith("test_") or (wanted and name not in wanted):
                continue
            stem = f"{Path(rel).stem}.{cls_name}.{name}"
            helper_names = _self_calls(method) - {"kernel", "skipTest", "assertAllClose", "enter_context",
                                                  "pallas_call"}
            helpers = [methods.get(h) or all_methods[h] for h in sorted(helper_names)
                       if h in methods or h in all_methods]
            lines = source.splitlines(keepends=True)
            text = "".join(lines[method.lineno - 1:method.end_lineno]) + "".join(
                "".join(lines[h.lineno - 1:h.end_lineno]) for h in helpers)
            if excluded := EXCLUDE.search(text):
                dropped[stem] = (f"uses {excluded.group(0)!r}: an expected error, printed output, inline "
                                 "MLIR, a mock, or what only the GPU interpreter accepts")
                continue
            args = _first_params(method, source)
            if args is None:
                args = _first_of_product(method, source)
            if args is None:
                dropped[stem] = "parameterization not a literal list"
                continue
            args = re.sub(r"\b4096\b", "512", args)
            # @parameterized.parameters(range(a, b)): its first value.
            if first := re.fullmatch(r"range\((\d+), \d+\)", args):
                args = first.group(1)
            mod = _deinterpret(source, method, helpers) if "interpret" in rel else source
            mod_lines = mod.splitlines(keepends=True)
            ranges = [(method.lineno, method.end_lineno)] + [(h.lineno, h.end_lineno) for h in helpers]
            text = _adapt(_test_file(mod, mod_lines, method, main_guard.lineno, cls_name, args),
                          TEST_ADAPT)
            if host := HOST.get(rel):
                guard = "if __name__ == '__main__':\n"
                text = text.replace(guard, guard + "".join(f"  {line}  # host adaptation\n" for line in host))
            # The driver's call line too: its arguments are the test's configuration.
            last = text.rstrip("\n").count("\n") + 1
            found.append((stem, text, [*ranges, (last, last)]))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--jax-src", type=Path, required=True)
    ap.add_argument("--keep", type=Path, help="labels.json of stage 1: mutate the bases clean under all")
    ap.add_argument("--per-base", type=int, default=6)
    ap.add_argument("--per-op", type=int, default=1, help="mutants of each chosen operator per base")
    ap.add_argument("--seed", type=int, default=2030)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    dropped: dict[str, str] = {}
    bases = [("tests", *b) for b in test_bases(a.jax_src, dropped)]
    labels = json.loads(a.keep.read_text()) if a.keep else None

    def up_to_per_op(by_op: dict[str, list], ops: list[str], rng: random.Random) -> list:
        return [m for op in ops for m in rng.sample(by_op[op], min(a.per_op, len(by_op[op])))]

    _famheld.write_mutation_set(a.out, "famheld4", bases, labels, dropped, famheld4_mutants,
                                a.per_base, up_to_per_op, rng)


if __name__ == "__main__":
    main()
