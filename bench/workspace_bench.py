"""Workspace benchmark (issue 6): index and check a workspace of 200 generated kernel
modules, cold and after one module changes. Target: a one-file change re-checked in
under 100 ms.

    .venv/bin/python bench/workspace_bench.py [--modules 200] [--edits 20] [--json bench/out/workspace.json]

The generated workspace (a temporary folder) holds ``--modules`` kernel modules
(``k000.py``...: an all-reduce and a broadcast kernel each, host helpers, one in ten
with a broadcast over too few mesh axes), one launcher module per five kernel
modules (``l00.py``...: shard_map launches over a mesh the caller passes), one
``main*.py`` per four launchers (meshes from ``topology.py``), and ``topology.py``.

Measured two ways:

- through the index class the server uses (``pallas_lsp.project.WorkspaceIndex``),
  in this process: cold = walk + read + parse every file, then check every file (as if
  all were open); one-file change = the new text of one kernel module, then the check
  of every file whose findings may change (the module, its launcher, the main that
  imports it), all taken as open: the worst case an editor can ask for;
- through the server over stdio (``python -m pallas_lsp serve``, debounce 0): the time
  from the ``initialized`` notification to the end of the indexing progress, and from a
  ``didChange`` of an open kernel module (its launcher and main open too) to the
  ``publishDiagnostics`` for that version (its runs, the main's included, re-checked).

The numbers are printed beside the target; nothing asserts on time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "server"))
sys.path.insert(0, str(REPO / "bench"))

TARGET_MS = 100.0
KERNELS_PER_LAUNCHER = 5
LAUNCHERS_PER_MAIN = 4

KERNEL = '''"""Generated kernel module {i}: an all-reduce and a broadcast (bench/workspace_bench.py)."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

SHAPE = (256, 128)
AXES = {axes}


def allreduce_kernel(x_ref, y_ref):
    total = plgpu.multimem_load_reduce(x_ref, collective_axes=("data", "model"), reduction_op="add")
    y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))


def broadcast_kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, AXES)


