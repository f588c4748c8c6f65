"""The static analysis against issue 25's measurements: for each (probe, release) of
results.json, every rule error lowering raised must be a finding on its line, and a probe that
lowers must get no finding. Prints the pairs that disagree."""
import json
from pathlib import Path

from pallas_lsp.analysis import Options, analyze, parse_jax_version

here = Path(__file__).resolve().parent
res = json.loads((here / "results.json").read_text())
rows = []
for probe, by in sorted(res.items()):
    src = (here / "probes" / f"{probe}.py").read_text()
    for v, r in sorted(by.items()):
        got = {(f.code, f.span.line) for f in analyze(src, Options(jax_version=parse_jax_version(v))).findings}
        want = {(e["code"], e["line"]) for e in r["errors"] if e["code"]}
        missing = want - got
        extra = {g for g in got if g[1] not in {e["line"] for e in r["errors"]}} if r["lowered"] else set()
        if missing or (r["lowered"] and got):
            rows.append((probe, v, sorted(missing), sorted(got), r["lowered"]))
n = sum(len(b) for b in res.values())
print(f"{n} (probe, release) pairs; {n-len(rows)} agree")
for row in rows:
    print(row)
