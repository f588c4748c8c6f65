"""Lower every fixture under every JAX release given, and record what lowering said.

    .venv/bin/python tests/oracle_releases.py [VERSION=PYTHON ...] [--jobs N]
        [--out docs/measurements/jax-releases.json]

Without VERSION=PYTHON pairs, the releases are those of ``PALLAS_LSP_ORACLE_JAX``
(the oracle's own setting, fixture_markers.oracle_venvs), else every
``.venv-jax-all/<version>`` (``.ci/jax-envs.sh --all``) plus the default three. Each
fixture (single-file, multi-file package, version probe) is lowered through the
project's warm lowering worker, never compiled or run, in the release's spelling
of plgpu.kernel as the oracle does (fixture_for_release); the first line of each
error, its class, its blamed line and file (by base name) are written to a JSON
file keyed by release, then by fixture name (its base name; a package by its
folder name). The file is data: docs/jax-releases.md is read off it, and
``--diff`` prints where the releases disagree.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fixture_markers import (
    REPO,
    fixture_for_release,
    in_release_spelling,
    oracle_venvs,
    package_fixtures,
    single_fixtures,
    version_probes,
)
from pallas_lsp.lowering.runner import WarmWorkerPool

DEFAULT_OUT = REPO / "docs" / "measurements" / "jax-releases.json"
TIMEOUT_S = 180.0
MESSAGE_CHARS = 300


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def discover() -> dict[str, Path]:
    """The oracle's releases (PALLAS_LSP_ORACLE_JAX), else every release that
    ``.ci/jax-envs.sh --all`` built, plus the default three."""
    found = oracle_venvs()
    if "PALLAS_LSP_ORACLE_JAX" not in os.environ:
        for python in (REPO / ".venv-jax-all").glob("*/bin/python"):
            found.setdefault(python.parent.parent.name, python)
    return {v: p for v, p in found.items() if p.exists()}


def targets() -> list[tuple[str, Path]]:
    """(fixture name, the file the worker runs) for every fixture."""
    files = [(p.name, p) for p in single_fixtures() + version_probes()]
    files += [(p.name, p / "main.py") for p in package_fixtures()]
    return files


# multimem_load_reduce over every dtype x reduction_op x semantics (vec_size 128 bits
# wide, or 1 where that is not a whole element), and every vec_size for three dtypes:
# written out per release in its spelling, lowered like the fixtures.
MATRIX_DTYPES = ("float32", "bfloat16", "float16", "int32", "uint32", "int16", "int8")
MATRIX_OPS = ("add", "min", "max", "and", "or", "xor", "sum")
MATRIX_WIDTH_DTYPES = ("float32", "bfloat16", "int32")
MATRIX_VEC_SIZES = (1, 2, 4, 8, 16)
MATRIX_TEMPLATE = """\
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (256, 128)
LAYOUT = plgpu.Layout.WG_STRIDED(SHAPE, vec_size={vec})


def kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op="{op}")
    y_ref[...] = plgpu.layout_cast(total, LAYOUT)


if __name__ == "__main__":
    params = plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.{semantics})
    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.{dtype}),
                        compiler_params=params)
    P = jax.sharding.PartitionSpec
    mesh = jax.make_mesh((2,), ("x",))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    f(jnp.ones(SHAPE, jnp.{dtype}))