def padded_shape(shape, multiple=128):
    """Host-side helper: round every dimension up to a multiple."""
    return tuple((d + multiple - 1) // multiple * multiple for d in shape)


@functools.lru_cache(maxsize=None)
def describe(name):
    return f"kernel module {i}: {{name}} over {{SHAPE}}"


allreduce = plgpu.kernel(allreduce_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
broadcast = plgpu.kernel(broadcast_kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
'''

LAUNCHER_HEAD = '''"""Generated launcher {j}: runs kernel modules {first}..{last} under shard_map."""
import jax

{imports}

P = jax.sharding.PartitionSpec


def sharded(kernel, mesh):
    return jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))


def run(mesh, x):
'''

MAIN_HEAD = '''"""Generated entry point {m}: builds the meshes and runs launchers {first}..{last}."""
import jax.numpy as jnp

import topology
{imports}

if __name__ == "__main__":
    x = jnp.ones((256, 128), jnp.float32)
'''

TOPOLOGY = '''"""The meshes of the generated workspace."""
import jax
import numpy as np

MESH = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("data", "model"))
'''

GOOD_AXES = '("data", "model")'
BAD_AXES = '("data",)'


def kernel_text(i: int, bad: bool | None = None) -> str:
    bad = (i % 10 == 0) if bad is None else bad
    return KERNEL.format(i=i, axes=BAD_AXES if bad else GOOD_AXES)


def generate(root: Path, modules: int) -> dict[str, list[str]]:
    """Write the workspace; returns {"kernels": [...], "launchers": [...], "mains": [...]}."""
    kernels = [root / f"k{i:03d}.py" for i in range(modules)]
    for i, path in enumerate(kernels):
        path.write_text(kernel_text(i), encoding="utf-8")
    launchers = []
    for j, first in enumerate(range(0, modules, KERNELS_PER_LAUNCHER)):
        names = [f"k{i:03d}" for i in range(first, min(first + KERNELS_PER_LAUNCHER, modules))]
        body = LAUNCHER_HEAD.format(
            j=j, first=names[0], last=names[-1], imports="\n".join(f"import {n}" for n in names)
        )
        for name in names:
            body += (
                f"    x = sharded({name}.allreduce, mesh)(x)\n    x = sharded({name}.broadcast, mesh)(x)\n"
            )
        body += "    return x\n"
        path = root / f"l{j:02d}.py"
        path.write_text(body, encoding="utf-8")
        launchers.append(path)
    mains = []
    for m, first in enumerate(range(0, len(launchers), LAUNCHERS_PER_MAIN)):
        names = [p.stem for p in launchers[first : first + LAUNCHERS_PER_MAIN]]
        body = MAIN_HEAD.format(
            m=m, first=names[0], last=names[-1], imports="\n".join(f"import {n}" for n in names)
        )
        body += "".join(f"    x = {n}.run(topology.MESH, x)\n" for n in names)
        path = root / f"main{m}.py"
        path.write_text(body, encoding="utf-8")
        mains.append(path)
    (root / "topology.py").write_text(TOPOLOGY, encoding="utf-8")
    return {
        "kernels": [str(p) for p in kernels],
        "launchers": [str(p) for p in launchers],
        "mains": [str(p) for p in mains],
    }


def edited_modules(count: int, modules: int) -> list[int]:
    step = max(1, modules // max(count, 1))
    return [(7 + k * step) % modules for k in range(count)]


def bench_index(root: Path, layout: dict[str, list[str]], edits: int) -> dict[str, float]:
    from pallas_lsp.analysis import Options
    from pallas_lsp.project import WorkspaceIndex, python_files

    options = Options()
    started = time.perf_counter()
    paths, _ = python_files([str(root)])
    index = WorkspaceIndex([str(root)])
    index.load(paths)
    indexed = time.perf_counter()
    index.set_options(options)
    index.open_paths = set(paths)  # every file open: every dependent is re-checked
    findings = sum(len(index.check(path).findings) for path in paths)
    checked = time.perf_counter()
    expected = len([i for i in range(len(layout["kernels"])) if i % 10 == 0])
    assert findings == expected, (findings, expected)

    samples, edited_only, runs = [], [], []
    for i in edited_modules(edits, len(layout["kernels"])):
        path = layout["kernels"][i]
        # A real edit: the broadcast's axes flip between right and wrong.
        new_text = kernel_text(i, bad=i % 10 != 0)
        before_runs = index.runs
        t0 = time.perf_counter()
        affected = index.open(path, new_text)
        assert isinstance(affected, set)
        result = index.check(path)
        t1 = time.perf_counter()
        for other in sorted(affected - {path}):
            index.check(other)
        t2 = time.perf_counter()
        assert len(result.findings) == (0 if i % 10 == 0 else 1), (path, result.findings)
        edited_only.append((t1 - t0) * 1000)
        samples.append((t2 - t0) * 1000)
        runs.append(index.runs - before_runs)
    # The widest change: the module every main imports (every entry that reaches a kernel re-runs).
    topology = str(root / "topology.py")
    t0 = time.perf_counter()
    affected = index.open(topology, TOPOLOGY.replace('("data", "model")', '("model", "data")'))
    assert isinstance(affected, set)
    for other in sorted(affected):
        index.check(other)
    topology_ms = (time.perf_counter() - t0) * 1000
    return {
        "files": len(paths),
        "topology_edit_ms": topology_ms,
        "topology_affected_files": len(affected),
        "cold_index_ms": (indexed - started) * 1000,
        "cold_check_all_ms": (checked - indexed) * 1000,
        "cold_total_ms": (checked - started) * 1000,
        "edit_recheck_p50_ms": statistics.median(samples),
        "edit_recheck_max_ms": max(samples),
        "edit_file_only_p50_ms": statistics.median(edited_only),
        "entry_runs_per_edit": statistics.median(runs),
    }


def bench_stdio(root: Path, layout: dict[str, list[str]], edits: int) -> dict[str, float]:
    from lsp_bench import Client

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO / "server"), env.get("PYTHONPATH", "")) if p)
    client = Client([sys.executable, "-m", "pallas_lsp", "serve"], env)
    try:
        client.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": root.as_uri(),
                "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
                "capabilities": {"window": {"workDoneProgress": True}},
                "initializationOptions": {"pallasLsp": {"debounceMs": 0}},
            },
        )
        started = time.perf_counter()
        client.notify("initialized", {})
        indexed = _wait_progress_end(client, started)
        samples = []
        version = 1
        for i in edited_modules(edits, len(layout["kernels"])):
            kernel = Path(layout["kernels"][i])
            launcher = Path(layout["launchers"][i // KERNELS_PER_LAUNCHER])
            main = Path(layout["mains"][i // (KERNELS_PER_LAUNCHER * LAUNCHERS_PER_MAIN)])
            for path in (main, launcher, kernel):
                _open(client, path)
            client.wait_diagnostics(kernel.as_uri(), 1)
            version += 1
            text = kernel_text(i, bad=i % 10 != 0)
            sent = time.perf_counter()
            client.notify(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": kernel.as_uri(), "version": version},
                    "contentChanges": [{"text": text}],
                },
            )
            arrived = client.wait_diagnostics(kernel.as_uri(), version)
            samples.append((arrived - sent) * 1000)
            for path in (main, launcher, kernel):
                client.notify("textDocument/didClose", {"textDocument": {"uri": path.as_uri()}})
        rss, peak = client.rss_mb()
    finally:
        client.close()
    return {
        "stdio_index_ms": indexed,
        "stdio_edit_p50_ms": statistics.median(samples),
        "stdio_edit_max_ms": max(samples),
        "stdio_rss_mb": rss,
        "stdio_peak_rss_mb": peak,
    }


def _open(client, path: Path) -> None:  # type: ignore[no-untyped-def]
    client.notify(
        "textDocument/didOpen",
        {
            "textDocument": {
                "uri": path.as_uri(),
                "languageId": "python",
                "version": 1,
                "text": path.read_text(encoding="utf-8"),
            }
        },
    )


def _wait_progress_end(client, started: float, timeout: float = 120) -> float:  # type: ignore[no-untyped-def]
    """Answer window/workDoneProgress/create; ms from ``started`` to the indexing's end."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        arrived, message = client.messages.get(timeout=max(deadline - time.perf_counter(), 0))
        if message.get("method") == "window/workDoneProgress/create":
            client.send({"id": message["id"], "result": None})
        elif message.get("method") == "$/progress" and message["params"]["value"].get("kind") == "end":
            return (arrived - started) * 1000
    raise TimeoutError("the index never finished")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", type=int, default=200)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--no-stdio", action="store_true", help="only the in-process index numbers")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pallas-ws-") as tmp:
        root = Path(tmp)
        layout = generate(root, args.modules)
        results = bench_index(root, layout, args.edits)
        if not args.no_stdio:
            results.update(bench_stdio(root, layout, args.edits))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"workspace: {results['files']} files ({args.modules} kernel modules), "
        f"{os.cpu_count()} cores, load {load:.2f}"
    )
    print(f"  index (walk + read + parse)       {results['cold_index_ms']:8.1f} ms")
    print(f"  check every file, cold            {results['cold_check_all_ms']:8.1f} ms")
    print(f"  one-file change, edited file only {results['edit_file_only_p50_ms']:8.1f} ms p50")
    print(
        f"  one-file change + dependents      {results['edit_recheck_p50_ms']:8.1f} ms p50, "
        f"{results['edit_recheck_max_ms']:.1f} max  (target {TARGET_MS:.0f} ms: "
        f"{results['edit_recheck_p50_ms'] / TARGET_MS:.2f}x of target; "
        f"{results['entry_runs_per_edit']:.0f} entry runs per edit)"
    )
    print(
        f"  topology.py change (all mains)    {results['topology_edit_ms']:8.1f} ms "
        f"({results['topology_affected_files']} files re-checked)"
    )
    if "stdio_edit_p50_ms" in results:
        print(f"  server over stdio: index ready    {results['stdio_index_ms']:8.1f} ms after initialized")
        print(
            f"  server over stdio: didChange -> publish {results['stdio_edit_p50_ms']:.1f} ms p50, "
            f"{results['stdio_edit_max_ms']:.1f} max "
            f"({results['stdio_edit_p50_ms'] / TARGET_MS:.2f}x of target); "
            f"RSS {results['stdio_rss_mb']:.0f} MB (peak {results['stdio_peak_rss_mb']:.0f})"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
