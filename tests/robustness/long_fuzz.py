"""A long fuzz session, outside the test suite: the same properties, many more examples.

    .venv/bin/python tests/robustness/long_fuzz.py [--analysis 20000] [--cli 3000] [--lsp 1000]

- analysis: ``analyze()`` on mutated kernel files (both JAX versions' rules); every fix
  offered on a file that parses is applied, and the result must parse;
- cli: ``pallas-lsp check --format json`` (its ``main``, in process) on mutated files;
- lsp: one language-server session (a raw stdio client) receiving every mutated text as an
  edit of one document, then a known text whose diagnostics must be right.

It prints the counts (examples, syntax errors, findings by code, stopped analyses,
failures) and exits 1 on any failure. Hypothesis' database is off: a run is reproducible
from its seed (``--seed``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: support.py
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_helpers import corpus_text, mutated_kernels
from hypothesis import HealthCheck, given, seed, settings
from pallas_lsp.analysis import Analysis, Options, analyze
from pallas_lsp.cli import main as cli_main
from test_analysis_fuzz import apply_edits


def session(examples: int, run_seed: int):  # type: ignore[no-untyped-def]
    def wrap(test):  # type: ignore[no-untyped-def]
        return seed(run_seed)(settings(max_examples=examples, deadline=None, database=None,
                                       suppress_health_check=list(HealthCheck))(test))
    return wrap


def fuzz_analysis(examples: int, run_seed: int) -> Counter[str]:
    counts: Counter[str] = Counter()

    @session(examples, run_seed)
    @given(mutated_kernels())
    def one(text: str) -> None:
        counts["examples"] += 1
        for version in ((0, 10, 2), (0, 12, 0)):
            try:
                analysis = analyze(text, Options(jax_version=version))
            except Exception:
                counts["failures"] += 1
                if counts["failures"] <= 3:
                    print("analyze() raised on:\n" + text[:2000], traceback.format_exc(),
                          file=sys.stderr)
                continue
            assert isinstance(analysis, Analysis)
            counts["analyses"] += 1
            if analysis.syntax_error is not None:
                counts["syntax errors"] += 1
            if analysis.stopped:
                counts["stopped"] += 1
            for finding in analysis.findings:
                counts[finding.code] += 1
                for fix in finding.fixes:
                    counts["fixes applied"] += 1
                    try:
                        ast.parse(apply_edits(text, fix.edits).removeprefix("\ufeff"))
                    except (SyntaxError, ValueError):
                        counts["failures"] += 1
                        counts["fixes that break the file"] += 1
                        if counts["fixes that break the file"] <= 3:
                            print(f"{finding.code} fix {fix.title!r} broke:\n{text[:2000]}",
                                  file=sys.stderr)

    one()
    return counts


def fuzz_cli(examples: int, run_seed: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kernel.py"

        @session(examples, run_seed)
        @given(mutated_kernels())
        def one(text: str) -> None:
            counts["examples"] += 1
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            out, err = io.StringIO(), io.StringIO()
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    status = cli_main(["check", "--format", "json", "--jax-version", "0.12.0.1",
                                       str(path)])
                items = json.loads(out.getvalue())
                assert status in (0, 1, 2) and isinstance(items, list)
                assert "Traceback" not in err.getvalue()
            except Exception:
                counts["failures"] += 1
                if counts["failures"] <= 3:
                    print("check failed on:\n" + text[:2000], traceback.format_exc(),
                          file=sys.stderr)
                return
            counts[f"exit {status}"] += 1

        one()
    return counts


def fuzz_lsp(examples: int, run_seed: int) -> Counter[str]:
    from test_lsp_abuse import RawServer, initialize_raw

    counts: Counter[str] = Counter()
    texts: list[str] = []

    @session(examples, run_seed)
    @given(mutated_kernels())
    def collect(text: str) -> None:
        texts.append(text)

    collect()
    uri = "file:///fuzz/kernel.py"
    server = RawServer()
    try:
        initialize_raw(server)
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": texts[0]}}})
        for version, text in enumerate(texts[1:], start=2):
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}})
            counts["edits"] += 1
            if version % 50 == 0:
                ident = 10_000 + version
                server.send({"jsonrpc": "2.0", "id": ident, "method": "textDocument/hover", "params": {
                    "textDocument": {"uri": uri}, "position": {"line": 3, "character": 4}}})
                answered = server.wait_for(lambda m, ident=ident: m.get("id") == ident)
                counts["hover answered" if answered else "failures"] += 1
        final_version = len(texts) + 1
        known = corpus_text("allreduce_jit_no_mesh.py")
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": final_version}, "contentChanges": [{"text": known}]}})
        want = sorted((f.code, f.span.line) for f in analyze(known).findings)

        def final(message: dict[str, object]) -> bool:
            params = message.get("params")
            return (message.get("method") == "textDocument/publishDiagnostics"
                    and isinstance(params, dict) and params.get("version") == final_version)

        published = server.wait_for(final)
        got = sorted((d["code"], d["range"]["start"]["line"] + 1)
                     for d in (published or {}).get("params", {}).get("diagnostics", [])  # type: ignore[union-attr]
                     if d.get("source") == "pallas-lsp")
        counts["final diagnostics right" if published and got == want else "failures"] += 1
        counts["published"] = sum(1 for m in server.messages
                                  if m.get("method") == "textDocument/publishDiagnostics")
        server.send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
        server.send({"jsonrpc": "2.0", "method": "exit"})
        counts[f"server exit {server.proc.wait(timeout=60)}"] += 1
    finally:
        server.kill()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--analysis", type=int, default=20_000)
    parser.add_argument("--cli", type=int, default=3_000)
    parser.add_argument("--lsp", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    failures = 0
    for name, run, examples in (("analysis", fuzz_analysis, args.analysis),
                                ("cli", fuzz_cli, args.cli), ("lsp", fuzz_lsp, args.lsp)):
        if not examples:
            continue
        start = time.monotonic()
        counts = run(examples, args.seed)
        failures += counts["failures"]
        shown = ", ".join(f"{key} {value}" for key, value in sorted(counts.items()))
        print(f"{name}: {shown} ({time.monotonic() - start:.0f} s)", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
