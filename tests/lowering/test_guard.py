"""The lowering guard: hostile files lowered through the runner's faces leave the machine as it was.

Each file of ``hostile/`` launches a kernel and then tries one side effect; the line that
tries it carries a marker:
- ``# refused: <part of the message>``: the check stops there with that message;
- ``# dropped`` (an exit hook), ``# lingers`` (a thread that outlives the check),
  ``# allowed`` (tempfile in the private folder): not refused, and nothing changes.

Every file runs in a fresh workspace (a victim file, a checkpoint folder, a port to
connect to), and ``machine_state`` compares the workspace, the temp folders and the
process table before and after. Under JAX 0.10.2 and 0.12.0.1: one-shot local checks,
the warm worker, ``check --confirm local`` and ``--confirm remote`` (a private sshd).
The server's faces (command, on-save, code lens, notebooks) are tests/lsp/test_guard_lsp.py.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile_files import HOSTILE_FILES, THREAD_WRITES_AFTER_S, Workspace, expected, make_workspace
from lowering_env import EXAMPLES, jax_python
from machine_state import MachineState, assert_unchanged
from pallas_lsp.lowering.report import LoweringReport
from pallas_lsp.lowering.runner import WarmWorkerPool, lower_local, lower_remote
from ssh_server import SshServer

pytestmark = pytest.mark.lowering

@pytest.fixture
def workspace(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Workspace]:
    params = getattr(getattr(request.node, "callspec", None), "params", {})
    names = [params["name"]] if "name" in params else HOSTILE_FILES
    space = make_workspace(tmp_path / "ws", names)
    yield space
    space.listener.close()


def assert_guarded(report: LoweringReport, name: str) -> None:
    want = expected(name)
    if want.kind == "refused":
        assert report.fatal_kind == "refused", (name, report.fatal_kind, report.fatal)
        assert report.fatal_line == want.line, (name, report.fatal)
        assert f"lowering stopped at line {want.line}: the file" in (report.fatal or "")
        assert want.fragment in (report.fatal or ""), (name, report.fatal)
        assert "allowSideEffects" in (report.fatal or "")
    else:
        assert report.fatal is None, (name, report.fatal)
    # The launch before the side effect lowered: the check got that far.
    assert report.lowered >= 1, (name, report)


def settle(name: str) -> None:
    if expected(name).kind == "lingers":
        time.sleep(THREAD_WRITES_AFTER_S)


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_one_shot_local_check(version: str, name: str, workspace: Workspace) -> None:
    python = jax_python(version)
    before = MachineState.of(workspace.root)
    report = lower_local(str(workspace.root / name), python=python, timeout=120)
    assert_guarded(report, name)
    settle(name)
    assert_unchanged(before, workspace.root)
    assert workspace.nobody_connected()


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_warm_worker_check(version: str, name: str, workspace: Workspace,
                           pool: WarmWorkerPool) -> None:
    python = jax_python(version)
    pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)  # warm, before the snapshot
    before = MachineState.of(workspace.root)
    report = pool.check(str(workspace.root / name), python=python, timeout=120)
    assert_guarded(report, name)
    settle(name)
    assert_unchanged(before, workspace.root)
    assert workspace.nobody_connected()
    # The warm worker goes on (a fresh one where a thread lingered): the next file lowers.
    again = pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
    assert again.fatal is None and again.lowered == 1


def test_lingering_thread_retires_the_warm_worker(pool: WarmWorkerPool, tmp_path: Path) -> None:
    python = jax_python("0.12.0.1")
    space = make_workspace(tmp_path / "ws", ["tries_thread.py"])
    pool.check(str(EXAMPLES / "allreduce_ok.py"), python=python)
    worker = pool._workers[(python, "auto")]
    pool.check(str(space.root / "tries_thread.py"), python=python)
    assert (python, "auto") not in pool._workers, "a worker with a lingering thread was kept"
    assert worker.proc.poll() is not None


def _cli_rows(stdout: str) -> dict[str, dict]:
    return {Path(row["path"]).name: row for row in json.loads(stdout) if row["code"] == "lowering"}


def _check_cli_rows(stdout: str) -> None:
    rows = _cli_rows(stdout)
    for name in HOSTILE_FILES:
        want = expected(name)
        if want.kind != "refused":
            assert name not in rows, (name, rows.get(name))
            continue
        row = rows[name]
        assert (row["line"], row["severity"]) == (want.line, "warning"), row
        assert want.fragment in row["message"], row


def _run_cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pallas_lsp", "check", ".", "--format", "json", "--jobs", "2",
               *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)


def test_cli_confirm_local(version: str, workspace: Workspace) -> None:
    before = MachineState.of(workspace.root)
    done = _run_cli(["--confirm", "local", "--python", jax_python(version)], workspace.root)
    assert done.returncode in (0, 1), done.stderr
    _check_cli_rows(done.stdout)
    time.sleep(THREAD_WRITES_AFTER_S)
    assert_unchanged(before, workspace.root)
    assert workspace.nobody_connected()


def test_cli_confirm_remote(version: str, workspace: Workspace, sshd: SshServer) -> None:
    remote = shlex.join(sshd.command(jax_python(version)))
    before = MachineState.of(workspace.root)
    done = _run_cli(["--confirm", "remote", "--remote-command", remote], workspace.root)
    assert done.returncode in (0, 1), done.stderr
    _check_cli_rows(done.stdout)
    time.sleep(THREAD_WRITES_AFTER_S)
    assert_unchanged(before, workspace.root)
    assert workspace.nobody_connected()


def test_remote_check_is_guarded_without_the_runners_folder(sshd: SshServer, tmp_path: Path) -> None:
    """Through ssh the runner's private folder does not reach the worker: it makes its own
    and removes it (the temp entries compared include the worker's)."""
    space = make_workspace(tmp_path / "ws", ["tries_tempfile_private.py", "tries_write.py"])
    before = MachineState.of(space.root)
    for name in ("tries_tempfile_private.py", "tries_write.py"):
        report = lower_remote(str(space.root / name), command=sshd.command(jax_python("0.10.2")))
        assert_guarded(report, name)
    assert_unchanged(before, space.root)


def test_escape_hatch_runs_the_file_as_written(tmp_path: Path) -> None:
    """allow_side_effects: the old behaviour, on purpose (so the guard's tests can fail)."""
    space = make_workspace(tmp_path / "ws", ["tries_write.py"])
    report = lower_local(str(space.root / "tries_write.py"), python=jax_python("0.12.0.1"),
                         allow_side_effects=True)
    assert report.fatal is None and report.lowered == 1
    assert (space.root / "ckpt" / "model.npz").read_bytes() == b"new weights"


def test_cli_allow_side_effects(tmp_path: Path) -> None:
    space = make_workspace(tmp_path / "ws", ["tries_append.py"])
    done = _run_cli(["--confirm", "local", "--python", jax_python("0.10.2"), "--allow-side-effects"],
                    space.root)
    assert done.returncode in (0, 1), done.stderr
    assert not _cli_rows(done.stdout)
    assert (space.root / "victim.txt").read_text() == "the user's results\nmore"


def test_findings_after_a_refusal_are_not_reached(tmp_path: Path) -> None:
    """The static findings stay; lowering never got to their kernel: "not reached"."""
    space = tmp_path / "ws"
    space.mkdir()
    example = (EXAMPLES / "broadcast_axes_mismatch.py").read_text()
    head, sep, main = example.partition('if __name__ == "__main__":\n')
    assert sep, "the example has a __main__ block"
    (space / "k.py").write_text(head + sep + '    os.remove("victim.txt")\n' + main
                                if "import os" in head else
                                "import os\n" + head + sep + '    os.remove("victim.txt")\n' + main)
    (space / "victim.txt").write_text("keep me")
    done = _run_cli(["--confirm", "local", "--python", jax_python("0.10.2")], space)
    rows = json.loads(done.stdout)
    static = [row for row in rows if row["code"].startswith("PAL")]
    assert static, rows
    assert all(row["lowering"] == "not_reached" for row in static), static
    assert any(row["code"] == "lowering" and "deletes 'victim.txt'" in row["message"] for row in rows)
    assert (space / "victim.txt").read_text() == "keep me"
