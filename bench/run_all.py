"""Run every benchmark once and write bench/results.md.

    .venv/bin/python bench/run_all.py [--quick] [--out bench/results.md]

Runs, each as its own process (a failing one leaves a note, the others still run):

- bench/analysis_bench.py: analysis vs ast.parse, ruff and pylint over a ladder of
  file sizes and real JAX files, linear growth, a 200-module workspace;
- bench/lsp_bench.py (if present): server start-up, keystroke-to-diagnostics
  latency, memory;
- bench/notebook_bench.py: keystroke-to-diagnostics in a 40-cell notebook, beside the
  same code as one file (reported with the language server's numbers);
- bench/lowering_bench.py (if present): the lowering check cold and warm.

It then writes the machine's description and every number, each beside its
target as a ratio (below 1.00x of a "<=" target means the target is met), to
``--out``. The whole run takes about 6-9 minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench"
OUT = BENCH / "out"

TARGET_ANALYSIS_RATIO = 2.0  # analysis <= 2x ast.parse
TARGET_P95_MS = 50.0  # keystroke-to-diagnostics p95 on 2,000 lines
TARGET_EXPONENT = 1.15  # time ~ lines**k, "linear" when k <= this
TARGET_AXES_FILE_MS = 30.0  # axis completion / rename p95 on 2,000 lines
TARGET_AXES_WORKSPACE_MS = 300.0  # axis rename across the 200-module workspace


@dataclass
class Step:
    name: str
    command: list[str]
    timeout_s: float
    stdout: str = ""
    ok: bool = False
    note: str = ""
    seconds: float = 0.0


def run_step(step: Step) -> Step:
    script = Path(step.command[1])
    if not script.exists():
        step.note = f"{script.relative_to(REPO)} is not there: skipped"
        return step
    print(f"running {' '.join(step.command[1:])} ...", file=sys.stderr, flush=True)
    start = time.monotonic()
    try:
        done = subprocess.run(step.command, capture_output=True, text=True, cwd=REPO,
                              timeout=step.timeout_s, check=False)
    except subprocess.TimeoutExpired as exc:
        step.stdout = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        step.note = f"timed out after {step.timeout_s:.0f} s"
    else:
        step.stdout = done.stdout
        step.ok = done.returncode == 0
        if not step.ok:
            tail = done.stderr.strip().splitlines()[-3:]
            step.note = f"exit status {done.returncode}: " + " / ".join(tail)
    step.seconds = time.monotonic() - start
    print(f"  {step.name}: {'ok' if step.ok else step.note} ({step.seconds:.0f} s)",
          file=sys.stderr, flush=True)
    return step


def read_json(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


# ---- the machine ------------------------------------------------------------------------

def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory_gib() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError):
        pass
    return "unknown"


def version_of(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def jax_version_in(env: str) -> str:
    """The JAX version of a JAX venv, read from its metadata (no JAX import)."""
    found = sorted((REPO / env).glob("lib/python*/site-packages/jax-*.dist-info"))
    return found[0].name.removeprefix("jax-").removesuffix(".dist-info") if found else "absent"


def tool_version(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "unavailable"
    return (done.stdout.strip().splitlines() or ["?"])[0]


def git_state() -> str:
    head = tool_version(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"])
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--", "server"],
                           capture_output=True, text=True, check=False).stdout.strip()
    return f"{head}{' (server/ has uncommitted changes)' if dirty else ''}"


def machine() -> list[tuple[str, str]]:
    bin_dir = Path(sys.executable).parent
    return [
        ("date (UTC)", datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M")),
        ("CPU", cpu_model()),
        ("cores", f"{os.cpu_count()} logical"),
        ("memory", memory_gib()),
        ("OS", f"{platform.system()} {platform.release()}"),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("pallas-lsp", f"{version_of('pallas-lsp')} at {git_state()}"),
        ("ruff", tool_version([str(bin_dir / "ruff"), "--version"])),
        ("pylint", version_of("pylint")),
        ("pygls", version_of("pygls")),
        ("JAX (lowering)", f"{jax_version_in('.venv-jax010')}, {jax_version_in('.venv-jax012')}"),
        ("load average at start", " ".join(f"{x:.2f}" for x in os.getloadavg())),
    ]


# ---- the report ---------------------------------------------------------------------------

def ratio(value: float | None, target: float) -> str:
    if value is None:
        return "-"
    return f"{value / target:.2f}x"


def verdict(value: float | None, target: float) -> str:
    if value is None:
        return "not measured"
    return "met" if value <= target else "missed"


def fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def times(value: float | None, base: float | None) -> str:
    return f"{value / base:.1f}x" if value and base else "-"


def lowering_medians(stdout: str) -> dict[str, tuple[float, float]]:
    """JAX version -> (median cold/floor, median warm s), from lowering_bench's table."""
    medians: dict[str, tuple[float, float]] = {}
    for line in stdout.splitlines():
        match = re.match(r"^(\S+)\s+\(median\)\s+([\d.]+)\s+([\d.]+)\s*$", line)
        if match:
            medians[match.group(1)] = (float(match.group(2)), float(match.group(3)))
    return medians


