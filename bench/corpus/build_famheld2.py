"""Build the second held-out families corpus `famheld2` (issue 27): JAX code neither `families` nor
`famheld` used, and one-edit mutants of it by famheld2_mutate.py (the families of the newest checks:
semaphores, TMA windows, wgmma limits, accumulator stores, bitcasts, 8-bit arithmetic,
pl.pallas_call's arguments, layout_cast of scalars).

usage: build_famheld2.py OUT --jax-src PATH --site-packages PATH [--keep LABELS] [--per-base N] [--seed S]

Sources (all JAX's own code, never committed: OUT is outside the repository):
  famheld2/tests/  test methods of tests/pallas/mosaic_gpu_test.py that `families` left out (its
                   SemaphoreTest, which it excluded; TMA copy tests it did not sample; the warpgroup-
                   semantics twins of its Lane-semantics wgmma / aliasing / layout_cast tests: the same
                   bodies through the other lowering) and of tests/pallas/pallas_test.py (pl.pallas_call
                   with BlockSpecs, grids and input_output_aliases on the default GPU backend), one
                   test and its first parameter set per file, harness kept (build_families.py's
                   extraction, build_famheld.py's product parameters and host adaptations);
  famheld2/ops/    the installed ops/gpu Triton-backend kernels (attention's mha, decode_attention's
                   mqa, softmax, layer_norm, rms_norm: pl.pallas_call with grids and BlockSpecs), the
                   module's source with a driver that calls it once on small inputs;
  famheld2/docs/   the three kernels of docs/pallas/gpu/quickstart.md (fill, a grid iota, the
                   pipelined wgmma matmul), with the page's imports and a call on small inputs.
Stage 1 (no --keep): the clean bases, to be labelled (label.py --only famheld2).
Stage 2 (--keep OUT/labels.json): the bases clean under every labelled release, each with up to
--per-base operators, the ones the earlier bases got least first, and up to --per-op mutants of
each, sampled with a fixed seed. Nothing here decides whether a mutant fails: label.py lowers it.
Dropped bases and why: OUT/famheld2_dropped.json.

The commands that built /work/famheld2-out (from bench/corpus/, the worktree's .venv; W=/work/wt-famheld2):
  python build_famheld2.py /work/famheld2-out --jax-src /work/.mirror/jax-ml+jax/repo \
      --site-packages $W/.venv-jax010/lib/python3.11/site-packages
  nice -n 10 python label.py /work/famheld2-out --jobs 1 --only famheld2 \
      --python 0.10.2=$W/.venv-jax010/bin/python --python 0.11.2=/work/jaxenvs/0.11.2/bin/python \
      --python 0.12.0.1=$W/.venv-jax012/bin/python
  python build_famheld2.py /work/famheld2-out --jax-src ... --keep /work/famheld2-out/labels.json
  nice -n 10 python label.py /work/famheld2-out ...                                 (same arguments)
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import re
from pathlib import Path

from famheld2_mutate import famheld2_mutants

_build = importlib.import_module("build")
_self_calls, read_jax_file, write = _build._self_calls, _build.read_jax_file, _build.write
_families = importlib.import_module("build_families")
_first_params, _test_file, clean_everywhere = (_families._first_params, _families._test_file,
                                               _families.clean_everywhere)
_famheld = importlib.import_module("build_famheld")
_first_of_product, _adapt, _md_block, DOCS_PRELUDE = (_famheld._first_of_product, _famheld._adapt,
                                                      _famheld._md_block, _famheld.DOCS_PRELUDE)

MOSAIC = "tests/pallas/mosaic_gpu_test.py"
PALLAS = "tests/pallas/pallas_test.py"
# (test file, class that defines the test, test, classes whose __main__ runs it).
TESTS = (
    # Semaphores: the class `families` excluded.
    *((MOSAIC, "SemaphoreTest", name, ("SemaphoreTest", "SemaphoreWGTest")) for name in (
        "test_global_semaphore", "test_global_semaphore_with_multiple_threads",
        "test_multiple_get_global_semaphores", "test_get_global_in_and_outside_control_flow")),
    *((MOSAIC, "SemaphoreTest", name, ("SemaphoreTest",)) for name in (
        "test_global_semaphore_with_multiple_warps", "test_multiple_semaphore_scopes", "test_basic",
        "test_lowering")),
    (MOSAIC, "PallasCallTest", "test_discharge_comms_effect", ("PallasCallTest",)),
    (MOSAIC, "PallasCallTest", "test_lower_with_abstract_mesh", ("PallasCallTest",)),
    # TMA copies `families` did not sample.
    *((MOSAIC, "PallasCallTest", name, ("PallasCallTest", "PallasCallWGTest")) for name in (
        "test_copy_gmem_to_smem", "test_copy_gmem_to_smem_dynamic_slice", "test_copy_gmem_to_smem_squeeze",
        "test_collective_copy_gmem_to_smem", "test_copy_gmem_to_smem_with_multiple_gmem_indexers",
        "test_tma_load_multicast")),
    (MOSAIC, "PallasCallWarpPrimitiveSemanticsTest", "test_copy_gmem_to_smem_from_different_warps",
     ("PallasCallWarpPrimitiveSemanticsTest",)),
    (MOSAIC, "PipelineTest", "test_emit_in_specs_only", ("PipelineTest", "PipelineWGTest")),
    (MOSAIC, "WarpSpecializedPipelineTest", "test_elementwise_add", ("WarpSpecializedPipelineTest",)),
    # Bitcasts.
    (MOSAIC, "PallasCallTest", "test_bitcast_convert_type", ("PallasCallTest", "PallasCallWGTest")),
    # The warpgroup-semantics twins of tests `families` took in their Lane-semantics class.
    *((MOSAIC, "PallasCallTest", name, ("PallasCallWGTest",)) for name in (
        "test_input_output_aliases", "test_layout_cast")),
    *((MOSAIC, "PallasCallSm90ATest", name, ("PallasCallSm90AWGTest",)) for name in (
        "test_wgmma", "test_wgmma_integer", "test_wgmma_registers", "test_wgmma_registers_8bit",
        "test_wgmma_registers_init", "test_wgmma_sliced_ref", "test_wgmma_sliced_acc_read",
        "test_wgmma_sliced_acc_flip")),
    (MOSAIC, "PallasCallSm90ATest", "test_wgmma_accumulator_load_with_custom_wait",
     ("PallasCallSm90ATest", "PallasCallSm90AWGTest")),
    # pl.pallas_call with BlockSpecs, grids and aliases on the default GPU backend.
    (PALLAS, "PallasTest", "test_add_one_2d", ("PallasTest",)),
    (PALLAS, "PallasCallElementIndexingTest", "test_element_indexing", ("PallasCallElementIndexingTest",)),
    (PALLAS, "PallasCallInputOutputAliasingTest", "test_vector_input_output_aliasing",
     ("PallasCallInputOutputAliasingTest",)),
    (PALLAS, "PallasControlFlowTest", "test_fori", ("PallasControlFlowTest",)),
)

# Line-for-line adaptations to a CPU host (each keeps the line count): build_famheld.py's, and the
# CUDA-only input size of the aliasing test (its 1024 would be a 128 MiB input on this host).
TEST_ADAPT = (*_famheld.TEST_ADAPT, (re.compile(r"jtu\.is_device_cuda\(\)"), "True"))

# docs/pallas/gpu/quickstart.md: (a line of the block, the call appended when the page makes none).
QUICKSTART = (
    ("def fill_42(o_ref):", ""),
    ("def iota(o_ref):", ""),
    ("def matmul(a, b, tile_m=128, tile_n=128, tile_k=64, out_dtype=jnp.float16):",
     "\na = jnp.ones((256, 256), jnp.float16)\nb = jnp.ones((256, 256), jnp.float16)\n"
     "print(matmul(a, b).shape)\n"),
)

# (module of jax/experimental/pallas/ops/gpu, driver body): the pl.pallas_call kernels on the default
# GPU backend (Triton), which neither earlier corpus used.
OPS_CASES = (
    ("attention", """\
  q = jnp.ones((1, 256, 2, 64), jnp.float16)
  k = jnp.ones((1, 256, 2, 64), jnp.float16)
  v = jnp.ones((1, 256, 2, 64), jnp.float16)
  print(mha(q, k, v, None).shape)