"""


def matrix_cases() -> dict[str, str]:
    """Case name ("float32 min Lane vec4") -> the kernel file's text."""
    bits = {"float32": 32, "int32": 32, "uint32": 32, "bfloat16": 16, "float16": 16,
            "int16": 16, "int8": 8}
    cases = {}
    for semantics in ("Lane", "Warpgroup"):
        for dtype in MATRIX_DTYPES:
            for op in MATRIX_OPS:
                cases[f"{dtype} {op} {semantics} vec{128 // bits[dtype]}"] = (
                    dtype, op, semantics, 128 // bits[dtype])
        for dtype in MATRIX_WIDTH_DTYPES:
            for vec in MATRIX_VEC_SIZES:
                cases[f"{dtype} add {semantics} vec{vec}"] = (dtype, "add", semantics, vec)
    return {name: MATRIX_TEMPLATE.format(dtype=d, op=o, semantics=s, vec=v)
            for name, (d, o, s, v) in cases.items()}


# The API surface the kernels use, read (not lowered) in each release's interpreter:
# parameter lists and the names of layouts and semantics.
API_PROBE = """
import inspect, json
import jax
from jax.experimental.pallas import mosaic_gpu as plgpu
def params(f):
    return list(inspect.signature(f).parameters)
def public(obj):
    return sorted(n for n in dir(obj) if not n.startswith("_"))
print(json.dumps({
    "plgpu.kernel": params(plgpu.kernel),
    "jax.shard_map": params(jax.shard_map),
    "jax.experimental.shard_map.shard_map": params(__import__(
        "jax.experimental.shard_map", fromlist=["shard_map"]).shard_map),
    "jax.make_mesh": params(jax.make_mesh),
    "plgpu.CompilerParams": params(plgpu.CompilerParams),
    "plgpu.Layout": public(plgpu.Layout),
    "plgpu.LoweringSemantics": public(plgpu.LoweringSemantics),
    "jax": [n for n in ("set_mesh", "use_mesh", "use_abstract_mesh", "shard_map")
            if hasattr(jax, n)],
    "jax.sharding": [n for n in ("set_mesh", "use_mesh", "use_abstract_mesh",
                                 "get_abstract_mesh", "AbstractMesh") if hasattr(jax.sharding, n)],
}))
"""


def measure_api(version: str, python: Path) -> dict:
    done = subprocess.run([str(python), "-c", API_PROBE], capture_output=True, text=True,
                          timeout=TIMEOUT_S, check=True)
    return json.loads(done.stdout)


def record(report) -> dict:
    errors = [
        {
            "file": Path(e.file).name if e.file else None,
            "line": e.line,
            "exc_type": e.exc_type,
            "code": e.code,
            "message": (e.message.strip().splitlines() or [""])[0][:MESSAGE_CHARS],
        }
        for e in report.errors
    ]
    out = {"lowered": report.lowered, "errors": errors}
    if report.fatal_kind:
        out["fatal"] = {"kind": report.fatal_kind, "line": report.fatal_line,
                        "message": (report.fatal or "")[:MESSAGE_CHARS]}
    return out


def measure_release(version: str, python: Path, files: list[tuple[str, Path]]) -> dict:
    started = time.monotonic()
    results: dict[str, dict] = {}
    with WarmWorkerPool() as pool, tempfile.TemporaryDirectory() as workdir:
        for name, path in files:
            path = fixture_for_release(path, version, Path(workdir))
            report = pool.check(str(path), python=str(python), timeout=TIMEOUT_S)
            if report.jax_version not in (None, version):
                raise SystemExit(f"{python} runs JAX {report.jax_version}, not {version}")
            results[name] = record(report)
    seconds = time.monotonic() - started
    print(f"JAX {version}: {len(files)} fixtures in {seconds:.0f} s", file=sys.stderr)
    return dict(sorted(results.items()))


def measure_matrix(version: str, python: Path) -> dict:
    """Each matrix case's first lowering error (its rule code, exception type and first
    message line) or "ok"."""
    results: dict[str, str] = {}
    with WarmWorkerPool() as pool, tempfile.TemporaryDirectory() as workdir:
        path = Path(workdir) / "reduce_case.py"
        for name, text in matrix_cases().items():
            path.write_text(in_release_spelling(text, version), encoding="utf-8")
            report = pool.check(str(path), python=str(python), timeout=TIMEOUT_S)
            if report.fatal_kind:
                results[name] = f"fatal {report.fatal_kind}: {report.fatal}"[:MESSAGE_CHARS]
            elif report.errors:
                first = report.errors[0]
                message = (first.message.strip().splitlines() or [""])[0]
                code = f"{first.code} " if first.code else ""
                results[name] = f"{code}{first.exc_type}: {message}"[:MESSAGE_CHARS]
            else:
                results[name] = "ok"
    return results


def outcome(result: dict) -> str:
    """One comparable line per fixture: each error's class (or type) and place, or 'ok'."""
    if "fatal" in result:
        return f"fatal {result['fatal']['kind']}: {result['fatal']['message'][:80]}"
    parts = [f"{e['code'] or e['exc_type']}@{e['file']}:{e['line']}" for e in result["errors"]]
    return ", ".join(parts) or "ok"


def print_diff(data: dict) -> None:
    """Each fixture whose outcome is not the same on every release, release by release."""
    releases = sorted(data["releases"], key=version_key)
    names = sorted({n for r in releases for n in data["releases"][r]["fixtures"]})
    for name in names:
        row = [outcome(data["releases"][r]["fixtures"].get(name, {"errors": []}))
               for r in releases]
        if len(set(row)) > 1:
            print(name)
            for release, cell in zip(releases, row, strict=True):
                print(f"  {release:9} {cell}")


def short(cell: str) -> str:
    """A matrix cell in a few characters: ok, or the rule code / exception type."""
    if cell == "ok":
        return "ok"
    head = cell.split(":", 1)[0]
    return head.split(" ")[0] if head.startswith("PAL") else head.removeprefix("fatal ")


def banded_table(releases: list[str], rows: dict[str, list[str]]) -> list[str]:
    """Markdown rows of the entries whose cells are not all alike, with neighbouring
    releases that agree on every such entry merged into one column ("0.10.0–0.12.0.1")."""
    rows = {name: cells for name, cells in rows.items() if len(set(cells)) > 1}
    columns = [tuple(cells[i] for cells in rows.values()) for i in range(len(releases))]
    bands: list[tuple[str, str, int]] = []  # first release, last release, column index
    for i, release in enumerate(releases):
        if bands and columns[bands[-1][2]] == columns[i]:
            bands[-1] = (bands[-1][0], release, bands[-1][2])
        else:
            bands.append((release, release, i))
    heads = [first if first == last else f"{first}–{last}" for first, last, _ in bands]
    lines = ["| | " + " | ".join(heads) + " |", "|---" * (len(bands) + 1) + "|"]
    for name, cells in rows.items():
        lines.append(f"| {name} | " + " | ".join(cells[i] for _, _, i in bands) + " |")
    return lines


def print_markdown(data: dict) -> None:
    """The two measured tables of docs/jax-releases.md, from the data file."""
    releases = sorted(data["releases"], key=version_key)
    names = sorted({n for r in releases for n in data["releases"][r]["fixtures"]})
    fixtures = {}
    for name in names:
        cells = [outcome(data["releases"][r]["fixtures"].get(name, {"errors": []}))
                 for r in releases]
        fixtures[name.removesuffix(".py")] = [
            cell.replace(f"@{name}:", " line ").replace("NotImplementedError", "NIE")
            for cell in cells]
    print("### Fixtures and probes whose lowering differs between releases\n")
    print("\n".join(banded_table(releases, fixtures)))
    matrix = {case: [short(data["releases"][r].get("reduce_matrix", {}).get(case, "-"))
                     .replace("NotImplementedError", "NIE") for r in releases]
              for case in matrix_cases()}
    print("\n### multimem_load_reduce: dtype x reduction_op x semantics x vec_size\n")
    print("\n".join(banded_table(releases, matrix)))
    print("\n### API surface (parameters and names, read in each release)\n")
    print("| | in " + releases[0] + " | changes |\n|---|---|---|")
    for key in data["releases"][releases[0]].get("api", {}):
        values = [data["releases"][r].get("api", {}).get(key, []) for r in releases]
        changes = [f"{r}: " + " ".join([f"+{n}" for n in new if n not in old]
                                       + [f"−{n}" for n in old if n not in new])
                   for r, old, new in zip(releases[1:], values[:-1], values[1:], strict=True)
                   if old != new]
        print(f"| {key} | {', '.join(values[0])} | {'; '.join(changes) or 'none'} |")


def parse_pairs(pairs: list[str]) -> dict[str, Path]:
    chosen = {}
    for pair in pairs:
        version, sep, python = pair.partition("=")
        if not sep:
            raise SystemExit(f"expected VERSION=PYTHON, got {pair!r}")
        chosen[version] = Path(python)
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs", nargs="*", help="VERSION=PYTHON (default: discovered)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--jobs", type=int, default=2, help="releases lowered at once")
    parser.add_argument("--only", help="measure only fixtures whose name contains this")
    parser.add_argument("--matrix", action="store_true",
                        help="measure the dtype x reduction_op x width matrix instead of fixtures")
    parser.add_argument("--api", action="store_true",
                        help="record the API surface (parameters, layout names) instead of fixtures")
    parser.add_argument("--diff", action="store_true",
                        help="print where the releases of --out disagree, measure nothing")
    parser.add_argument("--markdown", action="store_true",
                        help="print the measured tables of docs/jax-releases.md, measure nothing")
    args = parser.parse_args()
    if args.diff or args.markdown:
        data = json.loads(args.out.read_text(encoding="utf-8"))
        (print_diff if args.diff else print_markdown)(data)
        return
    venvs = parse_pairs(args.pairs) or discover()
    files = [(n, p) for n, p in targets() if not args.only or args.only in n]
    data = (json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists()
            else {"releases": {}})
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        if args.matrix or args.api:
            measure = measure_matrix if args.matrix else measure_api
            futures = {v: pool.submit(measure, v, p) for v, p in venvs.items()}
        else:
            futures = {v: pool.submit(measure_release, v, p, files) for v, p in venvs.items()}
        for version, future in futures.items():
            entry = data["releases"].setdefault(version, {"fixtures": {}})
            if args.matrix or args.api:
                entry["reduce_matrix" if args.matrix else "api"] = future.result()
            else:
                entry["fixtures"].update(future.result())
                entry["fixtures"] = dict(sorted(entry["fixtures"].items()))
    data["releases"] = dict(sorted(data["releases"].items(), key=lambda kv: version_key(kv[0])))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(REPO) if args.out.is_relative_to(REPO) else args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
