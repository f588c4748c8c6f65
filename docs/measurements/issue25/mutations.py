"""Mutation sets of code this work did not write: clean files of the labelled corpora (their
0.12.0.1 label "ok"), each given one mutation that issue 25's rules predict, lowered for real
and checked statically.

    .venv/bin/python docs/measurements/issue25/mutations.py OUTDIR 0.12.0.1=.venv-jax012/bin/python \\
        [--corpora /work/corpus-out,/work/heldout3-out,/work/heldout4-out]

m1  jax.devices()[:k] -> jax.devices()[k:2k]             (PAL021 where the kernel communicates)
m2  jax.shard_map(f, mesh=m, ...) -> no mesh=, in files with no set_mesh    (PAL022)
m3  jax.devices()[:k] -> jax.devices()[:k][::-1], k >= 2  (PAL021 where the kernel communicates)
m5  jax.shard_map(call, mesh=m, ...) wrapped in a second jax.shard_map(..., mesh=m)   (PAL023)

For each file: the first lowering error's class and line against the findings (with the
release's installed library followed, as `check` does); a file that lowers must get none.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "tests"))
from oracle_releases import record  # noqa: E402
from pallas_lsp.analysis import Options, analyze, parse_jax_version  # noqa: E402
from pallas_lsp.lowering.runner import WarmWorkerPool  # noqa: E402
from pallas_lsp.project import library_for  # noqa: E402

PER_SET = 60


def clean_files(corpora: list[Path]) -> list[tuple[str, str]]:
    found = []
    for corpus in corpora:
        labels = json.loads((corpus / "labels.json").read_text())
        for rel, by_version in sorted(labels.items()):
            label = by_version.get("0.12.0.1")
            if label and label["outcome"] == "ok" and "multifile" not in rel:
                found.append((f"{corpus.name}__{rel}".replace("/", "__"), (corpus / rel).read_text()))
    return found


def mutate(name: str, source: str) -> dict[str, str]:
    out = {}
    head = re.search(r"jax\.devices\(\)\[:(\d+)\]", source)
    if head and int(head.group(1)) >= 1:
        k = int(head.group(1))
        out["m1"] = source[:head.start()] + f"jax.devices()[{k}:{2 * k}]" + source[head.end():]
        if k >= 2:
            out["m3"] = source[:head.end()] + "[::-1]" + source[head.end():]
    given = re.search(r"(jax\.shard_map\([^\n]*?)mesh=\w+,\s*", source)
    if given and "set_mesh" not in source and "use_abstract_mesh" not in source:
        out["m2"] = source[:given.start()] + given.group(1) + source[given.end():]
    plain = re.search(r"jax\.shard_map\((\w+), mesh=(\w+), in_specs=P\(\), out_specs=P\(\), check_vma=False\)", source)
    if plain:
        nested = (f"jax.shard_map({plain.group(0)}, mesh={plain.group(2)}, in_specs=P(), out_specs=P(), "
                  f"check_vma=False)")
        out["m5"] = source[:plain.start()] + nested + source[plain.end():]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir", type=Path)
    ap.add_argument("release")
    ap.add_argument("--corpora", default="/work/corpus-out,/work/heldout3-out,/work/heldout4-out")
    a = ap.parse_args()
    version, python = a.release.split("=", 1)
    a.outdir.mkdir(parents=True, exist_ok=True)
    files = clean_files([Path(c) for c in a.corpora.split(",")])
    random.Random(25).shuffle(files)
    counts: collections.Counter[str] = collections.Counter()
    written = []
    for name, source in files:
        for kind, text in mutate(name, source).items():
            if counts[kind] < PER_SET:
                counts[kind] += 1
                path = a.outdir / f"{kind}_{name}"
                path.write_text(text)
                written.append((kind, path))
    library = library_for(python)
    tally: collections.Counter[tuple[str, str, str]] = collections.Counter()
    with WarmWorkerPool() as pool:
        for kind, path in written:
            lowered = record(pool.check(str(path), python=python, timeout=120))
            findings = analyze(path.read_text(), Options(jax_version=parse_jax_version(version),
                                                         library=library), path=str(path)).findings
            got = {(f.code, f.span.line) for f in findings}
            first = lowered["errors"][0] if lowered["errors"] else None
            if lowered["lowered"] and not first:
                tally[(kind, "lowers", "false" if got else "quiet")] += 1
            elif first and first["code"]:
                hit = (first["code"], first["line"]) in got
                tally[(kind, first["code"], "hit" if hit else "miss")] += 1
                if not hit:
                    print("miss", path.name, first["code"], first["line"], first["message"][:80])
            else:
                tally[(kind, "other", first["exc_type"] if first else "fatal")] += 1
    for key, count in sorted(tally.items()):
        print(*key, count)


if __name__ == "__main__":
    main()
