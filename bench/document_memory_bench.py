"""Memory of a large open document while it is edited (issue 12, item 5).

    .venv/bin/python bench/document_memory_bench.py [--edits 20] [--server-dir server]

Drives ``python -m pallas_lsp serve`` (debounceMs 0). Each document is made of short
lines (``x = 1``, 6 bytes each, the shape that costs most per byte): one at the size
limit (0.25 MB, analysed) and one of 18 MB (3 M lines, over the limit: synced, not
analysed). After opening it, each edit is an incremental change (one character
inserted at a random line) and waits for the diagnostics of its version. Printed per
document, as factors of its size: the server's resident memory growth over its memory
before the open at the peak of the open (VmHWM; the open's first analysis included),
the peak while it is edited (VmHWM reset through /proc/PID/clear_refs after the open)
and at the end. With lintOnChange off (sync only: the edits are analysed once, on save)
and on (each edit analysed, for the document at the limit).
A heavy document's analysis runs in a worker process: its peak (VmHWM) is printed too.
Resident memory keeps what the open's analysis freed (Python's allocator holds on to its
arenas), so the sync alone is also measured in-process with tracemalloc: the server
tree's own document class (``lsp/protocol.PythonWorkspace``) applying the same edits,
its peak allocation over the document's size.
``--server-dir`` picks the server's source tree (another checkout's, for a before/after).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_bench import REPO, Client

LINE = "x = 1\n"


def server(server_dir: Path, lint_on_change: bool) -> Client:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(server_dir), env.get("PYTHONPATH")]))
    client = Client([sys.executable, "-m", "pallas_lsp", "serve"], env)
    client.request("initialize", {
        "processId": os.getpid(), "rootUri": None,
        "capabilities": {"textDocument": {"publishDiagnostics": {"versionSupport": True}}},
        "initializationOptions": {"pallasLsp": {"debounceMs": 0, "lintOnChange": lint_on_change}}})
    client.notify("initialized", {})
    return client


def measure(server_dir: Path, lines: int, edits: int, lint_on_change: bool,
            ) -> tuple[float, float, float, float, float]:
    """(document MB; growth / size: open peak, edits' peak, final; analysis workers' peak MB)."""
    client = server(server_dir, lint_on_change)
    uri = "file:///bench/large.py"
    text = LINE * lines
    size = len(text)
    baseline, _ = client.rss_mb()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": text}})
    client.wait_diagnostics(uri, 1, timeout=300)
    del text
    _, open_peak = client.rss_mb()
    Path(f"/proc/{client.proc.pid}/clear_refs").write_text("5")  # VmHWM := VmRSS
    rng = random.Random(12)
    for version in range(2, edits + 2):
        line = rng.randrange(lines)
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                          "end": {"line": line, "character": 0}}, "text": "#"}]})
        if lint_on_change:
            client.wait_diagnostics(uri, version, timeout=300)
    if not lint_on_change:
        client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        client.wait_diagnostics(uri, edits + 1, timeout=300)
    final, peak = client.rss_mb()
    info = client.request("pallasLsp/debugInfo", None) or {}
    workers = [peak_mb(worker["pid"]) for worker in info.get("analysisWorkers", [])]
    client.close()
    megabytes = size / 1e6
    return (megabytes, (open_peak - baseline) / megabytes, (peak - baseline) / megabytes,
            (final - baseline) / megabytes, max(workers, default=0.0))


def peak_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM")) / 1024


SYNC_ALONE = r"""
import random, sys, tracemalloc
from lsprotocol import types
from pallas_lsp.lsp.protocol import PythonWorkspace
lines, edits = int(sys.argv[1]), int(sys.argv[2])
workspace = PythonWorkspace(None, types.TextDocumentSyncKind.Incremental)
workspace.put_text_document(types.TextDocumentItem(uri="file:///large.py", language_id="python",
                                                   version=1, text="x = 1\n" * lines))
rng = random.Random(12)
tracemalloc.start()
for version in range(2, edits + 2):
    line = rng.randrange(lines)
    position = types.Position(line=line, character=0)
    workspace.update_text_document(
        types.VersionedTextDocumentIdentifier(uri="file:///large.py", version=version),
        types.TextDocumentContentChangePartial(range=types.Range(start=position, end=position), text="#"))
print(tracemalloc.get_traced_memory()[1] / (lines * 6))
"""


def sync_alone(server_dir: Path, lines: int, edits: int) -> float:
    """Peak allocation / document size while the server tree's document class applies the edits."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(server_dir), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", SYNC_ALONE, str(lines), str(edits)], env=env,
                          capture_output=True, text=True, check=True)
    return float(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--server-dir", type=Path, default=REPO / "server")
    args = parser.parse_args()
    server_dir = args.server_dir.resolve()
    cases = [("at the limit, sync only", 250_000 // len(LINE), False),
             ("at the limit, analysed", 250_000 // len(LINE), True),
             ("over the limit (18 MB)", 3_000_000, False)]
    for name, lines, lint in cases:
        megabytes, opened, edited, final, worker = measure(server_dir, lines, args.edits, lint)
        print(f"{name:<24} {megabytes:5.2f} MB: growth at the open's peak {opened:5.1f}x its size, "
              f"edits' peak {edited:5.1f}x, after {args.edits} incremental edits {final:5.1f}x; "
              f"analysis worker peak {worker:.0f} MB", flush=True)
    for lines in (250_000 // len(LINE), 3_000_000):
        factor = sync_alone(server_dir, lines, args.edits)
        print(f"sync alone (tracemalloc), {lines * len(LINE) / 1e6:5.2f} MB document: "
              f"peak {factor:5.1f}x its size over {args.edits} incremental edits", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
