"""Regression guard: this tree against an earlier commit, side by side in one run.

    .venv/bin/python bench/compare.py REF [--rounds 5] [--edits 40] [--json out.json] [--markdown]
        [--calls-only] [--max-call-ratio 1.05]

Checks REF out into a temporary git worktree and measures both trees in the same run,
interleaved (A, B, A, B, ...), so that the load of a shared machine falls on both alike:
a ratio current / REF is what this prints, and what to read. Absolute figures move with
the load; take them on a quiet machine.

- keystroke -> diagnostics p50 / p95 (ms, debounceMs 0) on bench/lsp_bench.py's generated
  2,000-line file and on the shared examples: one server per tree, open at once, each
  keystroke sent to one then the other; a keystroke is a digit typed into the first number
  of the code and deleted (lsp_bench.keystroke_place), so the whole file runs again;
- analysis / ast.parse per real file (CPU time, median of rounds): JAX's Mosaic GPU
  sources and the shared examples, each tree in its own process;
- ``pallas-lsp check`` of one shared example, as a process (wall-clock);
- server start -> ``initialize`` answered and ``initialized`` sent (wall-clock; what an
  editor waits for before it shows the server as started), server start -> the answer to
  a request sent right after ``initialized`` (``pallasLsp/debugInfo``: the server's own
  loop is running; since lsp/early.py answers ``initialize`` before pygls is imported, the
  two differ by the import), server start -> the first diagnostics of a shared example
  opened right after ``initialized`` (what an editor opening a file waits for), and
  import of the CLI (``python -c "import pallas_lsp.cli"``, wall-clock), each with
  bytecode cached (a precompiled PYTHONPYCACHEPREFIX, as a user's install has it) and
  without (PYTHONDONTWRITEBYTECODE=1 and an empty prefix: every module compiled, as on CI);
- the CPU time a keystroke costs the server and its worker processes (clock ticks of
  /proc, summed over all keystrokes): the steadiest figure on a loaded machine;
- peak resident memory (VmHWM) of each keystroke server after all files;
- the deterministic guard: cProfile's total function calls of ``--call-edits`` keystroke
  analyses (``lsp.analysis_worker.analyse_alone`` with the document's ``Reparser``, as
  the server runs a light document) on the generated 2,000-line file, each tree in its
  own process on the same texts: the module docstring edited (a character typed into
  it), a comment in a kernel's body edited (typed, then deleted), and that kernel's code
  edited (``vec_size=4`` to 8 and back: no reuse, the interpreter runs the whole file; the
  first two are what the reuse of analysis/reuse.py is for). A count does not move with
  the machine's load: a ratio above 1 is more work done. ``--calls-only`` measures this
  alone (seconds, no servers); ``--max-call-ratio R`` exits 1 when any of its ratios
  exceeds R (for CI). A REF from before the incremental parse analyses each text in full.
  ``--startup-only`` measures the start-up rows alone.
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


# Runs in each tree's interpreter: cProfile's total calls of keystroke analyses. argv: the
# file of edits (JSON: {"base": text, "kinds": {kind: [text, ...]}}). A REF from before the
# incremental parse (no analyse_alone / Reparser) analyses each text in full.
_CALLS_SCRIPT = r"""
import cProfile, json, pstats, sys
from pallas_lsp.analysis import Options, analyze
try:
    from pallas_lsp.analysis.reparse import Reparser
    from pallas_lsp.lsp.analysis_worker import analyse_alone
except ImportError:
    Reparser = None

edits = json.load(open(sys.argv[1], encoding="utf-8"))
out = {}
for kind, texts in edits["kinds"].items():
    if Reparser is not None:
        reparser = Reparser()
        def one(text):
            analyse_alone(text, [Options()], "/bench/generated_2000_lines.py", reparser)
    else:
        def one(text):
            analyze(text, Options(), path="/bench/generated_2000_lines.py")
    one(edits["base"])  # the document as opened: not counted
    profile = cProfile.Profile()
    profile.enable()
    for text in texts:
        one(text)
    profile.disable()
    out[kind] = pstats.Stats(profile).total_calls
