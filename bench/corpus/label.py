"""Label every corpus file with its first real lowering error, per JAX version.

usage: label.py OUT --python VERSION=PATH [--python ...] [--jobs N] [--timeout S]

Each file (a multi-file program: its main.py) is run by the project's lowering
worker (pallas_lsp.lowering.runner.WarmWorkerPool: traced and lowered for CUDA,
never compiled or run) under each interpreter. The record kept is the FIRST
error, as lowering stops there (score.py's convention):
  {"outcome": "ok"|"error"|"broken", "class", "code", "line", "line_file",
   "exc_type", "message", "lowered", "raise_site"}
"raise_site" is the `raise` of that release's Pallas / Mosaic GPU sources whose message template
the error's message matches (raise_sites.py; absent when none does): how an error no rule
classifies is still placed (score_families.py).
"broken" means no kernel was reached (the file raised before any launch, or a
timeout): such files say nothing about the analysis and are not scored.
Labels are merged into OUT/labels.json, so versions may be labelled on
different machines (0.11.2 on the GPU host) and joined.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))

from pallas_lsp.lowering.classify import classify
from pallas_lsp.lowering.runner import WarmWorkerPool, lower_local
from raise_sites import Site, match, sites_of_jax

# A plain `jax.set_mesh(mesh)` statement installs a process-wide mesh that outlives the
# check in a warm worker (measured: every later shard_map in that worker then failed with
# "The context mesh ... should match the mesh passed to shard_map"). Such files get a
# fresh interpreter of their own.
GLOBAL_STATE = re.compile(r"^\s*jax\.set_mesh\(", re.M)


def fingerprint(path: Path) -> str:
    """The file's content (a multi-file program: its folder's) so that a rebuilt file is relabelled."""
    files = sorted(path.parent.rglob("*.py")) if "multifile" in path.parts else [path]
    digest = hashlib.sha256()
    for file in files:
        digest.update(str(file.relative_to(path.parent)).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:16]


def targets(out: Path) -> list[str]:
    manifest = json.loads((out / "manifest.json").read_text())
    return sorted(manifest)


def record(report, root: Path, path: Path) -> dict:
    if report.errors:
        first = report.errors[0]
        line_file = Path(first.file).resolve() if first.file else path.resolve()
        try:
            rel_file = str(line_file.relative_to(root.resolve()))
        except ValueError:
            rel_file = str(line_file)
        return {"outcome": "error", "class": first.cls, "code": first.code, "line": first.line,
                "line_file": rel_file, "exc_type": first.exc_type,
                "message": (first.message or "")[:400], "lowered": report.lowered}
    if report.lowered and report.fatal_kind in (None, "user_code"):
        # A user_code fatal after the launches (an assertion on the zeros the worker returns) is not a
        # lowering error.
        return {"outcome": "ok", "lowered": report.lowered}
    if report.fatal_kind == "user_code" and report.fatal_line and not report.lowered:
        # The file raised before any kernel was traced (plgpu.kernel's own argument checks, a
        # KeyError from a misspelt config key): a real first error, with no rule class yet.
        text = (report.fatal or "").split("): ", 1)[-1]
        exc_type, _, message = text.partition(": ")
        exc_type = exc_type.rsplit(".", 1)[-1]
        return {"outcome": "error", "class": classify(exc_type, message, report.jax_version),
                "code": None, "line": report.fatal_line, "line_file": str(path.relative_to(root)),
                "exc_type": exc_type, "message": message[:400], "lowered": 0, "before_kernel": True}
    return {"outcome": "broken", "why": report.fatal_kind or "no launch",
            "message": (report.fatal or "")[:400], "line": report.fatal_line}


def jax_sites(python: str) -> list[Site]:
    """The raise sites of the jax package that ``python`` imports (found without importing it)."""
    where = subprocess.run([python, "-c", "import importlib.util as u; "
                            "print(u.find_spec('jax').submodule_search_locations[0])"],
                           capture_output=True, text=True, timeout=60).stdout.strip()
    return sites_of_jax(Path(where)) if where else []


def with_raise_site(rec: dict, sites: list[Site]) -> dict:
    if rec.get("outcome") == "error":
        site = match(rec.get("message") or "", sites, rec.get("exc_type"))
        if site is not None:
            return rec | {"raise_site": site.where}
    return rec


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--python", action="append", required=True, help="VERSION=PATH")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--only", default="", help="substring filter on paths")
    a = ap.parse_args()
    pythons = dict(item.split("=", 1) for item in a.python)
    labels_path = a.out / "labels.json"
    labels = json.loads(labels_path.read_text()) if labels_path.exists() else {}
    prints = {rel: fingerprint(a.out / rel) for rel in targets(a.out) if a.only in rel}
    labels = {rel: by_ver for rel, by_ver in labels.items() if rel in prints or a.only}
    todo = [(rel, ver) for rel in prints for ver in pythons
            if labels.get(rel, {}).get(ver, {}).get("sha") != prints[rel]]
    sites = {ver: jax_sites(python) for ver, python in pythons.items()}
    pools = [WarmWorkerPool(devices="cpu") for _ in range(a.jobs)]
    free = list(pools)
    lock = threading.Lock()
    done = 0
    start = time.monotonic()

    def one(item):
        nonlocal done
        rel, ver = item
        with lock:
            pool = free.pop()
        try:
            path = a.out / rel
            if GLOBAL_STATE.search(path.read_text(encoding="utf-8")):
                report = lower_local(str(path), python=pythons[ver], timeout=a.timeout, devices="cpu")
            else:
                report = pool.check(str(path), python=pythons[ver], timeout=a.timeout)
        finally:
            with lock:
                free.append(pool)
        if report.jax_version and report.jax_version != ver:
            raise SystemExit(f"{pythons[ver]} runs JAX {report.jax_version}, not {ver}")
        rec = with_raise_site(record(report, a.out, a.out / rel), sites[ver]) | {"sha": prints[rel]}
        with lock:
            labels.setdefault(rel, {})[ver] = rec
            done += 1
            if done % 25 == 0:
                labels_path.write_text(json.dumps(labels, indent=1, sort_keys=True))
                print(f"{done}/{len(todo)} in {time.monotonic() - start:.0f}s", flush=True)

    # Group by version so each pool keeps one warm interpreter busy.
    todo.sort(key=lambda item: (item[1], item[0]))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as executor:
        list(executor.map(one, todo))
    for pool in pools:
        pool.close()
    labels_path.write_text(json.dumps(labels, indent=1, sort_keys=True))
    print(f"labelled {done} in {time.monotonic() - start:.0f}s -> {labels_path}")
    os._exit(0)


if __name__ == "__main__":
    main()
