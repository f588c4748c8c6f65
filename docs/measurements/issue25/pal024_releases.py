"""Hold PAL024 to real lowering on 0.9.1 / 0.9.2: every clean fixture with a collective op.

    .venv/bin/python docs/measurements/issue25/pal024_releases.py 0.9.1=/work/jaxenvs/0.9.1/bin/python \\
        0.9.2=/work/jaxenvs/0.9.2/bin/python [--out docs/measurements/issue25/pal024_releases.json]

The oracle skips these releases (fixture_markers.UNLOWERABLE), so this is where PAL024's claim
(one process driving several devices cannot lower multimem / multicast) meets lowering. Each clean
fixture that names a collective op is lowered (CUDA on the CPU, nothing compiled or run) in the
release's spelling, and analysed for that release. Verdicts per file:
  hit      JAX's first error is PAL024's and PAL024 reports that line;
  miss     JAX's first error is PAL024's and PAL024 is silent on that line;
  false    the file lowers and PAL024 reports;
  quiet    the file lowers and PAL024 is silent;
  other    JAX fails first with another error (PAL024's lines, if any, are not reached);
  broken   no launch was lowered and no error came back.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO / "tests"))
from fixture_markers import FIXTURES, fixture_for_release  # noqa: E402
from oracle_releases import record  # noqa: E402
from pallas_lsp.analysis import Options, analyze, parse_jax_version  # noqa: E402
from pallas_lsp.lowering.runner import WarmWorkerPool  # noqa: E402

COLLECTIVE = re.compile(r"multimem_store|multimem_load_reduce|semaphore_signal_multicast|collective_axes=")


def verdict(found: dict, predicted: list[int]) -> str:
    first = found["errors"][0] if found["errors"] else None
    if first is None:
        return "quiet" if not predicted and found["lowered"] else ("false" if found["lowered"] else "broken")
    if first["code"] == "PAL024":
        return "hit" if first["line"] in predicted else "miss"
    return "other"


def main(argv: list[str]) -> None:
    out = HERE / "pal024_releases.json"
    if "--out" in argv:
        out = Path(argv[argv.index("--out") + 1])
    pairs = [arg.split("=", 1) for arg in argv if "=" in arg]
    files = sorted(p for p in (FIXTURES / "single" / "clean").glob("*.py")
                   if COLLECTIVE.search(p.read_text(encoding="utf-8")))
    results: dict[str, dict] = {}
    for version, python in pairs:
        counts: dict[str, int] = {}
        with WarmWorkerPool(devices="cpu") as pool, tempfile.TemporaryDirectory() as workdir:
            for path in files:
                target = fixture_for_release(path, version, Path(workdir))
                found = record(pool.check(str(target), python=python, timeout=180))
                text = target.read_text(encoding="utf-8")
                result = analyze(text, Options(jax_version=parse_jax_version(version)), path=str(target))
                predicted = sorted(f.span.line for f in result.findings if f.code == "PAL024")
                found["pal024"] = predicted
                found["verdict"] = verdict(found, predicted)
                counts[found["verdict"]] = counts.get(found["verdict"], 0) + 1
                results.setdefault(path.name, {})[version] = found
                if found["verdict"] not in ("hit", "quiet"):
                    first = found["errors"][0] if found["errors"] else {}
                    print(f"{version} {path.name}: {found['verdict']} pal024={predicted} "
                          f"jax={first.get('code') or first.get('exc_type')}@{first.get('line')} "
                          f"{str(first.get('message'))[:100]}", flush=True)
        print(f"JAX {version}: {len(files)} files {json.dumps(counts, sort_keys=True)}", flush=True)
    out.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