print("CALLS " + json.dumps(out))
"""


def call_edits(source: str, count: int) -> dict[str, list[str]]:
    """The keystroke texts of the guard, by kind, ``count`` of each: the module docstring
    edited (the edit /work/tools/ks.sh makes); a character typed into a comment in the body
    of a kernel in the middle of the file and deleted again; a number of that kernel's code
    changed and changed back (``vec_size=4`` to 8: the whole file runs again)."""
    docstring = [source.replace('"""Generated:', f'"""Generated {i}:', 1) for i in range(count)]
    lines = source.split("\n")
    at = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].lstrip().startswith("# kernel"))
    code_at = next(i for i in range(at, len(lines)) if "vec_size=4" in lines[i])
    body, code = [], []
    for i in range(count):
        edited, recoded = list(lines), list(lines)
        if i % 2 == 0:
            edited[at] += f" {i}"
            recoded[code_at] = recoded[code_at].replace("vec_size=4", "vec_size=8")
        body.append("\n".join(edited))
        code.append("\n".join(recoded))
    return {"docstring": docstring, "kernel body": body, "kernel code": code}


def parse_call_counts(output: str) -> dict[str, int]:
    """The counts a _CALLS_SCRIPT run printed (its last ``CALLS {...}`` line)."""
    for line in reversed(output.splitlines()):
        if line.startswith("CALLS "):
            counts = json.loads(line[len("CALLS "):])
            if not isinstance(counts, dict) or not all(
                    isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in counts.values()):
                raise ValueError(f"not a map of call counts: {line!r}")
            return counts
    raise ValueError("no CALLS line in the output")


def call_ratios(current: dict[str, int], ref: dict[str, int]) -> dict[str, float]:
    """current / REF per kind measured on both sides, and over all of them ("all")."""
    kinds = [kind for kind in current if kind in ref]
    ratios = {kind: current[kind] / ref[kind] if ref[kind] else float("inf") for kind in kinds}
    total_ref = sum(ref[kind] for kind in kinds)
    if kinds:
        ratios["all"] = sum(current[kind] for kind in kinds) / total_ref if total_ref else float("inf")
    return ratios


def over_bound(ratios: dict[str, float], bound: float) -> list[str]:
    """The kinds whose ratio exceeds ``bound`` (a NaN is no pass either)."""
    return [kind for kind, ratio in ratios.items() if not ratio <= bound]


def call_counts(trees: list[Tree], edits: int) -> dict[str, dict[str, int]]:
    """Each tree's counts, in its own process, on the same texts."""
    source = generated_file(2000)
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8", delete=False) as handle:
        json.dump({"base": source, "kinds": call_edits(source, edits)}, handle)
    try:
        counts = {}
        for tree in trees:
            done = subprocess.run([sys.executable, "-c", _CALLS_SCRIPT, handle.name], env=tree.cached,
                                  check=True, capture_output=True, text=True)
            counts[tree.label] = parse_call_counts(done.stdout)
        return counts
    finally:
        os.unlink(handle.name)


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
    """A server, initialized; and the ms from its spawn to ``initialized`` sent."""
    client = Client([sys.executable, "-m", "pallas_lsp", "serve"], env)
    client.request("initialize", {
        "processId": os.getpid(),
        "rootUri": None,
        "capabilities": {"textDocument": {"publishDiagnostics": {"versionSupport": True}}},
        "initializationOptions": {"pallasLsp": {"debounceMs": 0}},
    })
    client.notify("initialized", {})
    return client, (time.perf_counter() - client.spawned) * 1000


def first_request_ms(env: dict[str, str]) -> float:
    """Spawn -> the answer to a request sent right after ``initialized`` (the server's loop)."""
    client, _ = start_server(env)
    client.request("pallasLsp/debugInfo", {})
    client.close()
    return (time.perf_counter() - client.spawned) * 1000


