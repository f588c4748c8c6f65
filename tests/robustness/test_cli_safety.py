"""Issue 12, items 2, 3, 4, 5 and 9 through the CLI as users run it (``python -m pallas_lsp``):
option values that cannot be used are usage errors, a confirmation that did not happen
never passes, hostile files are skipped or bounded, and the hash bomb ends in time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import cli_command, server_env

# Nested tuples sharing one object: 2**64 items to hash once the call memo keys on them.
HASH_BOMB = ("def f(x):\n    return x\n\nt = ()\nfor i in range(8):\n    for j in range(8):\n"
             "        t = t, t\nf(t)\n")


def run(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cli_command(*args), cwd=cwd, env=server_env(), capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("args", [
    ("check", "ok.py", "--confirm", "remote", "--remote-command", "'x"),
    ("lower", "ok.py", "--remote-command", "'x"),
    ("lower", "ok.py", "--remote-command", ""),
    ("check", "ok.py", "--confirm", "remote", "--remote-command", "  "),
    ("check", "ok.py", "--confirm", "local", "--timeout", "-1"),
    ("check", "ok.py", "--confirm", "local", "--timeout", "nan"),
    ("check", "ok.py", "--confirm", "local", "--jobs", "0"),
    ("check", "ok.py", "--max-file-size", "-3"),
])
def test_unusable_option_values_are_usage_errors(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "ok.py").write_text("x = 1\n")
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert "error: argument" in done.stderr


@pytest.mark.parametrize("python", ["/nonexistent/bin/python", "no-jax"])
def test_a_confirmation_that_could_not_run_never_passes(tmp_path: Path, python: str) -> None:
    (tmp_path / "ok.py").write_text("x = 1\n")
    if python == "no-jax":  # an interpreter that runs but has no JAX: this venv's
        python = sys.executable
    done = run("check", "ok.py", "--confirm", "local", "--python", python, cwd=tmp_path)
    assert done.returncode == 2, done
    # Said as an error notification with what to do (cli_messages, issue 13); never "passed".
    assert "pallas-lsp: error: " in done.stderr and "passed" not in done.stdout


def test_hostile_files_are_skipped_and_the_hash_bomb_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "zero.py").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo.py")
    (tmp_path / "folder.py").mkdir()
    (tmp_path / "loop.py").symlink_to(tmp_path / "loop.py")
    (tmp_path / "big.py").write_text("x = 1\n" * 400_000)  # 2.4 MB
    (tmp_path / "bomb.py").write_text(HASH_BOMB)
    done = run("check", ".", cwd=tmp_path, timeout=60)
    # A path that cannot be checked is an io-error row of the report (issue 13).
    assert "big.py:1:1: io-error cannot read: file too large for pallas-lsp (2.4 MB > 1 MB limit)" \
        in done.stdout
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    # The limit is the user's to raise.
    done = run("check", "big.py", "--max-file-size", "3", cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done
