"""Build the `families` corpus (issue 27): kernels nobody on the team wrote, and one-edit mutants of them.

usage: build_families.py OUT --jax-src PATH --site-packages PATH [--keep LABELS] [--per-base N] [--seed S]

Two sources, both JAX's own code (never committed: OUT is outside the repository):
  families/tests/  test methods of tests/pallas/mosaic_gpu_test.py (read from --jax-src, a JAX
                   checkout or the bare git directory the search tool's fetch makes), one test
                   and one parameter set per file, keeping the harness (absltest, parameterized,
                   jtu, the metaclass, self.kernel / self.pallas_call) and calling that test from
                   the file's __main__ block (build.py's way with the distributed tests);
  families/ops/    the Hopper kernels of the installed jax.experimental.pallas.ops.gpu (hopper
                   matmul, mixed-type matmul, ragged dot, transposed ragged dot, attention), their
                   source copied from --site-packages into the file, the module's own __main__
                   replaced by a driver that calls the kernel once on small inputs with a
                   config written in the driver.

Stage 1 (no --keep): only the clean bases, to be labelled (label.py --only families).
Stage 2 (--keep OUT/labels.json of stage 1): the bases that lowered cleanly under every release
labelled, each with up to --per-base family mutants (family_mutate.py), sampled with a fixed
seed, at most one per operator per base first. Why a base was dropped is written to
OUT/families_dropped.json. Nothing here decides whether a mutant fails: label.py lowers it.
"""

from __future__ import annotations

import argparse
import ast
import collections
import importlib
import json
import random
import re
import textwrap
from pathlib import Path

from family_mutate import family_mutants

# bench/corpus/build.py, imported by name: ruff files a plain `from build import` under
# first- or third-party depending on whether a build/ folder exists (the .vsix's, ignored).
_build = importlib.import_module("build")
_self_calls, read_jax_file, write = _build._self_calls, _build.read_jax_file, _build.write

MOSAIC_TEST = "tests/pallas/mosaic_gpu_test.py"
# Hopper and architecture-neutral test classes (the Lane-semantics ones: their Warpgroup twins
# run the same bodies).
TEST_CLASSES = ("PallasCallTest", "PallasCallSm90ATest", "PipelineTest", "PipelineSm90ATest",
                "WarpSpecializedPipelineTest", "ExamplesTest", "ExamplesSm90ATest", "HelpersTest",
                "CoreMapTest")
# A test is a base when its body (with the helpers it calls) uses what the families are about ...
FAMILY_API = re.compile(r"SwizzleTransform|TilingTransform|copy_gmem_to_smem|copy_smem_to_gmem|wgmma"
                        r"|Barrier\(|emit_pipeline|layout_cast|BlockSpec|cluster|plgpu\.ACC|num_threads"
                        r"|iota|broadcast|jnp\.exp|jnp\.tanh|jnp\.log")
# ... and not what lowering on a CPU host for sm_90a cannot judge (Blackwell, run-time output,
# tests that expect an error, JAX internals patched by mocks).
EXCLUDE = re.compile(r"tcgen05|TMEM|tmem|assertRaises|capture_stdout|float8|inline_mgpu|export\.|mock\."
                     r"|RefUnion|mpmd|interpret|profile|debug_print|semaphore|Semaphore|_array_splat"
                     r"|_get_linearized|skipTest|collective_axes=\"cluster\"|assertIn\(|ir\.|mgpu\.")
MAX_TESTS = 130

# Line-for-line adaptations of the copied ops sources to a host without a GPU (each keeps the line
# count): the SM count and the CUDA runtime version are asked of the device; the driver answers
# for an H100 with CUDA 12.9.
OPS_ADAPT = (
    (re.compile(r"backend\.get_default_device\(\)\.core_count|jax\.devices\(\)\[0\]\.core_count"),
     "132  # adapted: an H100's SM count (no GPU on this host)"),
    (re.compile(r"assert cuda_versions is not None"), "pass  # adapted: no CUDA runtime on this host"),
    (re.compile(r"cuda_versions\.cuda_runtime_get_version\(\)"), "12090  # adapted: CUDA 12.9"),
)

OPS_DRIVER = '''

if __name__ == "__main__":
  # One call of the kernel on small inputs (the module's own __main__ sweeps configs on a GPU).
{body}'''

