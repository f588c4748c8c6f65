"""Keystroke-path analysis time of two versions of the server, interleaved in one run.

    .venv/bin/python bench/ab_analysis_bench.py BEFORE/server AFTER/server [--rounds 5] [--repeat 11]

Each side is a ``server/`` folder (e.g. ``git archive <commit> server | tar -x -C /tmp/before``).
For the shared examples and a generated 2,000-line file (bench/generate.py), a fresh
process per side and round times ``analysis.analyze`` in CPU time (median of ``--repeat``
runs after one warm-up); the sides alternate round by round, so the load of a shared machine
falls on both, and the table prints the median over the rounds and the ratio after/before.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = Path(os.environ.get("PALLAS_LSP_EXAMPLES", REPO.parent / "shared" / "examples"))

_TIMER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pallas_lsp.analysis import Options, analyze, parse_jax_version
files = json.loads(open(sys.argv[2]).read())
repeat = int(sys.argv[3])
options = Options(jax_version=parse_jax_version("0.12.0.1"))
medians = {}
for name, text in files.items():
    analyze(text, options)
    times = []
    for _ in range(repeat):
        started = time.process_time()
        analyze(text, options)
        times.append(time.process_time() - started)
    medians[name] = sorted(times)[len(times) // 2]
print(json.dumps(medians))
"""


def files() -> dict[str, str]:
    sys.path.insert(0, str(REPO / "bench"))
    from generate import generate

    found = {path.name: path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.py"))}
    found["generated_2000.py"] = generate(2000)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=11)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        texts = Path(folder) / "files.json"
        texts.write_text(json.dumps(files()), encoding="utf-8")
        results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            for side in ("before", "after"):
                out = subprocess.run([sys.executable, "-c", _TIMER, str(getattr(args, side)), str(texts),
                                      str(args.repeat)], capture_output=True, text=True, check=True)
                results[side].append(json.loads(out.stdout))
    names = list(results["before"][0])
    print(f"{'file':28s} {'before ms':>10s} {'after ms':>9s} {'ratio':>6s}"
          f"  (CPU time; median of {args.repeat}, median over {args.rounds} interleaved rounds)")
    total = {"before": 0.0, "after": 0.0}
    for name in names:
        before = statistics.median(r[name] for r in results["before"]) * 1000
        after = statistics.median(r[name] for r in results["after"]) * 1000
        total["before"] += before
        total["after"] += after
        print(f"{name:28s} {before:10.2f} {after:9.2f} {after / before:6.2f}")
    ratio = total["after"] / total["before"]
    print(f"{'total':28s} {total['before']:10.2f} {total['after']:9.2f} {ratio:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
