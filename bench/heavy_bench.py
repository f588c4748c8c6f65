"""Keystroke latency of a light document while a heavy one is edited (issue 12, item 8).

    .venv/bin/python bench/heavy_bench.py [--edits 30] [--server-dir server]

Drives ``python -m pallas_lsp serve`` (debounceMs 0) like bench/lsp_bench.py. The light
document is a generated 2,000-line kernel module (lsp_bench.generated_file); the heavy
one runs three nested 64-step loops of calls, so its analysis hits the 5 s per-file budget.
Each keystroke is a whole-text change (a comment line appended). Prints the light
document's keystroke-to-diagnostics p50/p95 alone ("plain"), then with the heavy document
edited 50 ms before every light keystroke ("with heavy"). Target: p95 <= 50 ms.
``--server-dir`` picks the server's source tree (another checkout's, for a before/after).
The machine's load average is printed with the figures: on a shared machine compare the
two rows' ratio, not the absolute numbers. The last line says where the heavy analyses
ran (the server's analysis worker processes, lsp/analysis_pool.py, when it has them).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_bench import REPO, Client, generated_file, percentile

HEAVY = (
    "def f(a, b):\n    return g(a, b) + g(b, a)\n\n\ndef g(a, b):\n    return a * b\n\n\n"
    "for i in range(64):\n    for j in range(64):\n        for k in range(64):\n            f(i, j * k)\n"
)


def start(server_dir: Path) -> Client:
    env = dict(os.environ)
    # The server's tree first; the rest (pygls where sys.executable has none) kept.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(server_dir), env.get("PYTHONPATH")]))
    client = Client([sys.executable, "-m", "pallas_lsp", "serve"], env)
    client.request("initialize", {
        "processId": os.getpid(), "rootUri": None,
        "capabilities": {"textDocument": {"publishDiagnostics": {"versionSupport": True}}},
        "initializationOptions": {"pallasLsp": {"debounceMs": 0}}})
    client.notify("initialized", {})
    return client


def open_doc(client: Client, uri: str, text: str) -> None:
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": text}})
    client.wait_diagnostics(uri, 1, timeout=60)


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--server-dir", type=Path, default=REPO / "server")
    args = parser.parse_args()
    client = start(args.server_dir.resolve())
    light_uri, heavy_uri = "file:///bench/light.py", "file:///bench/heavy.py"
    light = generated_file()
    open_doc(client, light_uri, light)
    versions = {light_uri: 1, heavy_uri: 1}

    def edit(uri: str, text: str) -> int:
        versions[uri] += 1
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": versions[uri]},
            "contentChanges": [{"text": text + f"# edit {versions[uri]}\n"}]})
        return versions[uri]

    def light_keystroke() -> float:
        sent = time.perf_counter()
        version = edit(light_uri, light)
        return (client.wait_diagnostics(light_uri, version) - sent) * 1000

    before = cpu_s(client.proc.pid)
    plain = [light_keystroke() for _ in range(args.edits)]
    plain_cpu = cpu_s(client.proc.pid) - before
    open_doc(client, heavy_uri, HEAVY)
    loaded: list[float] = []
    before = cpu_s(client.proc.pid)
    for _ in range(args.edits):
        edit(heavy_uri, HEAVY)
        time.sleep(0.05)  # the heavy analysis is under way
        loaded.append(light_keystroke())
    loaded_cpu = cpu_s(client.proc.pid) - before
    info = client.request("pallasLsp/debugInfo", None) or {}
    client.close()
    for name, samples in (("plain", plain), ("with heavy", loaded)):
        print(f"light keystroke -> diagnostics, {name:<10}: p50 {percentile(samples, 0.5):7.1f} ms"
              f"  p95 {percentile(samples, 0.95):7.1f} ms  (target p95 <= 50 ms, {len(samples)} edits)")
    ratio = percentile(loaded, 0.95) / percentile(plain, 0.95)
    print(f"p95 with heavy / plain: {ratio:.2f}; load average (1, 5, 15 min): "
          + ", ".join(f"{load:.1f}" for load in os.getloadavg()) + f" on {os.cpu_count()} cores")
    # Load-independent: what the server process itself spent (its heavy analyses included
    # when it runs them itself), beside the light keystrokes' own cost.
    print(f"server process CPU: {plain_cpu:.2f} s over the plain keystrokes, {loaded_cpu:.2f} s over"
          " the keystrokes with heavy edits")
    workers = info.get("analysisWorkers")
    print("heavy analyses ran in the server process (no analysis workers)" if workers is None else
          f"heavy analyses ran in worker process(es): {[w['pid'] for w in workers]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
