"""Issue 24 item 4, issue 25 item 4: every CLI command finds the environment the way `check`
does (project/environments.py), never runs one inside the project to find it, and names it.

The fake environments are test_environments' (a trap bin/python that leaves a mark if run,
JAX's metadata, a JAX-importing ops/gpu module); the real one is the checkout's
.venv-jax012, linked into a project folder, for `lower`.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support import EXAMPLES, JAX_PYTHONS, cli_command, server_env
from test_environments import fake_venv, project

JAX012 = JAX_PYTHONS["0.12.0.1"]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = server_env()
    for variable in ("VIRTUAL_ENV", "CONDA_PREFIX"):
        env.pop(variable, None)
    return subprocess.run(cli_command(*args), capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=300, check=False)


@pytest.mark.lowering
@pytest.mark.skipif(not JAX012.exists(), reason="needs .venv-jax012 (.ci/jax-envs.sh)")
def test_lower_without_python_uses_the_projects_environment_and_names_it(tmp_path: Path) -> None:
    folder = tmp_path / "proj"
    (folder / ".git").mkdir(parents=True)
    (folder / ".venv-jax012").symlink_to(JAX012.parent.parent)
    kernel = folder / "k.py"
    kernel.write_text((EXAMPLES / "allreduce_ok.py").read_text(encoding="utf-8"))
    done = run("lower", "k.py", cwd=folder)
    report = json.loads(done.stdout)
    assert report["jax_version"] == "0.12.0.1", done.stdout + done.stderr
    assert done.returncode == 0, report
    named = f"{folder / '.venv-jax012'}, an environment in the checked path's folders"
    assert f"lowering with {folder / '.venv-jax012' / 'bin' / 'python'} from {named}" in done.stderr
    assert report["interpreter"].endswith(named)


def test_upgrade_follows_the_discovered_environment_it_never_runs(tmp_path: Path) -> None:
    """`upgrade` reads installed packages as `check` does: JAX's ops/gpu of the release each
    side names (a finding inside them lands on the program's line)."""
    root = project(tmp_path)
    venv = fake_venv(root / ".venv", jax_version="0.12.0.1")
    user = root / "src" / "user.py"
    check = run("check", "--format", "json", "--jax-version", "0.12.0.1", str(user), cwd=tmp_path)
    found = [(f["code"], f["line"]) for f in json.loads(check.stdout)]
    assert found == [("PAL002", 12)], check.stdout + check.stderr
    done = run("upgrade", "--from", "0.12.0.1", "--to", "0.12.0.1", "--format", "json", str(user),
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []  # the same release on both sides: nothing breaks
    assert "fake_allreduce_mgpu read from" in done.stderr, done.stderr
    assert not (venv / "bin" / "RAN").exists()
