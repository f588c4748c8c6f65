"""Build the issue-25 mutation set from kernel files nobody on the team wrote.

usage: build_issue25.py OUT --from BUILT_CORPUS[:PREFIX] [--from ...] [--bases DIR] [--per-op N] [--seed S]

The clean files of already-built corpora (their manifest.json's "clean" entries under PREFIX: JAX's
own distributed tests and installed collectives, as build.py's `jax/` and build_famheld.py's
`famheld/` make them) that launch a kernel under `shard_map`, and the files of each --bases folder
(ours, bench/corpus/idioms_issue25/: two-axis meshes whose code queries an axis, which JAX's own
files lack), are copied into OUT/issue25/, each with its mutants by issue25_mutate.py's operators
(device order, shard_map without `mesh=`, partial and nested shard_map), at most --per-op per
operator. A test-module file runs one test from its `__main__` block; only edits inside that test
method are kept (another method's code never runs).
Nothing here decides whether a file fails: label.py lowers them; score.py --only issue25/ scores.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

from issue25_mutate import mutants
from mutate import _edit_within

# bench/corpus/build.py, imported by name as build_families.py does: ruff files a plain
# `from build import` under first- or third-party depending on whether a build/ folder exists.
_build = importlib.import_module("build")
sample, write = _build.sample, _build.write


def _run_method_lines(text: str) -> tuple[int, int] | None:
    """The line range of the test method the file's `__main__` block calls, or None for a script."""
    tree = ast.parse(text)
    guard = next((n for n in tree.body if isinstance(n, ast.If) and "__main__" in ast.unparse(n.test)), None)
    if guard is None:
        return None
    called = {n.func.attr for n in ast.walk(guard) if isinstance(n, ast.Call)
              and isinstance(n.func, ast.Attribute) and n.func.attr.startswith("test")}
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            for method in cls.body:
                if isinstance(method, ast.FunctionDef) and method.name in called:
                    return method.lineno, method.end_lineno or method.lineno
    return None


def _bases(sources: list[str], folders: list[Path]) -> Iterator[tuple[str, str, str]]:
    """(stem, where it came from, text) of each base: a built corpus's clean files under its
    prefix that launch under shard_map, then the committed files of each --bases folder."""
    for spec in sources:
        folder, _, prefix = spec.partition(":")
        built = Path(folder)
        entries = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
        for rel, info in sorted(entries.items()):
            if info.get("op") != "clean" or not rel.startswith(prefix) or not rel.endswith(".py"):
                continue
            text = (built / rel).read_text(encoding="utf-8")
            if "shard_map" in text:
                yield rel.replace("/", ".").removesuffix(".py"), rel, text
    for folder in folders:
        for path in sorted(folder.glob("*.py")):
            yield f"{folder.name}.{path.stem}", str(path), path.read_text(encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--from", dest="sources", action="append", required=True,
                    help="a built corpus folder, optionally :PREFIX of its paths to take")
    ap.add_argument("--bases", type=Path, action="append", default=[],
                    help="a folder of committed base files (bench/corpus/idioms_issue25)")
    ap.add_argument("--per-op", type=int, default=1)
    ap.add_argument("--seed", type=int, default=25)
    a = ap.parse_args()
    root = a.out / "issue25"
    if root.exists():
        shutil.rmtree(root)
    rng = random.Random(a.seed)
    manifest: dict = {}
    for stem, rel, text in _bases(a.sources, a.bases):
        within = _run_method_lines(text)
        found = [m for m in mutants(text) if within is None or _edit_within(text, m.source, within)]
        if not found:
            continue
        write(root / f"{stem}.py", text, manifest, {"base": stem, "op": "clean", "from": rel})
        for k, mutant in enumerate(sample(found, a.per_op, rng)):
            write(root / f"{stem}__{mutant.op}_{k}.py", mutant.source, manifest,
                  {"base": stem, "op": mutant.op, "detail": mutant.detail})
    rel_manifest = {str(Path(p).relative_to(a.out)): info for p, info in manifest.items()}
    path = a.out / "manifest.json"
    merged = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    merged = {k: v for k, v in merged.items() if not k.startswith("issue25/")} | rel_manifest
    path.write_text(json.dumps(merged, indent=1, sort_keys=True))
    counts: dict[str, int] = {}
    for info in rel_manifest.values():
        counts[info["op"]] = counts.get(info["op"], 0) + 1
    print(json.dumps(counts, sort_keys=True), "total", len(rel_manifest))


if __name__ == "__main__":
    main()
