"""Analysis time over a ladder of file sizes, beside CPython's parser and two peers.

    .venv/bin/python bench/analysis_bench.py [--repeat 5] [--quick] [--json bench/out/analysis.json]

Times are CPU time (user + system; of this process for in-process work, of
the child for a process), medians of ``--repeat`` runs: on a shared 2-core
machine wall-clock time moves with other people's load, CPU time much less.

For every file (generated ones of 100 to 10,000 lines from bench/generate.py,
and real JAX Pallas sources from the JAX environments) it measures, as the
median of ``--repeat`` runs:

- ``ast.parse``: CPython's parser, in process: the floor for any Python analyser;
- ``analyze``: ``pallas_lsp.analysis.analyze`` in process, parse included
  (target <= 2x ast.parse);
- ``check``: the ``pallas-lsp check FILE`` process, start-up included;
- ``ruff``: ``ruff check --no-cache --select E,F FILE`` (a process);
- ``pylint``: ``pylint --disable=all --enable=E FILE`` (a process; fewer runs
  on big files, it takes seconds).

Linear growth: analysis time per line over the generated ladder, and the
exponent ``k`` of the fit ``time ~ lines**k`` (target: k close to 1).

Memory: the peak resident set of a fresh interpreter analysing the 2,000- and
10,000-line files, beside the same interpreter after the import alone.

Workspace: 200 generated modules in one folder, a tenth of them launchers that
import another module's kernel (bench/generate.py ``workspace_files``): a cold
``pallas-lsp check DIR``, beside ``ruff check DIR`` and ``ast.parse`` of every
file; then one file changes and only it is analysed again.

It prints a table and asserts nothing; ``--json`` keeps the numbers for
bench/run_all.py.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "server"))
sys.path.insert(0, str(REPO / "bench"))

from generate import generate, write_workspace  # noqa: E402
from pallas_lsp.analysis import Options, analyze  # noqa: E402
from pallas_lsp.runtime import tune_gc  # noqa: E402

LADDER = (100, 250, 500, 1000, 2000, 5000, 10000)
TARGET_RATIO = 2.0  # analysis <= 2x ast.parse
TARGET_EXPONENT = 1.15  # time ~ lines**k with k at most this: "linear"
EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"  # ../shared beside the repo
WORKSPACE_MODULES = 200
# Budget for one analysis in the bench: big enough never to stop a real file.
BUDGET_S = 120.0


@dataclass
class FileResult:
    name: str
    kind: str  # "generated", "real" or "example"
    lines: int
    ast_ms: float
    analyze_ms: float
    findings: int
    stopped: str | None
    syntax_error: str | None
    check_ms: float | None = None
    ruff_ms: float | None = None
    pylint_ms: float | None = None
    pylint_runs: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.analyze_ms / self.ast_ms if self.ast_ms else math.nan


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """Median CPU time of ``action`` in this process: other load on the machine barely moves it."""
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        action()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples)


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def parse_only(source: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with contextlib.suppress(SyntaxError):
            ast.parse(source)


def tool(name: str) -> str | None:
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def process_ms(command: list[str], repeat: int) -> float:
    """Median CPU time (user + system) of a process, start-up included."""
    samples = []
    for _ in range(repeat):
        before = children_cpu_s()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        samples.append((children_cpu_s() - before) * 1000)
    return statistics.median(samples)


def real_files() -> list[tuple[str, Path]]:
    """Large real Pallas sources, from both JAX environments where present."""
    found: list[tuple[str, Path]] = []
    for env, tag in ((".venv-jax012", "jax0.12"), (".venv-jax010", "jax0.10")):
        roots = sorted((REPO / env).glob("lib/python*/site-packages/jax"))
        if not roots:
            continue
        jax_root = roots[0]
        for rel in ("_src/pallas/mosaic_gpu/primitives.py", "_src/pallas/mosaic_gpu/lowering.py",
                    "_src/pallas/mosaic_gpu/core.py"):
            if (jax_root / rel).exists():
                found.append((f"{tag} {Path(rel).name}", jax_root / rel))
        if tag == "jax0.12":
            ops = jax_root / "experimental/pallas/ops/gpu"
            for name in ("attention_mgpu.py", "collective_matmul_mgpu.py",
                         "reduce_scatter_mgpu.py", "all_gather_mgpu.py", "attention.py"):
                if (ops / name).exists():
                    found.append((f"{tag} ops/gpu/{name}", ops / name))
    return found


def measure(name: str, kind: str, path: Path, args: argparse.Namespace) -> FileResult:
    source = path.read_text(encoding="utf-8")
    options = Options(budget_s=BUDGET_S)
    analysis = analyze(source, options, path=str(path))  # warm-up, and the facts shown
    result = FileResult(
        name=name, kind=kind, lines=source.count("\n") + (not source.endswith("\n")),
        ast_ms=median_ms(lambda: parse_only(source), args.repeat),
        analyze_ms=median_ms(lambda: analyze(source, options, path=str(path)), args.repeat),
        findings=len(analysis.findings), stopped=analysis.stopped,
        syntax_error=analysis.syntax_error.message if analysis.syntax_error else None,
    )
    process_repeat = max(1, min(args.repeat, 3))
    result.check_ms = process_ms(
        [sys.executable, "-m", "pallas_lsp", "check", "--format", "json", "--jax-version",
         "0.12.0.1", str(path)], process_repeat)
    ruff = tool("ruff")
    if ruff:
        result.ruff_ms = process_ms([ruff, "check", "--no-cache", "--quiet", "--select", "E,F",
                                     str(path)], process_repeat)
    pylint = tool("pylint")
    if pylint and not args.no_pylint:
        # pylint takes seconds a file (more where it follows JAX's own imports): one run
        # for big and real files.
        pylint_repeat = 1 if result.lines >= 1000 or kind == "real" or args.quick \
            else process_repeat
        result.pylint_runs = pylint_repeat
        result.pylint_ms = process_ms([pylint, "--disable=all", "--enable=E", "--score=n",
                                       str(path)], pylint_repeat)
    return result


_PEAK_SCRIPT = """
import sys
from pallas_lsp.analysis import Options, analyze

