"""Issue 12, item 7: no process of a lowering run outlives it.

The checked file starts a child in its group, one in its own session and a daemon that
forks twice, then waits. After a timeout, after SIGINT or SIGTERM to ``pallas-lsp check
--confirm local --jobs 2``, and after SIGKILL of the CLI or of the language server,
``/proc`` is walked for the processes of the run: none may be left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from raw_lsp import RawServer, request
from support import JAX_PYTHONS, cli_command, server_command, server_env

JAX_PYTHON = JAX_PYTHONS["0.12.0.1"]
pytestmark = pytest.mark.skipif(not JAX_PYTHON.exists(), reason="needs .venv-jax012 (.ci/jax-envs.sh)")

SPAWNER = '''
import os, subprocess, sys, time
SLEEP = "import time; time.sleep(600)  # {tag}"
DAEMON = "import os, time\\nif os.fork(): os._exit(0)\\nos.setsid()\\ntime.sleep(600)  # {tag}"
subprocess.Popen([sys.executable, "-c", SLEEP])
subprocess.Popen([sys.executable, "-c", SLEEP], start_new_session=True)
subprocess.Popen([sys.executable, "-c", DAEMON], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
open({mark!r}, "a").write("started\\n")
time.sleep(600)  # {tag}
'''


def left_behind(tag: str) -> list[str]:
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
            environ = Path(f"/proc/{name}/environ").read_bytes()
        except OSError:
            continue
        if tag.encode() in cmdline or tag.encode() in environ:
            found.append(f"{name}: {cmdline!r}")
    return found


def no_leaks(tag: str, within: float = 3.0) -> None:
    end = time.monotonic() + within
    while left_behind(tag) and time.monotonic() < end:
        time.sleep(0.1)
    assert left_behind(tag) == []


def spawners(folder: Path, count: int) -> tuple[str, Path, list[Path]]:
    tag = f"pallas-leak-{uuid.uuid4().hex}"
    mark = folder / "started"
    files = []
    for i in range(count):
        path = folder / f"spawner{i}.py"
        path.write_text(SPAWNER.format(tag=tag, mark=str(mark)))
        files.append(path)
    return tag, mark, files


def wait_started(mark: Path, count: int, proc: subprocess.Popen, within: float = 90) -> None:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if mark.exists() and mark.read_text().count("started") >= count:
            time.sleep(0.3)  # the daemon's second fork
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.1)
    raise AssertionError("the checked files never started")


def start_check(files: list[Path], *extra: str) -> subprocess.Popen:
    # The spawner files start processes on purpose: under the lowering guard they would be
    # refused at once (tests/lowering/test_guard.py proves that). These tests are about the
    # reaper, which ends what a run left behind when the user turned the guard off.
    return subprocess.Popen(cli_command("check", *map(str, files), "--confirm", "local", "--python",
                                        str(JAX_PYTHON), "--allow-side-effects", *extra),
                            env=server_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_check_with_a_partial_result(tmp_path: Path, signum: int, status: int) -> None:
    tag, mark, files = spawners(tmp_path, 2)
    proc = start_check(files, "--jobs", "2")
    try:
        wait_started(mark, 2, proc)
        sent = time.monotonic()
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=15)
        stopped_in = time.monotonic() - sent
    finally:
        proc.kill()
    assert proc.returncode == status, (out, err)
    assert stopped_in < 5, stopped_in  # a guard against hanging, not a speed target
    assert "cancelled" in out + err
    no_leaks(tag)


def test_a_timeout_ends_the_whole_tree(tmp_path: Path) -> None:
    tag, mark, files = spawners(tmp_path, 1)
    proc = start_check(files, "--timeout", "12")
    try:
        wait_started(mark, 1, proc)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert "timed out after 12 s" in out + err
    assert proc.returncode == 2
    no_leaks(tag, within=1.0)


def test_sigkill_of_the_cli_leaves_no_worker(tmp_path: Path) -> None:
    tag, mark, files = spawners(tmp_path, 1)
    proc = start_check(files)
    try:
        wait_started(mark, 1, proc)
        proc.kill()
        proc.wait()
    finally:
        proc.kill()
    no_leaks(tag)


def test_sigkill_of_the_server_leaves_no_warm_worker(tmp_path: Path) -> None:
    tag, mark, files = spawners(tmp_path, 1)
    server = RawServer(server_command(), server_env(), cwd=str(tmp_path))
    try:
        server.initialize(root_uri=tmp_path.as_uri(), options={"pallasLsp": {
            "workspaceTrusted": True, "interpreter": [str(JAX_PYTHON)],
            "lowering": {"mode": "local", "timeout": 300, "allowSideEffects": True}}})
        uri = files[0].as_uri()
        server.open(uri, files[0].read_text())
        server.send(request(1, "workspace/executeCommand", {
            "command": "pallasLsp.confirmLowering", "arguments": [{"uri": uri, "version": 1}]}))
        wait_started(mark, 1, server.proc)
        server.proc.kill()
        server.proc.wait()
    finally:
        server.kill()
    no_leaks(tag)