def first_diagnostics_ms(env: dict[str, str]) -> float:
    """Spawn -> the first ``publishDiagnostics`` of CHECKED_EXAMPLE, opened as soon as
    ``initialized`` is sent (as an editor opens the file it shows)."""
    client, _ = start_server(env)
    uri = f"file:///bench/{CHECKED_EXAMPLE}"
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1,
        "text": (EXAMPLES / CHECKED_EXAMPLE).read_text(encoding="utf-8")}})
    arrived = client.wait_diagnostics(uri, 1)
    client.close()
    return (arrived - client.spawned) * 1000


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
        results[f"server start -> a request after initialized answered, bytecode {mode} (ms)"] = \
            interleaved(trees, rounds, lambda t, mode=mode: first_request_ms(getattr(t, mode)))
        results[f"server start -> first diagnostics of {CHECKED_EXAMPLE}, bytecode {mode} (ms)"] = \
            interleaved(trees, rounds, lambda t, mode=mode: first_diagnostics_ms(getattr(t, mode)))
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
    parser.add_argument("--call-edits", type=int, default=10,
                        help="keystroke analyses per kind counted by the deterministic guard")
    parser.add_argument("--calls-only", action="store_true",
                        help="only the deterministic call-count guard (no timed measures)")
    parser.add_argument("--startup-only", action="store_true",
                        help="only the start-up rows (server start, first diagnostics, imports)")
    parser.add_argument("--keystrokes-only", action="store_true",
                        help="only the timed keystroke rows (and the call-count guard)")
    parser.add_argument("--max-call-ratio", type=float, metavar="R",
                        help="exit 1 when a call-count ratio current / REF exceeds R")
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
        counts = {t.label: {} for t in trees} if args.startup_only else call_counts(trees, args.call_edits)
        results: dict[str, dict[str, list[float]]] = {}
        if not args.calls_only:
            for tree in trees:
                tree.precompile()
            if not args.startup_only:
                results.update(keystroke_latency(trees, args.edits))
                if not args.keystrokes_only:
                    results.update(analysis_ratios(trees, max(3, args.rounds // 2)))
            if not args.keystrokes_only:
                results.update(startup(trees, args.rounds))
    load_after = os.getloadavg()
    labels = [t.label for t in trees]
    ratios = call_ratios(counts[labels[0]], counts[labels[1]])
    rows = []
    for metric, by_tree in results.items():
        a, b = (statistics.median(by_tree[label]) for label in labels)
        rows.append((metric, a, b, a / b if b else float("nan")))

    print(f"{labels[0]} against {labels[1]}, interleaved in one run of "
          f"{time.perf_counter() - started:.0f} s on {os.cpu_count()} cores; load average "
          f"{load_before[0]:.2f} before, {load_after[0]:.2f} after. Ratio = current / REF "
          f"(below 1.00: current is faster or smaller)."
          + ("" if args.calls_only else f" Medians of {args.rounds} rounds for processes, of "
             f"{args.edits} keystrokes per file per tree."))
    totals = {label: sum(counts[label][k] for k in ratios if k != "all") for label in labels}
    call_rows = [(f"function calls of {args.call_edits} keystroke analyses, {kind} (count)",
                  *((counts[label][kind] if kind != "all" else totals[label]) for label in labels), ratio)
                 for kind, ratio in ratios.items()]
    if args.markdown:
        print(f"\n| measure | {labels[0]} | {labels[1]} | ratio |\n| --- | ---: | ---: | ---: |")
        for metric, a, b, ratio in call_rows:
            print(f"| {metric} | {a} | {b} | {ratio:.3f}x |")
        for metric, a, b, ratio in rows:
            print(f"| {metric} | {a:.2f} | {b:.2f} | {ratio:.2f}x |")
    else:
        width = max(len(r[0]) for r in [*rows, *call_rows])
        print(f"{'measure':{width}}  {'current':>9}  {'REF':>9}  ratio")
        for metric, a, b, ratio in call_rows:
            print(f"{metric:{width}}  {a:9d}  {b:9d}  {ratio:6.3f}x")
        for metric, a, b, ratio in rows:
            print(f"{metric:{width}}  {a:9.2f}  {b:9.2f}  {ratio:5.2f}x")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"labels": labels, "samples": results,
                                         "call_counts": counts, "call_ratios": ratios,
                                         "load": [load_before, load_after]}, indent=1))
    if args.max_call_ratio is not None:
        over = over_bound(ratios, args.max_call_ratio)
        if over:
            print(f"call-count ratio above {args.max_call_ratio}: "
                  + ", ".join(f"{kind} {ratios[kind]:.3f}x" for kind in over), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
