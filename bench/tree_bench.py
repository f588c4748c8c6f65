"""A whole tree as a batch check: ``pallas-lsp check DIR`` against ``ast.parse`` of its files.

    .venv/bin/python bench/tree_bench.py [DIR] [--python PY]

DIR defaults to JAX's own ``jax/_src`` of ``.venv-jax012`` and PY to that environment's
interpreter (JAX 0.12 is written for Python 3.12: the repository's 3.11 would report its
newer syntax as syntax errors). Both runs use PY, one after the other, in child
processes; the figures are their CPU time (user + system), which other work on a shared
machine moves much less than wall-clock time (printed too). The check's exit status,
its notes (a file whose analysis ran out of the per-file budget is a note, not a
failure) and any file it did not analyse are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
JAX012 = REPO / ".venv-jax012"
DEFAULT_DIR = JAX012 / "lib" / "python3.12" / "site-packages" / "jax" / "_src"

_PARSE_SCRIPT = r"""
import ast, sys, time
from pathlib import Path
sys.path[:] = [p for p in sys.path if p not in ("", ".")]
files = [p for p in sorted(Path(sys.argv[1]).rglob("*.py")) if "__pycache__" not in p.parts]
lines = 0
for path in files:
    text = path.read_text(encoding="utf-8")
    lines += text.count("\n")
    ast.parse(text, filename=str(path))
print(len(files), lines)
"""


def child_run(command: list[str],
              env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """The finished process, its CPU seconds and its wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd="/")
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done, cpu, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--python", default=str(JAX012 / "bin" / "python"))
    parser.add_argument("--server", type=Path, default=REPO / "server",
                        help="the pallas_lsp package's folder to run (another checkout's, to compare)")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args(argv)
    env = {**os.environ, "PYTHONPATH": str(args.server.resolve())}

    parsed, parse_cpu, parse_wall = child_run([args.python, "-c", _PARSE_SCRIPT, str(args.dir)], env)
    if parsed.returncode != 0:
        print(parsed.stderr, file=sys.stderr)
        return 2
    files, lines = (int(v) for v in parsed.stdout.split())
    checked, check_cpu, check_wall = child_run(
        [args.python, "-m", "pallas_lsp", "check", "--format", "json", str(args.dir)], env)
    rows = json.loads(checked.stdout or "[]")
    not_analysed = [r for r in rows if r["code"] in ("io-error", "syntax-error")]
    notes = [line for line in checked.stderr.splitlines() if line.strip()]
    load = os.getloadavg()[0]
    print(f"{args.dir}: {files} files, {lines} lines; {os.cpu_count()} cores, load average {load:.2f}")
    print(f"ast.parse of every file: {parse_cpu:.2f} s CPU ({parse_wall:.2f} s wall)")
    print(f"pallas-lsp check:        {check_cpu:.2f} s CPU ({check_wall:.2f} s wall), "
          f"exit {checked.returncode}, {len(rows)} rows")
    print(f"ratio check / ast.parse: {check_cpu / parse_cpu:.2f}x CPU ({check_wall / parse_wall:.2f}x wall)")
    for row in not_analysed:
        print(f"  not analysed: {row['path']}: {row['code']} {row['message']}")
    for note in notes:
        print(f"  note: {note[:300]}")
    if args.json:
        args.json.write_text(json.dumps({
            "dir": str(args.dir), "files": files, "lines": lines, "parse_cpu_s": parse_cpu,
            "check_cpu_s": check_cpu, "parse_wall_s": parse_wall, "check_wall_s": check_wall,
            "exit": checked.returncode, "rows": len(rows), "not_analysed": len(not_analysed),
            "notes": notes, "load": load}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
