"""What real lowering says about each file, for comparing the lowering guard's before/after.

Run under two builds of pallas-lsp (PYTHONPATH=<build>/server) and diff the JSON:

    .venv/bin/python bench/guard_verdicts.py --python .venv-jax010/bin/python \
        --out /tmp/after-010.json ../shared/examples tests/fixtures

Each file's row: how many launches lowered, each error's (class, line), the fatal kind
and line. A guarded run that differs from the unguarded one is a side effect the
guard refused, or a need of JAX's it did not allow.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from pallas_lsp.lowering.runner import WarmWorkerPool


def files_under(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for path in map(Path, paths):
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def row(report) -> dict:
    return {
        "lowered": report.lowered,
        "errors": sorted([e.cls, e.line] for e in report.errors),
        "fatal_kind": report.fatal_kind,
        "fatal_line": report.fatal_line,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--python", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--allow-side-effects", action="store_true",
                        help="without the guard (same build): its overhead and its effect alone")
    args = parser.parse_args(argv)
    extra = {"allow_side_effects": True} if args.allow_side_effects else {}
    rows = {}
    started = time.monotonic()
    with WarmWorkerPool(devices="cpu") as pool:
        for path in files_under(args.paths):
            rows[str(path)] = row(pool.check(str(path.resolve()), python=args.python, timeout=120,
                                             **extra))
    Path(args.out).write_text(json.dumps(rows, indent=1, sort_keys=True))
    print(f"{len(rows)} files in {time.monotonic() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