def report(steps: dict[str, Step], analysis: dict[str, Any] | None,
           lsp: dict[str, Any] | None, total_s: float) -> str:
    out: list[str] = ["# Benchmark results", "",
                      "Written by `.venv/bin/python bench/run_all.py` in one run "
                      f"({total_s / 60:.1f} minutes). How to read and rerun it: "
                      "[docs/performance.md](../docs/performance.md).", "",
                      "## Machine", "", "| | |", "| --- | --- |"]
    out += [f"| {key} | {value} |" for key, value in machine()]
    out += [""]

    out += ["## Targets", "", *targets_table(steps, analysis, lsp), ""]
    notes = [f"- {step.name}: {step.note}" for step in steps.values() if step.note]
    if notes:
        out += ["## Notes from this run", "", *notes, ""]

    if analysis:
        out += analysis_sections(analysis)
    if lsp:
        out += lsp_section(lsp)
    if "lowering" in steps and steps["lowering"].stdout.strip():
        out += ["## Lowering check (bench/lowering_bench.py)", "",
                "Seconds per example file: `floor` is a bare script that imports JAX and lowers "
                "the file, `cold` the product's one-shot check, `warm` a check by a worker that "
                "already has JAX imported.", "", "```", steps["lowering"].stdout.rstrip(), "```", ""]
    return "\n".join(out)