# (module, driver body): every config value is written in the driver, as a user of the op writes it.
OPS_CASES = (
    ("hopper_matmul_mgpu", """\
  get_num_sms = lambda: 132  # an H100's SM count: this host has no GPU to ask
  a = jnp.ones((1024, 512), jnp.float16)
  b = jnp.ones((512, 1024), jnp.float16)
  config = TuningConfig(
      tile_m=128,
      tile_n=128,
      tile_k=64,
      max_concurrent_steps=4,
      epi_tile_n=64,
      epi_tile_m=64,
      grid_minor_dim=MatmulDimension.N,
      grid_tile_width=4,
      wg_dimension=MatmulDimension.N,
  )
  out = jax.jit(functools.partial(matmul, config=config))(a, b, None)
  print(out.shape)
"""),
    ("hopper_matmul_mgpu", """\
  get_num_sms = lambda: 132  # an H100's SM count: this host has no GPU to ask
  a = jnp.ones((1024, 1024), jnp.bfloat16)
  b = jnp.ones((1024, 512), jnp.bfloat16)
  c = jnp.zeros((1024, 512), jnp.bfloat16)
  config = TuningConfig(
      tile_m=128,
      tile_n=64,
      tile_k=64,
      max_concurrent_steps=2,
      epi_tile_n=None,
      epi_tile_m=None,
      grid_minor_dim=MatmulDimension.M,
      grid_tile_width=2,
      wg_dimension=MatmulDimension.M,
      cluster_dimension=MatmulDimension.N,
  )
  out = jax.jit(functools.partial(matmul, config=config))(a, b, c)
  print(out.shape)
"""),
    ("hopper_mixed_type_matmul_mgpu", """\
  get_num_sms = lambda: 132  # an H100's SM count: this host has no GPU to ask
  a = jnp.ones((1024, 512), jnp.int8)
  b = jnp.ones((512, 1024), jnp.bfloat16)
  config = TuningConfig(
      tile_m=128,
      tile_n=128,
      tile_k=64,
      max_concurrent_steps=4,
      epi_tile_n=64,
      epi_tile_m=64,
      grid_minor_dim=MatmulDimension.N,
      grid_tile_width=4,
      wg_dimension=MatmulDimension.N,
  )
  kernel = functools.partial(mixed_matmul_kernel, out_dtype=jnp.bfloat16, config=config)
  out = jax.jit(kernel)(a, b)
  print(out.shape)
"""),
    ("ragged_dot_mgpu", """\
  m, k, n, num_groups = 1024, 512, 512, 4
  lhs = jnp.ones((m, k), jnp.float16)
  rhs = jnp.ones((num_groups, k, n), jnp.float16)
  group_sizes = jnp.array([256, 256, 256, 256], jnp.int32)
  out = jax.jit(functools.partial(
      ragged_dot,
      block_m=128,
      block_n=128,
      block_k=64,
      max_concurrent_steps=4,
      grid_block_n=2,
  ))(lhs, rhs, group_sizes=group_sizes)
  print(out.shape)
"""),
    ("transposed_ragged_dot_mgpu", """\
  k, m, n, num_groups = 1024, 256, 256, 4
  lhs = jnp.ones((k, m), jnp.float16)
  rhs = jnp.ones((k, n), jnp.float16)
  group_sizes = jnp.array([256, 256, 256, 256], jnp.int32)
  out = jax.jit(functools.partial(
      transposed_ragged_dot,
      block_m=64,
      block_n=64,
      block_k=64,
      max_concurrent_steps=2,
      grid_block_n=1,
  ))(lhs, rhs, group_sizes=group_sizes)
  print(out.shape)
"""),
    ("attention_mgpu", """\
  batch_size, seq_len, num_heads, head_dim = 1, 1024, 2, 128
  q = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  k = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  v = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  config = TuningConfig(block_q=64, block_kv=128, max_concurrent_steps=2)
  out = jax.jit(functools.partial(attention, config=config))(q, k, v)
  print(out.shape)
"""),
    ("attention_mgpu", """\
  batch_size, seq_len, num_heads, head_dim = 1, 1024, 2, 64
  q = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  k = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  v = jnp.ones((batch_size, seq_len, num_heads, head_dim), jnp.float16)
  config = TuningConfig(block_q=64, block_kv=64, max_concurrent_steps=2)
  out = jax.jit(functools.partial(attention_with_pipeline_emitter, config=config))(q, k, v)
  print(out.shape)
"""),
)


# ---------------------------------------------------------------- JAX's tests

