"""Remote mode through a real OpenSSH server on 127.0.0.1 (no mock of ssh).

The test starts ``sshd -D`` on a free port with a generated host key and an
authorized user key in a temporary folder (key-only login), then checks files
through ``ssh ... 127.0.0.1 <venv python> -``: the worker and the file travel
as one payload on stdin. .ci/setup-lowering.sh installs openssh-server.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from lowering_env import CASES, EXAMPLES, NO_JAX_PYTHON, jax_python
from pallas_lsp.lowering.runner import lower_remote
from ssh_server import SshServer, free_port

pytestmark = pytest.mark.lowering

@pytest.mark.parametrize("version", ["0.10.2", "0.12.0.1"])
def test_remote_check_through_ssh(sshd: SshServer, version: str) -> None:
    python = jax_python(version)
    report = lower_remote(str(EXAMPLES / "signal_barrier.py"), command=sshd.command(python))
    assert report.fatal is None, report.fatal
    assert report.jax_version == version
    assert report.lowered == 1
    [error] = report.errors
    assert (error.cls, error.line, error.launch_line) == ("mesh_required", 11, 37)
    # The file travelled inside the payload: the lines point at the local path.
    assert error.file == str(EXAMPLES / "signal_barrier.py")


def test_remote_unsaved_buffer_and_two_launches(sshd: SshServer) -> None:
    python = jax_python("0.12.0.1")
    path = CASES / "two_failing_launches.py"
    report = lower_remote(str(path), command=sshd.command(python), source=path.read_text())
    found = [(e.cls, e.line) for e in report.errors]
    assert found == [("mesh_required", 12), ("axes_mismatch", 19)]


def test_remote_host_without_jax(sshd: SshServer) -> None:
    command = sshd.command(str(NO_JAX_PYTHON))
    report = lower_remote(str(EXAMPLES / "allreduce_ok.py"), command=command)
    assert report.fatal_kind == "no_jax"
    assert "JAX is not installed in" in (report.fatal or "")


def test_ssh_failure_shows_its_stderr(sshd: SshServer) -> None:
    python = jax_python("0.12.0.1")
    report = lower_remote(
        str(EXAMPLES / "allreduce_ok.py"), command=sshd.command(python, port=free_port()),
        timeout=30,
    )
    assert report.fatal_kind == "remote_failed"
    assert "Connection refused" in (report.fatal or "")
    assert "exit status 255" in (report.fatal or "")


TRACKER = """
import subprocess, sys, time
log = sys.argv[1]
with open(log, "a") as out:
    out.write(f"start {time.monotonic()}\\n")
code = subprocess.call(sys.argv[2:])
with open(log, "a") as out:
    out.write(f"end {time.monotonic()}\\n")
sys.exit(code)
"""


def test_check_confirm_remote_spreads_files_over_jobs(sshd: SshServer, tmp_path: Path) -> None:
    """`check --confirm remote --jobs 3`: every file lowered through ssh, several at once."""
    import json
    import shlex
    import sys

    tracker = tmp_path / "track.py"
    tracker.write_text(TRACKER)
    log = tmp_path / "sessions.log"
    ssh = sshd.command(jax_python("0.12.0.1"))
    command = shlex.join([sys.executable, str(tracker), str(log), *ssh])
    proc = subprocess.run(
        [sys.executable, "-m", "pallas_lsp", "check", "--format", "json", "--jax-version",
         "0.12.0.1", "--confirm", "remote", "--remote-command", command, "--jobs", "3",
         str(EXAMPLES)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 1, proc.stderr
    findings = {(Path(f["path"]).name, f["code"]): f["confirmed"] for f in json.loads(proc.stdout)}
    for name, code in [("allreduce_no_mesh.py", "PAL001"), ("broadcast_axes_mismatch.py", "PAL002"),
                       ("signal_barrier.py", "PAL001"), ("reduce_splat_layout.py", "PAL004")]:
        assert findings[(name, code)] is True, (name, code, findings)
    # Sessions overlapped: at some moment more than one ssh session was open.
    events = sorted((float(t), kind) for kind, t in (line.split() for line in log.read_text().splitlines()))
    open_now = peak = 0
    for _, kind in events:
        open_now += 1 if kind == "start" else -1
        peak = max(peak, open_now)
    assert len([e for e in events if e[1] == "start"]) == len(list(EXAMPLES.glob("*.py")))
    assert peak > 1