def targets_table(steps: dict[str, Step], analysis: dict[str, Any] | None,
                  lsp: dict[str, Any] | None) -> list[str]:
    """Each target beside its measurement, as a ratio (at or below 1.00x: met)."""
    out = ["A ratio is the measured value divided by the target: at or below 1.00x the "
           "target is met.", "",
           "| target | measured | ratio to target | |", "| --- | --- | --- | --- |"]
    if analysis:
        files = analysis["files"]
        gen = [f for f in files if f["kind"] == "generated"]
        by_lines = {f["lines"]: f for f in gen}
        at_2000 = by_lines.get(2000)
        worst = max(gen, key=lambda f: f["ratio"]) if gen else None
        real = [f for f in files if f["kind"] == "real" and not f["syntax_error"]]
        worst_real = max(real, key=lambda f: f["ratio"]) if real else None
        if at_2000:
            out.append(f"| analysis <= 2x ast.parse, generated 2,000 lines | "
                       f"{at_2000['ratio']:.2f}x ast.parse | "
                       f"{ratio(at_2000['ratio'], TARGET_ANALYSIS_RATIO)} | "
                       f"{verdict(at_2000['ratio'], TARGET_ANALYSIS_RATIO)} |")
        if worst:
            out.append(f"| analysis <= 2x ast.parse, worst generated file ({worst['lines']} lines) "
                       f"| {worst['ratio']:.2f}x | {ratio(worst['ratio'], TARGET_ANALYSIS_RATIO)} "
                       f"| {verdict(worst['ratio'], TARGET_ANALYSIS_RATIO)} |")
        if worst_real:
            out.append(f"| analysis <= 2x ast.parse, worst real file ({worst_real['name']}) | "
                       f"{worst_real['ratio']:.2f}x | "
                       f"{ratio(worst_real['ratio'], TARGET_ANALYSIS_RATIO)} | "
                       f"{verdict(worst_real['ratio'], TARGET_ANALYSIS_RATIO)} |")
        k = analysis["growth"]["analyze_exponent"]
        out.append(f"| linear growth: time ~ lines^k, k <= {TARGET_EXPONENT} (500-10,000 lines) | "
                   f"k = {k:.2f} (ast.parse: {analysis['growth']['ast_exponent']:.2f}) | "
                   f"{ratio(k, TARGET_EXPONENT)} | {verdict(k, TARGET_EXPONENT)} |")
    if lsp:
        generated = next((row for name, row in lsp.get("files", {}).items()
                          if name.startswith("generated")), None)
        if generated:
            out.append(f"| keystroke-to-diagnostics p95 <= 50 ms, {generated['lines']} lines | "
                       f"{generated['p95_ms']:.1f} ms | {ratio(generated['p95_ms'], TARGET_P95_MS)} "
                       f"| {verdict(generated['p95_ms'], TARGET_P95_MS)} |")
        if "examples_p95_ms" in lsp:
            out.append(f"| keystroke-to-diagnostics p95 <= 50 ms, shared examples | "
                       f"{lsp['examples_p95_ms']:.1f} ms | "
                       f"{ratio(lsp['examples_p95_ms'], TARGET_P95_MS)} | "
                       f"{verdict(lsp['examples_p95_ms'], TARGET_P95_MS)} |")
        notebook = lsp.get("notebook")
        if notebook:
            out.append(f"| keystroke-to-diagnostics p95 <= 50 ms, {notebook['cells']}-cell notebook "
                       f"({notebook['code_lines']} code lines) | {notebook['notebook_p95_ms']:.1f} ms | "
                       f"{ratio(notebook['notebook_p95_ms'], TARGET_P95_MS)} | "
                       f"{verdict(notebook['notebook_p95_ms'], TARGET_P95_MS)} |")
        if "start_s" in lsp:
            out.append(f"| server start <= 0.5 s | {lsp['start_s']:.2f} s | "
                       f"{ratio(lsp['start_s'], 0.5)} | {verdict(lsp['start_s'], 0.5)} |")
        if "peak_rss_mb" in lsp:
            out.append(f"| server memory <= 80 MB (peak) | {lsp['peak_rss_mb']:.1f} MB | "
                       f"{ratio(lsp['peak_rss_mb'], 80)} | {verdict(lsp['peak_rss_mb'], 80)} |")
    lowering = lowering_medians(steps["lowering"].stdout) if "lowering" in steps else {}
    for version, (cold_ratio, warm_s) in lowering.items():
        out.append(f"| lowering cold <= 1.5x floor, JAX {version} (median of examples) | "
                   f"{cold_ratio:.2f}x floor | {ratio(cold_ratio, 1.5)} | "
                   f"{verdict(cold_ratio, 1.5)} |")
        out.append(f"| lowering warm <= 0.3 s, JAX {version} (median) | {warm_s:.3f} s | "
                   f"{ratio(warm_s, 0.3)} | {verdict(warm_s, 0.3)} |")
    out += axes_rows(read_json(OUT / "axes.json") if "axes" in steps else None)
    load = analysis.get("load_before") if analysis else None
    if load:
        out += ["", f"Load average when the analysis benchmark started: {load[0]:.1f} on "
                    f"{os.cpu_count()} cores. The analysis ratios are CPU time; the language-server "
                    "latencies and lowering times are wall-clock and move with that load."]
    return out


def axes_rows(axes: dict[str, Any] | None) -> list[str]:
    """Targets of bench/axes_bench.py (issue 15)."""
    if not axes:
        return []
    rows = []
    for key, label in (("completion", "axis-name completion"), ("rename", "axis rename")):
        value = axes["file"][f"{key}_p95_ms"]
        rows.append(f"| {label} p95 <= 30 ms, {axes['file']['lines']} lines | {value:.1f} ms | "
                    f"{ratio(value, TARGET_AXES_FILE_MS)} | {verdict(value, TARGET_AXES_FILE_MS)} |")
    workspace = axes["workspace"]
    for key, label in (("warm_p95_ms", "warm p95"), ("cold_ms", "cold, first")):
        value = workspace[key]
        rows.append(f"| axis rename across {workspace['modules']} modules <= 300 ms, {label} | "
                    f"{value:.0f} ms | {ratio(value, TARGET_AXES_WORKSPACE_MS)} | "
                    f"{verdict(value, TARGET_AXES_WORKSPACE_MS)} |")
    return rows


