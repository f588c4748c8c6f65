"""A real OpenSSH server on 127.0.0.1 for the remote-mode tests (no mock of ssh).

``sshd -D`` on a free port with a generated host key and an authorized user key in a
temporary folder (key-only login); ``command(python)`` is the remote command that
checks files through ``ssh ... 127.0.0.1 <venv python> -``. .ci/setup-lowering.sh
installs openssh-server.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _keygen(path: Path) -> None:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True
    )


class SshServer:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = free_port()
        self.key = root / "user_key"
        _keygen(root / "host_key")
        _keygen(self.key)
        authorized = root / "authorized_keys"
        authorized.write_text((root / "user_key.pub").read_text())
        authorized.chmod(0o600)
        self.config = root / "sshd_config"
        self.config.write_text(
            "\n".join([
                f"Port {self.port}",
                "ListenAddress 127.0.0.1",
                f"HostKey {root / 'host_key'}",
                f"PidFile {root / 'sshd.pid'}",
                f"AuthorizedKeysFile {authorized}",
                "PermitRootLogin prohibit-password",
                "PubkeyAuthentication yes",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                "StrictModes no",
            ]) + "\n"
        )
        Path("/run/sshd").mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [SSHD, "-D", "-e", "-f", str(self.config)],
            stderr=open(root / "sshd.log", "wb"),  # noqa: SIM115 - closed with the process
            start_new_session=True,
        )
        self._wait_listening()

    def _wait_listening(self) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = (self.root / "sshd.log").read_text()
                pytest.skip(f"sshd did not start: {log.strip()[-500:]}")
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        pytest.skip("sshd did not listen within 10 s")

    def command(self, python: str, port: int | None = None) -> list[str]:
        return [
            "ssh", "-p", str(port or self.port), "-i", str(self.key),
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
            "127.0.0.1", python, "-",
        ]

    def stop(self) -> None:
        os.killpg(self.proc.pid, 9)
        self.proc.wait(5)
