"""Every process a lowering run starts dies with the run (issue 12, item 7).

A run's worker gets its own session (so its process group can be killed at once) and an
environment variable naming the run. The user's file may start processes that leave
the group and the session (``setsid``, ``start_new_session=True``) or daemonize by
forking twice; they still carry the variable, since a child inherits its parent's
environment, and ``/proc/<pid>/environ`` shows it. Ending a run kills its group, then
sweeps ``/proc`` for the variable until no process of the run is left.

The worker (``worker.py``) watches its parent and runs the same sweep if the parent
dies (kill -9 of the server or the CLI), so no warm worker outlives what started it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal

from pallas_lsp import reader
from pallas_lsp.interpreters import Process

RUN_VARIABLE = "PALLAS_LSP_RUN"
PARENT_VARIABLE = "PALLAS_LSP_PARENT"  # the worker watches it (worker.py, _watch_parent)
_PROC = "/proc"
_ENVIRON_CAP_BYTES = 1 << 20  # Linux caps a process's environment far below this
_ROUNDS = 8  # a process may fork while the sweep runs: sweep until a round finds none


def new_run() -> tuple[str, dict[str, str]]:
    """(the run's token, the environment its worker starts with)."""
    token = secrets.token_hex(8)
    return token, {**os.environ, RUN_VARIABLE: token, PARENT_VARIABLE: str(os.getpid())}


def processes_of(token: str) -> list[int]:
    """Every live process whose environment names the run (none where /proc is missing)."""
    needle = f"{RUN_VARIABLE}={token}".encode()
    found = []
    try:
        names = os.listdir(_PROC)
    except OSError:
        return []
    for name in names:
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            environ = reader.read_bytes(os.path.join(_PROC, name, "environ"), _ENVIRON_CAP_BYTES, head=True)
        except reader.UnreadableFile:  # gone already, or not ours to read
            continue
        if needle in environ.split(b"\0"):
            found.append(int(name))
    return found


def end_run(proc: Process | None, token: str) -> None:
    """Kill the worker's process group, then every process left that carries the token."""
    if proc is not None:
        if hasattr(os, "killpg"):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            proc.kill()
    for _ in range(_ROUNDS):
        left = processes_of(token)
        if not left:
            return
        for pid in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