def peers_table(analysis: dict[str, Any]) -> list[str]:
    """Selected files: analysis against the parser, the check process against ruff and pylint."""
    out = ["| file | lines | analyze / ast.parse | `check` process / ruff | pylint / `check` process |",
           "| --- | ---: | ---: | ---: | ---: |"]
    for row in analysis["files"]:
        if row["syntax_error"] or (row["kind"] == "generated" and row["lines"] not in (100, 2000, 10000)):
            continue
        out.append(f"| {row['name']} | {row['lines']} | {row['ratio']:.2f}x | "
                   f"{times(row['check_ms'], row['ruff_ms'])} | {times(row['pylint_ms'], row['check_ms'])} |")
    ws = analysis["workspace"]
    out.append(f"| workspace, {ws['modules']} modules | {ws['lines']} | "
               f"{ws.get('analyze_workspace_ms', ws['analyze_all_ms']) / ws['ast_parse_all_ms']:.2f}x | "
               f"{times(ws['cold_check_ms'], ws.get('ruff_ms'))} | - |")
    return out


def update_docs(path: Path, sections: dict[str, list[str]], when: str) -> bool:
    """Replace each ``<!-- bench:NAME -->`` ... ``<!-- /bench:NAME -->`` block of ``path``."""
    if not path.exists():
        return False
    text = path.read_text(encoding="utf-8")
    for name, lines in sections.items():
        pattern = re.compile(rf"(<!-- bench:{name} -->\n).*?(<!-- /bench:{name} -->)", re.S)
        body = "\n".join([f"_From bench/results.md, {when}._", "", *lines, ""]) + "\n"
        text = pattern.sub(lambda m, body=body: m.group(1) + body + m.group(2), text)
    path.write_text(text, encoding="utf-8")
    return True


