"""Give every raise site of every committed extract a row of ``raise_sites/classes.tsv``.

    .venv/bin/python bench/releases/classify_sites.py [--seed ../shared/jax-raise-sites/sites.tsv]

Rows already in the table are kept as they are (a reviewed row is never overwritten). A
new key gets, in order:
  1. the hand classification of the seed map (``../shared/jax-raise-sites/sites.tsv``, JAX
     0.12.0.1 by file and line), marked ``seed``;
  2. otherwise a heuristic row, marked ``heuristic`` (unreviewed): the status from the
     exception type and the file (interpret mode, torch interop and the profiler are not
     reached by a lowering), the family from the words of the message, else from the file.
Run after ``bench/releases/generate.py --sites``; ``tests/test_raise_sites.py`` fails until
every site has a row.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "server"))

from pallas_lsp.raise_sites import (  # noqa: E402
    CLASS_COLUMNS,
    RELEASES,
    Site,
    base_key,
    sites,
    split_key,
)

TABLE = REPO / "server" / "pallas_lsp" / "raise_sites" / "classes.tsv"
SEED = REPO.parent / "shared" / "jax-raise-sites" / "sites.tsv"
SEED_RELEASE = "0.12.0.1"

# Files no Mosaic GPU lowering reaches: interpret mode, torch interop, the profiler.
NOT_REACHED = (
    ("jax/_src/pallas/mosaic_gpu/interpret/", "interpret mode (interpret=True): not reached by a lowering"),
    ("jax/_src/pallas/hlo_interpreter.py", "interpret mode: not reached by a lowering"),
    ("jax/_src/pallas/mosaic_gpu/torch.py", "PyTorch interop: not reached by a JAX lowering"),
    ("jax/experimental/mosaic/gpu/profiler.py", "profiling at run time: not reached by a lowering"),
)
# JAX's helpers that build or re-raise an error of another site, and its invariant checks.
INTERNAL_EXCEPTIONS = frozenset({
    "re-raise", "AssertionError", "RuntimeError", "mlir_error_to_verification_error",
    "_construct_value_error_with_op_stacktrace", "_unsupported_lowering_error", "err_type",
    "_BarrierAborted", "ReplicationError",
})
# Words of a message -> family (first match wins; the seed's family names).
WORD_FAMILIES = (
    ("tmem", "tmem"), ("tcgen05", "tcgen05_mma"), ("wgmma", "wgmma_mma"),
    ("swizzl", "swizzle_tiling"), ("tiling", "swizzle_tiling"), ("tile", "swizzle_tiling"),
    ("layout", "register_layouts"), ("barrier", "barrier"), ("pipeline", "pipeline"),
    ("multimem", "remote_multicast_refs"), ("multicast", "remote_multicast_refs"),
    ("cluster", "cluster_collective"), ("semaphore", "semaphore"),
    ("tma", "copy_tma"), ("copy", "copy_tma"), ("transfer", "copy_tma"),
    ("mma", "wgmma_mma"), ("dtype", "ops_dtypes"), ("bitwidth", "ops_dtypes"),
    ("shape", "shapes"), ("warp", "warp_semantics"),
)
# The file's own subject, when no word decides.
FILE_FAMILIES = (
    ("mosaic/gpu/fragmented_array.py", "register_arrays"),
    ("mosaic/gpu/launch_context.py", "copy_tma"),
    ("mosaic/gpu/tcgen05.py", "tcgen05_mma"),
    ("mosaic/gpu/wgmma.py", "wgmma_mma"),
    ("mosaic/gpu/mma", "wgmma_mma"),
    ("mosaic/gpu/layout", "register_layouts"),
    ("mosaic/gpu/constraints.py", "register_layouts"),
    ("mosaic/gpu/inference_utils.py", "register_layouts"),
    ("mosaic/gpu/dialect_lowering.py", "warpgroup_dialect"),
    ("mosaic/gpu/utils.py", "ops_dtypes"),
    ("mosaic/gpu/core.py", "kernel_mesh_config"),
    ("pallas/mpmd.py", "warp_semantics"),
    ("pallas/einshape.py", "einshape"),
    ("pallas/helpers.py", "helpers_nd_loop"),
)


def heuristic(site: Site) -> tuple[str, str, str]:
    """(status, family, reason) of a site no one has reviewed."""
    for prefix, why in NOT_REACHED:
        if site.file.startswith(prefix):
            return "internal", "not_reached", why
    if site.exception in INTERNAL_EXCEPTIONS:
        return "internal", "invariant", f"{site.exception}: an invariant or a wrapper of another site"
    words = f"{site.message} {site.function}".lower()
    for word, family in WORD_FAMILIES:
        if word in words:
            return "source", family, f"unreviewed: {site.exception} whose text names {word!r}"
    for part, family in FILE_FAMILIES:
        if part in site.file:
            return "source", family, f"unreviewed: {site.exception} in {site.file.rsplit('/', 1)[1]}"
    return "source", "other", f"unreviewed: {site.exception}"


def seed_rows(seed: Path) -> dict[tuple[str, int], dict[str, str]]:
    if not seed.exists():
        return {}
    with seed.open(encoding="utf-8") as handle:
        return {(row["file"], int(row["line"])): row
                for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=Path, default=SEED)
    args = parser.parse_args(argv)
    existing: dict[str, dict[str, str]] = {}
    if TABLE.exists():
        with TABLE.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
                key = base_key(row["file"], row["function"], row["exception"], row["message"])
                existing[key if row.get("n", "1") == "1" else f"{key}#{row['n']}"] = row
    seed = seed_rows(args.seed)
    added = 0
    for release in (SEED_RELEASE, *RELEASES):  # the seed's release first: its rows win
        for site in sites(release):
            first, n = split_key(site.key)
            hand = seed.get((site.file, site.line)) if release == SEED_RELEASE else None
            if first in existing and (hand is None or site.key in existing):
                continue
            if hand is not None:
                family = hand["family"].split(":", 1)[-1] or (
                    "environment" if hand["class"] == "runtime" else "invariant")
                row = {"status": hand["class"], "family": family,
                       "reason": "hand classification (../shared/jax-raise-sites)", "by": "seed"}
            else:
                status, family, reason = heuristic(site)
                row = {"status": status, "family": family, "reason": reason, "by": "heuristic"}
            if n and first in existing and all(existing[first][k] == v for k, v in row.items()):
                continue  # a repeat classified as its first occurrence: no row of its own
            existing[site.key if n else first] = {
                "file": site.file, "function": site.function, "exception": site.exception,
                "message": site.message, "n": n or "1", **row}
            added += 1
    rows = sorted(existing.values(),
                  key=lambda r: (r["file"], r["function"], r["message"], int(r.get("n", "1"))))
    lines = ["\t".join(CLASS_COLUMNS)]
    lines += ["\t".join(row.get(column, "1") for column in CLASS_COLUMNS) for row in rows]
    TABLE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{TABLE}: {len(rows)} rows ({added} added)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
