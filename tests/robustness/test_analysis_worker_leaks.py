"""No analysis worker process (lsp/analysis_pool.py) outlives the server (issue 12).

A heavy document (its analysis runs into the 5 s budget) is edited, so that a worker
process is analysing it; then the server is ended: by shutdown and exit, by exit alone,
by the client's pipe closing, or by SIGKILL. ``/proc`` must then have no process of
that pid left (a zombie is not a process that runs: it is reaped by init or the test).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from raw_lsp import RawServer, notification, request
from support import server_command, server_env

HEAVY = (
    "def f(a, b):\n    return g(a, b) + g(b, a)\n\n\ndef g(a, b):\n    return a * b\n\n\n"
    "for i in range(64):\n    for j in range(64):\n        for k in range(64):\n            f(i, j * k)\n"
)
SLOW_S = 90.0  # a guard for a loaded machine, not a speed target


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def busy_worker(server: RawServer, folder: Path) -> int:
    """Open and edit a heavy document; the pid of the worker analysing its edit."""
    server.initialize(options={"pallasLsp": {"debounceMs": 0}})
    uri = (folder / "heavy.py").as_uri()
    server.open(uri, HEAVY)
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=SLOW_S)
    server.send(notification("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": HEAVY + "# edit\n"}]}))
    end = time.monotonic() + SLOW_S
    ident = 100
    while time.monotonic() < end:
        ident += 1
        server.send(request(ident, "pallasLsp/debugInfo", {}))
        for worker in server.response(ident)["result"]["analysisWorkers"]:
            if worker["document"] == uri:
                return int(worker["pid"])
        time.sleep(0.05)
    raise AssertionError("no worker took the heavy document")


def shutdown_and_exit(server: RawServer) -> None:
    server.send(request(1, "shutdown"))
    server.response(1)
    server.send(notification("exit"))


def exit_alone(server: RawServer) -> None:
    server.send(notification("exit"))


def close_stdin(server: RawServer) -> None:
    assert server.proc.stdin is not None
    server.proc.stdin.close()


def sigkill(server: RawServer) -> None:
    server.proc.send_signal(signal.SIGKILL)


@pytest.mark.parametrize("end", [shutdown_and_exit, exit_alone, close_stdin, sigkill])
def test_no_worker_outlives_the_server(tmp_path: Path, end: Callable[[RawServer], None]) -> None:
    server = RawServer(server_command(), server_env(), cwd=str(tmp_path))
    pid = None
    try:
        pid = busy_worker(server, tmp_path)
        assert running(pid)
        end(server)
        assert server.exit_status(timeout=10) is not None
        deadline = time.monotonic() + 5  # a guard, not a speed target (the worker polls its parent)
        while running(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(pid)
    finally:
        server.kill()
        if pid is not None and running(pid):
            os.kill(pid, signal.SIGKILL)  # leave nothing behind even when the test fails