def analysis_sections(analysis: dict[str, Any]) -> list[str]:
    out = ["## Analysis time (bench/analysis_bench.py)", "",
           f"CPU milliseconds, median of {analysis['repeat']} runs (processes: up to 3; pylint: "
           "the `runs` column). `analyze` runs in process and includes parsing; `check` is the "
           "`pallas-lsp check --format json FILE` process, start-up included, as are `ruff` "
           "(`ruff check --no-cache --select E,F`) and `pylint` (`--disable=all --enable=E`). "
           f"Load average before/after: {' '.join(f'{x:.1f}' for x in analysis['load_before'])}"
           f" / {' '.join(f'{x:.1f}' for x in analysis['load_after'])}.", "",
           "| file | lines | ast.parse ms | analyze ms | analyze / ast.parse | check ms | "
           "ruff ms | pylint ms (runs) | check / ruff | pylint / check | findings |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in analysis["files"]:
        name = row["name"] + (" (syntax error on 3.11)" if row["syntax_error"] else "") + \
            (" (stopped)" if row["stopped"] else "")
        check, ruff, pylint = row["check_ms"], row["ruff_ms"], row["pylint_ms"]
        out.append(
            f"| {name} | {row['lines']} | {row['ast_ms']:.2f} | {row['analyze_ms']:.2f} | "
            f"{row['ratio']:.2f}x | {fmt(check, 0)} | {fmt(ruff, 0)} | "
            f"{fmt(pylint, 0)} ({row['pylint_runs']}) | "
            f"{times(check, ruff)} | {times(pylint, check)} | {row['findings']} |")
    grow = analysis["growth"]
    out += ["", "### Growth with file size (generated files)", "",
            f"Fitted exponent k of time ~ lines^k from 500 to 10,000 lines: analyze "
            f"**{grow['analyze_exponent']:.2f}**, ast.parse {grow['ast_exponent']:.2f} "
            f"(1.00 is linear).", "",
            "| lines | analyze us/line | ast.parse us/line | per-line cost vs 1,000 lines |",
            "| ---: | ---: | ---: | ---: |"]
    base = grow["per_line"].get("1000", {}).get("analyze_us")
    for lines, row in grow["per_line"].items():
        rel = f"{row['analyze_us'] / base:.2f}x" if base else "-"
        out.append(f"| {lines} | {row['analyze_us']:.2f} | {row['ast_us']:.2f} | {rel} |")
    memory = analysis.get("memory") or {}
    if memory:
        out += ["", "### Memory", "",
                "Peak resident set of a fresh interpreter: after importing the analysis, and "
                "after analysing the file.", "",
                "| file | after import MB | peak MB | the analysis adds MB |",
                "| --- | ---: | ---: | ---: |"]
        out += [f"| {name} | {row['import_mb']:.1f} | {row['peak_mb']:.1f} | {row['analysis_mb']:.1f} |"
                for name, row in memory.items()]
    ws = analysis["workspace"]
    out += ["", "### Workspace: 200 generated modules, a tenth of them launchers of another "
                "module's kernel", "",
            "| measurement | CPU ms | ratio |", "| --- | ---: | ---: |",
            f"| cold `pallas-lsp check DIR` ({ws['modules']} files, {ws['lines']} lines, "
            f"{ws['findings']} findings, exit {ws['check_exit']}) | {ws['cold_check_ms']:.0f} | "
            f"{ws['cold_check_ms'] / ws['ast_parse_all_ms']:.2f}x ast.parse of all files |",
            f"| `ruff check --no-cache --select E,F DIR` | {fmt(ws.get('ruff_ms'), 0)} | "
            f"check is {times(ws['cold_check_ms'], ws.get('ruff_ms'))} ruff |",
            f"| analyze() of every file, in process | {ws['analyze_all_ms']:.0f} | "
            f"{ws['analyze_all_ms'] / ws['ast_parse_all_ms']:.2f}x ast.parse |",
            f"| ast.parse of every file, in process | {ws['ast_parse_all_ms']:.0f} | 1.00x |",
            *([f"| analyze_workspace() of the folder as one program, in process (what `check "
               f"DIR` runs) | {ws['analyze_workspace_ms']:.0f} | "
               f"{ws['analyze_workspace_ms'] / ws['ast_parse_all_ms']:.2f}x ast.parse |"]
              if ws.get("analyze_workspace_ms") else []),
            f"| re-check after one file changed: analyze() of it alone ({ws['changed_lines']} "
            f"lines) | {ws['recheck_analyze_ms']:.1f} | "
            f"{ws['recheck_analyze_ms'] / ws['analyze_all_ms'] * 100:.1f}% of the cold analysis |",
            f"| the same as a `pallas-lsp check FILE` process | {ws['recheck_process_ms']:.0f} | "
            f"{ws['recheck_process_ms'] / ws['cold_check_ms'] * 100:.1f}% of the cold check |", ""]
    return out


def lsp_section(lsp: dict[str, Any]) -> list[str]:
    out = ["## Language server (bench/lsp_bench.py)", "",
           "Wall-clock milliseconds from a `didChange` to the `publishDiagnostics` of that "
           "version, with `debounceMs` 0 (what the server adds once typing pauses).", "",
           "| file | lines | p50 ms | p95 ms | p95 / 50 ms target |",
           "| --- | ---: | ---: | ---: | ---: |"]
    for name, row in lsp.get("files", {}).items():
        out.append(f"| {name} | {row['lines']} | {row['p50_ms']:.1f} | {row['p95_ms']:.1f} | "
                   f"{ratio(row['p95_ms'], TARGET_P95_MS)} |")
    notebook = lsp.get("notebook")
    if notebook:
        out += ["", f"A {notebook['cells']}-cell notebook ({notebook['code_cells']} code cells, "
                    f"{notebook['code_lines']} lines; bench/notebook_bench.py), a keystroke in one "
                    f"cell: p50 {notebook['notebook_p50_ms']:.1f} ms, p95 {notebook['notebook_p95_ms']:.1f}"
                    f" ms; the same code as one {notebook['file_lines']}-line file in the same run: "
                    f"p50 {notebook['file_p50_ms']:.1f} ms, p95 {notebook['file_p95_ms']:.1f} ms."]
    debounced = lsp.get("debounced_200ms_minus_debounce")
    if debounced:
        out += ["", f"With the default 200 ms debounce, minus the 200 ms: p50 "
                    f"{debounced['p50_ms']:.1f} ms, p95 {debounced['p95_ms']:.1f} ms."]
    out += ["", f"Start-up (spawn to `initialized`, median of 5): {lsp.get('start_s', 0):.2f} s. "
                f"Resident memory after all files: {lsp.get('rss_mb', 0):.1f} MB "
                f"(peak {lsp.get('peak_rss_mb', 0):.1f} MB).", ""]
    return out


VSIX_BEGIN = "<!-- vsix-bench: written by node bench/vsix_bench.mjs --write -->"
VSIX_END = "<!-- /vsix-bench -->"


COMPARE_BEGIN = "<!-- compare-bench: written from bench/compare.py and bench/tree_bench.py runs -->"
COMPARE_END = "<!-- /compare-bench -->"


def kept_vsix_block(path: Path) -> str:
    """The .vsix measurements (bench/vsix_bench.mjs, a separate Node run) and the runs
    against earlier commits (bench/compare.py) survive a rewrite."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    kept = ""
    for begin, end_mark in ((VSIX_BEGIN, VSIX_END), (COMPARE_BEGIN, COMPARE_END)):
        start, end = old.find(begin), old.find(end_mark)
        if 0 <= start < end:
            kept += "\n" + old[start:end + len(end_mark)] + "\n"
    return kept


def with_notebook(lsp: dict[str, Any] | None, notebook: dict[str, Any] | None) -> dict[str, Any] | None:
    """The language server's numbers, the notebook benchmark's under "notebook"."""
    if notebook is None:
        return lsp
    return {**(lsp or {}), "notebook": notebook}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer repeats and no pylint: a smoke run of a minute or two")
    parser.add_argument("--out", type=Path, default=BENCH / "results.md")
    parser.add_argument("--docs", type=Path, default=REPO / "docs" / "performance.md",
                        help="whose bench:summary / bench:peers blocks get the new ratios")
    parser.add_argument("--report-only", action="store_true",
                        help="write the report from the last run's outputs in bench/out")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    python = sys.executable
    analysis_json, lsp_json = OUT / "analysis.json", OUT / "lsp.json"
    notebook_json = OUT / "notebook.json"
    if not args.report_only:
        for stale in (analysis_json, lsp_json, notebook_json, OUT / "axes.json"):
            stale.unlink(missing_ok=True)
    analysis_cmd = [python, str(BENCH / "analysis_bench.py"), "--json", str(analysis_json),
                    "--repeat", "3" if args.quick else "7"]
    if args.quick:
        analysis_cmd.append("--no-pylint")
    steps = {
        "analysis": Step("bench/analysis_bench.py", analysis_cmd, 480),
        "lsp": Step("bench/lsp_bench.py", [python, str(BENCH / "lsp_bench.py"), "--json",
                                           str(lsp_json)] + (["--edits", "20"] if args.quick
                                                             else []), 240),
        "notebook": Step("bench/notebook_bench.py", [python, str(BENCH / "notebook_bench.py"), "--json",
                                                     str(notebook_json)] + (["--edits", "20"] if args.quick
                                                                            else []), 240),
        "lowering": Step("bench/lowering_bench.py", [python, str(BENCH / "lowering_bench.py"),
                                                     "--repeat", "1" if args.quick else "2"],
                         300),
        "axes": Step("bench/axes_bench.py", [python, str(BENCH / "axes_bench.py"), "--json",
                                             str(OUT / "axes.json")]
                     + (["--samples", "15"] if args.quick else []), 300),
    }
    start = time.monotonic()
    for key, step in steps.items():
        saved = OUT / f"{key}.stdout.txt"
        if args.report_only:
            step.stdout = saved.read_text(encoding="utf-8") if saved.exists() else ""
            step.ok, step.note = saved.exists(), "" if saved.exists() else "no saved output"
            continue
        run_step(step)
        saved.write_text(step.stdout, encoding="utf-8")
    lsp = with_notebook(read_json(lsp_json), read_json(notebook_json))
    text = report(steps, read_json(analysis_json), lsp, time.monotonic() - start)
    args.out.write_text(text + "\n" + kept_vsix_block(args.out), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    analysis = read_json(analysis_json)
    if args.docs and analysis and not args.quick:
        when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        sections = {"summary": targets_table(steps, analysis, lsp),
                    "peers": peers_table(analysis)}
        if update_docs(args.docs, sections, when):
            print(f"updated {args.docs}", file=sys.stderr)
    return 0 if all(step.ok or "skipped" in step.note for step in steps.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
