"""Parsing installed JAX sources vs unpickling their trees (issue 23 item 2: is a disk cache of
parsed trees worth a deserializer that can run code? It is not: see bench/results.md).

usage: parse_vs_unpickle.py SITE_PACKAGES_WITH_JAX
"""

from __future__ import annotations

import ast
import pickle
import sys
import time
from collections.abc import Callable
from pathlib import Path

FOLDERS = ("jax/experimental/pallas/ops/gpu", "jax/_src/pallas/mosaic_gpu")


def best_of(fn: Callable[[], object], rounds: int = 7) -> float:
    fastest = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def parses(path: Path, data: bytes) -> bool:
    try:
        ast.parse(data.decode("utf-8-sig"), str(path))
    except SyntaxError:  # newer syntax than this Python's (JAX 0.12 needs 3.12 for some files)
        return False
    return True


def main() -> None:
    site = Path(sys.argv[1])
    sources = {path: path.read_bytes() for folder in FOLDERS for path in sorted((site / folder).glob("*.py"))}
    # The files the analysis follows: those importing JAX (project/installed.py).
    followed = {path: data for path, data in sources.items()
                if (b"import jax" in data or b"from jax" in data) and parses(path, data)}
    trees = {path: ast.parse(data.decode("utf-8-sig"), str(path)) for path, data in followed.items()}
    blobs = {path: pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL) for path, tree in trees.items()}
    parse_all = best_of(lambda: [ast.parse(d.decode("utf-8-sig"), str(p)) for p, d in followed.items()])
    unpickle_all = best_of(lambda: [pickle.loads(blob) for blob in blobs.values()])
    source_kib = sum(map(len, followed.values())) / 1024
    pickled_kib = sum(map(len, blobs.values())) / 1024
    print(f"{len(followed)} files, {source_kib:.0f} KiB source, {pickled_kib:.0f} KiB pickled")
    print(f"ast.parse of all: {parse_all * 1e3:.1f} ms; pickle.loads of all: {unpickle_all * 1e3:.1f} ms")
    one = next((path for path in followed if path.name == "reduce_scatter_mgpu.py"), None)
    if one is not None:
        text, blob = followed[one].decode("utf-8-sig"), blobs[one]
        parse_one = best_of(lambda: ast.parse(text, str(one)))
        unpickle_one = best_of(lambda: pickle.loads(blob))
        print(f"{one.name}: parse {parse_one * 1e3:.2f} ms, unpickle {unpickle_one * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
