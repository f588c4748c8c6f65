"""Faults get clear reports and leave nothing running: timeout, cancel, no JAX, dead worker.

The files that start child processes run with the escape hatch (allow_side_effects): the
reaper is what stands behind it; with the guard on they would be refused (test_guard.py)."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest
from lowering_env import CASES, EXAMPLES, NO_JAX_PYTHON, jax_python
from pallas_lsp.lowering.runner import WarmWorkerPool, lower_local

pytestmark = pytest.mark.lowering


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie waiting for its reaper counts as gone.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _wait_gone(pid: int, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


def _set_when_written(path: Path, event: threading.Event) -> threading.Thread:
    """Sets ``event`` once the user's code has written ``path`` (its child is running)."""
    def watch() -> None:
        while not event.is_set():
            if path.exists() and path.read_text():
                event.set()
            time.sleep(0.02)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    return watcher


def test_timeout_kills_the_process_group(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The timeout ends the whole run: the worker and the child the user's code started.

    A cold worker may spend the whole timeout importing JAX on a loaded machine, so the
    timeout is taken on a warm worker (JAX already imported): there the file's first
    statements run at once, and the child exists long before the 4 s are over."""
    python = jax_python("0.12.0.1")
    pid_file = tmp_path / "child.pid"
    monkeypatch.setenv("PALLAS_LSP_CHILD_PID_FILE", str(pid_file))
    with WarmWorkerPool() as pool:
        warm = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
        assert warm.fatal is None, warm.fatal
        report = pool.check(str(CASES / "sleeper.py"), python=python, timeout=4,
                            allow_side_effects=True)
    assert report.fatal_kind == "timeout"
    assert "timed out after 4 s" in (report.fatal or "")
    child = int(pid_file.read_text())
    assert _wait_gone(child), "the user's child process outlived the timeout"


def test_timeout_of_a_cold_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-shot run stopped by its timeout, wherever it was (importing JAX or in the file)."""
    python = jax_python("0.12.0.1")
    pid_file = tmp_path / "child.pid"
    monkeypatch.setenv("PALLAS_LSP_CHILD_PID_FILE", str(pid_file))
    report = lower_local(str(CASES / "sleeper.py"), python=python, timeout=4,
                         allow_side_effects=True)
    assert report.fatal_kind == "timeout"
    assert "timed out after 4 s" in (report.fatal or "")
    if pid_file.exists() and pid_file.read_text():
        assert _wait_gone(int(pid_file.read_text())), "the user's child process outlived the timeout"


def test_cancellation_stops_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cancelled once the file's child is running (an event, not a clock): both are ended."""
    python = jax_python("0.12.0.1")
    pid_file = tmp_path / "child.pid"
    monkeypatch.setenv("PALLAS_LSP_CHILD_PID_FILE", str(pid_file))
    cancel = threading.Event()
    watcher = _set_when_written(pid_file, cancel)
    report = lower_local(str(CASES / "sleeper.py"), python=python, timeout=600, cancel=cancel,
                         allow_side_effects=True)
    cancel.set()
    watcher.join()
    assert report.fatal_kind == "cancelled"
    assert _wait_gone(int(pid_file.read_text())), "the user's child process outlived the cancel"


def test_a_cancelled_check_keeps_the_warm_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newer save cancels the check in progress: the warm worker stops the user's code
    (SIGUSR2), undoes the check and stays warm, so the next check pays no JAX import."""
    python = jax_python("0.12.0.1")
    started = tmp_path / "started"
    monkeypatch.setenv("PALLAS_LSP_STARTED_FILE", str(started))
    cancel = threading.Event()
    with WarmWorkerPool() as pool:
        first = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
        assert first.fatal is None, first.fatal
        pids = pool.worker_pids()
        watcher = _set_when_written(started, cancel)
        report = pool.check(str(CASES / "spinner.py"), python=python, cancel=cancel, timeout=600,
                            allow_side_effects=True)
        watcher.join()
        assert report.fatal_kind == "cancelled"
        assert pool.worker_pids() == pids, "the cancel killed the warm worker"
        again = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
        assert again.fatal is None, again.fatal
        assert (again.lowered, again.errors) == (first.lowered, first.errors)
        assert pool.worker_pids() == pids


def test_a_timeout_while_the_worker_starts_keeps_it_starting() -> None:
    """A save timeout shorter than JAX's import (a slow machine) must not kill the worker
    before it is ready: then no save would ever be checked. The worker keeps starting and
    the next check uses it."""
    python = jax_python("0.12.0.1")
    with WarmWorkerPool() as pool:
        early = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python, timeout=0.05)
        assert early.fatal_kind == "timeout"
        assert "still starting" in (early.fatal or "") and "the next check uses it" in (early.fatal or "")
        pids = pool.worker_pids()
        assert len(pids) == 1
        ready = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
        assert ready.fatal is None, ready.fatal
        assert pool.worker_pids() == pids


def test_a_cancel_between_checks_is_ignored(tmp_path: Path) -> None:
    """A cancel that reaches the worker just after its check finished must not stop the next."""
    python = jax_python("0.12.0.1")
    with WarmWorkerPool() as pool:
        first = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
        assert first.fatal is None, first.fatal
        (pid,) = pool.worker_pids()
        os.kill(pid, signal.SIGUSR2)  # what a late cancel looks like to an idle worker
        again = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
        assert again.fatal is None, again.fatal
        assert pool.worker_pids() == [pid]


def test_interpreter_without_jax() -> None:
    report = lower_local(str(EXAMPLES / "allreduce_ok.py"), python=str(NO_JAX_PYTHON))
    assert report.fatal_kind == "no_jax"
    assert report.fatal == f"JAX is not installed in {NO_JAX_PYTHON}"


def test_warm_pool_without_jax() -> None:
    with WarmWorkerPool() as pool:
        report = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=str(NO_JAX_PYTHON))
    assert report.fatal == f"JAX is not installed in {NO_JAX_PYTHON}"


def test_missing_interpreter() -> None:
    report = lower_local(str(EXAMPLES / "allreduce_ok.py"), python="/nonexistent/bin/python")
    assert report.fatal_kind == "no_jax"
    assert "/nonexistent/bin/python" in (report.fatal or "")


def test_dead_warm_worker_is_restarted() -> None:
    python = jax_python("0.12.0.1")
    example = str(EXAMPLES / "allreduce_no_mesh.py")
    with WarmWorkerPool() as pool:
        first = pool.check(example, python=python)
        worker = pool._workers[(python, "auto")]
        os.killpg(worker.proc.pid, 9)
        worker.proc.wait(5)
        second = pool.check(example, python=python)
        assert pool._workers[(python, "auto")] is not worker
    assert first.errors == second.errors
    assert second.errors[0].cls == "mesh_required"


def test_worker_dying_during_a_check_is_reported_and_replaced(tmp_path: Path) -> None:
    python = jax_python("0.12.0.1")
    crash = tmp_path / "crash.py"
    crash.write_text("import os\nos._exit(3)\n")
    with WarmWorkerPool() as pool:
        report = pool.check(str(crash), python=python)
        assert report.fatal_kind == "worker_crashed"
        again = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
    assert again.fatal is None and again.lowered == 1


def test_warm_timeout_then_recovery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    python = jax_python("0.12.0.1")
    monkeypatch.setenv("PALLAS_LSP_CHILD_PID_FILE", str(tmp_path / "child.pid"))
    with WarmWorkerPool() as pool:
        pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)  # warm it up
        report = pool.check(str(CASES / "sleeper.py"), python=python, timeout=2,
                            allow_side_effects=True)
        assert report.fatal_kind == "timeout"
        assert _wait_gone(int((tmp_path / "child.pid").read_text()))
        again = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
    assert again.fatal is None and again.lowered == 1


def test_lingering_child_neither_blocks_nor_survives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    python = jax_python("0.12.0.1")
    pid_file = tmp_path / "child.pid"
    monkeypatch.setenv("PALLAS_LSP_CHILD_PID_FILE", str(pid_file))
    started = time.monotonic()
    report = lower_local(str(CASES / "lingering_child.py"), python=python, timeout=60,
                         allow_side_effects=True)
    assert time.monotonic() - started < 15
    assert report.fatal is None, report.fatal
    assert report.lowered == 1
    assert _wait_gone(int(pid_file.read_text()))


def test_warm_cancellation_then_recovery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    python = jax_python("0.10.2")
    monkeypatch.setenv("PALLAS_LSP_CHILD_PID_FILE", str(tmp_path / "child.pid"))
    with WarmWorkerPool() as pool:
        pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)  # warm it up
        cancel = threading.Event()
        threading.Timer(1.0, cancel.set).start()
        started = time.monotonic()
        report = pool.check(str(CASES / "sleeper.py"), python=python, timeout=60, cancel=cancel,
                            allow_side_effects=True)
        assert time.monotonic() - started < 5
        assert report.fatal_kind == "cancelled"
        again = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
    assert again.fatal is None and again.lowered == 1
