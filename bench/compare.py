"""Regression guard: this tree against an earlier commit, side by side in one run.

    .venv/bin/python bench/compare.py REF [--rounds 5] [--edits 40] [--json out.json] [--markdown]

Checks REF out into a temporary git worktree and measures both trees in the same run,
interleaved (A, B, A, B, ...), so that the load of a shared machine falls on both alike:
a ratio current / REF is what this prints, and what to read. Absolute figures move with
the load; take them on a quiet machine.

- keystroke -> diagnostics p50 / p95 (ms, debounceMs 0) on bench/lsp_bench.py's generated
  2,000-line file and on the shared examples: one server per tree, open at once, each
  keystroke sent to one then the other;
- analysis / ast.parse per real file (CPU time, median of rounds): JAX's Mosaic GPU
  sources and the shared examples, each tree in its own process;
- ``pallas-lsp check`` of one shared example, as a process (wall-clock);
- server start -> ``initialize`` answered and ``initialized`` sent (wall-clock), and
  import of the CLI (``python -c "import pallas_lsp.cli"``, wall-clock), each with
  bytecode cached (a precompiled PYTHONPYCACHEPREFIX, as a user's install has it) and
  without (PYTHONDONTWRITEBYTECODE=1 and an empty prefix: every module compiled, as on CI);
- the CPU time a keystroke costs the server and its worker processes (clock ticks of
  /proc, summed over all keystrokes): the steadiest figure on a loaded machine;
- peak resident memory (VmHWM) of each keystroke server after all files.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))

from lsp_bench import EXAMPLES, Client, generated_file, keystrokes, percentile  # noqa: E402

JAX_ROOT = Path(os.environ.get(
    "PALLAS_LSP_JAX_ROOT", REPO / ".venv-jax012" / "lib" / "python3.12" / "site-packages" / "jax"))
REAL_FILES = (
    "_src/pallas/mosaic_gpu/primitives.py",
    "_src/pallas/mosaic_gpu/core.py",
    "_src/pallas/mosaic_gpu/pipeline.py",
    "experimental/pallas/ops/gpu/collective_matmul_mgpu.py",
    "experimental/pallas/ops/gpu/reduce_scatter_mgpu.py",
    "experimental/pallas/ops/gpu/all_gather_mgpu.py",
    "experimental/pallas/ops/gpu/attention.py",
)
CHECKED_EXAMPLE = "broadcast_axes_mismatch.py"

# Runs in each tree's interpreter: CPU ms of ast.parse and of analyze() per file, one round.
_ANALYSIS_SCRIPT = r"""
import ast, json, sys, time
from pallas_lsp.analysis import Options, analyze