def _first_params(method: ast.FunctionDef, source: str) -> str | None:
    """The argument list (source text) of the method's first parameter set without float8; '' when the
    method takes none; None when its parameterization is not a literal this builder can read."""
    for deco in method.decorator_list:
        if not isinstance(deco, ast.Call):
            continue
        name = ast.unparse(deco.func)
        seg = lambda node: ast.get_source_segment(source, node)  # noqa: E731
        if name.endswith("parameterized.parameters"):
            for arg in deco.args:
                text = seg(arg)
                if "float8" in text:
                    continue
                if isinstance(arg, ast.Tuple):
                    return ", ".join(seg(e) for e in arg.elts)
                if isinstance(arg, ast.Dict) or (isinstance(arg, ast.Call)
                                                 and ast.unparse(arg.func) == "dict"):
                    return f"**{text}"
                return text
            return None
        if name.endswith("parameterized.named_parameters"):
            for arg in deco.args:
                if "float8" in seg(arg):
                    continue
                if isinstance(arg, ast.Tuple) and len(arg.elts) >= 1:
                    return ", ".join(seg(e) for e in arg.elts[1:])
                if isinstance(arg, ast.Call) and ast.unparse(arg.func) == "dict":
                    return ", ".join(f"{k.arg}={seg(k.value)}" for k in arg.keywords
                                     if k.arg != "testcase_name")
            return None
        if name.endswith("parameterized.product"):
            chosen = []
            for kw in deco.keywords:
                if not isinstance(kw.value, (ast.Tuple, ast.List)) or not kw.value.elts:
                    return None
                first = next((e for e in kw.value.elts if "float8" not in seg(e)), None)
                if first is None:
                    return None
                chosen.append(f"{kw.arg}={seg(first)}")
            return ", ".join(chosen)
    return ""


def _test_file(source: str, lines: list[str], method: ast.FunctionDef, main_line: int, cls: str,
               args: str) -> str:
    """The test module with this method's decorators blanked (every line keeps its number) and a
    __main__ that calls it with one parameter set (setUp, which skips off a GPU, is not run)."""
    out = list(lines)
    for deco in method.decorator_list:
        for i in range(deco.lineno - 1, deco.end_lineno):
            out[i] = "\n"
    driver = textwrap.dedent(f"""\
        if __name__ == '__main__':
          # One test of the suite, run directly (setUp skips every test off a GPU).
          {cls}().{method.name}({args})
        """)
    return "".join(out[:main_line - 1]) + driver


Base = tuple[str, str, list[tuple[int, int]]]


def test_bases(jax_src: Path, rng: random.Random, dropped: dict) -> list[Base]:
    """(stem, text, line ranges its mutants may edit) for each chosen test of mosaic_gpu_test.py."""
    source = read_jax_file(jax_src, MOSAIC_TEST)
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                      and "__main__" in ast.unparse(node.test))
    module_functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    found = []
    for cls_name in TEST_CLASSES:
        cls = classes[cls_name]
        methods = {m.name: m for m in cls.body if isinstance(m, ast.FunctionDef)}
        for name, method in methods.items():
            if not name.startswith("test_"):
                continue
            helpers = [methods[h] for h in _self_calls(method) if h in methods]
            text = "".join(lines[method.lineno - 1:method.end_lineno]) + "".join(
                "".join(lines[h.lineno - 1:h.end_lineno]) for h in helpers)
            stem = f"{cls_name}.{name}"
            called = {n.id for n in ast.walk(method) if isinstance(n, ast.Name)} & set(module_functions)
            if not FAMILY_API.search(text):
                continue
            if EXCLUDE.search(text) or called - {"_fori_loop", "_sum_same_dtype"}:
                dropped[stem] = "uses what a CPU lowering for sm_90a cannot judge (Blackwell, run-time "\
                                "output, an expected error, inline MLIR, a mock)"
                continue
            args = _first_params(method, source)
            if args is None:
                dropped[stem] = "parameterization not a literal list"
                continue
            ranges = [(method.lineno, method.end_lineno)] + [(h.lineno, h.end_lineno) for h in helpers]
            found.append((stem, _test_file(source, lines, method, main_guard.lineno, cls_name, args), ranges))
    if len(found) > MAX_TESTS:
        kept = set(rng.sample(range(len(found)), MAX_TESTS))
        for index, (stem, _, _) in enumerate(found):
            if index not in kept:
                dropped[stem] = f"not sampled (more than {MAX_TESTS} candidates)"
        found = [f for index, f in enumerate(found) if index in kept]
    return found


# ---------------------------------------------------------------- JAX's ops/gpu kernels

def ops_bases(sites: list[Path], dropped: dict) -> list[Base]:
    """Each case's module source from the first site-packages whose copy parses as Python 3.11 (the
    interpreter of JAX 0.10.2: 0.12's attention_mgpu uses 3.12's `class C[T]` syntax)."""
    found = []
    for index, (module, body) in enumerate(OPS_CASES):
        source = tree = None
        for site in sites:
            text = (site / "jax" / "experimental" / "pallas" / "ops" / "gpu" / f"{module}.py").read_text(
                encoding="utf-8")
            try:
                tree = ast.parse(text, feature_version=(3, 11))
            except SyntaxError:
                continue
            source = text
            break
        if source is None or tree is None:
            dropped[f"{module}.{index}"] = "no copy of the module parses as Python 3.11"
            continue
        main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                          and "__main__" in ast.unparse(node.test))
        lines = source.splitlines(keepends=True)
        for i, line in enumerate(lines):
            for pattern, new in OPS_ADAPT:
                if pattern.search(line):
                    code = pattern.sub(new.split("  #")[0], line.rstrip("\n"))
                    lines[i] = code + ("  #" + new.split("  #")[1] if "#" not in line else "") + "\n"
        text = "".join(lines[:main_guard.lineno - 1]).rstrip("\n") + "\n" + OPS_DRIVER.format(body=body)
        # The module's own benchmark main() is never called by the driver: its mutants would stay clean.
        sweep = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main"), None)
        ranges = [(1, text.count("\n"))] if sweep is None else \
            [(1, sweep.lineno - 1), (sweep.end_lineno + 1, text.count("\n"))]
        found.append((f"{module}.{index}", text, ranges))
    return found