"""),
    ("decode_attention", """\
  q = jnp.ones((2, 16, 64), jnp.float16)
  k = jnp.ones((2, 1024, 64), jnp.float16)
  v = jnp.ones((2, 1024, 64), jnp.float16)
  print(mqa(q, k, v).shape)
"""),
    ("softmax", """\
  x = jnp.ones((16, 256), jnp.float32)
  print(softmax(x).shape)
"""),
    ("layer_norm", """\
  x = jnp.ones((2, 8, 256), jnp.float32)
  w = jnp.ones((256,), jnp.float32)
  b = jnp.zeros((256,), jnp.float32)
  print(layer_norm(x, w, b).shape)
"""),
    ("rms_norm", """\
  x = jnp.ones((2, 8, 256), jnp.float32)
  w = jnp.ones((256,), jnp.float32)
  b = jnp.zeros((256,), jnp.float32)
  print(rms_norm(x, w, b).shape)
"""),
)

Base = tuple[str, str, list[tuple[int, int]]]


def test_bases(jax_src: Path, dropped: dict) -> list[Base]:
    found: list[Base] = []
    sources: dict[str, str] = {}
    for rel, cls_name, name, variants in TESTS:
        source = sources.setdefault(rel, read_jax_file(jax_src, rel))
        tree = ast.parse(source)
        lines = source.splitlines(keepends=True)
        main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                          and "__main__" in ast.unparse(node.test))
        classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        all_methods = {m.name: m for cls in classes.values() for m in cls.body
                       if isinstance(m, ast.FunctionDef)}
        methods = {m.name: m for m in classes[cls_name].body if isinstance(m, ast.FunctionDef)}
        method = methods.get(name)
        if method is None:
            dropped[f"{cls_name}.{name}"] = f"no such test in {rel} at this JAX commit"
            continue
        helper_names = _self_calls(method) - {"kernel", "skipTest", "assertAllClose", "enter_context",
                                              "pallas_call"}
        helpers = [methods.get(h) or all_methods[h] for h in sorted(helper_names)
                   if h in methods or h in all_methods]
        args = _first_params(method, source)
        if args is None:
            args = _first_of_product(method, source)
        if args is None:
            dropped[f"{cls_name}.{name}"] = "parameterization not a literal list"
            continue
        ranges = [(method.lineno, method.end_lineno)] + [(h.lineno, h.end_lineno) for h in helpers]
        for variant in variants:
            text = _adapt(_test_file(source, lines, method, main_guard.lineno, variant, args), TEST_ADAPT)
            # The driver's call line too: its arguments are the test's configuration.
            last = text.rstrip("\n").count("\n") + 1
            found.append((f"{Path(rel).stem}.{variant}.{name}", text, [*ranges, (last, last)]))
    return found


def ops_bases(site: Path) -> list[Base]:
    """Each module's source (from the site-packages of the oldest release, whose copy every later
    interpreter parses) with a driver; every line may be edited."""
    found: list[Base] = []
    for module, body in OPS_CASES:
        text = (site / "jax" / "experimental" / "pallas" / "ops" / "gpu" / f"{module}.py").read_text(
            encoding="utf-8")
        text = text.rstrip("\n") + "\n\n\nif __name__ == \"__main__\":\n" + body
        found.append((module, text, [(1, text.count("\n"))]))
    return found


def docs_bases(jax_src: Path) -> list[Base]:
    page = read_jax_file(jax_src, "docs/pallas/gpu/quickstart.md")
    found: list[Base] = []
    for index, (first_line, call) in enumerate(QUICKSTART):
        text = DOCS_PRELUDE + "\n" + _md_block(page, first_line) + call
        start = DOCS_PRELUDE.count("\n") + 2
        found.append((f"gpu_quickstart.{index}", text, [(start, text.count("\n"))]))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--jax-src", type=Path, required=True)
    ap.add_argument("--site-packages", type=Path, required=True, help="site-packages of the oldest release")
    ap.add_argument("--keep", type=Path, help="labels.json of stage 1: mutate the bases clean under all")
    ap.add_argument("--per-base", type=int, default=8)
    ap.add_argument("--per-op", type=int, default=3, help="mutants of each chosen operator per base")
    ap.add_argument("--seed", type=int, default=2028)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    dropped: dict[str, str] = {}
    bases = [("tests", *b) for b in test_bases(a.jax_src, dropped)] + \
            [("ops", *b) for b in ops_bases(a.site_packages)] + \
            [("docs", *b) for b in docs_bases(a.jax_src)]
    labels = json.loads(a.keep.read_text()) if a.keep else None

    def up_to_per_op(by_op: dict[str, list], ops: list[str], rng: random.Random) -> list:
        # Up to --per-op mutants of each chosen operator (these families have few sites per base).
        return [m for op in ops for m in rng.sample(by_op[op], min(a.per_op, len(by_op[op])))]

    _famheld.write_mutation_set(a.out, "famheld2", bases, labels, dropped, famheld2_mutants,
                                a.per_base, up_to_per_op, rng)


if __name__ == "__main__":
    main()
