"""Cluster collectives whose axes are not the kernel's cluster_names: a small mutation set.

    .venv/bin/python docs/measurements/issue25/cluster_mutants.py 0.10.2=.venv-jax010/bin/python \\
        0.11.2=/work/jaxenvs/0.11.2/bin/python 0.12.0.1=.venv-jax012/bin/python

cluster/ holds five clean kernels (a multicast copy_gmem_to_smem over a 1-D and a 2-D cluster, a
ClusterBarrier in scratch_types and in pl.run_scoped, an nd_loop over a grid and a cluster axis);
MUTANTS edits one axis each (a grid axis, a typo, the cluster left out of the kernel). Each file is
lowered (CUDA on the CPU, nothing compiled or run) and analysed for the release; the verdict holds the
analysis to JAX's first error: hit (a finding of its class on its line), miss, false (it lowers and
something is reported), quiet (it lowers, nothing reported). Writes cluster_results.json.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "tests"))
from oracle_releases import record  # noqa: E402
from pallas_lsp.analysis import Options, analyze, parse_jax_version  # noqa: E402
from pallas_lsp.lowering.runner import WarmWorkerPool  # noqa: E402

DROP_CLUSTER = ('        cluster=(2,),\n        cluster_names=("c",),\n', "")
# base -> (mutant name, text replaced, replacement)
MUTANTS: dict[str, list[tuple[str, str, str]]] = {
    "copy": [("grid_axis", 'collective_axes="c"', 'collective_axes="blocks"'),
             ("typo", 'collective_axes="c"', 'collective_axes="cc"'),
             ("no_cluster", *DROP_CLUSTER)],
    "copy2d": [("typo", 'CLUSTER_AXES = ("cx", "cy")', 'CLUSTER_AXES = ("cx", "cz")'),
               ("names_renamed", 'cluster_names=("cx", "cy")', 'cluster_names=("x", "y")'),
               ("one_axis", 'CLUSTER_AXES = ("cx", "cy")', 'CLUSTER_AXES = ("cy",)')],
    "barrier": [("grid_axis", 'collective_axes=("c",)', 'collective_axes=("blocks",)'),
                ("typo", 'collective_axes=("c",)', 'collective_axes=("cc",)'),
                ("no_cluster", *DROP_CLUSTER)],
    "scoped_barrier": [("grid_axis", 'collective_axes=("c",)', 'collective_axes=("blocks",)'),
                       ("typo", 'collective_axes=("c",)', 'collective_axes=("cc",)'),
                       ("no_cluster", *DROP_CLUSTER)],
    "nd_loop": [("typo", '("blocks", "c")', '("blocks", "cc")'),
                ("order", '("blocks", "c")', '("c", "blocks")'),
                ("no_cluster", *DROP_CLUSTER)],
}


def files() -> dict[str, str]:
    out = {}
    for base, mutants in MUTANTS.items():
        text = (HERE / "cluster" / f"{base}.py").read_text(encoding="utf-8")
        out[base] = text
        for name, old, new in mutants:
            assert old in text, (base, name)
            out[f"{base}__{name}"] = text.replace(old, new, 1)
    return out


def verdict(found: dict, findings: list[tuple[str, int]]) -> str:
    if not found["errors"]:
        if not found["lowered"]:
            return "broken"
        return "false" if findings else "quiet"
    first = found["errors"][0]
    return "hit" if (first["code"], first["line"]) in findings else "miss"


def main(argv: list[str]) -> None:
    cases = files()
    results: dict[str, dict] = {}
    for version, python in (arg.split("=", 1) for arg in argv):
        counts: dict[str, int] = {}
        with WarmWorkerPool(devices="cpu") as pool, tempfile.TemporaryDirectory() as workdir:
            for name, text in cases.items():
                path = Path(workdir) / f"{name}.py"
                path.write_text(text, encoding="utf-8")
                found = record(pool.check(str(path), python=python, timeout=180))
                result = analyze(text, Options(jax_version=parse_jax_version(version)), path=str(path))
                findings = sorted((f.code, f.span.line) for f in result.findings)
                found["findings"] = findings
                found["verdict"] = verdict(found, findings)
                counts[found["verdict"]] = counts.get(found["verdict"], 0) + 1
                results.setdefault(name, {})[version] = found
                first = found["errors"][0] if found["errors"] else {}
                print(f"{version:8s} {name:28s} {found['verdict']:6s} findings={findings} "
                      f"jax={first.get('code') or first.get('exc_type')}@{first.get('line')} "
                      f"{str(first.get('message'))[:90]}", flush=True)
        print(f"JAX {version}: {len(cases)} files {json.dumps(counts, sort_keys=True)}", flush=True)
    (HERE / "cluster_results.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
