"""Lower every fixture under every JAX release given, and record what lowering said.

    .venv/bin/python tests/oracle_releases.py [VERSION=PYTHON ...] [--jobs N]
        [--out docs/measurements/jax-releases.json]

Without VERSION=PYTHON pairs, the releases are those of ``PALLAS_LSP_ORACLE_JAX``
(the oracle's own setting, fixture_markers.oracle_venvs), else every
``/work/jaxenvs/<version>/bin/python`` plus the repository's JAX venvs. Each
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
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fixture_markers import (
    REPO,
    fixture_for_release,
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
    found = dict(oracle_venvs())
    envs = Path("/work/jaxenvs")
    if "PALLAS_LSP_ORACLE_JAX" not in os.environ and envs.is_dir():
        for python in envs.glob("*/bin/python"):
            found.setdefault(python.parent.parent.name, python)
    return {v: p for v, p in found.items() if p.exists()}


def targets() -> list[tuple[str, Path]]:
    """(fixture name, the file the worker runs) for every fixture."""
    files = [(p.name, p) for p in single_fixtures() + version_probes()]
    files += [(p.name, p / "main.py") for p in package_fixtures()]
    return files


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
    parser.add_argument("--diff", action="store_true",
                        help="print where the releases of --out disagree, measure nothing")
    args = parser.parse_args()
    if args.diff:
        print_diff(json.loads(args.out.read_text(encoding="utf-8")))
        return
    venvs = parse_pairs(args.pairs) or discover()
    files = [(n, p) for n, p in targets() if not args.only or args.only in n]
    data = (json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists()
            else {"releases": {}})
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {v: pool.submit(measure_release, v, p, files) for v, p in venvs.items()}
        for version, future in futures.items():
            entry = data["releases"].setdefault(version, {"fixtures": {}})
            entry["fixtures"].update(future.result())
            entry["fixtures"] = dict(sorted(entry["fixtures"].items()))
    data["releases"] = dict(sorted(data["releases"].items(), key=lambda kv: version_key(kv[0])))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(REPO) if args.out.is_relative_to(REPO) else args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
