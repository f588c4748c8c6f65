"""Notebook benchmark: keystroke-to-diagnostics in a 40-cell notebook, beside the same code as a file.

    .venv/bin/python bench/notebook_bench.py [--edits 60] [--json bench/out/notebook.json]

The generated 2,000-line module of bench/lsp_bench.py is split into 30 code cells at
top-level definitions, with a markdown cell before every third one (40 cells in all),
and opened through LSP 3.17 notebook sync (``notebookDocument/didOpen``). A keystroke
is one character typed into, then removed from, a comment in the middle code cell
(``notebookDocument/didChange`` with the cell's text change); the time runs until
the ``publishDiagnostics`` of that cell's new version arrives (the server analyses
the whole notebook as one module, then publishes every cell). The same keystrokes
in the same code as one ``.py`` document give the file's number; the target for
both is the file target of bench/lsp_bench.py (p95 <= 50 ms after the debounce; the
server runs with ``debounceMs`` 0).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_bench import REPO, TARGETS, Client, generated_file, keystrokes, percentile

CODE_CELLS = 30
MARKDOWN_EVERY = 3


def notebook_cells(text: str) -> list[tuple[str, str]]:
    """(kind, text) cells: the module cut at top-level ``def`` lines into CODE_CELLS parts."""
    lines = text.rstrip("\n").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("def ")]
    step = max(len(starts) // (CODE_CELLS - 1), 1)
    main_guard = next(i for i, line in enumerate(lines) if line.startswith("if __name__"))
    bounds = [*[0, *starts[step::step]][: CODE_CELLS - 1], main_guard, len(lines)]
    cells: list[tuple[str, str]] = []
    for number, (start, end) in enumerate(itertools.pairwise(bounds)):
        if number % MARKDOWN_EVERY == 0:
            cells.append(("markdown", f"## Part {number // MARKDOWN_EVERY + 1}\n\nKernels and launchers."))
        body = lines[start:end]
        body.insert(0, f"# cell {number}: kernels and their launchers")
        cells.append(("code", "\n".join(body)))
    return cells


def start_server() -> Client:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO / "server"), env.get("PYTHONPATH")) if p)
    client = Client([sys.executable, "-m", "pallas_lsp", "serve"], env)
    client.request("initialize", {
        "processId": os.getpid(),
        "rootUri": None,
        "capabilities": {
            "textDocument": {"publishDiagnostics": {"versionSupport": True}},
            "notebookDocument": {"synchronization": {"dynamicRegistration": False}},
        },
        "initializationOptions": {"pallasLsp": {"debounceMs": 0}},
    })
    client.notify("initialized", {})
    return client


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=60, help="keystrokes")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args()

    text = generated_file(2000)
    cells = notebook_cells(text)
    notebook = "file:///bench/generated_40_cells.ipynb"
    uris = [f"vscode-notebook-cell:/bench/generated_40_cells.ipynb#C{n}" for n in range(len(cells))]
    client = start_server()
    client.notify("notebookDocument/didOpen", {
        "notebookDocument": {"uri": notebook, "notebookType": "jupyter-notebook", "version": 1,
                             "cells": [{"kind": 2 if kind == "code" else 1, "document": uri}
                                       for uri, (kind, _) in zip(uris, cells, strict=True)]},
        "cellTextDocuments": [{"uri": uri, "languageId": "python" if kind == "code" else "markdown",
                               "version": 1, "text": cell_text}
                              for uri, (kind, cell_text) in zip(uris, cells, strict=True)],
    })
    code_uris = [uri for uri, (kind, _) in zip(uris, cells, strict=True) if kind == "code"]
    middle = code_uris[len(code_uris) // 2]
    client.wait_diagnostics(middle, 1)
    notebook_keystrokes(client, notebook, middle, 4, 1)  # warm-up: imports, caches
    samples = notebook_keystrokes(client, notebook, middle, args.edits, 5)
    client.close()

    # The same code as one file, the same kind of keystroke (lsp_bench's, in its docstring).
    client = start_server()
    uri = "file:///bench/generated_2000_lines.py"
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python",
                                                            "version": 1, "text": text}})
    client.wait_diagnostics(uri, 1)
    keystrokes(client, uri, text, 4, 0, 1)
    file_samples, _ = keystrokes(client, uri, text, args.edits, 0, 5)
    client.close()

    code_lines = sum(cell_text.count("\n") + 1 for kind, cell_text in cells if kind == "code")
    results: dict[str, Any] = {
        "cells": len(cells), "code_cells": len(code_uris), "code_lines": code_lines,
        "notebook_p50_ms": percentile(samples, 0.5), "notebook_p95_ms": percentile(samples, 0.95),
        "file_lines": text.count("\n"),
        "file_p50_ms": percentile(file_samples, 0.5), "file_p95_ms": percentile(file_samples, 0.95),
        "load_average_1min": os.getloadavg()[0],
    }
    target = TARGETS["p95_ms"]
    print(f"machine: {os.cpu_count()} cores, load average {results['load_average_1min']:.2f} (1 min)")
    print(f"notebook, {len(cells)} cells ({len(code_uris)} code, {code_lines} code lines): "
          f"p50 {results['notebook_p50_ms']:.1f} ms  p95 {results['notebook_p95_ms']:.1f} ms  "
          f"[{results['notebook_p95_ms'] / target:.2f}x of target {target:.0f} ms]")
    print(f"the same code as one file ({results['file_lines']} lines): "
          f"p50 {results['file_p50_ms']:.1f} ms  p95 {results['file_p95_ms']:.1f} ms")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1))
    return 0


def notebook_keystrokes(client: Client, notebook: str, cell_uri: str, edits: int,
                        first_version: int) -> list[float]:
    """Type a character at the end of the cell's first line (a comment), then delete it;
    the notebook and the cell count versions from ``first_version`` on."""
    samples: list[float] = []
    column = len("# cell 00: kernels and their launchers")
    version = first_version
    for step in range(edits):
        typed = step % 2 == 0
        version += 1
        change = {"range": {"start": {"line": 0, "character": column},
                            "end": {"line": 0, "character": column if typed else column + 1}},
                  "text": "x" if typed else ""}
        sent = time.perf_counter()
        client.notify("notebookDocument/didChange", {
            "notebookDocument": {"uri": notebook, "version": version},
            "change": {"cells": {"textContent": [{
                "document": {"uri": cell_uri, "version": version},
                "changes": [change]}]}},
        })
        arrived = client.wait_diagnostics(cell_uri, version)
        samples.append((arrived - sent) * 1000)
    return samples


if __name__ == "__main__":
    raise SystemExit(main())
