"""Lower every probe of issue 25 under the given releases, through the project's lowering
worker (for CUDA on the CPU, nothing compiled or run), and write results.json.

    .venv/bin/python docs/measurements/issue25/measure.py 0.8.3=.venv-jax083/bin/python \\
        0.9.1=/work/jaxenvs/0.9.1/bin/python ... [PREFIX ...]

Each probe is one self-contained file (probes/; a shared head of kernels, then its case); PREFIX picks
probes by name. The JSON holds, per probe and release, what tests/oracle_releases.py
records for a fixture (lowered, each error's class, line and first message line).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "tests"))
from oracle_releases import record  # noqa: E402
from pallas_lsp.lowering.runner import WarmWorkerPool  # noqa: E402


def main(argv: list[str]) -> None:
    pairs = [arg.split("=", 1) for arg in argv if "=" in arg]
    prefixes = [arg for arg in argv if "=" not in arg]
    probes = sorted(p for p in (HERE / "probes").glob("*.py") if p.name[0].isalpha())
    if prefixes:
        probes = [p for p in probes if p.name.startswith(tuple(prefixes))]
    results: dict[str, dict[str, dict]] = {}
    for version, python in pairs:
        with WarmWorkerPool() as pool:
            for probe in probes:
                found = record(pool.check(str(probe), python=python, timeout=180))
                results.setdefault(probe.stem, {})[version] = found
                errors = "; ".join(f"{e['code'] or e['exc_type']}@{e['line']}: {e['message'][:120]}"
                                   for e in found["errors"])
                print(f"{probe.stem:36s} {version:8s} lowered={found['lowered']} {errors}", flush=True)
    (HERE / "results.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