# ---------------------------------------------------------------- the corpus

def clean_everywhere(labels: dict, rel: str) -> bool:
    by_version = labels.get(rel, {})
    return bool(by_version) and all(rec.get("outcome") == "ok" for rec in by_version.values())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--jax-src", type=Path, required=True)
    ap.add_argument("--site-packages", type=Path, action="append", required=True,
                    help="site-packages of an installed jax (ops/ sources); repeat: the first that "
                         "parses wins")
    ap.add_argument("--keep", type=Path, help="labels.json of stage 1: mutate the bases clean under all")
    ap.add_argument("--per-base", type=int, default=2, help="mutants per test base")
    ap.add_argument("--per-ops-base", type=int, default=8, help="mutants per ops/ base")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--extra", action="append", default=[], metavar="OP=N",
                    help="up to N more mutants of operator OP per base (families the sample left empty)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    dropped: dict[str, str] = {}
    bases = [("tests", *b) for b in test_bases(a.jax_src, rng, dropped)] + \
            [("ops", *b) for b in ops_bases(a.site_packages, dropped)]
    labels = json.loads(a.keep.read_text()) if a.keep else None
    manifest_path = a.out / "manifest.json"
    manifest: dict = {}
    given: collections.Counter = collections.Counter()
    extras = {op: int(n) for op, _, n in (item.partition("=") for item in a.extra)}
    extra_rng = random.Random(a.seed + 1)
    for part, stem, text, ranges in bases:
        rel = f"families/{part}/{stem}.py"
        if labels is not None and not clean_everywhere(labels, rel):
            first = next((f"{ver}: {rec.get('outcome')} {rec.get('exc_type') or rec.get('why') or ''} "
                          f"{(rec.get('message') or '')[:120]}"
                          for ver, rec in sorted(labels.get(rel, {}).items()) if rec.get("outcome") != "ok"),
                         "not labelled")
            dropped[stem] = f"does not lower cleanly: {first}"
            continue
        write(a.out / rel, text, manifest, {"base": stem, "op": "clean"})
        if labels is None:
            continue
        found = family_mutants(text, within=ranges)
        by_op: dict[str, list] = {}
        for mutant in found:
            by_op.setdefault(mutant.op, []).append(mutant)
        # Operators balanced over the corpus: each base takes the operators (one mutant each, at random)
        # that the bases before it were given least.
        budget = a.per_ops_base if part == "ops" else a.per_base
        ops = sorted(by_op, key=lambda op: (given[op], rng.random()))[:budget]
        chosen = [rng.choice(by_op[op]) for op in ops]
        given.update(ops)
        # --extra: more mutants of the named operators on every base, from their own generator so
        # that the balanced sample above stays as it was without them.
        for op, count in extras.items():
            rest = [m for m in by_op.get(op, []) if m not in chosen]
            chosen += extra_rng.sample(rest, min(count, len(rest)))
        for k, mutant in enumerate(chosen):
            write(a.out / f"families/{part}/{stem}__{mutant.op}_{k}.py", mutant.source, manifest,
                  {"base": stem, "op": mutant.op, "detail": mutant.detail, "family": mutant.op.split(".")[0]})
    old = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    old = {rel: info for rel, info in old.items() if not rel.startswith("families/")}
    rel_manifest = {str(Path(p).relative_to(a.out)): info for p, info in manifest.items()}
    manifest_path.parent.mkdir(parents=True, exist_ok=True)
    manifest_path.write_text(json.dumps(old | rel_manifest, indent=1, sort_keys=True))
    (a.out / "families_dropped.json").write_text(json.dumps(dropped, indent=1, sort_keys=True))
    ops = collections_count(rel_manifest)
    print(json.dumps(ops, sort_keys=True), "total", len(rel_manifest), "dropped", len(dropped))


def collections_count(manifest: dict) -> dict[str, int]:
    counts: dict[str, int] = {}
    for info in manifest.values():
        counts[info["op"]] = counts.get(info["op"], 0) + 1
    return counts


if __name__ == "__main__":
    main()