def cpu_ms(action):
    # At least 3 runs and 0.2 s of CPU: a small file's one parse is too short to time alone.
    taken = []
    while len(taken) < 3 or (sum(taken) < 200 and len(taken) < 200):
        start = time.process_time()
        action()
        taken.append((time.process_time() - start) * 1000)
    taken.sort()
    return taken[len(taken) // 2]

out = {}
for path in sys.argv[1:]:
    source = open(path, encoding="utf-8").read()
    try:
        ast.parse(source, filename=path)
    except SyntaxError:
        continue  # newer syntax than this interpreter reads: nothing to compare
    options = Options(budget_s=60.0)
    analyze(source, options, path=path)  # warm-up
    out[path] = {
        "parse_ms": cpu_ms(lambda: ast.parse(source, filename=path)),
        "analyze_ms": cpu_ms(lambda: analyze(source, options, path=path)),
    }
print(json.dumps(out))
"""


class Tree:
    """One checkout under test: its server folder, and the environments it runs under."""

    def __init__(self, label: str, root: Path, pycache: Path) -> None:
        self.label = label
        self.root = root
        self.pycache = pycache
        base = dict(os.environ)
        base["PYTHONPATH"] = os.pathsep.join(p for p in (str(root / "server"), base.get("PYTHONPATH")) if p)
        base.pop("PYTHONPYCACHEPREFIX", None)
        self.cached = {**base, "PYTHONPYCACHEPREFIX": str(pycache)}
        self.cached.pop("PYTHONDONTWRITEBYTECODE", None)
        # An empty prefix that is never written: every module compiled at every start.
        self.uncached = {**base, "PYTHONDONTWRITEBYTECODE": "1",
                         "PYTHONPYCACHEPREFIX": str(pycache.parent / f"{pycache.name}-empty")}

    def precompile(self) -> None:
        """Write the prefix's bytecode the way a user's first start does: run what is measured."""
        example = str(EXAMPLES / CHECKED_EXAMPLE)
        for command in (["-c", "import pallas_lsp.cli, pallas_lsp.lsp.server"],
                        ["-m", "pallas_lsp", "check", "--format", "json", example]):
            wall_ms([sys.executable, *command], self.cached)
        start_server(self.cached)[0].close()


@contextmanager
def ref_worktree(ref: str) -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="pallas-compare-"))
    checkout = folder / "tree"
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet",
                    str(checkout), ref], check=True)
    try:
        yield checkout
    finally:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(checkout)],
                       check=False)
        subprocess.run(["rm", "-rf", str(folder)], check=False)


def wall_ms(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=False, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) of a process and of its children alive now: a heavy
    document is analysed in a worker process of the server (lsp/analysis_pool.py). Under
    load, CPU time moves much less than the wall-clock latency."""
    ticks = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == pid or int(fields[1]) == pid:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def start_server(env: dict[str, str]) -> tuple[Client, float]:
    client = Client([sys.executable, "-m", "pallas_lsp", "serve"], env)
    client.request("initialize", {
        "processId": os.getpid(),
        "rootUri": None,
        "capabilities": {"textDocument": {"publishDiagnostics": {"versionSupport": True}}},
        "initializationOptions": {"pallasLsp": {"debounceMs": 0}},
    })
    client.notify("initialized", {})
    return client, (time.perf_counter() - client.spawned) * 1000


def interleaved(trees: list[Tree], rounds: int, measure: Callable[[Tree], float]) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {t.label: [] for t in trees}
    for index in range(rounds):
        # Alternate who goes first, so neither always runs right after the other's start.
        order = trees if index % 2 == 0 else trees[::-1]
        for tree in order:
            samples[tree.label].append(measure(tree))
    return samples


def startup(trees: list[Tree], rounds: int) -> dict[str, dict[str, list[float]]]:
    results: dict[str, dict[str, list[float]]] = {}
    for mode in ("cached", "uncached"):
        def server_ms(tree: Tree, mode: str = mode) -> float:
            client, elapsed = start_server(getattr(tree, mode))
            client.close()
            return elapsed

        def import_ms(tree: Tree, mode: str = mode) -> float:
            return wall_ms([sys.executable, "-c", "import pallas_lsp.cli"], getattr(tree, mode))

        results[f"server start -> initialized, bytecode {mode} (ms)"] = interleaved(trees, rounds, server_ms)
        results[f"import pallas_lsp.cli, bytecode {mode} (ms)"] = interleaved(trees, rounds, import_ms)
    example = str(EXAMPLES / CHECKED_EXAMPLE)
    results[f"check {CHECKED_EXAMPLE} as a process, bytecode cached (ms)"] = interleaved(
        trees, rounds, lambda t: wall_ms([sys.executable, "-m", "pallas_lsp", "check", "--format",
                                          "json", example], t.cached))
    results["python -c pass, bytecode cached (ms): the floor"] = interleaved(
        trees, rounds, lambda t: wall_ms([sys.executable, "-c", "pass"], t.cached))
    return results


def keystroke_latency(trees: list[Tree], edits: int) -> dict[str, dict[str, list[float]]]:
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.py"))}
    files["generated_2000_lines.py"] = generated_file(2000)
    clients = {t.label: start_server(t.cached)[0] for t in trees}
    versions: dict[tuple[str, str], int] = {}
    samples: dict[str, dict[str, list[float]]] = {"generated_2000_lines.py": {}, "shared examples": {}}
    cpu: dict[str, dict[str, list[float]]] = {
        group: {t.label: [0.0, 0.0] for t in trees} for group in samples}
    try:
        for name, text in files.items():
            uri = f"file:///bench/{name}"
            for tree in trees:
                client = clients[tree.label]
                client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": uri, "languageId": "python", "version": 1, "text": text}})
                client.wait_diagnostics(uri, 1)
                _, versions[(tree.label, name)] = keystrokes(client, uri, text, 4, 0, 1)  # warm-up
            group = "generated_2000_lines.py" if name.startswith("generated") else "shared examples"
            for step in range(edits // 2):
                order = trees if step % 2 == 0 else trees[::-1]
                for tree in order:
                    key = (tree.label, name)
                    before = cpu_s(clients[tree.label].proc.pid)
                    taken, versions[key] = keystrokes(clients[tree.label], uri, text, 2, 0, versions[key])
                    spent = cpu[group][tree.label]
                    spent[0] += cpu_s(clients[tree.label].proc.pid) - before
                    spent[1] += len(taken)
                    samples[group].setdefault(tree.label, []).extend(taken)
        peaks = {label: [client.rss_mb()[1]] for label, client in clients.items()}
    finally:
        for client in clients.values():
            client.close()
    out: dict[str, dict[str, list[float]]] = {}
    for group, by_tree in samples.items():
        for q in (0.5, 0.95):
            out[f"keystroke p{round(q * 100)}, {group} (ms)"] = {
                label: [percentile(values, q)] for label, values in by_tree.items()}
    for group, by_tree in cpu.items():
        out[f"keystroke CPU of the server and its workers, {group} (ms per keystroke)"] = {
            label: [spent / max(count, 1) * 1000] for label, (spent, count) in by_tree.items()}
    out["server peak memory after all files (MB)"] = peaks
    return out


def analysis_ratios(trees: list[Tree], rounds: int) -> dict[str, dict[str, list[float]]]:
    paths = [str(JAX_ROOT / rel) for rel in REAL_FILES if (JAX_ROOT / rel).exists()]
    paths += [str(p) for p in sorted(EXAMPLES.glob("*.py"))]
    runs: dict[str, list[dict[str, dict[str, float]]]] = {t.label: [] for t in trees}

    def one_round(tree: Tree) -> float:
        done = subprocess.run([sys.executable, "-c", _ANALYSIS_SCRIPT, *paths], env=tree.cached,
                              check=True, capture_output=True, text=True)
        runs[tree.label].append(json.loads(done.stdout))
        return 0.0

    interleaved(trees, rounds, one_round)
    out: dict[str, dict[str, list[float]]] = {}
    for path in paths:
        if not all(path in r for rows in runs.values() for r in rows):
            continue
        name = Path(path).name if path.startswith(str(EXAMPLES)) else str(Path(path).relative_to(JAX_ROOT))
        out[f"analysis / ast.parse, {name} (x)"] = {
            label: [r[path]["analyze_ms"] / max(r[path]["parse_ms"], 1e-3) for r in rows]
            for label, rows in runs.items()}
    out["analysis / ast.parse, all files summed (x)"] = {
        label: [sum(v["analyze_ms"] for v in r.values()) / sum(v["parse_ms"] for v in r.values())
                for r in rows] for label, rows in runs.items()}
    return out


def _git(*words: str) -> str:
    done = subprocess.run(["git", "-C", str(REPO), *words], capture_output=True, text=True, check=False)
    return done.stdout.strip() if done.returncode == 0 else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ref", help="the earlier commit (any git revision)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per measure")
    parser.add_argument("--edits", type=int, default=40, help="keystrokes per file per tree")
    parser.add_argument("--ref-tree", type=Path, metavar="DIR",
                        help="a checkout of REF already made (a machine without the git history): "
                             "REF then only names it")
    parser.add_argument("--current", metavar="REV",
                        help="measure this revision as the current side (default: the working tree)")
    parser.add_argument("--json", type=Path, help="also write every sample here")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args(argv)

    head = _git("rev-parse", "--short", args.current or "HEAD") or "working tree"
    ref_label = args.ref if args.ref_tree else _git("rev-parse", "--short", args.ref)
    dirty = args.current is None and bool(_git("status", "--porcelain", "server"))
    started = time.perf_counter()
    load_before = os.getloadavg()
    ref_tree = nullcontext(args.ref_tree.resolve()) if args.ref_tree else ref_worktree(args.ref)
    with ref_tree as ref_root, tempfile.TemporaryDirectory() as scratch, \
            (ref_worktree(args.current) if args.current else nullcontext(REPO)) as current_root:
        trees = [Tree(f"current ({head}{'+' if dirty else ''})", current_root, Path(scratch) / "current"),
                 Tree(f"REF ({ref_label})", ref_root, Path(scratch) / "ref")]
        for tree in trees:
            tree.precompile()
        results: dict[str, dict[str, list[float]]] = {}
        results.update(keystroke_latency(trees, args.edits))
        results.update(analysis_ratios(trees, max(3, args.rounds // 2)))
        results.update(startup(trees, args.rounds))
    load_after = os.getloadavg()
    labels = [t.label for t in trees]
    rows = []
    for metric, by_tree in results.items():
        a, b = (statistics.median(by_tree[label]) for label in labels)
        rows.append((metric, a, b, a / b if b else float("nan")))

    print(f"{labels[0]} against {labels[1]}, interleaved in one run of "
          f"{time.perf_counter() - started:.0f} s on {os.cpu_count()} cores; load average "
          f"{load_before[0]:.2f} before, {load_after[0]:.2f} after. Ratio = current / REF "
          f"(below 1.00: current is faster or smaller). Medians of {args.rounds} rounds for "
          f"processes, of {args.edits} keystrokes per file per tree.")
    if args.markdown:
        print(f"\n| measure | {labels[0]} | {labels[1]} | ratio |\n| --- | ---: | ---: | ---: |")
        for metric, a, b, ratio in rows:
            print(f"| {metric} | {a:.2f} | {b:.2f} | {ratio:.2f}x |")
    else:
        width = max(len(r[0]) for r in rows)
        print(f"{'measure':{width}}  {'current':>9}  {'REF':>9}  ratio")
        for metric, a, b, ratio in rows:
            print(f"{metric:{width}}  {a:9.2f}  {b:9.2f}  {ratio:5.2f}x")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"labels": labels, "samples": results,
                                         "load": [load_before, load_after]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