def high_water_kb():
    # VmHWM belongs to this process image; ru_maxrss would carry the parent's peak over exec.
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0

source = open(sys.argv[1], encoding="utf-8").read()
before = high_water_kb()
analyze(source, Options(budget_s=120.0))
print(before, high_water_kb())
"""


def peak_rss_mb(path: Path) -> dict[str, float]:
    """Peak resident memory of a fresh interpreter that imports the analysis, then analyses
    ``path`` (the import alone is the baseline)."""
    out = subprocess.run([sys.executable, "-c", _PEAK_SCRIPT, str(path)],
                         capture_output=True, text=True, check=True).stdout.split()
    before_kb, after_kb = int(out[0]), int(out[1])
    return {"import_mb": before_kb / 1024, "peak_mb": after_kb / 1024,
            "analysis_mb": (after_kb - before_kb) / 1024}


def growth(results: list[FileResult]) -> dict[str, object]:
    """Per-line cost over the generated ladder, and the fitted exponent of time ~ lines**k."""
    ladder = [r for r in results if r.kind == "generated"]
    per_line = {r.lines: {"analyze_us": r.analyze_ms * 1000 / r.lines,
                          "ast_us": r.ast_ms * 1000 / r.lines} for r in ladder}
    # Small files are dominated by fixed costs; fit from 500 lines up.
    fit = [r for r in ladder if r.lines >= 500]

    def exponent(values: list[tuple[int, float]]) -> float:
        xs = [math.log(lines) for lines, _ in values]
        ys = [math.log(ms) for _, ms in values]
        mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
        num = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
        den = sum((x - mean_x) ** 2 for x in xs)
        return num / den if den else math.nan

    return {
        "per_line": per_line,
        "analyze_exponent": exponent([(r.lines, r.analyze_ms) for r in fit]),
        "ast_exponent": exponent([(r.lines, r.ast_ms) for r in fit]),
        "target_exponent": TARGET_EXPONENT,
    }


def workspace(args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="pallas-bench-ws-") as tmp:
        folder = Path(tmp) / "kernels"
        paths = write_workspace(folder, WORKSPACE_MODULES, seed=1000)
        total_lines = sum(p.read_text(encoding="utf-8").count("\n") for p in paths)
        sources = [p.read_text(encoding="utf-8") for p in paths]
        repeat = max(1, min(args.repeat, 3))
        check_cmd = [sys.executable, "-m", "pallas_lsp", "check", "--format", "json",
                     "--jax-version", "0.12.0.1", str(folder)]
        out = subprocess.run(check_cmd, capture_output=True, text=True, check=False)
        reported = len(json.loads(out.stdout)) if out.stdout.strip().startswith("[") else None
        result: dict[str, object] = {
            "modules": len(paths), "lines": total_lines, "findings": reported,
            "check_exit": out.returncode,
            "cold_check_ms": process_ms(check_cmd, repeat),
            "ast_parse_all_ms": median_ms(lambda: [parse_only(s) for s in sources], repeat),
            "analyze_all_ms": median_ms(
                lambda: [analyze(s, Options(budget_s=BUDGET_S)) for s in sources], repeat),
        }
        try:  # the folder as one program (cross-module launches), where the core has it
            from pallas_lsp.analysis import analyze_workspace
        except ImportError:
            analyze_workspace = None
        if analyze_workspace is not None:
            by_path = {str(p): s for p, s in zip(paths, sources, strict=True)}
            result["analyze_workspace_ms"] = median_ms(
                lambda: analyze_workspace(by_path, Options(budget_s=BUDGET_S)), repeat)
        ruff = tool("ruff")
        if ruff:
            result["ruff_ms"] = process_ms([ruff, "check", "--no-cache", "--quiet", "--select",
                                            "E,F", str(folder)], repeat)
        # One kernel module changes (a kernel's axis is edited): only it is analysed again.
        changed = paths[WORKSPACE_MODULES // 2]
        text = changed.read_text(encoding="utf-8").replace('"dev"', '"device"', 1)
        text += "\nEDITED = True\n"
        changed.write_text(text, encoding="utf-8")
        result["changed_lines"] = text.count("\n")
        result["recheck_analyze_ms"] = median_ms(
            lambda: analyze(text, Options(budget_s=BUDGET_S), path=str(changed)), args.repeat)
        result["recheck_process_ms"] = process_ms(
            [sys.executable, "-m", "pallas_lsp", "check", "--format", "json", "--jax-version",
             "0.12.0.1", str(changed)], repeat)
        return result


def fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def print_table(results: list[FileResult], grow: dict[str, object], ws: dict[str, object]) -> None:
    print(f"{'file':38} {'lines':>6} {'ast ms':>8} {'analyze':>8} {'/ast':>5} {'check':>7} "
          f"{'ruff':>7} {'pylint':>8} {'find':>5}")
    for r in results:
        note = " (syntax error)" if r.syntax_error else (" (stopped)" if r.stopped else "")
        print(f"{r.name[:38]:38} {r.lines:6d} {r.ast_ms:8.2f} {r.analyze_ms:8.2f} "
              f"{r.ratio:5.2f} {fmt(r.check_ms, 0):>7} {fmt(r.ruff_ms, 0):>7} "
              f"{fmt(r.pylint_ms, 0):>8} {r.findings:5d}{note}")
    print(f"growth: analyze time ~ lines**{grow['analyze_exponent']:.3f} "
          f"(ast.parse ~ lines**{grow['ast_exponent']:.3f}); per line:")
    for lines, row in grow["per_line"].items():  # type: ignore[union-attr]
        print(f"  {lines:6d} lines: analyze {row['analyze_us']:.2f} us/line, "
              f"ast.parse {row['ast_us']:.2f} us/line")
    print(f"workspace: {ws['modules']} modules, {ws['lines']} lines: cold check "
          f"{ws['cold_check_ms']:.0f} ms (ruff {fmt(ws.get('ruff_ms'), 0)} ms; analyze in "  # type: ignore[arg-type]
          f"process {ws['analyze_all_ms']:.0f} ms, ast.parse {ws['ast_parse_all_ms']:.0f} ms); "
          f"re-check of one changed file: analyze {ws['recheck_analyze_ms']:.1f} ms, "
          f"process {ws['recheck_process_ms']:.0f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--quick", action="store_true", help="one pylint run per file")
    parser.add_argument("--no-pylint", action="store_true", help="skip pylint (it is slow)")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--default-gc", action="store_true",
                        help="measure under CPython's default collector thresholds instead of the "
                             "settings the CLI and the language server run analyses under")
    args = parser.parse_args(argv)
    if not args.default_gc:
        # What `pallas-lsp check` and `pallas-lsp serve` do before analysing (pallas_lsp/runtime.py).
        tune_gc()
    print(f"collector: {'CPython defaults' if args.default_gc else 'pallas_lsp.runtime.tune_gc()'}",
          file=sys.stderr)

    load_before = os.getloadavg()
    results: list[FileResult] = []
    memory: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="pallas-bench-") as tmp:
        for lines in LADDER:
            path = Path(tmp) / f"generated_{lines}.py"
            path.write_text(generate(lines, seed=lines), encoding="utf-8")
            results.append(measure(f"generated {lines}", "generated", path, args))
            print(f"  measured generated {lines}", file=sys.stderr)
        for lines in (2000, 10000):
            memory[f"generated {lines}"] = peak_rss_mb(Path(tmp) / f"generated_{lines}.py")
    for name, path in real_files():
        results.append(measure(name, "real", path, args))
        print(f"  measured {name}", file=sys.stderr)
    ws = workspace(args)
    grow = growth(results)
    print_table(results, grow, ws)
    for name, row in memory.items():
        print(f"memory, {name}: {row['analysis_mb']:.1f} MB for the analysis "
              f"(peak {row['peak_mb']:.1f} MB, {row['import_mb']:.1f} MB after import)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        rows = [asdict(r) | {"ratio": r.ratio} for r in results]
        args.json.write_text(json.dumps({"files": rows, "growth": grow, "workspace": ws,
                                         "memory": memory,
                                         "repeat": args.repeat,
                                         "load_before": load_before,
                                         "load_after": os.getloadavg(),
                                         "target_ratio": TARGET_RATIO}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
